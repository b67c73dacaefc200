from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction

from governance import conf
from governance.models import ApprovalRule, AuditLog
from governance.selectors import policy_for, policy_threshold
from tests.governance.factories import PolicyFactory, ProposalFactory

pytestmark = pytest.mark.django_db


def test_without_policies_the_defaults_apply(scope_tree):
    policy = policy_for(scope_tree["project"])
    assert policy.approvals_for("promotion") == conf.GOVERNANCE_DEFAULT_APPROVALS
    assert policy.proposer_may_approve is False
    hours = conf.ESCALATION_DEADLINE_HOURS["critical"]
    assert policy.deadline("critical") == timedelta(hours=hours)
    assert policy.threshold("bloat_limit", 1000) == 1000


def test_a_company_policy_is_inherited_by_every_scope_below(scope_tree):
    PolicyFactory(scope=scope_tree["company"], bloat_limit=50, deadline_high_hours=2)
    effective = policy_for(scope_tree["project"])
    assert effective.threshold("bloat_limit", 1000) == 50
    assert effective.sources["bloat_limit"] == "acme"
    assert effective.deadline("high") == timedelta(hours=2)


def test_the_nearest_policy_wins_field_by_field(scope_tree):
    PolicyFactory(scope=scope_tree["company"], bloat_limit=50, promotion_min_applications=9)
    PolicyFactory(scope=scope_tree["team"], bloat_limit=10)
    effective = policy_for(scope_tree["project"])
    assert effective.threshold("bloat_limit") == 10
    assert effective.sources["bloat_limit"] == "acme/platform/payments"
    # Not set on the team: still the company's.
    assert effective.threshold("promotion_min_applications") == 9
    # A sibling team is untouched by the payments team's policy.
    assert policy_for(scope_tree["other_project"]).threshold("bloat_limit") == 50


def test_policy_threshold_reads_one_value_with_the_callers_default(
    scope_tree, django_assert_num_queries
):
    PolicyFactory(scope=scope_tree["org"], learning_saves_per_session=7)
    with django_assert_num_queries(1):
        value = policy_threshold(scope_tree["project"], "learning_saves_per_session", default=100)
    assert value == 7
    assert policy_threshold(scope_tree["project"], "knowledge_saves_per_session", default=3) == 3
    assert policy_threshold(None, "bloat_limit", default=1000) == 1000


def test_a_threshold_no_policy_holds_is_a_programming_error_not_a_silent_default(scope_tree):
    # Names nothing reads once lived in a free-form JSON field; every threshold is now a
    # column read where it applies (issue 15.7).
    with pytest.raises(ValueError, match="note_min_use"):
        policy_threshold(scope_tree["project"], "note_min_use", default=0.5)


def test_the_most_specific_rule_of_the_nearest_scope_decides_approvals(scope_tree):
    company = PolicyFactory(scope=scope_tree["company"])
    ApprovalRule.objects.create(policy=company, kind="", layer="", approvals=2)
    ApprovalRule.objects.create(policy=company, kind="promotion", layer="org", approvals=3)
    ApprovalRule.objects.create(policy=company, kind="merge", layer="", approvals=4)
    assert policy_for(scope_tree["org"]).approvals_for("promotion") == 3
    assert policy_for(scope_tree["org"]).approvals_for("lifecycle") == 2
    assert policy_for(scope_tree["team"]).approvals_for("merge") == 4
    assert policy_for(scope_tree["team"]).approvals_for("promotion") == 2

    team = PolicyFactory(scope=scope_tree["team"])
    ApprovalRule.objects.create(policy=team, kind="", layer="", approvals=1)
    # The team's catch-all is nearer than the company's specific merge rule.
    assert policy_for(scope_tree["project"]).approvals_for("merge") == 1


def test_a_proposal_takes_its_required_approvals_from_the_policy(scope_tree):
    company = PolicyFactory(scope=scope_tree["company"])
    ApprovalRule.objects.create(policy=company, kind="promotion", layer="team", approvals=2)
    assert ProposalFactory(scope=scope_tree["team"]).required_approvals == 2
    assert ProposalFactory(kind="merge", scope=scope_tree["team"]).required_approvals == 1
    # A caller that insists keeps its number.
    explicit = ProposalFactory(kind="lifecycle", scope=scope_tree["team"], required_approvals=3)
    assert explicit.required_approvals == 3


def test_the_database_refuses_a_success_rate_outside_0_1(scope_tree):
    with pytest.raises(IntegrityError), transaction.atomic():
        PolicyFactory(scope=scope_tree["team"], promotion_min_success_rate=1.5)


def test_an_admin_edit_of_a_policy_is_audited(admin_client, scope_tree):
    response = admin_client.post(
        "/admin/governance/policy/add/",
        {
            "scope": scope_tree["team"].pk,
            "proposer_may_approve": "unknown",
            "bloat_limit": "25",
            "thresholds": "{}",
            "approval_rules-TOTAL_FORMS": "1",
            "approval_rules-INITIAL_FORMS": "0",
            "approval_rules-0-kind": "promotion",
            "approval_rules-0-layer": "",
            "approval_rules-0-approvals": "2",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    entry = AuditLog.objects.get(action="policy.create")
    assert entry.scope_path == "acme/platform/payments"
    assert entry.details["bloat_limit"] == 25
    assert entry.details["approval_rules"] == [{"kind": "promotion", "layer": "*", "approvals": 2}]
    assert policy_for(scope_tree["project"]).approvals_for("promotion") == 2
