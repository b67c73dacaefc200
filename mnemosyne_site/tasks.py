"""Core tasks: the outbox flusher and a probe that proves a worker runs."""

import os
import socket

from celery import shared_task

from mnemosyne_site.outbox import outbox_flush
from mnemosyne_site.scheduling import scheduled_task


@shared_task(name="mnemosyne_site.ping")
def ping(payload: str) -> dict:
    """Echo the payload with the worker's identity, so the caller sees who executed it."""
    return {"payload": payload, "pid": os.getpid(), "host": socket.gethostname()}


@shared_task(name="mnemosyne_site.outbox_flush")
@scheduled_task("mnemosyne_site.outbox_flush")
def flush_outbox() -> dict:
    return outbox_flush()
