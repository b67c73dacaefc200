"""The Celery app. Tasks live in each app's `tasks.py` and are thin wrappers around services."""

import os

from celery import Celery

from mnemosyne_site import embedded

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mnemosyne_site.settings")

app = Celery("mnemosyne")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_after_configure.connect
def _use_embedded_broker(sender: Celery, **kwargs) -> None:
    """Start the embedded Redis only when a broker is first needed and none is configured."""
    if not sender.conf.broker_url:
        # celery-types declares broker_url read-only; Celery's Settings takes assignment.
        sender.conf.broker_url = embedded.broker_url()  # type: ignore[misc]
