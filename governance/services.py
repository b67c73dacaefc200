"""Writes of governance: scopes, roles, agent credentials, audit, proposals and escalations."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Model
from django.utils import timezone
from rest_framework import exceptions

from governance.auth import Principal, new_token
from governance.models import (
    PARENT_LAYER,
    AgentCredential,
    Approval,
    AuditLog,
    Decision,
    Escalation,
    EscalationStatus,
    Layer,
    Membership,
    Proposal,
    ProposalState,
    Scope,
)
from governance.registry import applier_for
from mnemosyne_site.api import Conflict

LAYERS_TOP_DOWN = [Layer.COMPANY, Layer.ORG, Layer.TEAM, Layer.PROJECT, Layer.SESSION]


def _actor(actor: Principal | str) -> tuple[str, str]:
    if isinstance(actor, Principal):
        return actor.name, actor.kind
    return actor, "system"


def audit_record(
    *,
    actor: Principal | str,
    action: str,
    target: Model | None = None,
    target_type: str = "",
    target_id: str = "",
    scope_path: str = "",
    details: dict | None = None,
) -> AuditLog:
    """Write one audit row; call it inside the transaction that makes the change."""
    name, kind = _actor(actor)
    if target is not None:
        target_type = target._meta.label_lower
        target_id = str(target.pk)
    return AuditLog.objects.create(
        actor=name,
        actor_kind=kind,
        action=action,
        target_type=target_type,
        target_id=target_id,
        scope_path=scope_path,
        details=details or {},
    )


# --- scopes -----------------------------------------------------------------------------------


def scope_create(*, layer: str, slug: str, parent: Scope | None = None, name: str = "") -> Scope:
    expected_parent = PARENT_LAYER.get(Layer(layer))
    if expected_parent is None and parent is not None:
        raise exceptions.ValidationError({"parent": ["A company scope has no parent."]})
    if expected_parent is not None and (parent is None or parent.layer != expected_parent):
        raise exceptions.ValidationError(
            {"parent": [f"A {layer} scope must hang under a {expected_parent} scope."]}
        )
    path = f"{parent.path}/{slug}" if parent else slug
    return Scope.objects.create(layer=layer, slug=slug, parent=parent, path=path, name=name or slug)


@transaction.atomic
def scope_ensure_path(*, path: str) -> Scope:
    """Get or create every scope along `a/b/c`, giving each level the next layer down."""
    path = path.strip("/")
    existing = Scope.objects.filter(path=path).first()
    if existing:
        return existing
    parts = path.split("/")
    if len(parts) > len(LAYERS_TOP_DOWN):
        raise exceptions.ValidationError(
            {"scope": [f"A scope path has at most {len(LAYERS_TOP_DOWN)} levels."]}
        )
    parent = None
    for depth, slug in enumerate(parts):
        current = "/".join(parts[: depth + 1])
        scope = Scope.objects.filter(path=current).first()
        if scope is None:
            scope = scope_create(layer=LAYERS_TOP_DOWN[depth], slug=slug, parent=parent)
        parent = scope
    return parent


def membership_grant(*, user, scope: Scope, role: str) -> Membership:
    membership, _ = Membership.objects.get_or_create(user=user, scope=scope, role=role)
    return membership


# --- agent credentials ------------------------------------------------------------------------


@transaction.atomic
def agent_create(
    *,
    name: str,
    domain: str = "general",
    scopes: list[Scope],
    can_write: bool = True,
    ttl_days: int | None = None,
    created_by=None,
) -> tuple[AgentCredential, str]:
    """Create a credential and return it with its token, which is shown once and never stored."""
    token, lookup, digest = new_token()
    days = ttl_days if ttl_days is not None else settings.AGENT_TOKEN_TTL_DAYS
    credential = AgentCredential.objects.create(
        name=name,
        domain=domain,
        lookup=lookup,
        digest=digest,
        can_write=can_write,
        default_scope=scopes[0] if scopes else None,
        expires_at=timezone.now() + timedelta(days=days) if days else None,
        created_by=created_by,
    )
    credential.read_scopes.set(scopes)
    if can_write:
        credential.write_scopes.set(scopes)
    audit_record(
        actor=created_by.get_username() if created_by else "system",
        action="agent.create",
        target=credential,
        details={"name": name, "scopes": [s.path for s in scopes], "can_write": can_write},
    )
    return credential, token


# --- proposals --------------------------------------------------------------------------------


def proposal_create(
    *,
    kind: str,
    scope: Scope,
    subject: Model,
    title: str,
    proposed_by: Principal | str,
    payload: dict | None = None,
    required_approvals: int = 1,
) -> Proposal:
    """Queue a decision for the scope's maintainers; an open one for the same subject is reused."""
    subject_type = subject._meta.label_lower
    with transaction.atomic():
        open_one = Proposal.objects.filter(
            kind=kind,
            subject_type=subject_type,
            subject_id=str(subject.pk),
            scope=scope,
            state=ProposalState.PENDING,
        ).first()
        if open_one:
            return open_one
        name, _ = _actor(proposed_by)
        proposal = Proposal.objects.create(
            kind=kind,
            scope=scope,
            subject_type=subject_type,
            subject_id=str(subject.pk),
            title=title[:300],
            payload=payload or {},
            required_approvals=required_approvals,
            proposed_by=name,
            proposed_by_user=proposed_by.user
            if isinstance(proposed_by, Principal) and proposed_by.kind == "person"
            else None,
        )
        audit_record(
            actor=proposed_by,
            action=f"proposal.{kind}.create",
            target=proposal,
            scope_path=scope.path,
            details={"subject": f"{subject_type}:{subject.pk}", **(payload or {})},
        )
    return proposal


