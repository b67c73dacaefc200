"""The web server killed under `mnemosyne-hook` while an agent's tool calls go on.

The supervisor is frozen for the outage (SIGSTOP), so the server stays down while the hook runs:
each call answers at once (the agent never waits on a dead server) and keeps its event in the
spool. Then the supervisor restarts the web process, the session's Stop hook drains the spool,
and every tool call is stored exactly once: none lost, none twice."""

import json
import os
import subprocess
import sys
import time
import uuid

import pytest

from mnemosyne_site.supervise import FIRST_START_SECONDS
from tests.faults.conftest import ROOT, kill_and_reap, wait_until

pytestmark = pytest.mark.integration

SESSION = "hook-fault-session"


def _hook(served, tmp_path, event: dict) -> subprocess.CompletedProcess:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "PYTHONPATH": str(ROOT),
        "MNEMOSYNE_URL": served.url,
        "MNEMOSYNE_HOOK_STATE_DIR": str(tmp_path / "hook-state"),
        "MNEMOSYNE_TRAJECTORY_SPOOL_DIR": str(tmp_path / "spool"),
    }
    return subprocess.run(
        [sys.executable, "-m", "integrations.hook"],
        input=json.dumps({"session_id": SESSION, "cwd": str(tmp_path), **event}),
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def _tool_call(served, tmp_path, number: int) -> str:
    tool_use_id = f"toolu_fault_{number}"
    done = _hook(
        served,
        tmp_path,
        {
            "hook_event_name": "PostToolUse",
            "tool_name": "Bash",
            "tool_use_id": tool_use_id,
            "tool_input": {"command": f"echo call {number}"},
            "tool_response": {"stdout": f"call {number}", "stderr": ""},
        },
    )
    assert done.returncode == 0, done.stderr  # the hook fails open, whatever the server does
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"claude-code:{SESSION}:{tool_use_id}"))


def _stored(served, event_ids: list[str]) -> list[tuple]:
    return served.sql(
        "SELECT event_id::text, count(*) FROM notes_trajectoryevent"
        " WHERE event_id::text = ANY(%s) GROUP BY event_id",
        [event_ids],
    )


def test_tool_calls_made_while_the_server_is_down_are_stored_once_after_it(served, tmp_path):
    served.wait_healthy()
    before = [_tool_call(served, tmp_path, i) for i in range(3)]
    wait_until(lambda: len(_stored(served, before)) == 3, 60, "the first calls to be stored")

    # A process that dies in its first seconds stops `serve` (a port in use, say): wait until
    # the supervisor counts this one as up, so its death is a crash to restart from.
    web = served.child("web")
    wait_until(
        lambda: time.time() - web.create_time() > FIRST_START_SECONDS + 2,
        FIRST_START_SECONDS + 10,
        "the web process to count as started",
    )
    served.pause_supervisor()
    try:
        workers = web.children()
        kill_and_reap(web.pid)
        for worker in workers:  # orphaned, they would answer on the shared socket a while
            kill_and_reap(worker.pid)
        wait_until(lambda: not served.healthy(), 30, "the web server to stop answering")
        during = [_tool_call(served, tmp_path, i) for i in range(3, 8)]
        spooled = list((tmp_path / "spool").rglob("*"))
        assert any(path.is_file() for path in spooled)  # kept on disk, not in memory
        folder = tmp_path / "spool"
        assert folder.stat().st_mode & 0o777 == 0o700
        assert all(p.stat().st_mode & 0o777 == 0o600 for p in spooled if p.is_file())
    finally:
        served.resume_supervisor()
    served.wait_healthy(timeout=120)  # the supervisor restarted the web process

    after = [_tool_call(served, tmp_path, i) for i in range(8, 10)]
    stop = _hook(served, tmp_path, {"hook_event_name": "Stop"})
    assert stop.returncode == 0, stop.stderr

    expected = before + during + after
    wait_until(
        lambda: len(_stored(served, expected)) == len(expected),
        120,
        "every tool call, including those made during the outage, to be stored",
    )
    stored = _stored(served, expected)
    print(
        f"\nhook fault: {len(expected)} tool calls, {len(during)} during the outage, "
        f"{len(stored)} stored"
    )
    assert sorted(event_id for event_id, _ in stored) == sorted(expected)  # none lost
    assert {count for _, count in stored} == {1}  # none twice
