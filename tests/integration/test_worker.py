"""A task sent through the real broker is executed by a real worker process."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mnemosyne_site import embedded

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.integration
def test_a_task_sent_through_the_broker_runs_in_a_real_worker():
    from mnemosyne_site.celery import app
    from mnemosyne_site.tasks import ping

    broker = embedded.broker_url()
    env = {**os.environ, "CELERY_BROKER_URL": broker, "CELERY_RESULT_BACKEND": broker}
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "mnemosyne_site", "worker", "--pool", "solo",
         "--loglevel", "WARNING", "--without-gossip", "--without-mingle", "--without-heartbeat"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    saved = (app.conf.task_always_eager, app.conf.broker_url, app.conf.result_backend)
    app.conf.task_always_eager = False
    app.conf.broker_url = broker
    app.conf.result_backend = broker
    try:
        result = ping.delay("hello")
        reply = result.get(timeout=60)
    finally:
        app.conf.task_always_eager, app.conf.broker_url, app.conf.result_backend = saved
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
    assert reply["payload"] == "hello"
    assert reply["pid"] == worker.pid  # the solo pool runs tasks in the worker process itself
    assert reply["pid"] != os.getpid()
