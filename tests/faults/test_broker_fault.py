"""The embedded broker killed under a running `serve` while reports and sessions stream in.

Nothing needs the broker to accept a write: reports are stored as usual, and the work each ended
session queues (its distillation) waits in the outbox. When the supervisor has restarted Redis
it sends the outbox at once, the worker reconnects, and every session is distilled exactly once."""

import time
import uuid

import pytest

from notes.tasks import distill_trajectory
from tests.faults.conftest import ReportStream, kill_and_reap, wait_until

pytestmark = pytest.mark.integration

DISTILL = distill_trajectory.name
DONE = ("succeeded", "duplicate")


def _end_session(served, name: str) -> None:
    """One tool call and a successful end: a trajectory the worker distils."""
    event = {
        "event_id": str(uuid.uuid4()),
        "tool_name": "Bash",
        "arguments": {"command": f"make deploy-{name}"},
        "return_value": "ok",
        "started_at": time.time(),
        "duration_ms": 12.5,
    }
    events = served.http.post(
        "/api/v1/trajectories/events", json={"session": name, "events": [event]}
    )
    assert events.status_code == 200, events.text
    end = served.http.post("/api/v1/trajectories/end", json={"session": name, "outcome": "success"})
    assert end.status_code == 200, end.text


def _distillations(served, prefix: str) -> list[tuple[str, str, int]]:
    return served.sql(
        "SELECT session_key, distillation_status, distill_attempts FROM notes_trajectory"
        " WHERE session_key LIKE %s",
        [f"{prefix}%"],
    )


def _outbox(served) -> int:
    return served.sql(
        "SELECT count(*) FROM mnemosyne_site_outboxmessage WHERE task_name = %s", [DISTILL]
    )[0][0]


def test_work_queued_while_the_broker_is_down_runs_once_after_it(served, tmp_path):
    served.wait_healthy()
    runs_before = served.task_runs(DISTILL)
    sessions = [f"broker-before-{i}" for i in range(5)]
    for name in sessions:
        _end_session(served, name)
    wait_until(
        lambda: (
            all(s in DONE for _, s, _ in _distillations(served, "broker-before-"))
            and len(_distillations(served, "broker-before-")) == 5
        ),
        120,
        "sessions before the outage to be distilled",
    )

    with ReportStream(served, tmp_path / "spool", "broker fault") as stream:
        stream.wait_for("recorded", 5)
        served.pause_supervisor()
        try:
            kill_and_reap(served.redis_pid())
            during = [f"broker-during-{i}" for i in range(8)]
            for name in during:
                _end_session(served, name)  # accepted while the broker is away
            sessions += during
            stream.wait_for("recorded", stream.count("recorded") + 5)
            health = served.healthz()
            assert health.status_code == 503 and health.json()["broker"].startswith("error")
            kept = _outbox(served)
        finally:
            served.resume_supervisor()
        recovery = served.wait_healthy(timeout=120)
        after = [f"broker-after-{i}" for i in range(5)]
        for name in after:
            _end_session(served, name)
        sessions += after
        stream.wait_for("recorded", stream.count("recorded") + 5)

    done = wait_until(
        lambda: (
            (rows := _distillations(served, "broker-"))
            and len(rows) == len(sessions)
            and all(status in DONE for _, status, _ in rows)
            and rows
        ),
        180,
        "every session to be distilled",
    )
    runs = served.task_runs(DISTILL) - runs_before
    stored = served.sql(
        "SELECT title, occurrence_count FROM lessons_lesson WHERE title LIKE %s",
        ["broker fault %"],
    )
    print(
        f"\nbroker fault: {kept} distillations kept in the outbox during the outage; "
        f"{len(sessions)} sessions ended, {len(done)} distilled, {runs:.0f} task runs; "
        f"{len(stream.titles())} reports sent, {len(stored)} stored; "
        f"healthy {recovery:.1f} s after the supervisor resumed"
    )
    print("\n".join(served.supervisor_lines()[-3:]))
    assert kept == len(during)  # every one waited in the outbox, none was dropped
    assert _outbox(served) == 0  # and all were sent after the outage
    assert sorted(name for name, _, _ in done) == sorted(sessions)
    assert {attempts for _, _, attempts in done} == {1}  # each distilled exactly once
    assert runs == len(sessions)  # each task delivered once
    assert stream.count("spooled") == stream.count("error") == 0  # the API never needed it
    assert sorted(title for title, _ in stored) == sorted(stream.titles())
    assert {count for _, count in stored} == {1}
