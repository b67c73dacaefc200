import time
import uuid

import pytest
from prometheus_client import REGISTRY

from notes import conf
from notes.models import DistillationStatus, Trajectory, TrajectoryEvent
from tests.clients import client_for
from tests.governance.factories import AgentCredentialFactory
from tests.notes.notes_helpers import event, session_events

EVENTS = "/api/v1/trajectories/events"
END = "/api/v1/trajectories/end"


def _post(client, events, **batch):
    return client.post(EVENTS, {"session": "s-1", **batch, "events": events}, format="json")


@pytest.mark.django_db
def test_it_stores_a_batch_with_every_captured_field(agent_client, scope_tree):
    parent = event("Task", started_at=1_700_000_000.0, context={"task": "fix the build"})
    child = event(
        "Bash",
        started_at=1_700_000_001.5,
        duration_ms=250,
        arguments={"command": "make test"},
        return_value={"exit": 1},
        error="make: *** [test] Error 1",
        parent_event_id=parent["event_id"],
        user="alice",
        project="api",
    )
    response = _post(agent_client, [child, parent], user="bob")
    assert response.status_code == 200, response.json()
    assert response.json()["stored"] == 2 and response.json()["duplicates"] == 0

    trajectory = Trajectory.objects.get()
    assert trajectory.scope == scope_tree["project"]
    assert trajectory.session_key == "s-1"
    assert trajectory.event_count == 2 and trajectory.failed_count == 1
    # Ordered by start time, whatever order they arrived in.
    stored = list(trajectory.events.all())
    assert [e.tool_name for e in stored] == ["Task", "Bash"]
    bash = stored[1]
    assert bash.arguments == {"command": "make test"}
    assert bash.return_value == {"exit": 1}
    assert bash.error.startswith("make:")
    assert str(bash.parent_event_id) == parent["event_id"]
    assert stored[0].context == {"task": "fix the build"}
    assert bash.duration_ms == 250
    assert trajectory.duration_seconds == pytest.approx(1.75)


@pytest.mark.django_db
def test_a_resent_batch_is_stored_once(agent_client):
    events = session_events(5)
    assert _post(agent_client, events).json()["stored"] == 5
    again = _post(agent_client, events[2:] + [event("Read")])
    assert again.status_code == 200
    assert again.json() | {"trajectories": None} == {
        "received": 4,
        "stored": 1,
        "duplicates": 3,
        "trajectories": None,
    }
    assert TrajectoryEvent.objects.count() == 6
    assert Trajectory.objects.get().event_count == 6


@pytest.mark.django_db
def test_an_oversized_batch_is_refused_whole_with_413(agent_client, monkeypatch):
    monkeypatch.setattr(conf, "TRAJECTORY_MAX_BATCH_EVENTS", 3)
    response = _post(agent_client, session_events(4))
    assert response.status_code == 413
    assert response.json()["error"] == "payload_too_large"
    assert "events" in response.json()["fields"]
    assert not TrajectoryEvent.objects.exists() and not Trajectory.objects.exists()


@pytest.mark.django_db
def test_a_bad_event_is_refused_naming_its_field_and_nothing_is_stored(agent_client):
    good, bad = event("Read"), event("Bash", started_at="yesterday")
    missing_id = event("Grep")
    del missing_id["event_id"]
    response = _post(agent_client, [good, bad, missing_id])
    assert response.status_code == 400
    fields = response.json()["fields"]
    assert "events[1].started_at" in fields
    assert "events[2].event_id" in fields
    assert not TrajectoryEvent.objects.exists()


@pytest.mark.django_db
def test_an_oversized_field_is_refused_naming_it(agent_client, monkeypatch):
    monkeypatch.setattr(conf, "TRAJECTORY_MAX_FIELD_BYTES", 1000)
    response = _post(agent_client, [event("Read", return_value="x" * 2000)])
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["events[0].return_value"]


@pytest.mark.django_db
def test_an_event_without_a_session_is_refused(agent_client):
    response = agent_client.post(EVENTS, {"events": [event("Read")]}, format="json")
    assert response.status_code == 400
    assert "events[0].session" in response.json()["fields"]


@pytest.mark.django_db
def test_nul_characters_are_dropped_not_fatal(agent_client):
    response = _post(agent_client, [event("Read", return_value="a\x00b", error="bad\x00byte")])
    assert response.status_code == 200
    stored = TrajectoryEvent.objects.get()
    assert stored.return_value == "ab" and stored.error == "badbyte"


@pytest.mark.django_db
def test_an_agent_cannot_capture_into_a_scope_it_cannot_write(agent_client, scope_tree):
    response = _post(agent_client, [event("Read")], scope="acme/platform/search/indexer")
    assert response.status_code in (400, 403)
    assert not TrajectoryEvent.objects.exists()


