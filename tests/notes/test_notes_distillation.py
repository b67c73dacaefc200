import json
import time

import pytest
from prometheus_client import REGISTRY

from governance.models import AuditLog
from notes import conf
from notes.models import DistillationStatus, KnowledgeItem, Trajectory
from tests.governance.factories import AgentCredentialFactory
from tests.notes.notes_helpers import event, session_events
from tests.openai_loopback import CHAT_PATH

EVENTS = "/api/v1/trajectories/events"
END = "/api/v1/trajectories/end"

LLM_NOTE = {
    "title": "Fix a failing payments build by pinning the Postgres image",
    "context": "The payments API build failed: integration tests could not reach Postgres.",
    "solution": "Pinned the Postgres image to 16 and waited for readiness before the tests.",
    "key_patterns": ["Wait for service readiness", "Pin images in CI"],
    "code_examples": [{"language": "bash", "code": "pg_isready -h db", "description": "wait"}],
    "tags": ["ci", "postgres", "#Docker"],
}


def _metric(name, **labels):
    return REGISTRY.get_sample_value(name, labels or None) or 0


@pytest.fixture
def llm(settings, openai_server):
    settings.LLM_BASE_URL = openai_server.base_url
    settings.LLM_MAX_RETRIES = 0
    return openai_server


@pytest.fixture
def no_llm(settings):
    settings.LLM_BASE_URL = ""


def _run_session(client, capture, *, session="s-1", events=None, outcome="success"):
    events = events if events is not None else session_events(4)
    response = client.post(
        EVENTS,
        {"session": session, "user": "alice", "project": "payments-api", "events": events},
        format="json",
    )
    assert response.status_code == 200, response.json()
    with capture(execute=True):
        response = client.post(END, {"session": session, "outcome": outcome}, format="json")
    assert response.status_code == 200
    return Trajectory.objects.get(session_key=session)


@pytest.mark.django_db
def test_a_successful_session_is_distilled_through_the_llm_into_a_draft_pattern(
    agent_client, llm, scope_tree, django_capture_on_commit_callbacks
):
    llm.queue_chat(LLM_NOTE, model="loopback-model-2")
    successes = _metric("note_taking_distillation_total", status="success")
    durations = _metric("note_taking_distillation_duration_ms_count")
    trajectory = _run_session(agent_client, django_capture_on_commit_callbacks)

    assert trajectory.distillation_status == DistillationStatus.SUCCEEDED
    note = trajectory.note
    assert note.kind == "pattern" and note.status == "draft"
    assert note.scope == scope_tree["project"]
    assert note.title == LLM_NOTE["title"]
    for section in ("## Context", "## Solution", "## Key Patterns", "## Code Examples", "## Tags"):
        assert section in note.content
    assert "pg_isready -h db" in note.content
    assert note.tags == ["ci", "postgres", "docker"]
    assert note.embedding is not None
    meta = note.metadata
    assert meta["source_trajectory_id"] == str(trajectory.pk)
    assert meta["llm_model_used"] == "loopback-model-2"
    assert (meta["session_id"], meta["user_id"], meta["project_id"]) == (
        "s-1",
        "alice",
        "payments-api",
    )
    assert meta["distillation_timestamp"]

    request = llm.requests_to(CHAT_PATH)[0].json
    prompt = request["messages"][1]["content"]
    for asked in (
        "## Context: What problem was being solved?",
        "## Solution: What approach worked?",
        "## Key Patterns: What reusable patterns emerged?",
        "## Code Examples: Relevant code snippets (if applicable)",
        "## Tags: Suggested categorization tags",
    ):
        assert asked in prompt
    assert "Bash(" in prompt  # the tool calls themselves are in the prompt
    assert request["response_format"] == {"type": "json_object"}
    assert _metric("note_taking_distillation_total", status="success") == successes + 1
    assert _metric("note_taking_distillation_duration_ms_count") == durations + 1
    assert AuditLog.objects.filter(action="note.create", target_id=str(note.pk)).exists()


