import pytest

from governance.auth import Principal
from governance.models import ApprovalRule, Notification
from governance.services import escalation_create, proposal_decide
from tests.clients import client_for
from tests.governance.factories import PolicyFactory, ProposalFactory

pytestmark = pytest.mark.django_db

INBOX = "/api/v1/governance/inbox"


@pytest.fixture
def queued(maintainer, supervisor, scope_tree):
    proposal = ProposalFactory()
    escalation = escalation_create(
        escalated_to="aria",
        reason="Critical issue",
        priority="critical",
        scope=scope_tree["project"],
    )
    return proposal, escalation


def test_a_person_sees_only_their_own_inbox(queued, maintainer, supervisor):
    mine = client_for(maintainer).get(INBOX).json()["results"]
    assert [(n["kind"], n["is_read"]) for n in mine] == [("proposal", False)]
    theirs = client_for(supervisor).get(INBOX).json()["results"]
    assert [n["kind"] for n in theirs] == ["escalation"]
    other_id = theirs[0]["id"]
    assert client_for(maintainer).get(f"{INBOX}/{other_id}").status_code == 404
    assert client_for(maintainer).post(f"{INBOX}/{other_id}/read").status_code == 404


def test_read_unread_and_read_all(queued, maintainer, scope_tree):
    ProposalFactory(kind="merge")
    client = client_for(maintainer)
    first = client.get(INBOX).json()["results"][0]["id"]
    assert client.post(f"{INBOX}/{first}/read").json()["is_read"] is True
    assert [n["id"] for n in client.get(INBOX, {"unread": "true"}).json()["results"]] != [first]
    assert client.post(f"{INBOX}/{first}/unread").json()["is_read"] is False
    assert client.post(f"{INBOX}/read-all").json() == {"marked": 2}
    assert client.get(INBOX, {"unread": "true"}).json()["results"] == []


def test_agents_have_no_inbox(agent_client, queued):
    assert agent_client.get(INBOX).status_code == 403


def test_anonymous_has_no_inbox(api_client, queued):
    assert api_client.get(INBOX).status_code in (401, 403)


def test_the_effective_policy_is_readable_with_its_sources(maintainer, scope_tree):
    ApprovalRule.objects.create(
        policy=PolicyFactory(scope=scope_tree["company"], bloat_limit=40),
        kind="promotion",
        approvals=2,
    )
    response = client_for(maintainer).get(
        "/api/v1/governance/policy", {"scope": "acme/platform/payments/api"}
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["approvals_needed"]["promotion"] == 2
    assert body["approvals_needed"]["merge"] == 1
    assert body["values"]["bloat_limit"] == 40
    assert body["sources"]["bloat_limit"] == "acme"
    assert body["proposer_may_approve"] is False
    assert body["deadline_hours"]["critical"] == 4
    assert body["approval_rules"] == [
        {"kind": "promotion", "layer": "", "approvals": 2, "scope": "acme"}
    ]


def test_the_policy_of_a_scope_one_cannot_read_answers_like_a_missing_one(outsider, scope_tree):
    client = client_for(outsider)
    response = client.get("/api/v1/governance/policy", {"scope": "acme/platform/payments"})
    missing = client.get("/api/v1/governance/policy", {"scope": "acme/no-such-team"})
    assert response.status_code == missing.status_code == 403
    assert "scope" in response.json()["fields"] and "scope" in missing.json()["fields"]


def test_the_policy_endpoint_names_a_missing_scope_parameter(maintainer):
    response = client_for(maintainer).get("/api/v1/governance/policy")
    assert response.status_code == 400
    assert "scope" in response.json()["fields"]


def test_the_audit_trail_is_scoped_to_what_the_caller_may_read(
    queued, maintainer, outsider, scope_applier
):
    proposal, _ = queued
    proposal_decide(
        proposal_id=proposal.pk, principal=Principal.for_user(maintainer), decision="approve"
    )
    rows = (
        client_for(maintainer)
        .get("/api/v1/governance/audit", {"target_id": str(proposal.pk)})
        .json()["results"]
    )
    assert [r["action"] for r in rows] == [
        "proposal.promotion.approve",
        "proposal.promotion.create",
    ]
    assert (
        client_for(outsider)
        .get("/api/v1/governance/audit", {"target_id": str(proposal.pk)})
        .json()["results"]
        == []
    )


def test_the_notification_email_is_sent_once_even_if_the_task_runs_twice(queued, maintainer):
    from django.core import mail

    from governance.tasks import notification_email_task

    note = Notification.objects.get(user=maintainer)
    mail.outbox.clear()
    assert notification_email_task(note.pk) is True
    assert notification_email_task(note.pk) is False
    assert len(mail.outbox) == 1


def test_e_mails_whose_task_never_ran_are_sent_by_the_sweep_once(queued, maintainer, supervisor):
    from datetime import timedelta

    from django.core import mail
    from django.utils import timezone

    from governance.services import notifications_send_pending

    # No on-commit callbacks ran in this test: as if the broker had been down.
    assert Notification.objects.filter(emailed_at__isnull=True).count() == 2
    assert notifications_send_pending() == 0  # too fresh: their tasks may still be coming
    Notification.objects.update(created_at=timezone.now() - timedelta(minutes=5))
    assert notifications_send_pending() == 2
    assert notifications_send_pending() == 0
    assert sorted(m.to[0] for m in mail.outbox) == [
        "maintainer@example.com",
        "supervisor@example.com",
    ]


def test_the_audit_log_reads_as_the_spec_names_it_with_the_session_key(agent_client, maintainer):
    # Seed 003's AuditLog: session_key, action, actor, target, details (JSON), created_at.
    saved = agent_client.put(
        "/api/v1/knowledge/keys/deploy.window",
        {"category": "rule", "content": "Tuesdays"},
        format="json",
        HTTP_X_MNEMOSYNE_SESSION="sess-42",
    )
    assert saved.status_code == 201, saved.content
    rows = (
        client_for(maintainer)
        .get("/api/v1/governance/audit", {"session_key": "sess-42"})
        .json()["results"]
    )
    assert len(rows) == 1
    row = rows[0]
    assert row["session_key"] == "sess-42"
    assert row["action"] == "knowledge.create" and row["actor"] == "agent"
    assert row["target"] == f"notes.knowledgeitem:{saved.json()['id']}"
    assert row["created_at"] and isinstance(row["details"], dict)
    others = client_for(maintainer).get("/api/v1/governance/audit", {"session_key": "other"})
    assert others.json()["results"] == []