def proposal_decide(
    *, proposal_id, principal: Principal, decision: str, comment: str = ""
) -> Proposal:
    """Record one person's approval or rejection; apply the proposal when enough approve."""
    from governance.models import Role

    if principal.kind != "person":
        raise exceptions.PermissionDenied("Only people may decide proposals.")
    with transaction.atomic():
        proposal = (
            Proposal.objects.select_for_update().select_related("scope").get(pk=proposal_id)
        )
        if not principal.has_role(proposal.scope.path, Role.MAINTAINER):
            raise exceptions.PermissionDenied("Only maintainers of the target scope may decide.")
        if proposal.state != ProposalState.PENDING:
            raise Conflict(f"The proposal is already {proposal.state}.")
        if proposal.proposed_by_user_id and proposal.proposed_by_user_id == principal.user.pk:
            raise exceptions.PermissionDenied("The proposer may not decide their own proposal.")
        if proposal.approvals.filter(user=principal.user).exists():
            raise Conflict("You have already decided this proposal.")
        Approval.objects.create(
            proposal=proposal, user=principal.user, decision=decision, comment=comment
        )
        if decision == Decision.REJECT:
            proposal.state = ProposalState.REJECTED
        elif proposal.approvals.filter(decision=Decision.APPROVE).count() >= (
            proposal.required_approvals
        ):
            proposal.state = ProposalState.APPROVED
            applier = applier_for(proposal.kind, proposal.subject_type)
            if applier is not None:
                applier(proposal)
        if proposal.state != ProposalState.PENDING:
            proposal.decided_at = timezone.now()
        proposal.save(update_fields=["state", "decided_at"])
        audit_record(
            actor=principal,
            action=f"proposal.{proposal.kind}.{decision}",
            target=proposal,
            scope_path=proposal.scope.path,
            details={"comment": comment, "state": proposal.state},
        )
    return proposal


# --- escalations ------------------------------------------------------------------------------


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
) -> Escalation:
    """Open an escalation, unless the same one is already pending for that queue."""
    lookup = {
        "escalated_to": escalated_to,
        "reason": reason,
        "lesson_id": lesson_id,
        "pattern_id": pattern_id,
        "subject_type": subject._meta.label_lower if subject is not None else "",
        "subject_id": str(subject.pk) if subject is not None else "",
        "status": EscalationStatus.PENDING,
    }
    with transaction.atomic():
        existing = Escalation.objects.filter(**lookup).first()
        if existing:
            return existing
        escalation = Escalation.objects.create(
            **lookup, priority=priority, title=title[:300], scope=scope
        )
        audit_record(
            actor="system",
            action="escalation.create",
            target=escalation,
            scope_path=scope.path if scope else "",
            details={"to": escalated_to, "reason": reason, "priority": priority},
        )
    return escalation


def escalation_transition(
    *, escalation_id, principal: Principal, status: str, notes: str = ""
) -> Escalation:
    """A supervisor marks an escalation reviewed, resolved or dismissed."""
    from governance.models import Role

    if principal.kind != "person":
        raise exceptions.PermissionDenied("Only people may handle escalations.")
    allowed = {
        EscalationStatus.PENDING: {
            EscalationStatus.REVIEWED,
            EscalationStatus.RESOLVED,
            EscalationStatus.DISMISSED,
        },
        EscalationStatus.REVIEWED: {EscalationStatus.RESOLVED, EscalationStatus.DISMISSED},
    }
    with transaction.atomic():
        escalation = (
            Escalation.objects.select_for_update().select_related("scope").get(pk=escalation_id)
        )
        path = escalation.scope.path if escalation.scope else settings.MNEMOSYNE_DEFAULT_SCOPE
        if not principal.has_role(path, Role.SUPERVISOR):
            raise exceptions.PermissionDenied("Only supervisors may handle escalations.")
        if status not in allowed.get(escalation.status, set()):
            raise Conflict(f"An escalation that is {escalation.status} cannot become {status}.")
        previous = escalation.status
        escalation.status = status
        escalation.resolution_notes = notes or escalation.resolution_notes
        if status in (EscalationStatus.RESOLVED, EscalationStatus.DISMISSED):
            escalation.resolved_by = principal.name
            escalation.resolved_at = timezone.now()
        escalation.save()
        audit_record(
            actor=principal,
            action=f"escalation.{status}",
            target=escalation,
            scope_path=path,
            details={"from": previous, "notes": notes},
        )
    return escalation
