from datetime import timedelta

import pytest
from django.utils import timezone

from governance.models import Escalation
from lessons.models import Lesson
from lessons.services.processing import lessons_sweep, lessons_unprocessed
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
