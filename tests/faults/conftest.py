"""`manage.py serve` on its own data directory and loopback port, for the fault tests.

The served instance has its own embedded PostgreSQL and Redis (under a temporary data
directory), so killing them touches nothing else, not even the test run's own database. The
tests reach its database directly over its unix socket to count what was stored.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import psutil
import psycopg
import pytest
from django.conf import settings

from integrations.lesson_reporter import Answer, SyncLessonReporter

ROOT = Path(__file__).resolve().parents[2]
DB_NAME = "mnemosyne_faults"


def wait_until(predicate: Callable[[], object], timeout: float, what: str, every: float = 0.2):
    """Poll until `predicate()` is truthy (and return it), or fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(every)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Served:
    """One running `manage.py serve`, and the handles a fault test needs on it."""

    def __init__(self, data: Path, port: int, process: subprocess.Popen, log: Path) -> None:
        self.data, self.port, self.process, self.log = data, port, process, log
        self.url = f"http://127.0.0.1:{port}"
        self.http = httpx.Client(base_url=self.url, timeout=10, headers={"Accept": "*/*"})

    # --- state -------------------------------------------------------------------------------

    def healthz(self) -> httpx.Response:
        return self.http.get("/healthz")

    def healthy(self) -> bool:
        try:
            return self.healthz().status_code == 200
        except httpx.TransportError:
            return False

    def wait_healthy(self, timeout: float = 120) -> float:
        """Seconds until /healthz answers 200."""
        started = time.monotonic()
        wait_until(self.healthy, timeout, "/healthz to answer 200")
        return time.monotonic() - started

    def sql(self, query: str, params: tuple | list = ()) -> list[tuple]:
        """Run a query on the served database (a connection of its own, closed afterwards)."""
        socket_dir = (self.data / "pg" / "postmaster.pid").read_text().splitlines()[4]
        # Bounded, so a query can never wait forever on a lock a test holds.
        with psycopg.connect(
            host=socket_dir, dbname=DB_NAME, user="postgres", options="-c statement_timeout=30s"
        ) as conn:
            return conn.execute(query, params or None).fetchall()

    def task_runs(self, task: str, outcome: str = "success") -> float:
        """Runs of a task counted by every worker process, living or killed (/metrics)."""
        body = self.http.get("/metrics").text
        pattern = (
            rf'^mnemosyne_task_runs_total\{{(?=[^}}]*outcome="{outcome}")'
            rf'(?=[^}}]*task="{re.escape(task)}")[^}}]*\}} (\S+)$'
        )
        return sum(float(value) for value in re.findall(pattern, body, re.MULTILINE))

    # --- processes ---------------------------------------------------------------------------

    def child(self, name: str) -> psutil.Process:
        """The supervised `web`, `worker` or `beat` process."""
        marker = {"web": "gunicorn", "worker": " worker ", "beat": " beat "}[name]
        for child in psutil.Process(self.process.pid).children():
            if marker in " ".join(child.cmdline()) + " ":
                return child
        raise AssertionError(f"no {name} process under serve")

    def postmaster_pid(self) -> int:
        return int((self.data / "pg" / "postmaster.pid").read_text().splitlines()[0])

    def redis_pid_file(self) -> str:
        registry = json.loads((self.data / "redis" / "mnemosyne.rdb.settings").read_text())
        return registry["pidfile"]

    def redis_pid(self) -> int:
        return int(Path(self.redis_pid_file()).read_text())

    def pause_supervisor(self) -> None:
        """Freeze `serve` (its children run on), so an outage lasts until `resume_supervisor`."""
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume_supervisor(self) -> None:
        os.kill(self.process.pid, signal.SIGCONT)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def supervisor_lines(self) -> list[str]:
        """What the supervisor said about the embedded servers, for the test's printout."""
        lines = []
        for line in self.log_text().splitlines():
            if '"logger": "mnemosyne_site.supervise"' in line:
                lines.append(json.loads(line)["message"][:160])
        return lines


