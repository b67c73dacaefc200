"""Who may and who may not, for every governance endpoint in one table."""

import pytest
from rest_framework.test import APIClient

from governance.services import escalation_create
from tests.clients import client_for
from tests.governance.factories import AgentCredentialFactory, ProposalFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def objects(scope_applier, maintainer, supervisor, scope_tree):
    # In the agents' own scope: an ancestor's proposals are only for those who govern there.
    proposal = ProposalFactory(scope=scope_tree["project"])
    escalation = escalation_create(
        escalated_to="aria",
        reason="Critical issue",
        priority="critical",
        scope=scope_tree["project"],
    )
    note = maintainer.notifications.get()
    return {"p": proposal.pk, "e": escalation.pk, "n": note.pk}


READS = [
    "/api/v1/governance/proposals",
    "/api/v1/governance/proposals/{p}",
    "/api/v1/governance/escalations",
    "/api/v1/governance/escalations/{e}",
    "/api/v1/governance/audit",
    "/api/v1/governance/policy?scope=acme/platform/payments",
]
DECISIONS = [
    "/api/v1/governance/proposals/{p}/approve",
    "/api/v1/governance/proposals/{p}/reject",
    "/api/v1/governance/escalations/{e}/review",
    "/api/v1/governance/escalations/{e}/resolve",
    "/api/v1/governance/escalations/{e}/dismiss",
]
INBOX = [
    ("get", "/api/v1/governance/inbox"),
    ("get", "/api/v1/governance/inbox/{n}"),
    ("post", "/api/v1/governance/inbox/{n}/read"),
    ("post", "/api/v1/governance/inbox/{n}/unread"),
    ("post", "/api/v1/governance/inbox/read-all"),
]


@pytest.mark.parametrize("url", READS + DECISIONS + [u for _, u in INBOX])
def test_anonymous_callers_get_401_everywhere(api_client, objects, url):
    method = api_client.get if url in READS or url.endswith(("inbox", "{n}")) else api_client.post
    assert method(url.format(**objects)).status_code == 401


@pytest.mark.parametrize("url", READS)
def test_an_agent_of_the_scope_may_read(objects, url, scope_tree):
    token = AgentCredentialFactory(can_write=False).token
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert client.get(url.format(**objects)).status_code == 200


@pytest.mark.parametrize("url", DECISIONS)
@pytest.mark.parametrize("can_write", [True, False])
def test_agents_decide_nothing(objects, url, can_write, scope_tree):
    token = AgentCredentialFactory(can_write=can_write).token
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = client.post(url.format(**objects), {"comment": "x", "notes": "x"}, format="json")
    assert response.status_code == 403


@pytest.mark.parametrize("url", READS[1::2][:2] + DECISIONS)
def test_outsiders_get_404_for_objects_of_other_scopes(outsider, objects, url):
    client = client_for(outsider)
    method = client.post if url in DECISIONS else client.get
    assert method(url.format(**objects), {"notes": "x"}, format="json").status_code == 404


@pytest.mark.parametrize("method,url", INBOX[1:4])
def test_an_inbox_entry_is_its_owners_only(supervisor, objects, method, url):
    client = client_for(supervisor)  # has an inbox of their own, not this one
    assert getattr(client, method)(url.format(**objects)).status_code == 404


@pytest.mark.parametrize("method,url", INBOX)
def test_the_owner_uses_their_inbox(maintainer, objects, method, url):
    client = client_for(maintainer)
    assert getattr(client, method)(url.format(**objects)).status_code == 200
