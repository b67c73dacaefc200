"""The one proposal pattern: who may decide, how many approvals, audit, locking, applying."""

import threading

import pytest
from django.core import mail
from django.db import connection

from governance.auth import Principal
from governance.models import (
    ApprovalRule,
    AuditLog,
    Notification,
    Proposal,
    ProposalState,
    Scope,
)
from governance.services import proposal_cancel, proposal_create, proposal_decide
from mnemosyne_site.errors import Conflict, Forbidden
from tests.governance.factories import (
    AgentCredentialFactory,
    PolicyFactory,
    ProposalFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


def decide(proposal, user, decision="approve", comment=""):
    return proposal_decide(
        proposal_id=proposal.pk,
        principal=Principal.for_user(user),
        decision=decision,
        comment=comment,
    )


def test_a_maintainers_approval_applies_the_proposal_and_audits_it(
    scope_applier, maintainer, scope_tree
):
    proposal = ProposalFactory()
    decided = decide(proposal, maintainer, comment="looks right")
    assert decided.state == ProposalState.APPROVED
    assert decided.decided_at is not None
    assert scope_applier == [proposal.pk]
    assert Scope.objects.get(pk=scope_tree["project"].pk).name == "approved-name"
    entry = AuditLog.objects.get(action="proposal.promotion.approve")
    assert entry.actor == "maintainer"
    assert entry.details["applied"] is True
    assert entry.details["comment"] == "looks right"
    assert entry.scope_path == "acme/platform/payments"


def test_a_second_approval_is_needed_where_the_policy_says_so(
    scope_applier, maintainer, second_maintainer, scope_tree
):
    ApprovalRule.objects.create(
        policy=PolicyFactory(scope=scope_tree["company"]), kind="promotion", approvals=2
    )
    proposal = ProposalFactory()
    assert decide(proposal, maintainer).state == ProposalState.PENDING
    assert scope_applier == []
    assert decide(proposal, second_maintainer).state == ProposalState.APPROVED
    assert scope_applier == [proposal.pk]


def test_one_rejection_rejects_without_applying(scope_applier, maintainer):
    proposal = ProposalFactory()
    assert decide(proposal, maintainer, "reject", "duplicate").state == ProposalState.REJECTED
    assert scope_applier == []
    assert AuditLog.objects.filter(action="proposal.promotion.reject").count() == 1


@pytest.mark.parametrize("who", ["member", "supervisor", "outsider"])
def test_only_maintainers_of_the_target_scope_may_decide(request, scope_applier, who, scope_tree):
    proposal = ProposalFactory()
    with pytest.raises(Forbidden):
        decide(proposal, request.getfixturevalue(who))
    assert Proposal.objects.get(pk=proposal.pk).state == ProposalState.PENDING


def test_a_maintainer_below_the_target_scope_may_not_decide(scope_applier, scope_tree):
    project_maintainer = UserFactory(username="pm", roles={scope_tree["project"]: "maintainer"})
    with pytest.raises(Forbidden):
        decide(ProposalFactory(scope=scope_tree["team"]), project_maintainer)


def test_agents_cannot_decide_anything(scope_applier, scope_tree):
    credential = AgentCredentialFactory()
    with pytest.raises(Forbidden):
        proposal_decide(
            proposal_id=ProposalFactory().pk,
            principal=Principal.for_agent(credential),
            decision="approve",
        )


def test_the_proposer_may_not_approve_by_default(scope_applier, maintainer):
    proposal = ProposalFactory(proposed_by=Principal.for_user(maintainer))
    with pytest.raises(Forbidden, match="proposer"):
        decide(proposal, maintainer)


def test_a_policy_may_let_the_proposer_approve(scope_applier, maintainer, scope_tree):
    PolicyFactory(scope=scope_tree["org"], proposer_may_approve=True)
    proposal = ProposalFactory(proposed_by=Principal.for_user(maintainer))
    assert decide(proposal, maintainer).state == ProposalState.APPROVED


def test_deciding_twice_is_a_conflict(scope_applier, maintainer, second_maintainer):
    proposal = ProposalFactory()
    decide(proposal, maintainer)
    with pytest.raises(Conflict, match="already approved"):
        decide(proposal, second_maintainer)


def test_the_same_person_cannot_approve_twice_towards_the_count(
    scope_applier, maintainer, scope_tree
):
    ApprovalRule.objects.create(policy=PolicyFactory(scope=scope_tree["team"]), approvals=2)
    proposal = ProposalFactory()
    decide(proposal, maintainer)
    with pytest.raises(Conflict, match="already decided"):
        decide(proposal, maintainer)
    assert Proposal.objects.get(pk=proposal.pk).state == ProposalState.PENDING


def test_without_an_applier_the_final_approval_is_refused_and_nothing_is_recorded(
    registries, maintainer
):
    proposal = ProposalFactory()
    with pytest.raises(Conflict, match="Nothing knows how to apply"):
        decide(proposal, maintainer)
    proposal.refresh_from_db()
    assert proposal.state == ProposalState.PENDING
    assert proposal.approvals.count() == 0
    assert not AuditLog.objects.filter(action="proposal.promotion.approve").exists()


def test_a_failing_applier_rolls_the_whole_decision_back(registries, maintainer, scope_tree):
    def refuse(proposal):
        Scope.objects.filter(pk=proposal.subject_id).update(name="half-applied")
        raise Conflict("The item changed since it was proposed.")

    registries.register_applier("promotion", "governance.scope", refuse)
    proposal = ProposalFactory()
    with pytest.raises(Conflict):
        decide(proposal, maintainer)
    assert Proposal.objects.get(pk=proposal.pk).state == ProposalState.PENDING
    assert Scope.objects.get(pk=scope_tree["project"].pk).name != "half-applied"
    assert not AuditLog.objects.filter(action="proposal.promotion.approve").exists()


def test_an_open_proposal_for_the_same_subject_is_reused(scope_tree):
    assert ProposalFactory().pk == ProposalFactory().pk
    assert Proposal.objects.count() == 1


def test_the_proposer_or_a_maintainer_may_cancel(maintainer, member, scope_tree):
    proposal = ProposalFactory(proposed_by=Principal.for_user(member))
    with pytest.raises(Forbidden):
        proposal_cancel(
            proposal_id=ProposalFactory(kind="merge").pk, principal=Principal.for_user(member)
        )
    cancelled = proposal_cancel(
        proposal_id=proposal.pk, principal=Principal.for_user(member), reason="wrong layer"
    )
    assert cancelled.state == ProposalState.CANCELLED
    assert AuditLog.objects.filter(action="proposal.promotion.cancel").exists()
    with pytest.raises(Conflict):
        proposal_cancel(proposal_id=proposal.pk, principal=Principal.for_user(maintainer))


def test_maintainers_of_the_scope_are_told_in_the_inbox_and_by_mail_after_commit(
    maintainer, member, scope_tree, django_capture_on_commit_callbacks
):
    org_maintainer = UserFactory(username="orgmaint", roles={scope_tree["org"]: "maintainer"})
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        proposal = ProposalFactory(proposed_by=Principal.for_user(member))
    assert len(callbacks) == 2
    told = set(
        Notification.objects.filter(subject_id=str(proposal.pk)).values_list(
            "user__username", flat=True
        )
    )
    assert told == {"maintainer", "orgmaint"}  # maintainers of the scope and above, not members
    assert sorted(m.to[0] for m in mail.outbox) == [
        "maintainer@example.com",
        "orgmaint@example.com",
    ]
    assert f"/review/proposals/{proposal.pk}/" in mail.outbox[0].body
    assert org_maintainer.notifications.get().kind == "proposal"


def test_no_mail_leaves_when_the_proposing_transaction_rolls_back(
    maintainer, django_capture_on_commit_callbacks
):
    from django.db import transaction

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        try:
            with transaction.atomic():
                ProposalFactory()
                raise RuntimeError("the caller failed after proposing")
        except RuntimeError:
            pass
    assert callbacks == []
    assert not Notification.objects.exists()
    assert mail.outbox == []


def test_the_proposer_hears_the_decision(scope_applier, maintainer, member):
    proposal = ProposalFactory(proposed_by=Principal.for_user(member))
    decide(proposal, maintainer, "reject")
    note = Notification.objects.get(user=member)
    assert note.kind == "decided"
    assert "rejected" in note.title


@pytest.mark.django_db(transaction=True)
def test_two_maintainers_clicking_at_once_decide_once(scope_tree, registries):
    applied = []
    registries.register_applier("promotion", "governance.scope", lambda p: applied.append(p.pk))
    first = UserFactory(username="m1", roles={scope_tree["team"]: "maintainer"})
    second = UserFactory(username="m2", roles={scope_tree["team"]: "maintainer"})
    proposal = proposal_create(
        kind="promotion",
        scope=scope_tree["team"],
        subject=scope_tree["project"],
        title="race",
        proposed_by=Principal.system(),
    )
    barrier = threading.Barrier(2)
    outcomes = []

    def click(user):
        try:
            barrier.wait()
            decide(proposal, user)
            outcomes.append("approved")
        except Conflict:
            outcomes.append("conflict")
        finally:
            connection.close()

    threads = [threading.Thread(target=click, args=(u,)) for u in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["approved", "conflict"]
    assert applied == [proposal.pk]
    assert Proposal.objects.get(pk=proposal.pk).approvals.count() == 1
    assert AuditLog.objects.filter(action="proposal.promotion.approve").count() == 1
