"""What every scheduled task shares: one run at a time, a run record, counts in log and metric.

    @shared_task(name="notes.deprecate_low_quality")
    @scheduled_task("notes.deprecate_low_quality")
    def deprecate_low_quality() -> dict:
        return notes_deprecate_low_quality(batch_size=500)   # {"deprecated": 3, "skipped": 1}

The wrapped function returns a dict of counts (a list counts its length; a bare int is read as
`{outcome: n}`, `outcome` defaulting to "items"); each count is logged, added to
`mnemosyne_sweep_items_total{task, outcome}` and kept on a `TaskRun` row the admin shows. The
task itself returns what the function returned. Use the Celery task name as `name`, so the
admin can join a periodic task to its runs (a test checks that they match).

Only one run of a given task proceeds at a time across every worker: the run holds a PostgreSQL
advisory lock named after the task, and a second run that finds it taken returns at once with
`{"skipped_busy": 1}`. Sweeps still claim their rows (conditional updates or
`select_for_update(skip_locked=True)`), so that a manual run or another sweep touching the same
rows cannot double-process them either.
"""

import functools
import hashlib
import logging
from contextlib import contextmanager

from django.db import connection
from django.utils import timezone

from mnemosyne_site.metrics import SWEEP_ITEMS
from mnemosyne_site.models import TaskRun

logger = logging.getLogger("mnemosyne.scheduled")


def _lock_key(name: str) -> int:
    # A stable signed 64-bit key per task name (pg advisory locks take a bigint).
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True)


@contextmanager
def exclusive_run(name: str, *, wait: bool = False):
    """Yield True when this process holds the lock named `name` (released on exit), else False;
    with `wait`, wait for whoever holds it. A session lock: a process that dies, or loses its
    connection, releases it with its connection."""
    key = _lock_key(name)
    with connection.cursor() as cursor:
        if wait:
            cursor.execute("SELECT pg_advisory_lock(%s), true", [key])
        else:
            cursor.execute("SELECT pg_try_advisory_lock(%s)", [key])
        held = bool(cursor.fetchone()[-1])
    try:
        yield held
    finally:
        if held:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [key])


def last_result(name: str) -> dict:
    """What the task's last successful run reported (a sweep's watermark lives there)."""
    row = (
        TaskRun.objects.filter(task_name=name, succeeded=True)
        .order_by("-started_at")
        .values_list("result", flat=True)
        .first()
    )
    return row or {}


def _as_counts(value, outcome: str) -> dict:
    if value is None:
        return {}
    if isinstance(value, bool | int | float):
        return {outcome: int(value)}
    return {
        key: len(item) if isinstance(item, list | tuple | set) else item
        for key, item in dict(value).items()
    }


def scheduled_task(name: str, *, outcome: str = "items"):
    def decorate(func):
        @functools.wraps(func)
        def run(*args, **kwargs):
            with exclusive_run(name) as held:
                if not held:
                    logger.info("scheduled task %s already running elsewhere; skipped", name)
                    SWEEP_ITEMS.labels(task=name, outcome="skipped_busy").inc()
                    return {"skipped_busy": 1}
                record = TaskRun.objects.create(task_name=name)
                try:
                    returned = func(*args, **kwargs)
                    counts = _as_counts(returned, outcome)
                except Exception as exc:
                    TaskRun.objects.filter(pk=record.pk).update(
                        finished_at=timezone.now(), succeeded=False, error=repr(exc)[:2000]
                    )
                    logger.exception("scheduled task %s failed", name)
                    raise
                TaskRun.objects.filter(pk=record.pk).update(
                    finished_at=timezone.now(), succeeded=True, result=counts
                )
            for label, value in counts.items():
                if isinstance(value, int | float) and not isinstance(value, bool) and value:
                    SWEEP_ITEMS.labels(task=name, outcome=label).inc(value)
            logger.info(
                "scheduled task %s done: %s",
                name,
                ", ".join(f"{k} {v}" for k, v in counts.items()) or "nothing to do",
                extra={"task": name, "counts": counts},
            )
            return returned

        run.scheduled_name = name  # type: ignore[attr-defined]  # checked against the task's name
        return run

    return decorate
