from datetime import timedelta

import pytest
from django.utils import timezone

from governance.models import Escalation
from lessons.models import AgentMemory, Lesson
from lessons.services.processing import lessons_process, lessons_sweep, lessons_unprocessed
from tests.governance.factories import AgentCredentialFactory
from tests.lessons.factories import lesson_payload

pytestmark = pytest.mark.django_db


def test_the_worker_marks_a_lesson_processed(agent_client, report):
    body = report(agent_client, severity="critical")
    lesson = Lesson.objects.get(pk=body["lesson_id"])
    assert lesson.processed_at is not None
    assert lessons_unprocessed() == []


def test_the_sweep_processes_a_lesson_whose_task_never_ran(agent_client, report):
    body = report(agent_client, severity="critical", run_worker=False)
    Lesson.objects.filter(pk=body["lesson_id"]).update(
        last_occurred=timezone.now() - timedelta(minutes=5)
    )
    assert not Escalation.objects.exists()

    assert lessons_sweep() == 1

    assert Escalation.objects.filter(lesson_id=body["lesson_id"]).exists()
    assert lessons_sweep() == 0


def test_an_occurrence_after_processing_is_swept_again(agent_client, report):
    body = report(agent_client)
    Lesson.objects.filter(pk=body["lesson_id"]).update(
        processed_at=timezone.now() - timedelta(minutes=10),
        last_occurred=timezone.now() - timedelta(minutes=5),
    )
    assert lessons_unprocessed() == [Lesson.objects.get().pk]


def test_a_report_succeeds_when_the_broker_is_down(
    agent_client, celery_broker, django_capture_on_commit_callbacks
):
    from mnemosyne_site.models import OutboxMessage

    celery_broker("redis://127.0.0.1:1/0")  # a real broker URL where nothing listens
    with django_capture_on_commit_callbacks(execute=True):
        response = agent_client.post("/lessons/report", lesson_payload(), format="json")

    assert response.status_code == 200
    lesson = Lesson.objects.get()
    assert lesson.processed_at is None  # not processed yet: the task waits in the outbox
    kept = OutboxMessage.objects.get()
    assert kept.task_name == "lessons.lesson_process" and kept.args == [str(lesson.pk)]


def test_lessons_processed_together_get_what_each_would_get_alone(agent_client, report):
    AgentCredentialFactory(name="HADES", domain="docker")
    critical = report(
        agent_client, title="Critical docker crash", severity="critical", run_worker=False
    )
    anti = report(
        agent_client,
        lesson_type="anti_pattern",
        title="Never prune volumes in prod",
        action_taken="docker volume prune",
        severity="critical",
        run_worker=False,
    )
    minor = report(
        agent_client,
        title="Minor caddy note",
        domain="caddy",
        category="web",
        tags=["caddy"],
        context="Caddy config reload",
        outcome="Reloaded fine",
        severity="low",
        run_worker=False,
    )
    ids = [critical["lesson_id"], anti["lesson_id"], minor["lesson_id"]]

    results = lessons_process(lesson_ids=ids)

    reasons = {
        lesson_id: sorted(
            Escalation.objects.filter(lesson_id=lesson_id).values_list("escalated_to", "reason")
        )
        for lesson_id in ids
    }
    assert reasons[critical["lesson_id"]] == [
        ("ARIA", "Critical issue"),
        ("domain_supervisor", "Domain issue"),
    ]
    assert reasons[anti["lesson_id"]] == [
        ("ARIA", "Critical issue"),
        ("ARIA", "New anti-pattern"),
        ("domain_supervisor", "Domain issue"),
    ]
    assert reasons[minor["lesson_id"]] == []
    assert [len(results[i]["escalations"]) for i in ids] == [2, 3, 0]
    assert results[critical["lesson_id"]]["propagated_to"] == ["HADES"]
    assert results[minor["lesson_id"]]["propagated_to"] == []
    memory = AgentMemory.objects.get(agent_name="HADES")
    assert set(memory.propagated_lesson_ids) == {Lesson.objects.get(pk=i).pk for i in ids[:2]}
    assert lessons_unprocessed() == []
    assert not Lesson.objects.filter(processed_at__isnull=True).exists()

    again = lessons_process(lesson_ids=ids)  # a second run changes nothing
    assert [again[i]["escalations"] for i in ids] == [results[i]["escalations"] for i in ids]
    assert Escalation.objects.count() == 5
    assert len(AgentMemory.objects.get(agent_name="HADES").propagated_lesson_ids) == 2
