"""The worker's after-commit work for one lesson, and the sweep that catches up on lessons whose
task never ran (a broker outage) or fell behind their latest occurrence."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import F, Q
from django.utils import timezone

from lessons.models import Lesson
from lessons.services.escalations import (
    active_rules,
    escalations_raise,
    pattern_escalations_raise,
)
from lessons.services.memory import lesson_propagate
from lessons.services.patterns import pattern_detect

SWEEP_GRACE = timedelta(minutes=2)  # leave fresh lessons to their own task


def lesson_process(*, lesson_id) -> dict:
    """Pattern detection, escalations, then propagation; idempotent. The lesson and the rules
    are read once and handed to each step."""
    started = timezone.now()
    lesson = Lesson.objects.select_related("scope").filter(pk=lesson_id).first()
    if lesson is None:
        return {"pattern": None, "escalations": [], "propagated_to": []}
    rules = active_rules()
    pattern = pattern_detect(lesson=lesson)
    escalations = escalations_raise(lesson=lesson, rules=rules)
    if pattern is not None:
        escalations += pattern_escalations_raise(pattern=pattern, rules=rules)
    reached = lesson_propagate(lesson=lesson)
    # Only moves forward, so a slow run cannot mark a newer occurrence as handled.
    Lesson.objects.filter(pk=lesson_id).filter(
        Q(processed_at__isnull=True) | Q(processed_at__lt=started)
    ).update(processed_at=started)
    return {
        "pattern": str(pattern.pk) if pattern else None,
        "escalations": [str(e.pk) for e in escalations],
        "propagated_to": reached,
    }


def lessons_unprocessed(*, limit: int = 200) -> list:
    cutoff = timezone.now() - SWEEP_GRACE
    return list(
        Lesson.objects.filter(last_occurred__lt=cutoff)
        .filter(Q(processed_at__isnull=True) | Q(processed_at__lt=F("last_occurred")))
        .order_by("last_occurred")
        .values_list("pk", flat=True)[:limit]
    )


def lessons_sweep(*, limit: int = 200) -> int:
    ids = lessons_unprocessed(limit=limit)
    for lesson_id in ids:
        lesson_process(lesson_id=lesson_id)
    return len(ids)
