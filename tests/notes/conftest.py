"""Fixtures of the notes tests: notes with real embeddings, event batches, people's clients."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from mnemosyne_site.embeddings import embed_one


@pytest.fixture
def make_note(scope_tree):
    """Create a knowledge item whose embedding is the real model's vector of its text."""
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
def person_client():
    """An APIClient logged in as the given user (people use Django sessions)."""

    def make(user):
        client = APIClient()
        client.force_login(user)
        return client

    return make


@pytest.fixture
def session_scope(scope_tree):
    from governance.services import scope_ensure_path

    return scope_ensure_path(path="acme/platform/payments/api/s-1")
