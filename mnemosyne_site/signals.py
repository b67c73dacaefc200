"""Every task run is counted and timed, in whichever process runs it."""

import time

from celery.signals import task_failure, task_postrun, task_prerun, worker_ready

from mnemosyne_site.metrics import TASK_DURATION, TASK_RUNS
from mnemosyne_site.outbox import enqueue
from mnemosyne_site.schedules import SCHEDULES

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


def _initialise_scheduled_task_series() -> None:
    """Runs and failures of every periodic task show on /metrics (at zero) before they happen."""
    for task, _every, _kwargs in SCHEDULES.values():
        for outcome in ("success", "failure"):
            TASK_RUNS.labels(task=task, outcome=outcome)


_initialise_scheduled_task_series()
