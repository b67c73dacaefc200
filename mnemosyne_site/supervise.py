"""What `manage.py serve` supervises: embedded servers it restarts and child processes it keeps up.

Both are restarted with exponential backoff. A child that exits during its first start (a port in
use, a bad setting) is reported as failed, so `serve` stops rather than loop on a lost cause.
"""

import contextlib
import logging
import os
import signal
import subprocess
import time
from collections.abc import Callable

from django.db import close_old_connections

from mnemosyne_site.outbox import outbox_flush

logger = logging.getLogger(__name__)

FIRST_START_SECONDS = 10.0  # a child that dies sooner on its first start is misconfigured


class Backoff:
    """When to try again: `first` seconds after a failure, doubling up to `cap`."""

    def __init__(self, first: float = 0.5, cap: float = 30.0) -> None:
        self.first, self.cap = first, cap
        self.delay = 0.0
        self.at = 0.0

    def due(self, now: float) -> bool:
        return now >= self.at

    def failed(self, now: float) -> float:
        self.delay = min(self.cap, self.delay * 2 or self.first)
        self.at = now + self.delay
        return self.delay

    def reset(self) -> None:
        self.delay = self.at = 0.0


class Dependency:
    """An embedded server this process restarts when it dies."""

    def __init__(
        self,
        name: str,
        running: Callable[[], bool],
        restart: Callable[[], None],
        after: Callable[[], None] | None = None,
    ) -> None:
        self.name, self.running, self.restart, self.after = name, running, restart, after
        self.backoff = Backoff()
        self.down_since: float | None = None
        self.last_down: float | None = None  # when it was last found down

    def check(self, now: float) -> None:
        if self.running():
            return
        self.last_down = now
        if self.down_since is None:
            self.down_since = now
            logger.error("embedded %s is down; restarting it", self.name)
        if not self.backoff.due(now):
            return
        try:
            self.restart()
        except Exception as exc:  # it may not come up yet (shared memory still held, ...)
            delay = self.backoff.failed(now)
            logger.warning(
                "embedded %s did not start (%s); next try in %.1f s", self.name, exc, delay
            )
            return
        logger.warning(
            "embedded %s is back after %.1f s", self.name, time.monotonic() - self.down_since
        )
        self.down_since = None
        self.backoff.reset()
        if self.after is not None:
            try:
                self.after()
            except Exception:
                logger.exception("after restarting the embedded %s", self.name)


class Child:
    """A web, worker or beat process, restarted with backoff when it exits after coming up."""

    def __init__(
        self, name: str, command: list[str], env: dict[str, str], niceness: int = 0
    ) -> None:
        self.name, self.command, self.env, self.niceness = name, command, env, niceness
        self.backoff = Backoff(first=1.0)
        self.came_up = False
        self.failed_first_start = False
        self.start()

    def start(self) -> None:
        # Its own process group, so Ctrl-C reaches only `serve`, which stops each child once (a
        # terminal's SIGINT racing the gunicorn master's own signal has left a worker
        # deadlocked, holding the port), and what is left of a group can be killed whole.
        self.process = subprocess.Popen(
            self.command,
            env=self.env,
            process_group=0,
            preexec_fn=(lambda: os.nice(self.niceness)) if self.niceness else None,
        )
        self.started = time.monotonic()
        self.restart_at: float | None = None

    def check(self, now: float, *, outage: bool = False) -> str | None:
        """Restart when due; returns a line to print when the process has just exited.

        `outage`: an embedded server was down moments ago. A child that dies then, even on its
        first start (the worker loses its broker), is restarted like one that came up: it is a
        casualty of the outage, not a misconfiguration."""
        if self.restart_at is not None:
            if now >= self.restart_at:
                self.start()
            return None
        ran = now - self.started
        if self.process.poll() is None:
            self.came_up = self.came_up or ran >= FIRST_START_SECONDS
            return None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)  # what it left: pool processes, workers
        if not self.came_up and not outage:
            self.failed_first_start = True
            return f"{self.name} exited with {self.process.returncode}; stopping"
        if ran > 60:
            self.backoff.reset()  # it ran a while: this is a new failure, not a crash loop
        self.restart_at = now + self.backoff.failed(now)
        return (
            f"{self.name} exited with {self.process.returncode}; "
            f"restarting in {self.restart_at - now:.1f} s"
        )


def flush_outbox() -> None:
    """Send what waited in the outbox at once, rather than at beat's next flush."""
    close_old_connections()  # this process's own connection may predate a database restart
    logger.info("outbox after broker restart: %s", outbox_flush())
