"""Send tasks after commit without ever losing one when the broker is down.

`enqueue_on_commit(task, *args)` sends once the surrounding transaction commits. If the broker
does not answer, the task is written to the outbox table instead, and `outbox_flush` (on beat,
and when a worker starts) sends it later. The request that caused it is not failed: its data is
already committed, and the side effect is delayed, not dropped.
"""

import logging

from django.db import transaction
from kombu.exceptions import OperationalError as BrokerError

from mnemosyne_site.metrics import OUTBOX_QUEUED

logger = logging.getLogger(__name__)

# Bounded, so a request never waits long on a dead broker before falling back to the outbox.
_PUBLISH_RETRY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}


def enqueue(task, *args, **kwargs) -> bool:
    """Send now; on broker failure keep it in the outbox. Returns whether it was sent."""
    from mnemosyne_site.models import OutboxMessage

    try:
        task.apply_async(args=args, kwargs=kwargs, retry=True, retry_policy=_PUBLISH_RETRY)
        return True
    except BrokerError as exc:
        OutboxMessage.objects.create(
            task_name=task.name, args=list(args), kwargs=kwargs, last_error=str(exc)[:500]
        )
        OUTBOX_QUEUED.labels(task=task.name).inc()
        logger.warning("broker unavailable; %s kept in the outbox: %s", task.name, exc)
        return False


def enqueue_on_commit(task, *args, **kwargs) -> None:
    transaction.on_commit(lambda: enqueue(task, *args, **kwargs))


def outbox_flush(*, batch_size: int = 200) -> dict:
    """Resend queued tasks, oldest first; rows are claimed so two flushers never send one twice."""
    from celery import current_app

    from mnemosyne_site.models import OutboxMessage

    sent = failed = 0
    with transaction.atomic():
        rows = list(
            OutboxMessage.objects.select_for_update(skip_locked=True).order_by("created_at", "id")[
                :batch_size
            ]
        )
        for row in rows:
            try:
                current_app.send_task(
                    row.task_name,
                    args=row.args,
                    kwargs=row.kwargs,
                    retry=True,
                    retry_policy=_PUBLISH_RETRY,
                )
            except BrokerError as exc:
                row.attempts += 1
                row.last_error = str(exc)[:500]
                row.save(update_fields=["attempts", "last_error"])
                failed += 1
                break  # the broker is still down; keep the rest in order for next time
            row.delete()
            sent += 1
    return {"sent": sent, "still_queued": OutboxMessage.objects.count(), "failed": failed}
