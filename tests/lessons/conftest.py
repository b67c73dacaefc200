"""Fixtures of the lessons tests: fresh per-process caches and a report helper."""

import pytest
from rest_framework.test import APIClient

from lessons import conf, matching
from lessons.services.reporting import forget_rules


@pytest.fixture(autouse=True)
def _fresh_lessons_state(monkeypatch):
    # Statistics are flushed synchronously (the task runs eagerly), caches start empty.
    monkeypatch.setattr(conf, "ANTI_PATTERN_STATS_FLUSH_SECONDS", 0.0)
    matching.reset_index()
    matching.forget_action_vectors()
    forget_rules()
    yield
    matching.reset_index()


@pytest.fixture
def local_client(settings):
    """An anonymous loopback client, as under `make run`."""
    settings.MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL = True
    return APIClient(REMOTE_ADDR="127.0.0.1")


def lesson_payload(**overrides) -> dict:
    payload = {
        "lesson_type": "failure",
        "domain": "docker",
        "category": "containers",
        "title": "Brief description",
        "context": "What was happening",
        "action_taken": "What was tried",
        "outcome": "What happened",
        "root_cause": "Why it happened",
        "solution": "How to fix",
        "severity": "high",
        "tags": ["docker", "permissions"],
        "source_agent": "CLAUDE_CODE",
    }
    payload.update(overrides)
    return payload


@pytest.fixture
def make_payload():
    return lesson_payload


@pytest.fixture
def report(django_capture_on_commit_callbacks):
    """POST a lesson with a client and run the after-commit work (the worker) too."""

    def post(client, expect=200, run_worker=True, **overrides):
        with django_capture_on_commit_callbacks(execute=run_worker):
            response = client.post("/lessons/report", lesson_payload(**overrides), format="json")
        assert response.status_code == expect, response.content
        return response.json()

    return post


@pytest.fixture
def make_lesson(scope_tree):
    """Insert a lesson directly (no report path); its vector is embedded unless given."""
    from lessons.models import Lesson
    from mnemosyne_site.embeddings import embed_one

    def make(scope=None, vector=None, **fields):
        values = lesson_payload(**fields)
        values.pop("scope", None)
        lesson = Lesson(scope=scope or scope_tree["project"], **values)
        lesson.embedding = vector if vector is not None else embed_one(lesson.embedding_text())
        lesson.save()
        return lesson

    return make


@pytest.fixture
def make_anti_pattern(scope_tree):
    """Insert an anti-pattern directly; its vector is embedded from title and example."""
    from lessons.models import AntiPattern
    from mnemosyne_site.embeddings import embed_one

    def make(scope=None, embed=True, **fields):
        values = {
            "trigger_pattern": r"(?i)rm\s+-rf\s+/data",
            "domain": "infrastructure",
            "title": "Running rm -rf on data directories",
            "why_bad": "Data loss; there is no undo",
            "example": "rm -rf /data",
            "alternatives": ["Move the directory aside first"],
            "severity": "critical",
            "block_action": False,
        }
        values.update(fields)
        anti_pattern = AntiPattern(scope=scope or scope_tree["project"], **values)
        if embed:
            anti_pattern.embedding = embed_one(anti_pattern.embedding_text())
        anti_pattern.save()
        return anti_pattern

    return make
