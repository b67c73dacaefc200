"""Thin Celery tasks: each takes ids, calls services, and may run again safely.

Runs and failures are counted for every task by `mnemosyne_site.signals`."""

from celery import shared_task

from lessons.services import agent_memory_refresh as memory_refresh
from lessons.services import anti_pattern_hits_apply as hits_apply
from lessons.services.processing import lesson_process as process
from lessons.services.processing import lessons_sweep as sweep_lessons
from lessons.services.upkeep import agent_memories_refresh as memories_refresh
from lessons.services.upkeep import patterns_sweep as sweep_patterns
from mnemosyne_site.scheduling import scheduled_task


@shared_task(
    name="lessons.lesson_process",
    bind=True,
    acks_late=True,
    autoretry_for=(ConnectionError, TimeoutError),
    retry_backoff=True,
    max_retries=5,
)
def lesson_process(self, lesson_id: str, occurred: str | None = None) -> dict:
    """After a report commits: pattern detection, escalations, then propagation to agents, for
    this lesson and those queued behind it; nothing when a run already read this occurrence."""
    return process(lesson_id=lesson_id, occurred=occurred)


@shared_task(name="lessons.sweep", acks_late=True)
@scheduled_task("lessons.sweep", outcome="processed")
def lessons_sweep() -> int:
    """Periodic: process lessons whose after-commit task never ran (mnemosyne_site.schedules)."""
    return sweep_lessons()


@shared_task(name="lessons.anti_pattern_hits_apply", acks_late=True)
def anti_pattern_hits_apply(counts: dict) -> int:
    return hits_apply(counts=counts)


@shared_task(name="lessons.agent_memory_refresh", acks_late=True)
def agent_memory_refresh(agent_name: str) -> None:
    memory_refresh(agent_name=agent_name)


@shared_task(name="lessons.patterns_sweep", acks_late=True)
@scheduled_task("lessons.patterns_sweep")
def patterns_sweep() -> dict:
    """Periodic: pattern detection for recent lessons in no pattern (mnemosyne_site.schedules)."""
    return sweep_patterns()


@shared_task(name="lessons.agent_memories_refresh", acks_late=True)
@scheduled_task("lessons.agent_memories_refresh")
def agent_memories_refresh() -> dict:
    """Periodic: rebuild agent memories that have not been rebuilt for a while."""
    return memories_refresh()
