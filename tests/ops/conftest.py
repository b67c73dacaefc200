"""Fixtures of the ops tests: metric readings and a fresh anti-pattern index."""

import pytest
from prometheus_client import REGISTRY


def sample(name: str, **labels) -> float:
    """The current value of one series in this process (0 when it does not exist yet)."""
    return REGISTRY.get_sample_value(name, labels) or 0.0


@pytest.fixture
def fresh_anti_pattern_index(monkeypatch):
    from lessons import conf, matching

    # Hit statistics flushed in the request, not by a background thread.
    monkeypatch.setattr(conf, "ANTI_PATTERN_STATS_FLUSH_SECONDS", 0.0)

    matching.reset_index()
    matching.forget_action_vectors()
    yield
    matching.reset_index()


@pytest.fixture
def make_note(scope_tree):
    """A knowledge item whose embedding is the real model's vector of its text."""
    from mnemosyne_site.embeddings import embed_one
    from notes.models import KnowledgeItem

    def make(title, content="", *, scope="project", kind="pattern", status="draft", **fields):
        scope_obj = scope_tree[scope] if isinstance(scope, str) else scope
        content = content or title
        return KnowledgeItem.objects.create(
            kind=kind,
            scope=scope_obj,
            status=status,
            title=title,
            content=content,
            embedding=embed_one(f"{title}\n{content}"),
            created_by="test",
            **fields,
        )

    return make


@pytest.fixture
def session_scope(scope_tree):
    from governance.services import scope_ensure_path

    return scope_ensure_path(path="acme/platform/payments/api/s-1")


def backdate(model, pk, **fields):
    """Set timestamps a normal save would overwrite (auto_now)."""
    model.objects.filter(pk=pk).update(**fields)
