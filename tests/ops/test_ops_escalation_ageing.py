"""Escalation ageing: left open long past its deadline, an escalation climbs one priority."""

from datetime import timedelta

import pytest
from django.utils import timezone

from governance import conf
from governance.models import AuditLog, Escalation, Notification
from governance.services import escalation_create
from tests.ops.conftest import sample

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
