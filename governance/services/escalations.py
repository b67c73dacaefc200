"""Escalations: what the spec's ARIA, VARYS and domain supervisors must look at.

Each is a queue people are assigned to. An escalation gets a deadline from its scope's policy
for its priority; one still open past it is overdue, flagged in the queues and told once to the
people handling it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Model, Q
from django.utils import timezone

from governance import metrics
from governance.auth import Principal
from governance.models import (
    OPEN_ESCALATION_STATES,
    Escalation,
    EscalationStatus,
    Priority,
    Scope,
)
from governance.selectors.policies import policy_for
from governance.selectors.queues import (
    can_handle_escalation,
    escalation_path,
    overdue_q,
    queue_canonical,
)
from governance.services.audit import audit_entry, audit_record, audit_record_many
from governance.services.notifications import notify_escalation_queued, notify_escalations_created
from governance.services.scopes import scope_ensure_default
from mnemosyne_site.errors import Conflict, Forbidden, InvalidInput

# Which status may follow which; resolved and dismissed are final.
ALLOWED_TRANSITIONS: dict[str, set[str]] = {
    EscalationStatus.PENDING: {
        EscalationStatus.REVIEWED,
        EscalationStatus.RESOLVED,
        EscalationStatus.DISMISSED,
    },
    EscalationStatus.REVIEWED: {EscalationStatus.RESOLVED, EscalationStatus.DISMISSED},
}
# Closing an escalation must say why, so the next person reading the history knows.
NOTES_REQUIRED = {EscalationStatus.RESOLVED, EscalationStatus.DISMISSED}


def escalation_create(
    *,
    escalated_to: str,
    reason: str,
    priority: str,
    title: str = "",
    scope: Scope | None = None,
    lesson_id=None,
    pattern_id=None,
    subject: Model | None = None,
    domain: str = "",
) -> Escalation:
    """Open an escalation, unless the same one is already pending for that queue.

    Without a scope it lands in the default scope, so some supervisor can always see it.
    """
    request = EscalationRequest(
        escalated_to=escalated_to,
        reason=reason,
        priority=priority,
        title=title,
        scope=scope,
        lesson_id=lesson_id,
        pattern_id=pattern_id,
        subject=subject,
        domain=domain,
    )
    return escalations_create([request])[0]


@dataclass(frozen=True)
class EscalationRequest:
    """One escalation to open (the arguments of `escalation_create`)."""

    escalated_to: str
    reason: str
    priority: str
    title: str = ""
    scope: Scope | None = None
    lesson_id: Any = None
    pattern_id: Any = None
    subject: Model | None = None
    domain: str = ""

    def lookup(self) -> dict[str, Any]:
        """What makes two requests the same escalation while one is pending."""
        subject = self.subject
        return {
            "escalated_to": queue_canonical(self.escalated_to),
            "reason": self.reason,
            "lesson_id": self.lesson_id,
            "pattern_id": self.pattern_id,
            "subject_type": subject._meta.label_lower if subject is not None else "",
            "subject_id": str(subject.pk) if subject is not None else "",
            "status": EscalationStatus.PENDING,
        }


# The fields that tell one pending escalation from another.
_IDENTITY = ("escalated_to", "reason", "lesson_id", "pattern_id", "subject_type", "subject_id")


def _identity(values: dict[str, Any]) -> tuple:
    """Comparable whether an id came as a UUID (a row) or as a string (a task's argument)."""
    return tuple(None if values[name] is None else str(values[name]) for name in _IDENTITY)


def escalations_create(requests: list[EscalationRequest]) -> list[Escalation]:
    """Open several escalations at once (the rules firing for one lesson): one query finds
    those already pending, the new ones are written in one statement each for the rows, their
    audit entries and their inbox rows. Returns one escalation per request, in order (the
    pending one where it already existed)."""
    for request in requests:
        if request.priority not in Priority.values:
            raise InvalidInput(fields={"priority": [f"Must be one of {Priority.values}."]})
    if not requests:
        return []
    lookups = [request.lookup() for request in requests]
    with transaction.atomic():
        wanted = Q()
        for lookup in lookups:
            wanted |= Q(**lookup)
        found = {  # oldest first, so where two are pending the newest is answered
            _identity(vars(escalation)): escalation
            for escalation in Escalation.objects.filter(wanted).order_by("created_at")
        }
        now = timezone.now()
        policies: dict[Any, Any] = {}
        new: list[Escalation] = []
        for request, lookup in zip(requests, lookups, strict=True):
            key = _identity(lookup)
            if key in found:
                continue
            scope = request.scope or scope_ensure_default()
            if scope.pk not in policies:
                policies[scope.pk] = policy_for(scope)
            escalation = Escalation(
                **lookup,
                priority=request.priority,
                title=request.title[:300],
                domain=request.domain.strip().lower()[:100],
                scope=scope,
                created_at=now,
                due_at=now + policies[scope.pk].deadline(request.priority),
            )
            found[key] = escalation
            new.append(escalation)
        if new:
            Escalation.objects.bulk_create(new)
            audit_record_many(
                [
                    audit_entry(
                        actor=Principal.system(),
                        action="escalation.create",
                        target=escalation,
                        scope_path=escalation_path(escalation),
                        details={
                            "to": escalation.escalated_to,
                            "reason": escalation.reason,
                            "priority": escalation.priority,
                            "due_at": escalation.due_at.isoformat() if escalation.due_at else None,
                        },
                    )
                    for escalation in new
                ]
            )
            notify_escalations_created(new)
            # Counted once they are committed, so a rolled-back escalation is not counted.
            transaction.on_commit(lambda: _count_created(new))
    return [found[_identity(lookup)] for lookup in lookups]


def _count_created(escalations: list[Escalation]) -> None:
    for escalation in escalations:
        metrics.ESCALATIONS_CREATED.labels(priority=escalation.priority).inc()


def escalation_transition(
    *, escalation_id, principal: Principal, status: str, notes: str = ""
) -> Escalation:
    """A supervisor marks an escalation reviewed, resolved or dismissed."""
    if principal.kind != "person":
        raise Forbidden("Only people may handle escalations.")
    notes = (notes or "").strip()
    if status in NOTES_REQUIRED and not notes:
        raise InvalidInput(fields={"notes": [f"Say why it is {status}."]})
    with transaction.atomic():
        escalation = (
            Escalation.objects.select_for_update(of=("self",))
            .select_related("scope")
            .get(pk=escalation_id)
        )
        if not can_handle_escalation(principal, escalation):
            raise Forbidden("Only supervisors may handle escalations.")
        if status not in ALLOWED_TRANSITIONS.get(escalation.status, set()):
            raise Conflict(f"An escalation that is {escalation.status} cannot become {status}.")
        previous, was_overdue = escalation.status, escalation.overdue
        escalation.status = status
        if notes:
            escalation.resolution_notes = (
                f"{escalation.resolution_notes}\n\n{notes}".strip()
                if escalation.resolution_notes
                else notes
            )
        if status in (EscalationStatus.RESOLVED, EscalationStatus.DISMISSED):
            escalation.resolved_by = principal.name
            escalation.resolved_at = timezone.now()
        escalation.save(update_fields=["status", "resolution_notes", "resolved_by", "resolved_at"])
        audit_record(
            actor=principal,
            action=f"escalation.{status}",
            target=escalation,
            scope_path=escalation_path(escalation),
            details={"from": previous, "notes": notes, "overdue": was_overdue},
        )
        if status in metrics.CLOSED_STATES:
            transaction.on_commit(
                lambda: metrics.ESCALATIONS_RESOLVED.labels(
                    priority=escalation.priority, status=status
                ).inc()
            )
    return escalation


def escalations_flag_overdue() -> int:
    """Tell handlers, once, about each open escalation that has passed its deadline.

    Each is claimed with a conditional update, so two sweeps running at once tell people once.
    """
    now = timezone.now()
    flagged = 0
    candidates = Escalation.objects.filter(overdue_q(now), overdue_notified_at__isnull=True)
    for escalation_id in candidates.values_list("pk", flat=True)[:500]:
        with transaction.atomic():
            claimed = Escalation.objects.filter(
                pk=escalation_id,
                overdue_notified_at__isnull=True,
                status__in=OPEN_ESCALATION_STATES,
            ).update(overdue_notified_at=now)
            if not claimed:
                continue
            escalation = Escalation.objects.select_related("scope").get(pk=escalation_id)
            audit_record(
                actor=Principal.system(),
                action="escalation.overdue",
                target=escalation,
                scope_path=escalation_path(escalation),
                details={
                    "due_at": escalation.due_at.isoformat() if escalation.due_at else None,
                    "priority": escalation.priority,
                },
            )
            notify_escalation_queued(escalation, overdue=True)
            flagged += 1
    return flagged
