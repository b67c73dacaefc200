"""Proposals: every decision people make about knowledge (promote, merge, lifecycle, activate a
skill, confirm a pattern) is one of these, decided by the maintainers of its scope.

Deciding locks the proposal row and checks its state inside one transaction that also writes the
approval, applies the outcome through the owning app's applier and writes the audit row: two
people clicking at once cannot decide twice, and a failing applier rolls the decision back.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import IntegrityError, transaction
from django.db.models import Model
from django.utils import timezone

from governance.auth import Principal
from governance.models import (
    Approval,
    Decision,
    Proposal,
    ProposalState,
    Role,
    Scope,
)
from governance.registry import applier_for
from governance.selectors.policies import policy_for
from governance.services.audit import audit_record
from governance.services.notifications import notify_proposal_decided, notify_proposal_queued
from mnemosyne_site.errors import Conflict, Forbidden, InvalidInput, Stale


def proposal_create(
    *,
    kind: str,
    scope: Scope,
    subject: Model,
    title: str,
    proposed_by: Principal,
    payload: dict | None = None,
    required_approvals: int | None = None,
) -> Proposal:
    """Queue a decision for the scope's maintainers; an open one for the same subject is reused.

    `scope` is the scope that decides (for a promotion, the target scope). Unless the caller
    says otherwise, the scope's policy decides how many approvals it needs.
    """
    subject_type = subject._meta.label_lower
    lookup = {
        "kind": kind,
        "subject_type": subject_type,
        "subject_id": str(subject.pk),
        "scope": scope,
        "state": ProposalState.PENDING,
    }
    with transaction.atomic():
        open_one = Proposal.objects.filter(**lookup).first()
        if open_one:
            return open_one
        if required_approvals is None:
            required_approvals = policy_for(scope).approvals_for(kind, scope.layer)
        try:
            # A savepoint: a concurrent sweep queueing the same subject trips the partial unique
            # constraint, and we hand back its proposal instead of failing the caller.
            with transaction.atomic():
                proposal = Proposal.objects.create(
                    kind=kind,
                    scope=scope,
                    subject_type=subject_type,
                    subject_id=str(subject.pk),
                    title=title[:300],
                    payload=payload or {},
                    required_approvals=max(1, required_approvals),
                    proposed_by=proposed_by.name,
                    proposed_by_user=proposed_by.user if proposed_by.kind == "person" else None,
                )
        except IntegrityError:
            existing = Proposal.objects.filter(**lookup).first()
            if existing is None:
                raise
            return existing
        audit_record(
            actor=proposed_by,
            action=f"proposal.{kind}.create",
            target=proposal,
            scope_path=scope.path,
            details={
                "subject": f"{subject_type}:{subject.pk}",
                "required_approvals": proposal.required_approvals,
                **(payload or {}),
            },
        )
        notify_proposal_queued(proposal)
    return proposal


def proposal_decide(
    *, proposal_id, principal: Principal, decision: str, comment: str = ""
) -> Proposal:
    """Record one maintainer's approval or rejection; apply the proposal when enough approve.

    One rejection rejects it. The final approval runs the owning app's applier in the same
    transaction; with no applier registered the approval is refused (409) rather than recorded
    as approved while nothing happened. An applier that finds its subject changed since the
    proposal (`Stale`) leaves the proposal stale, no approval recorded, and the caller gets 409.
    """
    if decision not in Decision.values:
        raise InvalidInput(fields={"decision": [f"Must be one of {Decision.values}."]})
    user = principal.user
    if principal.kind != "person" or user is None:
        raise Forbidden("Only people may decide proposals.")
    with transaction.atomic():
        proposal = (
            Proposal.objects.select_for_update(of=("self",))
            .select_related("scope", "proposed_by_user")
            .get(pk=proposal_id)
        )
        if not principal.has_role(proposal.scope.path, Role.MAINTAINER):
            raise Forbidden("Only maintainers of the target scope may decide.")
        if proposal.state != ProposalState.PENDING:
            raise Conflict(f"The proposal is already {proposal.state}.")
        policy = policy_for(proposal.scope)
        if (
            proposal.proposed_by_user_id
            and proposal.proposed_by_user_id == user.pk
            and not policy.proposer_may_approve
        ):
            raise Forbidden("The proposer may not decide their own proposal.")
        if proposal.approvals.filter(user=user).exists():
            raise Conflict("You have already decided this proposal.")
        stale: Stale | None = None
        approvals, applied = 0, False
        try:
            # A savepoint: a stale subject undoes the approval and whatever the applier did, and
            # the proposal is marked stale in the outer transaction.
            with transaction.atomic():
                approvals, applied = _record_decision(proposal, user, decision, comment)
        except Stale as error:
            stale = error
            proposal.state = ProposalState.STALE
        if proposal.state != ProposalState.PENDING:
            proposal.decided_at = timezone.now()
        proposal.save(update_fields=["state", "decided_at"])
        audit_record(
            actor=principal,
            action=f"proposal.{proposal.kind}.{'stale' if stale else decision}",
            target=proposal,
            scope_path=proposal.scope.path,
            details={
                "comment": comment,
                "state": proposal.state,
                **({"stale": stale.detail} if stale else {}),
                "approvals": approvals,
                "required_approvals": proposal.required_approvals,
                "applied": applied,
                "subject": f"{proposal.subject_type}:{proposal.subject_id}",
            },
        )
        if proposal.state not in (ProposalState.PENDING, ProposalState.STALE):
            notify_proposal_decided(proposal, decided_by=principal.user)
    if stale is not None:
        raise stale
    return proposal


def _record_decision(proposal: Proposal, user, decision: str, comment: str) -> tuple[int, bool]:
    """The approval row and, when it completes the proposal, its outcome applied; returns the
    approvals so far and whether the outcome was applied."""
    Approval.objects.create(proposal=proposal, user=user, decision=decision, comment=comment)
    approvals = proposal.approvals.filter(decision=Decision.APPROVE).count()
    if decision == Decision.REJECT:
        proposal.state = ProposalState.REJECTED
        return approvals, False
    if approvals < proposal.required_approvals:
        return approvals, False
    applier = applier_for(proposal.kind, proposal.subject_type)
    if applier is None:
        raise Conflict(
            f"Nothing knows how to apply a {proposal.kind} of {proposal.subject_type} "
            "yet; the proposal stays pending."
        )
    proposal.state = ProposalState.APPROVED
    applier(proposal)
    return approvals, True


def proposals_mark_stale(*, subject: Model, kind: str, actor: Principal, reason: str) -> int:
    """Mark the pending proposals of `kind` about `subject` stale (its content changed after it
    was proposed); returns how many. Call inside the transaction that changes the subject."""
    stale = list(
        Proposal.objects.select_for_update(of=("self",))
        .select_related("scope")
        .filter(
            kind=kind,
            subject_type=subject._meta.label_lower,
            subject_id=str(subject.pk),
            state=ProposalState.PENDING,
        )
    )
    for proposal in stale:
        _close(proposal, ProposalState.STALE, actor=actor, action="stale", reason=reason)
    return len(stale)


def _close(proposal: Proposal, to: str, *, actor: Principal, action: str, **details) -> None:
    """End a pending proposal in state `to`, with its audit row (`proposal.<kind>.<action>`)."""
    proposal.state = to
    proposal.decided_at = timezone.now()
    proposal.save(update_fields=["state", "decided_at"])
    audit_record(
        actor=actor,
        action=f"proposal.{proposal.kind}.{action}",
        target=proposal,
        scope_path=proposal.scope.path,
        details=details,
    )


def proposal_cancel(*, proposal_id, principal: Principal, reason: str = "") -> Proposal:
    """Withdraw a pending proposal: its proposer, or a maintainer of its scope."""
    if principal.kind != "person":
        raise Forbidden("Only people may cancel proposals.")
    with transaction.atomic():
        proposal = (
            Proposal.objects.select_for_update(of=("self",))
            .select_related("scope")
            .get(pk=proposal_id)
        )
        is_proposer = proposal.proposed_by_user_id == getattr(principal.user, "pk", None)
        if not is_proposer and not principal.has_role(proposal.scope.path, Role.MAINTAINER):
            raise Forbidden("Only the proposer or a maintainer of the scope may cancel.")
        if proposal.state != ProposalState.PENDING:
            raise Conflict(f"The proposal is already {proposal.state}.")
        _close(proposal, ProposalState.CANCELLED, actor=principal, action="cancel", reason=reason)
    return proposal


def proposals_close_for_subject(
    *, kind: str, subject: Model, principal: Principal, settled: Callable[[Proposal], bool], **why
) -> list[Proposal]:
    """Close the pending proposals of one kind on a subject that someone decided directly: those
    the decision carried out are settled (approved), the others withdrawn (cancelled). Either
    way they leave the queue instead of waiting on a subject that has moved on. `why` goes into
    each audit row."""
    closed = []
    with transaction.atomic():
        pending = (
            Proposal.objects.select_for_update(of=("self",))
            .select_related("scope", "proposed_by_user")
            .filter(
                kind=kind,
                subject_type=subject._meta.label_lower,
                subject_id=str(subject.pk),
                state=ProposalState.PENDING,
            )
        )
        for proposal in pending:
            done = settled(proposal)
            state = ProposalState.APPROVED if done else ProposalState.CANCELLED
            action = "settled" if done else "withdrawn"
            _close(proposal, state, actor=principal, action=action, state=state, **why)
            notify_proposal_decided(proposal, decided_by=principal.user)
            closed.append(proposal)
    return closed
