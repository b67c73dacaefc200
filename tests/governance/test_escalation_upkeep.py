"""Escalations on beat and in metrics: overdue ones are told to their handlers once, ones left
open long past their deadline climb one priority, and openings and resolutions are counted."""

from datetime import timedelta

import pytest
from django.utils import timezone

from governance import conf
from governance.auth import Principal
from governance.models import AuditLog, Escalation, Notification
from governance.services import escalation_create, escalation_transition
from tests.metrics import sample

pytestmark = pytest.mark.django_db


def _escalation(scope, priority, overdue_by_hours, reason):
    escalation = escalation_create(
        escalated_to="domain_supervisor", reason=reason, priority=priority, scope=scope
    )
    due = timezone.now() - timedelta(hours=overdue_by_hours)
    Escalation.objects.filter(pk=escalation.pk).update(due_at=due, overdue_notified_at=due)
    return escalation


def test_an_escalation_ignored_a_further_deadline_is_raised_and_its_handlers_told(
    scope_tree, supervisor
):
    from governance.tasks import escalations_age_task

    low_hours = conf.ESCALATION_DEADLINE_HOURS["low"]
    aged = _escalation(scope_tree["team"], "low", low_hours + 1, "ignored for long")
    recent = _escalation(scope_tree["team"], "low", 1, "just overdue")
    critical = _escalation(scope_tree["team"], "critical", 1000, "already critical")
    before = Notification.objects.filter(user=supervisor).count()

    assert escalations_age_task.delay().get() == {"raised": 1}

    aged.refresh_from_db()
    assert aged.priority == "medium" and aged.overdue_notified_at is None
    assert aged.due_at > timezone.now() + timedelta(
        hours=conf.ESCALATION_DEADLINE_HOURS["medium"] - 1
    )
    assert Escalation.objects.get(pk=recent.pk).priority == "low"
    assert Escalation.objects.get(pk=critical.pk).priority == "critical"
    assert AuditLog.objects.filter(action="escalation.age", target_id=str(aged.pk)).count() == 1
    assert Notification.objects.filter(user=supervisor).count() == before + 1
    # The gauge reflects the queue now: one critical overdue, the raised one not yet due again.
    assert sample("mnemosyne_escalations_open", priority="critical", overdue="true") == 1
    assert sample("mnemosyne_escalations_open", priority="medium", overdue="false") == 1
    # Idempotent: a second run raises nothing (its new deadline has not passed).
    assert escalations_age_task.delay().get() == {"raised": 0}


def test_ageing_can_be_switched_off(scope_tree, monkeypatch):
    from governance.services.ageing import escalations_age

    monkeypatch.setattr(conf, "ESCALATION_AGEING", False)
    aged = _escalation(scope_tree["team"], "low", 10_000, "ignored for long")
    assert escalations_age() == {"raised": 0}
    assert Escalation.objects.get(pk=aged.pk).priority == "low"


def test_an_overdue_escalation_is_told_to_its_handlers_once(scope_tree, supervisor):
    from governance.tasks import escalations_flag_overdue_task

    escalation = escalation_create(
        escalated_to="domain_supervisor", reason="r", priority="high", scope=scope_tree["team"]
    )
    Escalation.objects.filter(pk=escalation.pk).update(due_at=timezone.now() - timedelta(minutes=1))
    before = Notification.objects.filter(user=supervisor, kind="overdue").count()
    assert escalations_flag_overdue_task.delay().get() == 1
    assert escalations_flag_overdue_task.delay().get() == 0
    assert Notification.objects.filter(user=supervisor, kind="overdue").count() == before + 1


def test_escalations_are_counted_when_opened_and_when_resolved(
    scope_tree, supervisor, django_capture_on_commit_callbacks
):
    created = sample("mnemosyne_escalations_created_total", priority="high")
    resolved = sample("mnemosyne_escalations_resolved_total", priority="high", status="resolved")

    with django_capture_on_commit_callbacks(execute=True):
        escalation = escalation_create(
            escalated_to="domain_supervisor",
            reason="r",
            priority="high",
            scope=scope_tree["team"],
        )
    with django_capture_on_commit_callbacks(execute=True):
        again = escalation_create(  # the same pending escalation: not a new one
            escalated_to="domain_supervisor",
            reason="r",
            priority="high",
            scope=scope_tree["team"],
        )
    assert again.pk == escalation.pk
    assert sample("mnemosyne_escalations_created_total", priority="high") - created == 1

    with django_capture_on_commit_callbacks(execute=True):
        escalation_transition(
            escalation_id=escalation.pk,
            principal=Principal.for_user(supervisor),
            status="resolved",
            notes="fixed the runbook",
        )
    after = sample("mnemosyne_escalations_resolved_total", priority="high", status="resolved")
    assert after - resolved == 1
