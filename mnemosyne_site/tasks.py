"""Core tasks: a probe the health checks and the integration tests use to prove a worker runs."""

import os
import socket

from celery import shared_task


@shared_task(name="mnemosyne_site.ping")
def ping(payload: str) -> dict:
    """Echo the payload with the worker's identity, so the caller sees who executed it."""
    return {"payload": payload, "pid": os.getpid(), "host": socket.gethostname()}
