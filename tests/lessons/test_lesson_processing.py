from collections import Counter
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from governance.models import Escalation
from lessons.models import AgentMemory, Lesson, LessonPending, LessonProcessing
from lessons.services.processing import (
    _mark_processed,
    lesson_process,
    lessons_pending,
    lessons_process,
    lessons_sweep,
    lessons_unprocessed,
)
from tests.governance.factories import AgentCredentialFactory
from tests.lessons.factories import lesson_payload

pytestmark = pytest.mark.django_db


def _processed_at(lesson_id):
    """The lesson's processed mark (None: never processed)."""
    mark = LessonProcessing.objects.filter(lesson_id=lesson_id).first()
    return mark.processed_at if mark else None


def test_the_worker_marks_a_lesson_processed(agent_client, report):
    body = report(agent_client, severity="critical")
    lesson = Lesson.objects.get(pk=body["lesson_id"])
    assert _processed_at(lesson.pk) == lesson.last_occurred
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
    LessonProcessing.objects.filter(lesson_id=body["lesson_id"]).update(
        processed_at=timezone.now() - timedelta(minutes=10)
    )
    Lesson.objects.filter(pk=body["lesson_id"]).update(
        last_occurred=timezone.now() - timedelta(minutes=5)
    )
    assert lessons_unprocessed() == [Lesson.objects.get().pk]


def _pending():
    return dict(LessonPending.objects.values_list("lesson_id", "occurred"))


def test_the_queue_holds_each_lesson_until_a_run_reads_its_latest_occurrence(agent_client, report):
    body = report(agent_client, title="Flaky deploy", run_worker=False)
    lesson = Lesson.objects.get(pk=body["lesson_id"])
    assert _pending() == {lesson.pk: lesson.last_occurred}
    assert lessons_pending(since=lesson.last_occurred, limit=10) == [lesson.pk]

    lessons_process(lesson_ids=[lesson.pk])
    assert _pending() == {}
    assert lessons_pending(since=lesson.last_occurred, limit=10) == []

    report(agent_client, title="Flaky deploy", run_worker=False)  # an occurrence queues it again
    again = Lesson.objects.get(pk=lesson.pk)
    assert _pending() == {lesson.pk: again.last_occurred}
    Lesson.objects.filter(pk=lesson.pk).update(title="Flaky deploy, renamed")  # not an occurrence
    assert _pending() == {lesson.pk: again.last_occurred}


def test_an_occurrence_reported_while_a_run_reads_the_lesson_stays_queued(agent_client, report):
    body = report(agent_client, title="Flaky deploy", run_worker=False)
    read = Lesson.objects.get(pk=body["lesson_id"])  # what a run read
    report(agent_client, title="Flaky deploy", run_worker=False)  # then a report moved it on
    newer = Lesson.objects.get(pk=read.pk).last_occurred

    _mark_processed([read])

    assert _processed_at(read.pk) == read.last_occurred
    assert _pending() == {read.pk: newer}
    assert lessons_pending(since=read.last_occurred, limit=10) == [read.pk]


def test_the_drain_takes_only_pending_lessons_oldest_first(agent_client, report):
    crashes = [
        ("Registry pull stalls the deploy", "Pulling the image from the private registry"),
        ("Database migration locks the orders table", "Adding a column during business hours"),
        ("Certificate renewal breaks the ingress", "The ACME client rotated the TLS secret"),
    ]
    ids = [
        report(agent_client, title=t, context=c, run_worker=False)["lesson_id"] for t, c in crashes
    ]
    assert len(set(ids)) == 3
    oldest = Lesson.objects.get(pk=ids[0]).last_occurred
    lessons_process(lesson_ids=[ids[1]])

    assert [str(pk) for pk in lessons_pending(since=oldest, limit=10)] == [ids[0], ids[2]]
    assert [str(pk) for pk in lessons_pending(since=oldest, limit=1)] == [ids[0]]


def test_a_deleted_lesson_leaves_the_queue(agent_client, report):
    body = report(agent_client, run_worker=False)
    Lesson.objects.filter(pk=body["lesson_id"]).delete()
    assert _pending() == {}


def test_a_report_succeeds_when_the_broker_is_down(
    agent_client, celery_broker, django_capture_on_commit_callbacks
):
    from mnemosyne_site.models import OutboxMessage

    celery_broker("redis://127.0.0.1:1/0")  # a real broker URL where nothing listens
    with django_capture_on_commit_callbacks(execute=True):
        response = agent_client.post("/lessons/report", lesson_payload(), format="json")

    assert response.status_code == 200
    lesson = Lesson.objects.get()
    assert _processed_at(lesson.pk) is None  # not processed yet: the task waits in the outbox
    kept = OutboxMessage.objects.get()
    assert kept.task_name == "lessons.lesson_process"
    assert kept.args == [str(lesson.pk), lesson.last_occurred.isoformat()]


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
    assert not Lesson.objects.filter(processing__isnull=True).exists()

    again = lessons_process(lesson_ids=ids)  # a second run changes nothing
    assert [again[i]["escalations"] for i in ids] == [results[i]["escalations"] for i in ids]
    assert Escalation.objects.count() == 5
    assert len(AgentMemory.objects.get(agent_name="HADES").propagated_lesson_ids) == 2


