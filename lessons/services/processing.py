"""The worker's after-commit work for one lesson, and the sweep that catches up on lessons whose
task never ran (a broker outage) or fell behind their latest occurrence."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import F, Q
from django.utils import timezone

from governance.services import EscalationRequest, escalations_create
from lessons.models import Lesson
from lessons.services.escalations import (
    active_rules,
    lesson_escalation_requests,
    pattern_escalation_requests,
)
from lessons.services.memory import lessons_propagate
from lessons.services.patterns import pattern_detect

SWEEP_GRACE = timedelta(minutes=2)  # leave fresh lessons to their own task


def lesson_process(*, lesson_id) -> dict:
    """Pattern detection, escalations, then propagation for one lesson; idempotent."""
    results = lessons_process(lesson_ids=[lesson_id])
    return results.get(str(lesson_id), {"pattern": None, "escalations": [], "propagated_to": []})


def lessons_process(*, lesson_ids) -> dict[str, dict]:
    """Pattern detection, escalations, then propagation for several lessons; idempotent.

    What the lessons share is read once: the rules, the policies and queue handlers of their
    escalations (all opened in one batch), the reporters' memories and the agents'
    credentials; each lesson is marked processed by one UPDATE for all."""
    started = timezone.now()
    lessons = list(
        Lesson.objects.select_related("scope").filter(pk__in=lesson_ids).order_by("created_at")
    )
    if not lessons:
        return {}
    rules = active_rules()
    patterns: dict = {}
    requests: list[EscalationRequest] = []
    owners: list = []  # the lesson each request was raised for
    for lesson in lessons:
        pattern = pattern_detect(lesson=lesson)
        patterns[lesson.pk] = pattern
        raised = lesson_escalation_requests(lesson, rules)
        if pattern is not None:
            raised += pattern_escalation_requests(pattern, rules)
        requests += raised
        owners += [lesson.pk] * len(raised)
    escalations: dict = {lesson.pk: [] for lesson in lessons}
    for owner, escalation in zip(owners, escalations_create(requests), strict=True):
        escalations[owner].append(escalation)
    reached = lessons_propagate(lessons)
    # Only moves forward, so a slow run cannot mark a newer occurrence as handled.
    Lesson.objects.filter(pk__in=[lesson.pk for lesson in lessons]).filter(
        Q(processed_at__isnull=True) | Q(processed_at__lt=started)
    ).update(processed_at=started)
    return {
        str(lesson.pk): {
            "pattern": str(patterns[lesson.pk].pk) if patterns[lesson.pk] else None,
            "escalations": [str(e.pk) for e in escalations[lesson.pk]],
            "propagated_to": reached[lesson.pk],
        }
        for lesson in lessons
    }


def lessons_unprocessed(*, limit: int = 200) -> list:
    cutoff = timezone.now() - SWEEP_GRACE
    return list(
        Lesson.objects.filter(last_occurred__lt=cutoff)
        .filter(Q(processed_at__isnull=True) | Q(processed_at__lt=F("last_occurred")))
        .order_by("last_occurred")
        .values_list("pk", flat=True)[:limit]
    )


def lessons_sweep(*, limit: int = 200, batch: int = 20) -> int:
    ids = lessons_unprocessed(limit=limit)
    for start in range(0, len(ids), batch):
        lessons_process(lesson_ids=ids[start : start + batch])
    return len(ids)
