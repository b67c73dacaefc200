"""Rows for lessons tests, embedded with the real model, and the report payload agents send."""

from __future__ import annotations

import factory
from factory.django import DjangoModelFactory

from lessons.models import AntiPattern, Lesson
from mnemosyne_site.embeddings import embed_one
from tests.governance.factories import demo_project

# Stands for "embed the row's own text" until the row exists to give it.
_EMBED_OWN_TEXT = object()


def lesson_payload(**overrides) -> dict:
    """The body of `POST /lessons/report` (the spec's example), with overrides."""
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


class _EmbeddedFactory(DjangoModelFactory):
    """Embeds the row's `embedding_text()` unless `embedding` is given (None: no vector)."""

    class Meta:
        abstract = True

    embedding = _EMBED_OWN_TEXT

    @classmethod
    def _create(cls, model_class, **fields):
        row = model_class(**{k: v for k, v in fields.items() if k != "embedding"})
        embedding = fields.get("embedding")
        row.embedding = (
            embed_one(row.embedding_text()) if embedding is _EMBED_OWN_TEXT else embedding
        )
        row.save()
        return row


class LessonFactory(_EmbeddedFactory):
    """A lesson inserted directly (not through the report path) in the demo project."""

    class Meta:
        model = Lesson

    scope = factory.LazyFunction(demo_project)
    lesson_type = "failure"
    domain = "docker"
    category = "containers"
    title = "Brief description"
    context = "What was happening"
    action_taken = "What was tried"
    outcome = "What happened"
    root_cause = "Why it happened"
    solution = "How to fix"
    severity = "high"
    tags = factory.LazyFunction(lambda: ["docker", "permissions"])
    source_agent = "CLAUDE_CODE"


class AntiPatternFactory(_EmbeddedFactory):
    """A critical anti-pattern (rm -rf on data) in the demo project."""

    class Meta:
        model = AntiPattern

    scope = factory.LazyFunction(demo_project)
    trigger_pattern = r"(?i)rm\s+-rf\s+/data"
    domain = "infrastructure"
    title = "Running rm -rf on data directories"
    why_bad = "Data loss; there is no undo"
    example = "rm -rf /data"
    alternatives = factory.LazyFunction(lambda: ["Move the directory aside first"])
    severity = "critical"
    block_action = False
