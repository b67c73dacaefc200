"""Fixtures of the lessons tests: fresh per-process caches and a report helper."""

import pytest
from rest_framework.test import APIClient

from lessons import conf, matching
from lessons.services.reporting import forget_rules
from tests.lessons.factories import lesson_payload


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


@pytest.fixture
def report(django_capture_on_commit_callbacks):
    """POST a lesson with a client and run the after-commit work (the worker) too."""

    def post(client, expect=200, run_worker=True, **overrides):
        with django_capture_on_commit_callbacks(execute=run_worker):
            response = client.post("/lessons/report", lesson_payload(**overrides), format="json")
        assert response.status_code == expect, response.content
        return response.json()

    return post