@pytest.mark.django_db
def test_without_an_llm_the_extractive_distiller_builds_the_same_sections(
    agent_client, no_llm, django_capture_on_commit_callbacks
):
    start = time.time() - 300
    events = [
        event(
            "Read",
            started_at=start,
            arguments={"file_path": "app/settings.py"},
            context={"task": "Make the payments API start with the new config loader"},
        ),
        event(
            "Bash",
            started_at=start + 20,
            arguments={"command": "pytest -x tests/config"},
            error="ImportError: cannot import name 'load' from 'config'",
        ),
        event("Edit", started_at=start + 40, arguments={"file_path": "app/config.py"}),
        event("Bash", started_at=start + 60, arguments={"command": "pytest -x tests/config -q"}),
    ]
    trajectory = _run_session(agent_client, django_capture_on_commit_callbacks, events=events)

    assert trajectory.distillation_status == DistillationStatus.SUCCEEDED
    note = trajectory.note
    assert note.metadata["llm_model_used"] == "extractive"
    assert note.title == "Make the payments API start with the new config loader"
    content = note.content
    for section in ("## Context", "## Solution", "## Key Patterns", "## Code Examples", "## Tags"):
        assert section in content
    assert "ImportError" in content  # the error met on the way
    assert "pytest -x tests/config -q" in content  # the recovery and the code example
    assert "Read → Bash → Edit" in content
    assert "importerror" in note.tags and "bash" in note.tags and "payments-api" in note.tags
    assert note.status == "draft" and note.embedding is not None


