"""Every task run is counted and timed, in whichever process runs it; a niced process's queries
(the worker's, beat's) on the embedded PostgreSQL run at its lower priority."""

import logging
import os
import time
from pathlib import Path

from celery.signals import task_failure, task_postrun, task_prerun, worker_ready
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created
from django.dispatch import receiver

from mnemosyne_site.metrics import TASK_DURATION, TASK_RUNS
from mnemosyne_site.outbox import enqueue
from mnemosyne_site.schedules import SCHEDULES

logger = logging.getLogger(__name__)

_started: dict[str, float] = {}


@task_prerun.connect
def _task_started(task_id=None, task=None, **kwargs):
    _started[task_id] = time.perf_counter()


@task_postrun.connect
def _task_finished(task_id=None, task=None, state=None, **kwargs):
    began = _started.pop(task_id, None)
    if began is not None:
        TASK_DURATION.labels(task=task.name).observe(time.perf_counter() - began)
    if state == "SUCCESS":
        TASK_RUNS.labels(task=task.name, outcome="success").inc()
    elif state == "RETRY":
        TASK_RUNS.labels(task=task.name, outcome="retry").inc()


@task_failure.connect
def _task_failed(sender=None, **kwargs):
    TASK_RUNS.labels(task=sender.name, outcome="failure").inc()


@worker_ready.connect
def _flush_outbox_on_start(sender=None, **kwargs):
    """A worker that starts after an outage sends what piled up while the broker was down."""
    enqueue("mnemosyne_site.outbox_flush")


def renice_backend(connection: BaseDatabaseWrapper, niceness: int) -> None:
    """Run the PostgreSQL backend serving `connection` at `niceness` (best effort).

    Only for the embedded server (same machine, same user): elsewhere the backend's pid names no
    process here. PostgreSQL puts each backend in a session of its own, and where the kernel
    groups scheduling by session (autogroup) only the session's nice weighs against the web's
    backends, so both are set. Measured with two or three busy backends on 2 cores: a web query's
    p50 31-39 ms -> 15-19 ms with the autogroup's nice; the process nice alone changed nothing.
    """
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    try:
        os.setpriority(os.PRIO_PROCESS, pid, niceness)
        Path(f"/proc/{pid}/autogroup").write_text(str(niceness))
    except OSError as exc:  # another user's server, or a kernel without autogroup
        logger.debug("could not renice database backend %s: %s", pid, exc)


@receiver(connection_created)
def _renice_niced_process_backend(sender, connection: BaseDatabaseWrapper, **kwargs) -> None:
    # `serve` nices the worker and beat (WORKER_NICE) so the web answers first; their queries,
    # run by backends at normal priority, would otherwise take the cores the web's queries need.
    # Any niced process (`nice manage.py reembed`) gets the same; the web, at 0, pays a syscall.
    niceness = os.getpriority(os.PRIO_PROCESS, 0)
    if niceness > 0 and connection.settings_dict["ENGINE"] == "mnemosyne_site.db":
        renice_backend(connection, niceness)


def _initialise_scheduled_task_series() -> None:
    """Runs and failures of every periodic task show on /metrics (at zero) before they happen."""
    for task, _every, _kwargs in SCHEDULES.values():
        for outcome in ("success", "failure"):
            TASK_RUNS.labels(task=task, outcome=outcome)


_initialise_scheduled_task_series()
