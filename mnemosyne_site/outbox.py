"""The one way to send work to the worker: by task name, after commit, never lost.

`enqueue_on_commit("notes.note_suggest_merges", note_id)` sends once the surrounding transaction
commits (at once outside one). If the broker does not answer, the task is written to the outbox
table instead, and `outbox_flush` (on beat, and when a worker starts) sends it later. The request
that caused it is not failed: its data is already committed, and the side effect is delayed, not
dropped.

Services name the task instead of importing it, so a service module never imports a task module
(tasks import services, never the other way round). The name must be a registered task: an
unknown one raises at once rather than being lost on the broker.
"""

import logging
import threading

from celery.exceptions import NotRegistered
from django.db import transaction
from kombu.exceptions import OperationalError as BrokerError

from mnemosyne_site.celery import app
from mnemosyne_site.metrics import OUTBOX_QUEUED
from mnemosyne_site.models import OutboxMessage

logger = logging.getLogger(__name__)

# Bounded, so a request never waits long on a dead broker before falling back to the outbox.
_PUBLISH_RETRY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}


# One thread imports the task modules; the others wait for it. Without the lock, a gunicorn
# thread asking while another was half-way through the imports found the name missing and
# failed its request with NotRegistered (seen under `make bench`, for seconds after start).
_import_lock = threading.Lock()


def registered_task(task_name: str):
    """The task registered under this name. Task modules are imported on first use (a web
    process imports none at start); an unknown name raises NotRegistered."""
    if task_name not in app.tasks:
        with _import_lock:
            if task_name not in app.tasks:
                app.loader.import_default_modules()  # every app's tasks.py (autodiscovery)
    if task_name not in app.tasks:
        raise NotRegistered(task_name)
    return app.tasks[task_name]


def enqueue(task_name: str, *args, **kwargs) -> bool:
    """Send now; on broker failure keep it in the outbox. Returns whether it was sent."""
    # The registered task, not a bare send_task: it honours task_always_eager (tests, scripts).
    task = registered_task(task_name)
    try:
        task.apply_async(args=args, kwargs=kwargs, retry=True, retry_policy=_PUBLISH_RETRY)
        return True
    except BrokerError as exc:
        OutboxMessage.objects.create(
            task_name=task_name, args=list(args), kwargs=kwargs, last_error=str(exc)[:500]
        )
        OUTBOX_QUEUED.labels(task=task_name).inc()
        logger.warning("broker unavailable; %s kept in the outbox: %s", task_name, exc)
        return False


def enqueue_on_commit(task_name: str, *args, **kwargs) -> None:
    """`enqueue` once the current transaction commits (at once outside a transaction)."""
    registered_task(task_name)  # an unknown name fails here, in the caller, not after commit
    transaction.on_commit(lambda: enqueue(task_name, *args, **kwargs))


def outbox_flush(*, batch_size: int = 200) -> dict:
    """Resend queued tasks, oldest first; rows are claimed so two flushers never send one twice."""
    sent = failed = 0
    with transaction.atomic():
        rows = list(
            OutboxMessage.objects.select_for_update(skip_locked=True).order_by("created_at", "id")[
                :batch_size
            ]
        )
        for row in rows:
            try:
                app.send_task(
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
