"""Escalation ageing: an escalation left open long past its deadline climbs one priority.

An open escalation still waiting a whole further deadline after it went overdue (due_at plus its
priority's deadline) is raised one step (low → medium → high → critical), gets the deadline of
its new priority from now, and its handlers are told again when that one passes. Critical ones
cannot climb; they stay flagged overdue. Each is claimed with a conditional update on the
priority and deadline it was read with, so two sweeps never raise the same one twice.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from governance import conf, metrics
from governance.auth import Principal
from governance.models import OPEN_ESCALATION_STATES, Escalation, Priority
from governance.selectors.policies import policy_for
from governance.selectors.queues import escalation_path
from governance.services.audit import audit_record
from governance.services.notifications import notify_escalation_queued

NEXT_PRIORITY = {
    Priority.LOW: Priority.MEDIUM,
    Priority.MEDIUM: Priority.HIGH,
    Priority.HIGH: Priority.CRITICAL,
}


def escalations_age(*, now=None, batch: int = 500) -> dict:
    now = now or timezone.now()
    raised = 0
    if conf.ESCALATION_AGEING:
        candidates = (
            Escalation.objects.filter(
                status__in=OPEN_ESCALATION_STATES,
                priority__in=list(NEXT_PRIORITY),
                due_at__lte=now,
            )
            .select_related("scope")
            .order_by("due_at")[:batch]
        )
        for escalation in candidates:
            due_at = escalation.due_at  # set: the query asks for due_at <= now
            if escalation.scope is None or due_at is None:
                continue
            policy = policy_for(escalation.scope)
            if due_at + policy.deadline(escalation.priority) > now:
                continue
            new_priority = NEXT_PRIORITY[Priority(escalation.priority)]
            new_due = now + policy.deadline(new_priority)
            with transaction.atomic():
                claimed = Escalation.objects.filter(
                    pk=escalation.pk,
                    priority=escalation.priority,
                    due_at=due_at,
                    status__in=OPEN_ESCALATION_STATES,
                ).update(priority=new_priority, due_at=new_due, overdue_notified_at=None)
                if not claimed:
                    continue
                audit_record(
                    actor=Principal.system(),
                    action="escalation.age",
                    target=escalation,
                    scope_path=escalation_path(escalation),
                    details={
                        "from": escalation.priority,
                        "to": new_priority,
                        "was_due_at": due_at.isoformat(),
                        "due_at": new_due.isoformat(),
                    },
                )
                escalation.priority, escalation.due_at = new_priority, new_due
                notify_escalation_queued(escalation, overdue=True)
            raised += 1
    open_counts = {(p, o): 0 for p in Priority.values for o in ("true", "false")}
    for priority, overdue, count in _open_counts(now):
        open_counts[(priority, "true" if overdue else "false")] += count
    for (priority, overdue_label), count in open_counts.items():
        metrics.ESCALATIONS_OPEN.labels(priority=priority, overdue=overdue_label).set(count)
    return {"raised": raised}


def _open_counts(now) -> list[tuple[str, bool, int]]:
    open_ = Escalation.objects.filter(status__in=OPEN_ESCALATION_STATES)
    overdue = dict(open_.filter(due_at__lte=now).values_list("priority").annotate(n=Count("id")))
    total = dict(open_.values_list("priority").annotate(n=Count("id")))
    return [
        row
        for priority, n in total.items()
        for row in (
            (priority, True, overdue.get(priority, 0)),
            (priority, False, n - overdue.get(priority, 0)),
        )
    ]
