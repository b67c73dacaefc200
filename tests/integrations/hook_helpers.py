"""Real-shaped Claude Code hook payloads and data arranged through the API."""

from __future__ import annotations

from prometheus_client import REGISTRY
from rest_framework.test import APIClient


def event(name: str, **fields) -> dict:
    """A hook event with the fields every event carries."""
    base = {
        "session_id": "0b6a1f4e-2c1d-4a7e-9a51-7f3f0d6c9e10",
        "transcript_path": "/home/dev/.claude/projects/api/0b6a1f4e.jsonl",
        "cwd": "/home/dev/src/payments-api",
        "hook_event_name": name,
    }
    base.update(fields)
    return base


def report_anti_pattern(client: APIClient, **overrides) -> dict:
    payload = {
        "lesson_type": "anti_pattern",
        # Claude Code's own domain: the hook checks as `development` (MNEMOSYNE_DOMAIN), and a
        # domain's anti-patterns apply to that domain (cross-domain ones to all).
        "domain": "development",
        "category": "docker",
        "title": "Never rm -rf inside a database container",
        "context": "Wipes the data volume with no undo",
        "action_taken": "docker exec -it db rm -rf /var/lib/postgresql/data",
        "outcome": "BLOCKED - Known anti-pattern",
        "alternatives": ["Stop the container and snapshot the volume", "Use the cleanup job"],
        "severity": "critical",
        "tags": ["anti-pattern"],
        "source_agent": "CLAUDE_CODE",
        "trigger_pattern": r"(?i)\brm\s+-rf\s+/var/lib/postgresql",
    }
    payload.update(overrides)
    response = client.post("/lessons/report", payload, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def requests_served() -> dict[str, float]:
    """The requests this process's server (the live server's thread) answered so far, by
    method and route."""
    counts: dict[str, float] = {}
    for metric in REGISTRY.collect():
        if metric.name != "mnemosyne_http_request_duration_seconds":
            continue
        for found in metric.samples:
            if found.name.endswith("_count"):
                key = f"{found.labels['method']} {found.labels['route']}"
                counts[key] = counts.get(key, 0) + found.value
    return counts


def requests_between(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    return {key: n - before.get(key, 0) for key, n in after.items() if n != before.get(key, 0)}
