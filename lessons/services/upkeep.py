"""Scheduled upkeep of lessons: a pattern-detection sweep and the agent-memory refresh.

Both take bounded batches, may run again at any time, and return counts for the run record.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db.models import F, Func, Q
from django.utils import timezone

from lessons import conf
from lessons.models import AgentMemory, Lesson, Pattern
from lessons.services.memory import agent_memories_ensure, agent_memory_refresh
from lessons.services.patterns import pattern_detect

logger = logging.getLogger(__name__)


def patterns_sweep(*, now: datetime | None = None, batch: int | None = None) -> dict:
    """Run pattern detection again for recent lessons that belong to no pattern.

    Detection normally runs once per report, after commit; this catches reports whose task was
    lost and lessons that became part of a pattern only as similar ones arrived later or after
    the thresholds changed. `pattern_detect` locks the patterns it touches, so a report's own
    task running at the same time cannot form a second pattern.
    """
    now = now or timezone.now()
    batch = batch or conf.PATTERN_SWEEP_BATCH
    members = Pattern.objects.annotate(member=Func(F("lesson_ids"), function="unnest")).values(
        "member"
    )
    ids = list(
        Lesson.objects.filter(
            created_at__gte=now - timedelta(days=conf.PATTERN_SWEEP_DAYS),
            embedding__isnull=False,
        )
        .exclude(pk__in=members)
        .order_by("created_at")
        .values_list("pk", flat=True)[:batch]
    )
    formed = set()
    for lesson_id in ids:
        pattern = pattern_detect(lesson_id=lesson_id)
        if pattern is not None:
            formed.add(pattern.pk)
    if formed:
        logger.info("pattern sweep: %d lessons now in %d patterns", len(ids), len(formed))
    return {"lessons_checked": len(ids), "patterns_touched": len(formed)}


def agent_memories_refresh(*, now: datetime | None = None, batch: int | None = None) -> dict:
    """Rebuild the memories not rebuilt for `AGENT_MEMORY_REFRESH_SECONDS`, and the stale ones
    (changed since their last rebuild began), oldest first.

    Each is claimed by moving its `last_sync` with a conditional update, so two workers never
    rebuild the same one; agents with a credential but no memory yet get one.
    """
    now = now or timezone.now()
    batch = batch or conf.AGENT_MEMORY_REFRESH_BATCH
    agent_memories_ensure()
    stale = list(
        AgentMemory.objects.filter(
            Q(last_sync__lt=now - timedelta(seconds=conf.AGENT_MEMORY_REFRESH_SECONDS))
            | Q(updated_at__gt=F("last_sync"))
        )
        .order_by("last_sync")
        .values_list("pk", "agent_name", "last_sync")[:batch]
    )
    refreshed = claimed_elsewhere = 0
    for pk, agent_name, last_sync in stale:
        if not AgentMemory.objects.filter(pk=pk, last_sync=last_sync).update(last_sync=now):
            claimed_elsewhere += 1
            continue
        agent_memory_refresh(agent_name=agent_name)
        refreshed += 1
    return {"refreshed": refreshed, "claimed_elsewhere": claimed_elsewhere}
