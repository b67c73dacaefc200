"""Claude Code hook events built from a recorded failing run of `bench/data/errors.jsonl`.

A failed Bash call reaches a PostToolUseFailure hook with the command in `tool_input` and, in
`error`, "Exit code N", a newline and the command's output: the record's `error` field holds
exactly that string. What the hook does with the event is `integrations.hook_learning`'s
business; this module only builds the event the way Claude Code sends it.
"""

from __future__ import annotations

import uuid


def _base(name: str, record: dict, session_id: str) -> dict:
    return {
        "session_id": session_id,
        "transcript_path": f"/home/dev/.claude/projects/corpus/{session_id}.jsonl",
        "cwd": record["cwd"],
        "hook_event_name": name,
        "tool_name": record["tool_name"],
        "tool_input": {"command": record["command"], "description": "Run the command"},
        "tool_use_id": f"toolu_{uuid.uuid5(uuid.NAMESPACE_URL, session_id + record['id']).hex}",
    }


def post_tool_use_failure(record: dict, session_id: str, *, attempt: int = 0) -> dict:
    event = _base("PostToolUseFailure", record, session_id)
    if attempt:
        event["tool_use_id"] += f"_{attempt}"
    event.update({"error": record["error"], "is_interrupt": False})
    return event


def post_tool_use_success(record: dict, session_id: str, *, stdout: str = "ok\n") -> dict:
    """The same command succeeding later in the session (after the fix was applied)."""
    event = _base("PostToolUse", record, session_id)
    event["tool_use_id"] += "_ok"
    event["tool_response"] = {
        "stdout": stdout,
        "stderr": "",
        "interrupted": False,
        "isImage": False,
    }
    return event
