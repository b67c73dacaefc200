"""The server stores tool inputs and outputs without their secrets, and never prompts with them,
whatever the client sent (a client that does not redact is covered too)."""

from types import SimpleNamespace

import pytest

from hindsight.models import ErrorOccurrence, Learning
from integrations.redact import MASK
from notes.distillation.prompt import user_prompt
from notes.models import TrajectoryEvent
from tests.notes.notes_helpers import event

SECRET = "wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY"
COMMAND = f"AWS_SECRET_ACCESS_KEY={SECRET} aws s3 cp dump.sql s3://backups/"
OUTPUT = f"fatal: could not read from postgres://app:{SECRET}@db.internal/app"


@pytest.mark.django_db
def test_trajectory_ingest_stores_arguments_outputs_errors_and_context_redacted(agent_client):
    body = {
        "session": "s-secret",
        "events": [
            event(
                arguments={"command": COMMAND, "headers": {"Authorization": f"Bearer {SECRET}"}},
                return_value={"stdout": OUTPUT},
                error=OUTPUT,
                context={"env": f"GITHUB_TOKEN={SECRET}"},
            )
        ],
    }
    response = agent_client.post("/api/v1/trajectories/events", body, format="json")
    assert response.status_code == 200, response.content

    stored = TrajectoryEvent.objects.get()
    for value in (stored.arguments, stored.return_value, stored.error, stored.context):
        assert SECRET not in str(value)
    assert stored.arguments["command"].startswith(f"AWS_SECRET_ACCESS_KEY={MASK} aws s3 cp")
    assert stored.arguments["headers"]["Authorization"] == MASK
    assert "postgres://app:" in stored.error


def test_the_distillation_prompt_never_shows_a_secret():
    trajectory = SimpleNamespace(
        session_key="s",
        scope=SimpleNamespace(path="a/b"),
        project_ref="",
        outcome="failure",
        event_count=1,
        duration_seconds=3,
    )
    stored_before_redaction = SimpleNamespace(
        tool_name="Bash",
        arguments={"command": COMMAND},
        return_value=None,
        error=OUTPUT,
        duration_ms=5.0,
        context={"token": SECRET},
    )
    prompt = user_prompt(trajectory, [stored_before_redaction])
    assert SECRET not in prompt
    assert "aws s3 cp dump.sql" in prompt


@pytest.mark.django_db
def test_error_capture_and_the_learning_engine_store_no_secret(agent_client):
    captured = agent_client.post(
        "/api/v1/hindsight/errors",
        {"message": OUTPUT, "command": COMMAND, "session": "s1", "tool_use_id": "t1"},
        format="json",
    )
    observed = agent_client.post(
        "/api/v1/tool-results",
        {"tool_name": "Bash", "params": {"command": COMMAND}, "error": OUTPUT, "session": "s1"},
        format="json",
    )
    assert captured.status_code == 201 and observed.status_code == 200
    occurrence = ErrorOccurrence.objects.get()
    assert SECRET not in occurrence.message
    assert "postgres://app:" in occurrence.message
    learning = Learning.objects.get()
    assert SECRET not in learning.diagnosis
    assert SECRET not in str(learning.context)
    assert SECRET not in learning.error_pattern
