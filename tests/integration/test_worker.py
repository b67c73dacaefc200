"""A task sent through the real broker is executed by a real worker process."""

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from mnemosyne_site import embedded

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.integration
def test_a_task_sent_through_the_broker_runs_in_a_real_worker(celery_broker):
    from mnemosyne_site.tasks import ping

    broker = embedded.broker_url()
    # A queue of its own, so no other worker on the shared embedded broker takes the task.
    queue = f"test-{uuid.uuid4().hex}"
    celery_broker(broker, results=True)
    env = {**os.environ, "CELERY_BROKER_URL": broker, "CELERY_RESULT_BACKEND": broker}
    worker = subprocess.Popen(
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
        result = ping.apply_async(args=["hello"], queue=queue)
        # Another test may have run a worker in this process; this get is not inside a task.
        reply = result.get(timeout=60, disable_sync_subtasks=False)
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
    assert reply["payload"] == "hello"
    assert reply["pid"] == worker.pid  # the solo pool runs tasks in the worker process itself
    assert reply["pid"] != os.getpid()
