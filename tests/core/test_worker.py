"""Tasks through a real broker and worker: a probe, every task of the beat schedule with /metrics
showing their counts, and beat itself sending a due task.

The worker is a separate process on a queue of its own (so no other worker on the shared embedded
broker takes its tasks), using this test's database and a metrics directory of its own; /metrics
is then read the way `make run` serves it (multiprocess mode over that directory).
"""

import os
import subprocess
import sys
import time
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.utils import timezone

from mnemosyne_site import embedded
from mnemosyne_site.models import TaskRun
from mnemosyne_site.schedules import SCHEDULES
from mnemosyne_site.tasks import ping

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def _metric_lines(text: str, name: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(name + "{")]


@pytest.fixture
def worker(celery_broker, tmp_path):
    broker = embedded.broker_url()
    queue = f"test-{uuid.uuid4().hex}"
    celery_broker(broker, results=True)
    metrics_dir = tmp_path / "metrics"
    metrics_dir.mkdir()
    env = {
        **os.environ,
        "CELERY_BROKER_URL": broker,
        "CELERY_RESULT_BACKEND": broker,
        "MNEMOSYNE_DB_NAME": connection.settings_dict["NAME"],  # the test database
        "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir),
    }
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "mnemosyne_site",
            "worker",
            "--pool",
            "solo",
            "--loglevel",
            "WARNING",
            "--queues",
            queue,
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield {
            "queue": queue,
            "metrics_dir": metrics_dir,
            "env": env,
            "broker": broker,
            "pid": process.pid,
        }
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def test_a_task_sent_through_the_broker_runs_in_a_real_worker(worker):
    result = ping.apply_async(args=["hello"], queue=worker["queue"])
    # Another test may have run a worker in this process; this get is not inside a task.
    reply = result.get(timeout=60, disable_sync_subtasks=False)
    assert reply["payload"] == "hello"
    assert reply["pid"] == worker["pid"]  # the solo pool runs tasks in the worker process itself
    assert reply["pid"] != os.getpid()


def test_every_scheduled_task_runs_in_a_real_worker_and_its_counts_reach_metrics(
    worker, scope_tree, client, monkeypatch
):
    from mnemosyne_site.celery import app
    from notes.models import Trajectory

    # Something for a sweep to do: a trajectory past its retention age.
    Trajectory.objects.create(
        scope=scope_tree["project"],
        session_key="old",
        distillation_status="succeeded",
        ended_at=timezone.now() - timedelta(days=400),
        last_event_at=timezone.now(),
    )
    results = {
        name: app.send_task(task, kwargs=kwargs, queue=worker["queue"])
        for name, (task, _every, kwargs) in SCHEDULES.items()
    }
    for result in results.values():
        # Raises if the task failed in the worker; this wait is not inside a task.
        result.get(timeout=180, disable_sync_subtasks=False)

    tasks = {task for task, _every, _kwargs in SCHEDULES.values()}
    recorded = set(TaskRun.objects.filter(succeeded=True).values_list("task_name", flat=True))
    assert recorded == tasks  # every periodic task leaves a run record
    retention = TaskRun.objects.get(task_name="notes.records_expire")
    assert retention.result["trajectories_deleted"] == 1
    assert not Trajectory.objects.exists()

    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(worker["metrics_dir"]))
    text = client.get("/metrics").content.decode()
    runs = _metric_lines(text, "mnemosyne_task_runs_total")
    for task in tasks:
        assert any(
            f'task="{task}"' in line and 'outcome="success"' in line and not line.endswith(" 0.0")
            for line in runs
        ), task
    assert any(
        'task="notes.records_expire"' in line
        and 'outcome="trajectories_deleted"' in line
        and line.endswith(" 1.0")
        for line in _metric_lines(text, "mnemosyne_sweep_items_total")
    )


def test_beat_sends_a_due_sweep_to_the_worker(worker, tmp_path):
    from django_celery_beat.models import IntervalSchedule, PeriodicTask

    every, _ = IntervalSchedule.objects.get_or_create(every=2, period=IntervalSchedule.SECONDS)
    # Only this periodic task exists in the test database, routed to the test worker's queue.
    PeriodicTask.objects.create(
        name="test: flush outbox",
        task="mnemosyne_site.outbox_flush",
        interval=every,
        queue=worker["queue"],
    )
    beat = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "mnemosyne_site",
            "beat",
            "--loglevel",
            "WARNING",
            "--scheduler",
            "django_celery_beat.schedulers:DatabaseScheduler",
            "--pidfile",
            str(tmp_path / "beat.pid"),
            "--max-interval",
            "1",
        ],
        cwd=ROOT,
        env=worker["env"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if (
                TaskRun.objects.filter(
                    task_name="mnemosyne_site.outbox_flush", succeeded=True
                ).count()
                >= 2
            ):
                break
            time.sleep(0.5)
    finally:
        beat.terminate()
        try:
            beat.wait(timeout=20)
        except subprocess.TimeoutExpired:
            beat.kill()
    # Beat fired it at least twice on its 2-second interval, and the worker ran it each time.
    assert (
        TaskRun.objects.filter(task_name="mnemosyne_site.outbox_flush", succeeded=True).count() >= 2
    )
