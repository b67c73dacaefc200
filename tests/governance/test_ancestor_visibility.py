"""Decisions above a caller's own scopes are the business of those who govern there (issue
13.5): a team member or a project agent does not see the org's proposals or audit rows (about
a sibling team, say); the org's maintainers and supervisors do; the team's own stay visible."""

import pytest

from governance.auth import Principal
from governance.services import audit_record
from tests.clients import client_for, token_client
from tests.governance.factories import AgentCredentialFactory, ProposalFactory, UserFactory

pytestmark = pytest.mark.django_db

PROPOSALS = "/api/v1/governance/proposals"
AUDIT = "/api/v1/governance/audit"


@pytest.fixture
def rows(scope_tree):
    org, team = scope_tree["org"], scope_tree["team"]
    above = ProposalFactory(scope=org, subject=scope_tree["other_team"], title="Sibling team move")
    own = ProposalFactory(scope=team, title="Own team promotion")
    audit_record(actor=Principal.system(), action="test.org", target_type="t", scope_path=org.path)
    audit_record(
        actor=Principal.system(), action="test.team", target_type="t", scope_path=team.path
    )
    return {"above": above, "own": own}


def _seen(client):
    proposals = {p["title"] for p in client.get(PROPOSALS).json()["results"]}
    audit = {a["action"] for a in client.get(AUDIT, {"action": ""}).json()["results"]}
    return proposals, audit


def test_a_member_of_a_child_scope_does_not_see_the_ancestors_decisions(rows, member):
    client = client_for(member)
    proposals, audit = _seen(client)
    assert "Own team promotion" in proposals and "Sibling team move" not in proposals
    assert "test.team" in audit and "test.org" not in audit
    assert client.get(f"{PROPOSALS}/{rows['above'].pk}").status_code == 404


def test_an_agent_of_a_project_does_not_see_its_ancestors_decisions(rows):
    client = token_client(AgentCredentialFactory().token)
    proposals, audit = _seen(client)
    assert "Sibling team move" not in proposals and "Own team promotion" not in proposals
    assert "test.org" not in audit and "test.team" not in audit


@pytest.mark.parametrize("role", ["maintainer", "supervisor"])
def test_those_who_govern_the_ancestor_see_its_decisions(rows, scope_tree, role):
    person = UserFactory(username=f"org-{role}", roles={scope_tree["org"]: role})
    proposals, audit = _seen(client_for(person))
    assert {"Sibling team move", "Own team promotion"} <= proposals
    assert {"test.org", "test.team"} <= audit
