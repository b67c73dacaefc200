"""What every scheduled task shares: a run record, counts in the log and in a metric.

    @shared_task(name="notes.deprecate_low_quality")
    @scheduled_task("notes.deprecate_low_quality")
    def deprecate_low_quality() -> dict:
        return notes_deprecate_low_quality(batch_size=500)   # {"deprecated": 3, "skipped": 1}

The wrapped function returns a dict of counts; each count is logged, added to
`mnemosyne_sweep_items_total{task, outcome}` and kept on a `TaskRun` row the admin shows.
"""

import functools
import logging

from django.utils import timezone

from mnemosyne_site.metrics import SWEEP_ITEMS

logger = logging.getLogger("mnemosyne.scheduled")


def scheduled_task(name: str):
    def decorate(func):
        @functools.wraps(func)
        def run(*args, **kwargs):
            from mnemosyne_site.models import TaskRun

            record = TaskRun.objects.create(task_name=name)
            try:
                counts = func(*args, **kwargs) or {}
            except Exception as exc:
                TaskRun.objects.filter(pk=record.pk).update(
                    finished_at=timezone.now(), succeeded=False, error=repr(exc)[:2000]
                )
                logger.exception("scheduled task %s failed", name)
                raise
            TaskRun.objects.filter(pk=record.pk).update(
                finished_at=timezone.now(), succeeded=True, result=counts
            )
            for outcome, value in counts.items():
                if isinstance(value, int | float) and value:
                    SWEEP_ITEMS.labels(task=name, outcome=outcome).inc(value)
            logger.info("scheduled task %s done", name, extra={"task": name, "counts": counts})
            return counts

        return run

    return decorate
