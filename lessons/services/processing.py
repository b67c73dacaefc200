"""The worker's after-commit work for lessons, and the sweep that catches up on lessons whose
task never ran (a broker outage) or fell behind their latest occurrence.

Every report queues one `lessons.lesson_process` task for its lesson, with the `last_occurred`
the report wrote. The task that runs first takes the pending lessons reported after its own
along (one drain at a time, `DRAIN_BATCH` at most): processed together they cost well under half
of what they cost one by one, since what they share is read once. A task whose lesson a drain has
already handled then returns after one query. A lesson's mark, `LessonProcessing.processed_at`,
holds the newest `last_occurred` a run read; a report moves `last_occurred` strictly forward
under the lesson's row lock, so `processed_at >= occurred` proves that a run read the lesson
with that occurrence in it, whatever the clocks of the web and worker machines say.

The lessons waiting for a run are the rows of `LessonPending` (a trigger writes one whenever a
lesson is created or its `last_occurred` moves): the drain and the sweep read a range of that
queue, which costs what the pending lessons cost, however many lessons their window holds.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import connection
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from governance.services import EscalationRequest, escalations_create
from lessons.models import Lesson, LessonPending
from lessons.services.escalations import (
    active_rules,
    lesson_escalation_requests,
    pattern_escalation_requests,
)
from lessons.services.memory import lessons_propagate
from lessons.services.patterns import pattern_detect
from mnemosyne_site.scheduling import exclusive_run

logger = logging.getLogger(__name__)

SWEEP_GRACE = timedelta(minutes=2)  # leave fresh lessons to their own task
DRAIN_BATCH = 50  # lessons processed by one task at most: bounded time, bounded lock hold
DRAIN_LOCK = "lessons.lesson_process"  # one drain at a time, so two never take the same lessons
NOTHING_DONE: dict = {"pattern": None, "escalations": [], "propagated_to": []}


def lesson_process(*, lesson_id, occurred: str | datetime | None = None) -> dict:
    """Pattern detection, escalations, then propagation for one lesson and the pending lessons
    reported after it; idempotent. `occurred` is the `last_occurred` its report wrote: when a
    run has read the lesson since, nothing is left to do (without it the lesson is processed)."""
    moment = parse_datetime(occurred) if isinstance(occurred, str) else occurred
    if moment is not None and _handled(lesson_id, moment):
        return {**NOTHING_DONE, "handled_earlier": True}
    with exclusive_run(DRAIN_LOCK, wait=True):
        if moment is not None and _handled(lesson_id, moment):  # by the drain it waited for
            return {**NOTHING_DONE, "handled_earlier": True}
        later = lessons_pending(since=moment, limit=DRAIN_BATCH - 1) if moment else []
        later = [pk for pk in later if str(pk) != str(lesson_id)]
        try:
            results = lessons_process(lesson_ids=[lesson_id, *later])
        except Exception:
            if not later:
                raise
            # One lesson that cannot be processed must not hold back the others: each task
            # still processes its own (and fails alone, where its lesson is the one).
            logger.exception("processing %d lessons together failed; this one alone", len(later))
            results = lessons_process(lesson_ids=[lesson_id])
    return results.get(str(lesson_id), NOTHING_DONE)


def _handled(lesson_id, occurred: datetime) -> bool:
    """A run read this lesson at this occurrence or a later one (or the lesson is gone)."""
    rows = list(
        Lesson.objects.filter(pk=lesson_id).values_list("processing__processed_at", flat=True)
    )
    return not rows or (rows[0] is not None and rows[0] >= occurred)


def lessons_pending(*, since: datetime, limit: int) -> list:
    """Lessons that occurred at or after `since` and wait for processing, oldest first: those
    whose tasks are queued behind the one asking (a range of the queue's `occurred` index)."""
    return list(
        LessonPending.objects.filter(occurred__gte=since)
        .order_by("occurred")
        .values_list("lesson_id", flat=True)[:limit]
    )


def lessons_process(*, lesson_ids) -> dict[str, dict]:
    """Pattern detection, escalations, then propagation for several lessons; idempotent.

    What the lessons share is read once: the rules, the policies and queue handlers of their
    escalations (all opened in one batch), the reporters' memories and the agents'
    credentials; each lesson is marked processed by one UPDATE for all."""
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
    _mark_processed(lessons)
    return {
        str(lesson.pk): {
            "pattern": str(patterns[lesson.pk].pk) if patterns[lesson.pk] else None,
            "escalations": [str(e.pk) for e in escalations[lesson.pk]],
            "propagated_to": reached[lesson.pk],
        }
        for lesson in lessons
    }


def lessons_unprocessed(*, limit: int = 200) -> list:
    """Lessons waiting for processing since before the grace, oldest first (the queue's head)."""
    cutoff = timezone.now() - SWEEP_GRACE
    return list(
        LessonPending.objects.filter(occurred__lt=cutoff)
        .order_by("occurred")
        .values_list("lesson_id", flat=True)[:limit]
    )


def _mark_processed(lessons: list[Lesson]) -> None:
    """Each lesson's mark becomes the `last_occurred` this run read, in one statement; it only
    moves forward, so a slow run cannot unmark a newer occurrence another run handled (and a
    mark already there is not rewritten). A lesson deleted meanwhile gets none. The lesson
    leaves the queue unless a report moved its occurrence past the one read: that report's
    row stays (its upsert holds the row until it commits, and the delete then sees its value).
    """
    with connection.cursor() as cursor:
        cursor.execute(
            "WITH seen AS ("
            " SELECT * FROM unnest(%s::uuid[], %s::timestamptz[]) AS seen(id, occurred)),"
            " dequeued AS (DELETE FROM lessons_lessonpending AS pending USING seen"
            " WHERE pending.lesson_id = seen.id AND pending.occurred <= seen.occurred)"
            " INSERT INTO lessons_lessonprocessing AS mark (lesson_id, processed_at)"
            " SELECT seen.id, seen.occurred FROM seen"
            " JOIN lessons_lesson AS lesson ON lesson.id = seen.id"
            " ON CONFLICT (lesson_id) DO UPDATE SET processed_at = EXCLUDED.processed_at"
            " WHERE mark.processed_at < EXCLUDED.processed_at",
            [[lesson.pk for lesson in lessons], [lesson.last_occurred for lesson in lessons]],
        )


def lessons_sweep(*, limit: int = 200, batch: int = 20) -> int:
    ids = lessons_unprocessed(limit=limit)
    for start in range(0, len(ids), batch):
        with exclusive_run(DRAIN_LOCK, wait=True):  # not the lessons a drain is processing
            lessons_process(lesson_ids=ids[start : start + batch])
    return len(ids)
