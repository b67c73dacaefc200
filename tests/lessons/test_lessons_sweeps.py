"""Lessons upkeep on beat: the pattern-detection sweep and the agent-memory refresh."""

from datetime import timedelta

import numpy as np
import pytest
from django.db.models import F
from django.utils import timezone

from lessons import conf
from lessons.models import AgentMemory, Lesson, Pattern
from mnemosyne_site.models import TaskRun
from tests.governance.factories import AgentCredentialFactory

pytestmark = pytest.mark.django_db


def _unit(v):
    return (v / np.linalg.norm(v)).astype(np.float32)


def _near(base, similarity, seed):
    noise = np.random.default_rng(seed).normal(size=base.shape).astype(np.float32)
    noise -= (noise @ base) * base
    return _unit(similarity * base + np.sqrt(1 - similarity**2) * _unit(noise))


def _lesson(scope, vector, title, **fields):
    values = {
        "lesson_type": "failure",
        "domain": "docker",
        "category": "containers",
        "title": title,
        "context": "c",
        "action_taken": "a",
        "outcome": "o",
        "root_cause": "r",
        "solution": "s",
        "severity": "high",
        "tags": [],
        "source_agent": "CLAUDE_CODE",
    }
    values.update(fields)
    return Lesson.objects.create(scope=scope, embedding=vector, **values)


def test_the_pattern_sweep_forms_the_pattern_a_lost_task_never_did(scope_tree):
    from lessons.tasks import patterns_sweep

    base = _unit(np.random.default_rng(0).normal(size=384).astype(np.float32))
    similar = [
        _lesson(scope_tree["project"], _near(base, 0.95, i), f"similar {i}") for i in range(3)
    ]
    _lesson(scope_tree["project"], _unit(np.random.default_rng(9).normal(size=384)), "other")
    old = _lesson(scope_tree["project"], _near(base, 0.95, 7), "too old to revisit")
    Lesson.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - timedelta(days=conf.PATTERN_SWEEP_DAYS + 1)
    )
    assert not Pattern.objects.exists()  # their after-commit tasks never ran

    result = patterns_sweep.delay().get()

    pattern = Pattern.objects.get()
    assert set(pattern.lesson_ids) >= {lesson.pk for lesson in similar}
    assert result["patterns_touched"] == 1
    # Next run: the members are skipped, only the unrelated lesson is looked at again.
    assert patterns_sweep.delay().get() == {"lessons_checked": 1, "patterns_touched": 0}
    assert Pattern.objects.count() == 1
    assert TaskRun.objects.filter(task_name="lessons.patterns_sweep").count() == 2


def test_the_memory_refresh_rebuilds_stale_memories_and_creates_missing_ones(scope_tree):
    from lessons.tasks import agent_memories_refresh

    AgentCredentialFactory(name="deployer", domain="docker")
    _lesson(scope_tree["project"], None, "Docker socket permission", source_agent="builder")
    stale = AgentMemory.objects.create(
        agent_name="builder",
        domain="docker",
        last_sync=timezone.now() - timedelta(seconds=conf.AGENT_MEMORY_REFRESH_SECONDS + 60),
    )
    fresh = AgentMemory.objects.create(
        agent_name="fresh", domain="docker", last_sync=timezone.now()
    )
    # Rebuilt just now and unchanged since (a change moves `updated_at` past `last_sync`).
    AgentMemory.objects.filter(pk=fresh.pk).update(updated_at=F("last_sync"))

    result = agent_memories_refresh.delay().get()

    stale.refresh_from_db()
    assert [entry["title"] for entry in stale.relevant_lessons] == ["Docker socket permission"]
    assert stale.last_sync > timezone.now() - timedelta(minutes=1)
    assert AgentMemory.objects.filter(agent_name="deployer").exists()  # has a credential
    assert AgentMemory.objects.get(pk=fresh.pk).relevant_lessons == []  # not due
    assert result["refreshed"] >= 1
    # Everything is fresh now: nothing to do.
    assert agent_memories_refresh.delay().get()["refreshed"] == 0


def test_the_memory_refresh_rebuilds_a_recent_memory_whose_lessons_changed(scope_tree):
    from lessons.tasks import agent_memories_refresh

    _lesson(scope_tree["project"], None, "Docker socket permission", source_agent="builder")
    memory = AgentMemory.objects.create(agent_name="builder", domain="docker")
    assert memory.updated_at > memory.last_sync  # created, never built: stale

    agent_memories_refresh.delay().get()

    memory.refresh_from_db()
    assert [entry["title"] for entry in memory.relevant_lessons] == ["Docker socket permission"]
    assert memory.updated_at <= memory.last_sync