@pytest.mark.django_db
def test_a_read_only_agent_cannot_capture(api_client, scope_tree):
    token = AgentCredentialFactory(name="reader", can_write=False).token
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert _post(api_client, [event("Read")]).status_code == 403


@pytest.mark.django_db
def test_ingest_runs_a_fixed_number_of_queries_whatever_the_batch_size(
    agent_client, django_assert_max_num_queries
):
    _post(agent_client, session_events(2))  # the credential is warm
    with django_assert_max_num_queries(12):
        response = _post(agent_client, session_events(200, spacing_s=0.5))
    assert response.json()["stored"] == 200


@pytest.mark.django_db
def test_ingest_emits_the_capture_batch_size_metric(agent_client):
    before = REGISTRY.get_sample_value("note_taking_capture_batch_size_count") or 0
    total_before = REGISTRY.get_sample_value("note_taking_capture_batch_size_sum") or 0
    _post(agent_client, session_events(7))
    assert REGISTRY.get_sample_value("note_taking_capture_batch_size_count") == before + 1
    assert REGISTRY.get_sample_value("note_taking_capture_batch_size_sum") == total_before + 7


# --- session end ------------------------------------------------------------------------------


def _end(client, outcome="success", session="s-1"):
    return client.post(END, {"session": session, "outcome": outcome}, format="json")


@pytest.mark.django_db
def test_equal_tool_sequences_get_equal_trajectory_hashes(agent_client):
    start = time.time() - 1000
    first = session_events(3, start=start)
    second = [dict(e, event_id=str(uuid.uuid4()), return_value="other") for e in first]
    third = [dict(e, event_id=str(uuid.uuid4())) for e in first]
    third[1]["arguments"] = {"command": "something else"}
    for session, events in (("a", first), ("b", second), ("c", third)):
        _post(agent_client, events, session=session)
        _end(agent_client, "failure", session)
    hashes = dict(Trajectory.objects.values_list("session_key", "trajectory_hash"))
    assert len(hashes["a"]) == 64
    assert hashes["a"] == hashes["b"]
    assert hashes["a"] != hashes["c"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("n", "spacing", "outcome", "reason"),
    [
        (2, 30.0, "success", "fewer than 3"),
        (5, 2.0, "success", "less than 30"),
        (5, 30.0, "failure", "outcome is failure"),
    ],
)
def test_it_skips_distilling_trivial_or_failed_sessions_with_the_reason(
    agent_client, n, spacing, outcome, reason, caplog
):
    _post(agent_client, session_events(n, spacing_s=spacing))
    with caplog.at_level("INFO", logger="notes.services.trajectories"):
        response = _end(agent_client, outcome)
    assert response.status_code == 200
    assert response.json()["distillation_status"] == DistillationStatus.SKIPPED
    assert reason in response.json()["distillation_reason"]
    assert any(reason in r.getMessage() for r in caplog.records)


@pytest.mark.django_db
def test_ending_a_session_twice_changes_nothing(agent_client):
    _post(agent_client, session_events(2))
    first = _end(agent_client, "failure").json()
    second = _end(agent_client, "success").json()
    assert second["outcome"] == "failure" and second["ended_at"] == first["ended_at"]


@pytest.mark.django_db
def test_people_see_trajectories_of_their_scopes_only(agent_client, member, outsider):
    _post(agent_client, session_events(2))
    mine = client_for(member).get("/api/v1/trajectories")
    assert [t["session"] for t in mine.json()["results"]] == ["s-1"]
    theirs = client_for(outsider).get("/api/v1/trajectories")
    assert theirs.json()["results"] == []
    trajectory_id = mine.json()["results"][0]["id"]
    detail = client_for(member).get(f"/api/v1/trajectories/{trajectory_id}")
    assert len(detail.json()["events"]) == 2
    assert client_for(outsider).get(f"/api/v1/trajectories/{trajectory_id}").status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("started_at", 1e300),
        ("started_at", "9999-12-31T23:59:59Z"),
        ("started_at", True),
        ("duration_ms", 1e300),
        ("duration_ms", -1),
        ("seq", 2**70),
        ("parent_event_id", "not-a-uuid"),
        ("context", ["not", "an", "object"]),
        ("error", 42),
        ("tool_name", ""),
    ],
)
def test_out_of_range_values_are_refused_naming_the_field(agent_client, field, value):
    response = _post(agent_client, [event("Read", **{field: value})])
    assert response.status_code == 400
    assert list(response.json()["fields"]) == [f"events[0].{field}"]


@pytest.mark.django_db
@pytest.mark.parametrize("body", [[], [1, 2], "text", {"events": "x"}, {"events": [1]}])
def test_malformed_bodies_get_400_not_500(agent_client, body):
    response = agent_client.post(EVENTS, body, format="json")
    assert response.status_code == 400
