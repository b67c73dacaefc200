"""What `manage.py serve` does when a child process or an embedded server dies.

Real child processes; `now` is passed in, so no test waits for a backoff to pass. The fault
tests (tests/faults/) kill the real servers and workers under a running `serve`."""

import signal
import sys

import pytest

from mnemosyne_site import supervise
from mnemosyne_site.supervise import Backoff, Child, Dependency

SLEEPER = [sys.executable, "-c", "import time; time.sleep(120)"]


@pytest.fixture
def child(monkeypatch):
    made = []

    def make(command=SLEEPER):
        made.append(Child("worker", command, {}))
        return made[-1]

    yield make
    for one in made:
        if one.process.poll() is None:
            one.process.kill()
            one.process.wait()


def test_backoff_doubles_to_its_cap_and_resets():
    backoff = Backoff(first=0.5, cap=4.0)
    assert [backoff.failed(0.0) for _ in range(6)] == [0.5, 1.0, 2.0, 4.0, 4.0, 4.0]
    assert not backoff.due(3.9) and backoff.due(4.0)
    backoff.reset()
    assert backoff.due(0.0) and backoff.failed(10.0) == 0.5


def test_a_child_that_dies_on_its_first_start_stops_serve(child):
    failing = child([sys.executable, "-c", "raise SystemExit(3)"])
    failing.process.wait(timeout=30)
    assert failing.check(failing.started + 1) == "worker exited with 3; stopping"
    assert failing.failed_first_start


def test_a_child_that_dies_on_its_first_start_during_an_outage_is_restarted(child):
    # The worker loses its broker seconds after it started: the outage, not its configuration.
    failing = child([sys.executable, "-c", "raise SystemExit(1)"])
    failing.process.wait(timeout=30)
    now = failing.started + 1
    assert failing.check(now, outage=True) == "worker exited with 1; restarting in 1.0 s"
    assert not failing.failed_first_start
    first = failing.process
    failing.check(now + 1.0)
    assert failing.process is not first and failing.restart_at is None  # started again


def test_a_dependency_remembers_when_it_was_last_found_down():
    state = {"up": False}
    redis = Dependency("Redis", lambda: state["up"], lambda: state.update(up=True))
    assert redis.last_down is None
    redis.check(5.0)  # down, restarted at once
    assert redis.last_down == 5.0 and state["up"]
    redis.check(6.0)
    assert redis.last_down == 5.0


def test_a_child_that_came_up_and_died_is_restarted_after_its_backoff(child):
    worker = child()
    first = worker.process
    assert worker.check(worker.started + supervise.FIRST_START_SECONDS) is None  # came up
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=30)
    now = worker.started + 20
    assert worker.check(now) == "worker exited with -9; restarting in 1.0 s"
    assert not worker.failed_first_start
    worker.check(now + 0.5)
    assert worker.process is first  # still waiting out the backoff
    worker.check(now + 1.0)
    assert worker.process is not first and worker.process.poll() is None

    worker.process.kill()  # dies again at once: the wait doubles
    worker.process.wait(timeout=30)
    assert worker.check(now + 1.5).endswith("restarting in 2.0 s")


def test_a_dependency_is_restarted_with_backoff_and_then_told_it_is_back():
    state = {"up": False, "tries": 0, "after": 0}

    def restart():
        state["tries"] += 1
        if state["tries"] < 3:
            raise RuntimeError("shared memory still in use")
        state["up"] = True

    def after():
        state["after"] += 1

    database = Dependency("PostgreSQL", lambda: state["up"], restart, after)
    database.check(0.0)  # first try at once, fails
    database.check(0.1)  # within the backoff: no try
    assert state["tries"] == 1
    database.check(100.0)  # fails again
    database.check(200.0)  # comes up
    database.check(300.0)  # up: nothing to do
    assert state == {"up": True, "tries": 3, "after": 1}
    assert database.down_since is None and database.backoff.delay == 0.0