@pytest.mark.django_db
def test_llm_failures_are_retried_with_backoff_then_recorded_and_can_be_requeued(
    agent_client, llm, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(conf, "DISTILL_MAX_ATTEMPTS", 3)
    for _ in range(3):
        llm.queue_error(CHAT_PATH, 503)
    errors = _metric("note_taking_distillation_total", status="error")
    trajectory = _run_session(agent_client, django_capture_on_commit_callbacks)

    assert len(llm.requests_to(CHAT_PATH)) == 3  # one call per attempt
    assert trajectory.distillation_status == DistillationStatus.FAILED
    assert trajectory.distill_attempts == 3
    assert "after 3 attempts" in trajectory.distillation_reason
    assert trajectory.note is None and trajectory.events.count() == 4  # nothing lost
    assert _metric("note_taking_distillation_total", status="error") == errors + 1

    llm.queue_chat(LLM_NOTE)
    with django_capture_on_commit_callbacks(execute=True):
        response = agent_client.post(f"/api/v1/trajectories/{trajectory.pk}/distill")
    assert response.status_code == 202
    trajectory.refresh_from_db()
    assert trajectory.distillation_status == DistillationStatus.SUCCEEDED
    assert trajectory.note.title == LLM_NOTE["title"]


@pytest.mark.django_db
def test_an_unusable_llm_reply_counts_as_a_failure_not_a_note(
    agent_client, llm, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(conf, "DISTILL_MAX_ATTEMPTS", 2)
    llm.queue_chat({"title": "no sections"})
    llm.queue_chat("not json at all")
    trajectory = _run_session(agent_client, django_capture_on_commit_callbacks)
    assert trajectory.distillation_status == DistillationStatus.FAILED
    assert not KnowledgeItem.objects.exists()


@pytest.mark.django_db
def test_a_near_duplicate_note_is_not_created_and_the_existing_one_is_referenced(
    agent_client, llm, django_capture_on_commit_callbacks, caplog
):
    llm.queue_chat(LLM_NOTE)
    first = _run_session(agent_client, django_capture_on_commit_callbacks, session="a")
    llm.queue_chat(dict(LLM_NOTE, title=LLM_NOTE["title"] + "."))
    other_tools = session_events(5, tools=["Grep", "Read", "Bash"])
    with caplog.at_level("INFO", logger="notes.distillation.service"):
        second = _run_session(
            agent_client, django_capture_on_commit_callbacks, session="b", events=other_tools
        )
    assert first.trajectory_hash != second.trajectory_hash
    assert second.distillation_status == DistillationStatus.DUPLICATE
    assert second.note == first.note
    assert KnowledgeItem.objects.count() == 1
    first.note.refresh_from_db()
    assert first.note.reference_count == 2
    assert any("duplicate note detected" in r.getMessage() for r in caplog.records)
    assert AuditLog.objects.filter(action="note.reference").exists()


@pytest.mark.django_db
def test_a_repeated_trajectory_references_the_note_without_calling_the_llm(
    agent_client, llm, django_capture_on_commit_callbacks
):
    llm.queue_chat(LLM_NOTE)
    events = session_events(4)
    first = _run_session(
        agent_client, django_capture_on_commit_callbacks, session="a", events=events
    )
    again = [dict(e, event_id=f"{e['event_id'][:-4]}ffff") for e in events]
    second = _run_session(
        agent_client, django_capture_on_commit_callbacks, session="b", events=again
    )
    assert second.distillation_status == DistillationStatus.DUPLICATE
    assert second.note == first.note
    assert len(llm.requests_to(CHAT_PATH)) == 1


@pytest.mark.django_db
def test_distilling_twice_stores_one_note(agent_client, llm, django_capture_on_commit_callbacks):
    from notes.tasks import distill_trajectory

    llm.queue_chat(LLM_NOTE)
    trajectory = _run_session(agent_client, django_capture_on_commit_callbacks)
    assert distill_trajectory.delay(str(trajectory.pk)).get() == DistillationStatus.SUCCEEDED
    assert KnowledgeItem.objects.count() == 1
    assert len(llm.requests_to(CHAT_PATH)) == 1


@pytest.mark.django_db
def test_a_trivial_session_counts_as_a_skip(
    agent_client, no_llm, django_capture_on_commit_callbacks
):
    skips = _metric("note_taking_distillation_total", status="skip")
    trajectory = _run_session(
        agent_client, django_capture_on_commit_callbacks, events=session_events(2)
    )
    assert trajectory.distillation_status == DistillationStatus.SKIPPED
    assert _metric("note_taking_distillation_total", status="skip") == skips + 1
    assert not KnowledgeItem.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("setting", "layer"), [("project", "project"), ("session", "session")])
def test_a_session_trajectory_yields_a_project_note_by_default(
    api_client, no_llm, scope_tree, django_capture_on_commit_callbacks, monkeypatch, setting, layer
):
    from governance.services import scope_ensure_path

    monkeypatch.setattr(conf, "DISTILL_SESSION_NOTES_LAYER", setting)
    session_scope = scope_ensure_path(path="acme/platform/payments/api/sess-42")
    token = AgentCredentialFactory(name="sess-agent", scopes=[session_scope]).token
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    trajectory = _run_session(api_client, django_capture_on_commit_callbacks)
    assert trajectory.scope == session_scope
    assert trajectory.note.scope.layer == layer
    expected = session_scope if layer == "session" else scope_tree["project"]
    assert trajectory.note.scope == expected
    assert trajectory.note.metadata["trajectory_scope"] == session_scope.path


def test_the_prompt_keeps_the_first_and_last_calls_of_a_long_session(monkeypatch):
    from types import SimpleNamespace

    from notes.distillation.prompt import user_prompt

    monkeypatch.setattr(conf, "DISTILL_MAX_PROMPT_EVENTS", 6)
    events = [
        SimpleNamespace(
            tool_name=f"T{i}",
            arguments={"i": i},
            return_value="ok",
            error="",
            duration_ms=1.0,
            context={},
        )
        for i in range(20)
    ]
    trajectory = SimpleNamespace(
        session_key="s",
        scope=SimpleNamespace(path="a/b"),
        project_ref="",
        outcome="success",
        event_count=20,
        duration_seconds=100,
    )
    prompt = user_prompt(trajectory, events)
    assert "T0(" in prompt and "T3(" in prompt and "T19(" in prompt
    assert "T10(" not in prompt
    assert "14 calls in the middle left out" in prompt
    assert json.dumps({"i": 19}) in prompt
