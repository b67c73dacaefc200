"""Builders of trajectory events for the notes tests."""

from __future__ import annotations

import time
import uuid


def event(
    tool="Bash",
    *,
    started_at=None,
    duration_ms=1000.0,
    arguments=None,
    error=None,
    return_value="ok",
    **extra,
):
    return {
        "event_id": str(uuid.uuid4()),
        "tool_name": tool,
        "arguments": arguments if arguments is not None else {"command": f"echo {tool}"},
        "return_value": return_value,
        "error": error,
        "started_at": started_at if started_at is not None else time.time(),
        "duration_ms": duration_ms,
        **extra,
    }


def session_events(n=4, *, start=None, spacing_s=15.0, tools=None):
    """`n` calls spread over `spacing_s` seconds each (4 calls: 45 s plus the last duration)."""
    start = start if start is not None else time.time() - 600
    tools = tools or ["Read", "Edit", "Bash", "Bash", "Grep", "Write"]
    return [event(tools[i % len(tools)], started_at=start + i * spacing_s, seq=i) for i in range(n)]
