"""/api/v1/governance/proposals: the same decisions as the pages, by API, with the same rules."""

import pytest
from rest_framework.test import APIClient

from governance.auth import Principal
from governance.models import ApprovalRule, AuditLog, ProposalState
from tests.clients import client_for
from tests.governance.factories import (
    AgentCredentialFactory,
    PolicyFactory,
    ProposalFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db

URL = "/api/v1/governance/proposals"


@pytest.fixture
def proposal(scope_applier, scope_tree):
    return ProposalFactory()


def test_a_maintainer_approves_by_api_and_gets_the_fresh_proposal(proposal, maintainer):
    response = client_for(maintainer).post(
        f"{URL}/{proposal.pk}/approve", {"comment": "ok"}, format="json"
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["state"] == "approved"
    assert body["approvals_count"] == 1
    assert body["approvals"][0] == {
        **body["approvals"][0],
        "user": "maintainer",
        "decision": "approve",
        "comment": "ok",
    }
    assert body["can_decide"] is False


def test_a_maintainer_rejects_by_api(proposal, maintainer):
    response = client_for(maintainer).post(f"{URL}/{proposal.pk}/reject", {}, format="json")
    assert response.status_code == 200
    assert response.json()["state"] == "rejected"


@pytest.mark.parametrize("who", ["member", "supervisor"])
def test_people_of_the_scope_who_do_not_maintain_it_are_refused(request, proposal, who):
    client = client_for(request.getfixturevalue(who))
    assert client.get(f"{URL}/{proposal.pk}").status_code == 200  # they may look
    response = client.post(f"{URL}/{proposal.pk}/approve", {}, format="json")
    assert response.status_code == 403
    assert response.json()["error"] == "permission_denied"
    proposal.refresh_from_db()
    assert proposal.state == ProposalState.PENDING


def test_an_outsider_sees_nothing_of_other_scopes(proposal, outsider):
    client = client_for(outsider)
    assert client.get(URL).json()["results"] == []
    assert client.get(f"{URL}/{proposal.pk}").status_code == 404
    assert client.post(f"{URL}/{proposal.pk}/approve", {}, format="json").status_code == 404
    assert client.post(f"{URL}/{proposal.pk}/reject", {}, format="json").status_code == 404


def test_a_writing_agent_may_read_but_never_decide(proposal, scope_tree):
    token = AgentCredentialFactory(scopes=[proposal.scope]).token
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert client.get(f"{URL}/{proposal.pk}").status_code == 200
    response = client.post(f"{URL}/{proposal.pk}/approve", {}, format="json")
    assert response.status_code == 403
    assert "people" in response.json()["detail"]


def test_anonymous_callers_are_refused(proposal, api_client):
    assert api_client.get(URL).status_code == 401
    assert api_client.post(f"{URL}/{proposal.pk}/approve", {}, format="json").status_code == 401


def test_a_decided_proposal_answers_409(proposal, maintainer, second_maintainer):
    client_for(maintainer).post(f"{URL}/{proposal.pk}/approve", {}, format="json")
    response = client_for(second_maintainer).post(f"{URL}/{proposal.pk}/approve", {}, format="json")
    assert response.status_code == 409
    assert response.json()["error"] == "conflict"


def test_two_approvals_by_api_where_the_policy_needs_two(
    scope_applier, maintainer, second_maintainer, scope_tree
):
    ApprovalRule.objects.create(policy=PolicyFactory(scope=scope_tree["team"]), approvals=2)
    proposal = ProposalFactory()
    first = client_for(maintainer).post(f"{URL}/{proposal.pk}/approve", {}, format="json")
    assert (first.json()["state"], first.json()["approvals_count"]) == ("pending", 1)
    second = client_for(second_maintainer).post(f"{URL}/{proposal.pk}/approve", {}, format="json")
    assert second.json()["state"] == "approved"
    assert AuditLog.objects.filter(action="proposal.promotion.approve").count() == 2


def test_the_proposer_may_cancel_by_api(member):
    proposal = ProposalFactory(proposed_by=Principal.for_user(member))
    response = client_for(member).post(
        f"{URL}/{proposal.pk}/cancel", {"reason": "oops"}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["state"] == "cancelled"


def test_a_comment_that_is_too_long_is_refused_naming_the_field(proposal, maintainer):
    response = client_for(maintainer).post(
        f"{URL}/{proposal.pk}/approve", {"comment": "x" * 5001}, format="json"
    )
    assert response.status_code == 400
    assert "comment" in response.json()["fields"]


def merges(client) -> set[str]:
    return {r["id"] for r in client.get(URL, {"kind": "merge"}).json()["results"]}


def test_filters_pick_the_callers_decidable_queue(scope_applier, maintainer, scope_tree):
    mine = ProposalFactory(scope=scope_tree["team"])
    ProposalFactory(scope=scope_tree["project"], kind="merge")
    ProposalFactory(scope=scope_tree["org"], kind="merge")  # above the team: not theirs to see
    client = client_for(maintainer)
    decidable = client.get(URL, {"decidable": "true"}).json()["results"]
    assert {row["id"] for row in decidable} == {str(mine.pk), *merges(client)}
    assert [r["layer"] for r in client.get(URL, {"kind": "merge"}).json()["results"]] == ["project"]
    assert client.get(URL, {"layer": "org"}).json()["results"] == []
    within = client.get(URL, {"within": "acme/platform/payments/api"}).json()["results"]
    assert {r["id"] for r in within} == merges(client)


def test_the_list_does_not_grow_queries_with_rows(
    scope_applier, maintainer, scope_tree, django_assert_max_num_queries
):
    for n in range(8):
        subject = UserFactory(username=f"s{n}")
        ProposalFactory(kind="lifecycle", subject=subject)
    client = client_for(maintainer)
    with django_assert_max_num_queries(8):
        response = client.get(URL)
    assert len(response.json()["results"]) == 8


def test_the_schema_describes_every_governance_transition(api_client, db):
    response = api_client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    for path in (
        "/api/v1/governance/proposals/{id}/approve",
        "/api/v1/governance/proposals/{id}/reject",
        "/api/v1/governance/escalations/{id}/resolve",
        "/api/v1/governance/inbox/{id}/read",
        "/api/v1/governance/inbox/read-all",
        "/api/v1/governance/policy",
    ):
        assert path in paths, path
