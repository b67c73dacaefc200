"""Admin actions, the management command, periodic tasks, metrics and the API schema."""

import pytest
from django.core.management import call_command
from django.test import Client
from prometheus_client.parser import text_string_to_metric_families

from governance import conf as governance_conf
from governance.models import AuditLog
from notes.models import DistillationStatus, KnowledgeItem, Trajectory
from tests.notes.factories import KnowledgeItemFactory
from tests.notes.notes_helpers import session_events


@pytest.fixture
def admin_client_(django_user_model):
    user = django_user_model.objects.create_superuser("root", "root@example.com", "pw")
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_the_admin_lists_notes_and_its_accept_action_is_audited(admin_client_, scope_tree):
    note = KnowledgeItemFactory(title="Admin-visible note")
    page = admin_client_.get("/admin/notes/knowledgeitem/")
    assert page.status_code == 200 and b"Admin-visible note" in page.content
    response = admin_client_.post(
        "/admin/notes/knowledgeitem/",
        {"action": "accept", "_selected_action": [str(note.pk)]},
    )
    assert response.status_code == 302
    note.refresh_from_db()
    assert note.status == "accepted"
    assert AuditLog.objects.get(action="note.accepted").actor == "root"


@pytest.mark.django_db
def test_the_admin_shows_a_trajectory_with_its_events(admin_client_, agent_client):
    agent_client.post(
        "/api/v1/trajectories/events", {"session": "s", "events": session_events(3)}, format="json"
    )
    trajectory = Trajectory.objects.get()
    page = admin_client_.get(f"/admin/notes/trajectory/{trajectory.pk}/change/")
    assert page.status_code == 200 and b"Bash" in page.content and b"Edit" in page.content
    for url in (
        "/admin/notes/skill/",
        "/admin/notes/externalref/",
        "/admin/notes/trajectory/",
        "/admin/notes/noteretrieval/",
        "/admin/notes/sessionfeedback/",
    ):
        assert admin_client_.get(url).status_code == 200


@pytest.mark.django_db
def test_the_command_distils_failed_trajectories_again(agent_client, settings, capsys):
    settings.LLM_BASE_URL = ""
    agent_client.post(
        "/api/v1/trajectories/events", {"session": "s", "events": session_events(4)}, format="json"
    )
    agent_client.post(
        "/api/v1/trajectories/end", {"session": "s", "outcome": "success"}, format="json"
    )  # on-commit task not run: the trajectory waits
    Trajectory.objects.update(distillation_status=DistillationStatus.FAILED)
    call_command("distill_trajectories", "--now")
    assert capsys.readouterr().out.strip() == "nothing to do"
    call_command("distill_trajectories", "--now", "--failed")
    assert "1 succeeded" in capsys.readouterr().out
    assert KnowledgeItem.objects.get().metadata["llm_model_used"] == "extractive"


@pytest.mark.django_db
def test_the_sweep_resends_distillations_whose_task_was_lost(
    agent_client, settings, django_capture_on_commit_callbacks
):
    from notes.tasks import sweep_distillations

    settings.LLM_BASE_URL = ""
    agent_client.post(
        "/api/v1/trajectories/events", {"session": "s", "events": session_events(4)}, format="json"
    )
    agent_client.post(
        "/api/v1/trajectories/end", {"session": "s", "outcome": "success"}, format="json"
    )
    assert Trajectory.objects.get().distillation_status == "pending"
    with django_capture_on_commit_callbacks(execute=True):  # the re-sent task, after commit
        assert sweep_distillations.delay(older_than_seconds=0).get() == 1
    assert Trajectory.objects.get().distillation_status == "succeeded"


@pytest.mark.django_db
def test_the_periodic_tasks_are_declared_for_beat():
    from django_celery_beat.models import PeriodicTask

    call_command("setup_periodic_tasks")
    tasks = set(PeriodicTask.objects.values_list("task", flat=True))
    assert {"notes.distillations_sweep", "notes.note_quality_sweep"} <= tasks
    from mnemosyne_site.celery import app

    app.loader.import_default_modules()
    assert "notes.distillations_sweep" in app.tasks


@pytest.mark.django_db
def _scraped(name: str) -> float:
    """One sample's value as /metrics serves it (0 before it exists)."""
    text = Client().get("/metrics").content.decode()
    samples = {s.name: s.value for f in text_string_to_metric_families(text) for s in f.samples}
    return samples.get(name, 0.0)


def test_a_search_is_counted_on_the_metrics_endpoint(agent_client, monkeypatch):
    monkeypatch.setattr(governance_conf, "INJECT_DRAFTS", True)  # the factory's note is a draft
    KnowledgeItemFactory(title="A note")
    searches = _scraped("note_taking_retrieval_results_count_count")
    returned = _scraped("note_taking_retrieval_results_count_sum")
    timed = _scraped("note_taking_retrieval_latency_ms_count")

    response = agent_client.post("/api/v1/notes/search", {"query": "note"}, format="json")

    found = len(response.json()["results"])
    assert found == 1
    assert _scraped("note_taking_retrieval_results_count_count") - searches == 1
    assert _scraped("note_taking_retrieval_results_count_sum") - returned == found
    assert _scraped("note_taking_retrieval_latency_ms_count") - timed == 1


def test_the_metrics_endpoint_exposes_the_specs_names():
    text = Client().get("/metrics").content.decode()
    for name in (
        "note_taking_distillation_duration_ms",
        "note_taking_distillation_total",
        "note_taking_retrieval_results_count",
        "note_taking_retrieval_latency_ms",
        "note_taking_capture_batch_size",
    ):
        assert f"# TYPE {name} " in text


def test_every_notes_endpoint_is_in_the_openapi_schema():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    paths = schema["paths"]
    for path in (
        "/api/v1/notes/search",
        "/api/v1/notes/feedback",
        "/api/v1/notes/{id}/transition",
        "/api/v1/notes/{id}/promote",
        "/api/v1/notes/{id}/merge",
        "/api/v1/trajectories/events",
        "/api/v1/trajectories/end",
        "/api/v1/trajectories/{id}/distill",
        "/api/v1/knowledge/keys/{key}",
        "/api/v1/knowledge/search",
        "/api/v1/knowledge/semantic-search",
        "/api/v1/skills",
        "/api/v1/skills/active",
        "/api/v1/skills/{name}/activate",
        "/api/v1/skills/{name}/usage",
        "/api/v1/external-refs/{name}",
    ):
        assert path in paths, path
    batch = schema["components"]["schemas"]["TrajectoryEventBatchRequest"]
    assert "events" in batch["properties"]


@pytest.mark.django_db
def test_knowledge_items_leave_room_for_hot_counter_updates():
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = 'notes_knowledgeitem'")
        assert "fillfactor=70" in cursor.fetchone()[0]


@pytest.mark.django_db
def test_the_dashboard_section_counts_only_what_the_viewer_may_read(member, outsider):
    from governance.auth import Principal
    from governance.registry import dashboard_providers

    KnowledgeItemFactory(title="Visible", status="accepted", retrieval_count=3, usefulness_score=2)
    KnowledgeItemFactory(title="Also visible", low_quality=True)
    provider = dashboard_providers()["notes"]
    mine = provider(Principal.for_user(member))
    assert mine["notes_by_status"] == {"accepted": 1, "draft": 1}
    assert mine["low_quality"] == 1
    assert mine["top_notes"][0]["title"] == "Visible"
    theirs = provider(Principal.for_user(outsider))
    assert theirs["notes_by_status"] == {} and theirs["top_notes"] == []