class ReportStream:
    """Lessons reported through our client on a thread, one after another, until stopped."""

    def __init__(self, served: Served, spool_dir: Path, prefix: str, limit: int = 300) -> None:
        self.reporter = SyncLessonReporter(
            "CHRONOS", url=served.url, spool_dir=spool_dir, timeout=5
        )
        self.prefix, self.limit = prefix, limit
        self.answers: list[tuple[str, Answer]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        for i in range(self.limit):
            if self._stop.is_set():
                return
            title = f"{self.prefix} {i}"
            answer = self.reporter.failure(
                title=title,
                context=f"fault test report number {i}",
                action_taken="ran the job",
                outcome="it failed",
            )
            self.answers.append((title, answer))

    def __enter__(self) -> ReportStream:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(timeout=60)

    def count(self, status: str) -> int:
        return sum(1 for _, answer in list(self.answers) if answer.get("status") == status)

    def wait_for(self, status: str, at_least: int, timeout: float = 120) -> None:
        wait_until(lambda: self.count(status) >= at_least, timeout, f"{at_least} reports {status}")

    def drain(self, timeout: float = 120) -> None:
        """Resend what is spooled until nothing is left (the server must be back)."""
        wait_until(
            lambda: self.reporter.resend_spooled() >= 0 and not self.reporter.spool.pending(),
            timeout,
            "the spool to drain",
            every=0.5,
        )

    def titles(self) -> list[str]:
        return [title for title, _ in self.answers]


def kill_and_reap(pid: int) -> None:
    """SIGKILL a process this test run started, and wait until it is gone (or a zombie)."""
    os.kill(pid, signal.SIGKILL)
    try:
        process = psutil.Process(pid)
        wait_until(
            lambda: not process.is_running() or process.status() == psutil.STATUS_ZOMBIE,
            30,
            f"process {pid} to die",
        )
    except psutil.NoSuchProcess:
        pass


@pytest.fixture(scope="session")
def served():
    # Not under pytest's own temporary root: another pytest run starting meanwhile makes that
    # private again, and the embedded server runs as its own user (when started as root).
    data = Path(tempfile.mkdtemp(prefix="mnemosyne-faults-"))
    port = _free_port()
    env = {
        key: value
        for key, value in os.environ.items()
        if key
        not in {
            "DATABASE_URL",
            "CELERY_BROKER_URL",
            "CELERY_RESULT_BACKEND",
            "PROMETHEUS_MULTIPROC_DIR",
            "MNEMOSYNE_PG_SOCKET_DIR",
        }
    }
    env.update(
        MNEMOSYNE_DATA_DIR=str(data),
        MNEMOSYNE_DB_NAME=DB_NAME,
        MNEMOSYNE_HOST="127.0.0.1",
        MNEMOSYNE_PORT=str(port),
        # The model exported for this checkout, so the instance does not export its own.
        EMBEDDING_MODEL_DIR=str(settings.EMBEDDING_MODEL_DIR),
        WEB_CONCURRENCY="1",
        WORKER_CONCURRENCY="2",
        # Every ended trajectory is distilled, so each one is a task to count.
        DISTILL_MIN_EVENTS="1",
        DISTILL_MIN_SECONDS="0",
        # Reports differ by a number only: keep each its own lesson, so a lesson stored twice
        # shows as a second occurrence of its title, never as a near-duplicate merge.
        LESSON_DUPLICATE_SIMILARITY="1.0",
        PYTHONUNBUFFERED="1",
    )
    log = data / "serve.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "manage.py", "serve", "--no-demo"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    instance = Served(data, port, process, log)
    try:
        wait_until(lambda: instance.healthy() or process.poll() is not None, 300, "serve to start")
        assert process.poll() is None, instance.log_text()[-3000:]
        yield instance
    finally:
        _stop(instance)
        shutil.rmtree(data, ignore_errors=True)


def _stop(instance: Served) -> None:
    process = instance.process
    if process.poll() is None:
        instance.resume_supervisor()  # in case a failed test left it frozen
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            for child in psutil.Process(process.pid).children(recursive=True):
                child.kill()
            process.kill()
            process.wait()
    instance.http.close()
    # The servers stop with their last attached process; make sure nothing of ours outlives it.
    for pid in _server_pids(instance):
        try:
            kill_and_reap(pid)
        except (ProcessLookupError, AssertionError):
            pass


def _server_pids(instance: Served) -> list[int]:
    """The embedded servers of this instance still running, recognised by their command lines."""
    found = []
    for read, mark in (
        (instance.postmaster_pid, lambda: str(instance.data / "pg")),
        (instance.redis_pid, lambda: str(Path(instance.redis_pid_file()).parent)),
    ):
        try:
            pid, expected = read(), mark()
            if expected in " ".join(psutil.Process(pid).cmdline()):
                found.append(pid)
        except (OSError, ValueError, IndexError, psutil.Error):
            continue
    return found
