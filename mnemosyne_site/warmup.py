"""What a web process prepares as soon as it starts, on a thread of its own, so that the first
request needing it does not wait: the embedding model, and the guard's index of anti-patterns
(each process holds its own; at 10,000 anti-patterns building it took 1.4-2.7 s, which the
first check in each process paid).

Apps register their preparations in `AppConfig.ready()`; gunicorn's `post_worker_init`
(`gunicorn_conf.py`) starts them. A request arriving meanwhile waits for the same lock the
preparation holds, so it is never slower than without it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from django.db import connections

logger = logging.getLogger(__name__)

_preparations: list[Callable[[], object]] = []


def register(prepare: Callable[[], object]) -> None:
    if prepare not in _preparations:
        _preparations.append(prepare)


def warm_in_background() -> threading.Thread:
    """Run every registered preparation on a daemon thread; one that fails is logged and left
    to the first request."""

    def run() -> None:
        try:
            for prepare in _preparations:
                try:
                    prepare()
                except Exception as error:  # a database still starting, a model not exported
                    logger.warning(
                        "warming %s failed (%s); the first request will do it", prepare, error
                    )
        finally:
            connections.close_all()  # this thread's own connections

    thread = threading.Thread(target=run, name="mnemosyne-warm-up", daemon=True)
    thread.start()
    return thread