def _queued(lesson_id) -> tuple[str, str]:
    """The arguments a report's task carries: the lesson and the occurrence it wrote."""
    return str(lesson_id), Lesson.objects.get(pk=lesson_id).last_occurred.isoformat()


def test_one_task_processes_the_lessons_queued_behind_it_and_theirs_then_do_nothing(
    agent_client, report
):
    crashes = [
        ("Registry pull stalls the deploy", "Pulling the image from the private registry"),
        ("Database migration locks the orders table", "Adding a column during business hours"),
        ("Certificate renewal breaks the ingress", "The ACME client rotated the TLS secret"),
    ]
    bodies = [
        report(agent_client, title=t, context=c, severity="critical", run_worker=False)
        for t, c in crashes
    ]
    assert len({body["lesson_id"] for body in bodies}) == 3
    first, *later = [_queued(body["lesson_id"]) for body in bodies]

    done = lesson_process(lesson_id=first[0], occurred=first[1])

    assert len(done["escalations"]) == 2
    assert not Lesson.objects.filter(processing__isnull=True).exists()
    opened = Counter(str(pk) for pk in Escalation.objects.values_list("lesson_id", flat=True))
    assert opened == {body["lesson_id"]: 2 for body in bodies}
    for lesson_id, occurred in later:
        assert lesson_process(lesson_id=lesson_id, occurred=occurred)["handled_earlier"]
    assert Escalation.objects.count() == 6


def _mark_place(lesson_id) -> str:
    """Where the lesson's processed mark is stored: a rewrite of it moves it."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT ctid::text FROM lessons_lessonprocessing WHERE lesson_id = %s", [lesson_id]
        )
        return cursor.fetchone()[0]


def test_processing_a_lesson_again_leaves_its_mark_unwritten(agent_client, report):
    body = report(agent_client, title="Flaky deploy")
    written = _mark_place(body["lesson_id"])

    lessons_process(lesson_ids=[body["lesson_id"]])

    assert _mark_place(body["lesson_id"]) == written
    report(agent_client, title="Flaky deploy")  # an occurrence: the mark moves forward
    assert _mark_place(body["lesson_id"]) != written


def test_an_occurrence_reported_after_processing_is_processed_by_its_own_task(agent_client, report):
    body = report(agent_client, title="Flaky deploy")
    processed = Lesson.objects.get(pk=body["lesson_id"])
    assert _processed_at(processed.pk) == processed.last_occurred

    report(agent_client, title="Flaky deploy", run_worker=False)
    occurrence = Lesson.objects.get(pk=body["lesson_id"])
    assert occurrence.occurrence_count == 2
    assert occurrence.last_occurred > processed.last_occurred  # strictly forward

    done = lesson_process(lesson_id=body["lesson_id"], occurred=_queued(body["lesson_id"])[1])
    assert "handled_earlier" not in done
    assert _processed_at(body["lesson_id"]) == occurrence.last_occurred


def test_a_task_without_its_occurrence_always_processes_its_lesson(agent_client, report):
    body = report(agent_client, severity="critical")
    Escalation.objects.all().delete()  # as if the processing had been lost

    lesson_process(lesson_id=body["lesson_id"])  # as a task queued before the occurrence was sent

    assert Escalation.objects.filter(lesson_id=body["lesson_id"]).count() == 2


def test_a_task_for_a_deleted_lesson_does_nothing(agent_client, report):
    body = report(agent_client, run_worker=False)
    occurred = _queued(body["lesson_id"])[1]
    Lesson.objects.filter(pk=body["lesson_id"]).delete()

    assert lesson_process(lesson_id=body["lesson_id"], occurred=occurred)["handled_earlier"]


def test_a_lesson_that_fails_processing_does_not_hold_back_the_task_that_drained_it(
    agent_client, report, monkeypatch
):
    from lessons.services import processing

    first = report(
        agent_client, title="Registry pull stalls", severity="critical", run_worker=False
    )
    poison = report(
        agent_client,
        title="Certificate renewal breaks the ingress",
        context="The ACME client rotated the TLS secret",
        run_worker=False,
    )
    real_detect = processing.pattern_detect

    def detect(*, lesson):
        if str(lesson.pk) == poison["lesson_id"]:
            raise ValueError("a lesson the worker cannot process")
        return real_detect(lesson=lesson)

    monkeypatch.setattr(processing, "pattern_detect", detect)

    done = lesson_process(lesson_id=first["lesson_id"], occurred=_queued(first["lesson_id"])[1])

    assert len(done["escalations"]) == 2
    assert _processed_at(first["lesson_id"]) is not None
    assert _processed_at(poison["lesson_id"]) is None
    with pytest.raises(ValueError):
        lesson_process(lesson_id=poison["lesson_id"], occurred=_queued(poison["lesson_id"])[1])
