"""The Celery app. Tasks live in each app's `tasks.py` and are thin wrappers around services."""

import os

import celery
from django.db import DatabaseError

from mnemosyne_site import embedded
from mnemosyne_site.db.availability import database_unavailable

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mnemosyne_site.settings")

# A task that finds the database away is sent again this often, this many times (a minute), so
# the work of an outage is done once the database is back rather than at the next sweep.
DATABASE_RETRY_SECONDS = 5
DATABASE_RETRIES = 12


class Task(celery.Task):
    """The base of every task. Tasks are idempotent, so one that failed because the database
    was unavailable is retried whole."""

    def __call__(self, *args, **kwargs):
        try:
            return super().__call__(*args, **kwargs)
        except DatabaseError as exc:
            if not database_unavailable(exc) or self.request.called_directly:
                raise
            if self.request.is_eager:  # in process (tests, scripts): nothing to retry through
                raise
            raise self.retry(
                exc=exc, countdown=DATABASE_RETRY_SECONDS, max_retries=DATABASE_RETRIES
            ) from exc


app = celery.Celery("mnemosyne", task_cls=Task)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_after_configure.connect
def _use_embedded_broker(sender: celery.Celery, **kwargs) -> None:
    """Start the embedded Redis only when a broker is first needed and none is configured."""
    if not sender.conf.broker_url:
        # celery-types declares broker_url read-only; Celery's Settings takes assignment.
        sender.conf.broker_url = embedded.broker_url()  # type: ignore[misc]
