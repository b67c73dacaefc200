"""Every review page: who may see it, who may act on it, and what it shows."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from governance.auth import Principal
from governance.models import (
    ApprovalRule,
    AuditLog,
    Escalation,
    Notification,
    ProposalState,
    Scope,
)
from governance.services import escalation_create
from tests.governance.factories import (
    AgentCredentialFactory,
    PolicyFactory,
    ProposalFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def proposal(scope_applier, maintainer):
    # The maintainer exists first, so the proposal reaches their inbox.
    return ProposalFactory(title="Promote the api scope")


@pytest.fixture
def escalation(scope_tree, supervisor):
    return escalation_create(
        escalated_to="ARIA",
        reason="Critical issue",
        priority="critical",
        title="prod DB modified directly",
        scope=scope_tree["project"],
    )


def logged_in(client, user):
    client.force_login(user)
    return client


# --- anonymous --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/review/", "/review/escalations/", "/review/inbox/", "/review/dashboard/"]
)
def test_anonymous_visitors_are_sent_to_the_login(client, path, db):
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/review/login/?next=")


def test_anonymous_cannot_decide(client, proposal):
    response = client.post(f"/review/proposals/{proposal.pk}/", {"action": "approve"})
    assert response.status_code == 302
    proposal.refresh_from_db()
    assert proposal.state == ProposalState.PENDING


def test_the_login_page_logs_a_person_in_and_opens_the_queue(client, maintainer):
    page = client.get("/review/login/")
    assert page.status_code == 200 and b"Log in to review" in page.content
    response = client.post("/review/login/", {"username": "maintainer", "password": "pw"})
    assert response.status_code == 302
    assert response["Location"] == "/review/"


# --- the maintainer's queue and detail --------------------------------------------------------


def test_the_queue_lists_pending_proposals_of_scopes_the_maintainer_maintains(
    client, proposal, maintainer, scope_tree
):
    ProposalFactory(scope=scope_tree["org"], kind="merge", title="Above my team")
    body = logged_in(client, maintainer).get("/review/").content.decode()
    assert "Promote the api scope" in body
    assert "Above my team" not in body
    assert "acme/platform/payments" in body  # the maintained scope's tab


def test_the_queue_filters_by_kind_layer_and_age(client, proposal, maintainer):
    ProposalFactory(kind="lifecycle", title="Deprecate it")
    client = logged_in(client, maintainer)
    assert "Deprecate it" not in client.get("/review/?kind=promotion").content.decode()
    assert "Promote the api scope" not in client.get("/review/?layer=org").content.decode()
    assert "Promote the api scope" not in client.get("/review/?age=7").content.decode()
    type(proposal).objects.filter(pk=proposal.pk).update(
        created_at=timezone.now() - timedelta(days=8)
    )
    assert "Promote the api scope" in client.get("/review/?age=7").content.decode()


@pytest.mark.parametrize("who", ["member", "supervisor", "outsider"])
def test_people_who_maintain_nothing_have_an_empty_queue(request, client, proposal, who):
    body = logged_in(client, request.getfixturevalue(who)).get("/review/").content.decode()
    assert "Promote the api scope" not in body
    assert "Nothing waiting" in body


def test_the_queue_does_not_grow_queries_with_rows(
    client, maintainer, scope_applier, django_assert_max_num_queries
):
    for n in range(10):
        ProposalFactory(kind="lifecycle", subject=UserFactory(username=f"s{n}"), title=f"Item {n}")
    client = logged_in(client, maintainer)
    with django_assert_max_num_queries(14):
        response = client.get("/review/")
    assert response.content.decode().count("data-proposal=") == 10


def test_a_maintainer_approves_from_the_detail_page(client, proposal, maintainer, scope_tree):
    client = logged_in(client, maintainer)
    page = client.get(f"/review/proposals/{proposal.pk}/").content.decode()
    assert 'value="approve"' in page and 'value="reject"' in page
    response = client.post(
        f"/review/proposals/{proposal.pk}/",
        {"action": "approve", "comment": "ok by me"},
        follow=True,
    )
    assert b"Approved and applied." in response.content
    proposal.refresh_from_db()
    assert proposal.state == ProposalState.APPROVED
    assert Scope.objects.get(pk=scope_tree["project"].pk).name == "approved-name"
    assert AuditLog.objects.get(action="proposal.promotion.approve").details["comment"] == (
        "ok by me"
    )


def test_a_maintainer_rejects_from_the_detail_page(client, proposal, maintainer):
    client = logged_in(client, maintainer)
    response = client.post(
        f"/review/proposals/{proposal.pk}/",
        {"action": "reject", "comment": "not general"},
        follow=True,
    )
    assert b"Rejected." in response.content
    proposal.refresh_from_db()
    assert proposal.state == ProposalState.REJECTED


def test_the_detail_page_shows_progress_towards_several_approvals(
    client, scope_applier, maintainer, scope_tree
):
    ApprovalRule.objects.create(policy=PolicyFactory(scope=scope_tree["team"]), approvals=2)
    proposal = ProposalFactory()
    client = logged_in(client, maintainer)
    response = client.post(f"/review/proposals/{proposal.pk}/", {"action": "approve"}, follow=True)
    body = response.content.decode()
    assert "Your approval is recorded; 1 more needed." in body
    assert "1 of 2" in body
    assert 'value="approve"' not in body  # no second vote
    # Only one maintainer can approve, but two are needed: the page says so.
    assert "Only 1 maintainer can approve this, but it needs 2." in body


@pytest.mark.parametrize("who", ["member", "supervisor"])
def test_readers_who_do_not_maintain_see_the_evidence_but_cannot_decide(
    request, client, proposal, who
):
    client = logged_in(client, request.getfixturevalue(who))
    page = client.get(f"/review/proposals/{proposal.pk}/")
    assert page.status_code == 200
    assert b'value="approve"' not in page.content
    assert b"Only maintainers of" in page.content
    response = client.post(f"/review/proposals/{proposal.pk}/", {"action": "approve"})
    assert response.status_code == 403
    proposal.refresh_from_db()
    assert proposal.state == ProposalState.PENDING


def test_an_outsider_gets_404_for_another_scopes_proposal(client, proposal, outsider):
    client = logged_in(client, outsider)
    assert client.get(f"/review/proposals/{proposal.pk}/").status_code == 404
    assert (
        client.post(f"/review/proposals/{proposal.pk}/", {"action": "approve"}).status_code == 404
    )
    proposal.refresh_from_db()
    assert proposal.state == ProposalState.PENDING


def test_an_agent_credential_cannot_use_the_pages(client, proposal, scope_tree):
    token = AgentCredentialFactory().token
    response = client.get(f"/review/proposals/{proposal.pk}/", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 302  # pages know people by session only


def test_deciding_an_already_decided_proposal_says_so(
    client, proposal, maintainer, second_maintainer
):
    logged_in(client, maintainer).post(f"/review/proposals/{proposal.pk}/", {"action": "approve"})
    client.force_login(second_maintainer)
    response = client.post(f"/review/proposals/{proposal.pk}/", {"action": "reject"}, follow=True)
    assert b"already approved" in response.content


def test_the_proposer_is_not_offered_the_approve_button(client, maintainer):
    proposal = ProposalFactory(proposed_by=Principal.for_user(maintainer))
    body = logged_in(client, maintainer).get(f"/review/proposals/{proposal.pk}/").content.decode()
    assert 'value="approve"' not in body
    assert "You proposed this" in body
    assert 'value="cancel"' in body


# --- what the detail page shows ---------------------------------------------------------------


def test_the_detail_page_renders_what_the_describer_returns(
    client, registries, scope_applier, maintainer, scope_tree
):
    registries.register_describer(
        "governance.scope",
        lambda subject_id: {
            "title": f"Scope {subject_id}",
            "status": "accepted",
            "layer": "project",
            "scope": "acme/platform/payments/api",
            "metrics": {"retrieval_count": 14, "usefulness_score": 0.86},
            "fields": {"created_by": "notes-distiller"},
            "lineage": ["acme/platform/payments/api/s1", "acme/platform/payments/api"],
            "content": "## Solution\nRetry with backoff.",
            "owner_note": "kept in 'More'",
        },
    )
    proposal = ProposalFactory(payload={"success_rate": 0.9, "application_count": 6})
    body = logged_in(client, maintainer).get(f"/review/proposals/{proposal.pk}/").content.decode()
    for expected in (
        f"Scope {scope_tree['project'].pk}",
        "Retrieval count",
        "86%",
        "notes-distiller",
        "acme/platform/payments/api/s1",
        "## Solution",
        "kept in &#x27;More&#x27;",
        "Application count",
        "90%",
        "acme/platform/payments · team layer",
    ):
        assert expected in body, expected


def test_a_merge_shows_both_sides_with_their_similarity(
    client, registries, scope_applier, maintainer, scope_tree
):
    registries.register_describer(
        "governance.scope", lambda subject_id: {"title": f"Side {subject_id}"}
    )
    proposal = ProposalFactory(
        kind="merge",
        payload={
            "other_id": str(scope_tree["other_project"].pk),
            "similarity": 0.93,
            "keeps": "occurrences and resolutions move to the survivor",
        },
    )
    body = logged_in(client, maintainer).get(f"/review/proposals/{proposal.pk}/").content.decode()
    assert f"Side {scope_tree['project'].pk}" in body
    assert f"Side {scope_tree['other_project'].pk}" in body
    assert "93%" in body
    assert "occurrences and resolutions move to the survivor" in body
    assert body.index("Keeps") < body.index("Merged into the left")


def test_a_lifecycle_change_shows_the_transition(client, registries, scope_applier, maintainer):
    registries.register_describer(
        "governance.scope",
        lambda subject_id: {
            "title": "A note",
            "status": "draft",
            "metrics": {"retrieval_count": 31},
        },
    )
    proposal = ProposalFactory(kind="lifecycle", payload={"to_status": "accepted"})
    body = logged_in(client, maintainer).get(f"/review/proposals/{proposal.pk}/").content.decode()
    assert "Lifecycle change" in body
    assert '<span class="badge">draft</span>' in body
    assert '<span class="badge approved">accepted</span>' in body


def test_without_a_describer_the_page_degrades_to_the_payload(
    client, registries, scope_applier, maintainer
):
    proposal = ProposalFactory(payload={"success_rate": 0.75})
    body = logged_in(client, maintainer).get(f"/review/proposals/{proposal.pk}/").content.decode()
    assert "No describer is registered for <code>governance.scope</code>" in body
    assert "75%" in body


def test_a_failing_describer_does_not_break_the_page(client, registries, scope_applier, maintainer):
    def broken(subject_id):
        raise LookupError("gone")

    registries.register_describer("governance.scope", broken)
    proposal = ProposalFactory()
    response = logged_in(client, maintainer).get(f"/review/proposals/{proposal.pk}/")
    assert response.status_code == 200
    assert b"could not be described (LookupError)" in response.content


# --- the supervisor's escalation queue --------------------------------------------------------


def test_the_escalation_queue_groups_by_target_and_flags_overdue(
    client, escalation, supervisor, scope_tree
):
    escalation_create(
        escalated_to="VARYS",
        reason="Deadline risk",
        priority="high",
        title="Launch slips",
        scope=scope_tree["project"],
    )
    Escalation.objects.filter(pk=escalation.pk).update(due_at=timezone.now() - timedelta(hours=2))
    body = logged_in(client, supervisor).get("/review/escalations/").content.decode()
    assert "ARIA" in body and "VARYS" in body
    assert "overdue by 2" in body and "is-overdue" in body
    # The overdue critical one comes first.
    assert body.index("prod DB modified directly") < body.index("Launch slips")
    only_overdue = client.get("/review/escalations/?overdue=1").content.decode()
    assert "Launch slips" not in only_overdue


def test_my_queues_shows_the_queues_a_supervisor_is_assigned_to(
    client, escalation, supervisor, scope_tree
):
    from governance.services import queue_assign

    escalation_create(
        escalated_to="VARYS",
        reason="Deadline risk",
        priority="high",
        title="Launch slips",
        scope=scope_tree["project"],
    )
    queue_assign(user=supervisor, queue="varys", scope=scope_tree["company"])
    body = logged_in(client, supervisor).get("/review/escalations/?mine=1").content.decode()
    assert "Launch slips" in body and "prod DB modified directly" not in body


def test_a_supervisor_resolves_with_notes_from_the_page(client, escalation, supervisor):
    client = logged_in(client, supervisor)
    refused = client.post(
        f"/review/escalations/{escalation.pk}/", {"action": "resolve"}, follow=True
    )
    assert b"Say why it is resolved." in refused.content
    response = client.post(
        f"/review/escalations/{escalation.pk}/",
        {"action": "resolve", "notes": "restored from backup"},
        follow=True,
    )
    assert b"Escalation marked resolved." in response.content
    escalation.refresh_from_db()
    assert (escalation.status, escalation.resolution_notes) == ("resolved", "restored from backup")


def test_mark_reviewed_from_the_queue_returns_to_the_queue(client, escalation, supervisor):
    response = logged_in(client, supervisor).post(
        f"/review/escalations/{escalation.pk}/", {"action": "review", "next": "queue"}
    )
    assert response["Location"] == "/review/escalations/"
    escalation.refresh_from_db()
    assert escalation.status == "reviewed"


@pytest.mark.parametrize("who", ["maintainer", "member"])
def test_non_supervisors_of_the_scope_cannot_handle_escalations(request, client, escalation, who):
    client = logged_in(client, request.getfixturevalue(who))
    assert "prod DB modified directly" not in client.get("/review/escalations/").content.decode()
    page = client.get(f"/review/escalations/{escalation.pk}/")
    assert page.status_code == 200 and b"Only supervisors of" in page.content
    assert (
        client.post(
            f"/review/escalations/{escalation.pk}/", {"action": "resolve", "notes": "x"}
        ).status_code
        == 403
    )
    escalation.refresh_from_db()
    assert escalation.status == "pending"


def test_an_outsider_gets_404_for_another_scopes_escalation(client, escalation, outsider):
    client = logged_in(client, outsider)
    assert client.get(f"/review/escalations/{escalation.pk}/").status_code == 404
    assert (
        client.post(
            f"/review/escalations/{escalation.pk}/", {"action": "dismiss", "notes": "x"}
        ).status_code
        == 404
    )


# --- inbox ------------------------------------------------------------------------------------


def test_the_inbox_lists_own_notifications_and_opening_one_marks_it_read(
    client, proposal, maintainer
):
    client = logged_in(client, maintainer)
    body = client.get("/review/inbox/").content.decode()
    assert "To review in acme/platform/payments: Promote the api scope" in body
    note = Notification.objects.get(user=maintainer)
    response = client.get(f"/review/inbox/{note.pk}/open/")
    assert response["Location"] == f"/review/proposals/{proposal.pk}/"
    note.refresh_from_db()
    assert note.is_read
    client.post(f"/review/inbox/{note.pk}/mark/", {"read": "0"})
    note.refresh_from_db()
    assert not note.is_read
    client.post("/review/inbox/read-all/")
    note.refresh_from_db()
    assert note.is_read


def test_nobody_can_read_or_mark_someone_elses_notification(client, proposal, outsider, maintainer):
    note = Notification.objects.get(user=maintainer)
    client = logged_in(client, outsider)
    assert "Promote the api scope" not in client.get("/review/inbox/").content.decode()
    assert client.get(f"/review/inbox/{note.pk}/open/").status_code == 404
    assert client.post(f"/review/inbox/{note.pk}/mark/", {"read": "1"}).status_code == 404
    note.refresh_from_db()
    assert not note.is_read


def test_the_nav_shows_what_waits(client, proposal, maintainer):
    body = logged_in(client, maintainer).get("/review/inbox/").content.decode()
    assert 'title="waiting for your decision">1<' in body
    assert 'title="unread">1<' in body


# --- dashboard --------------------------------------------------------------------------------


def test_the_dashboard_shows_empty_states_without_providers(client, registries, maintainer):
    registries._DASHBOARD_PROVIDERS.clear()
    body = logged_in(client, maintainer).get("/review/dashboard/").content.decode()
    assert "No lesson figures yet" in body
    assert "Hindsight has not registered its dashboard section" in body
    assert "Pending escalations" in body  # governance's own figure is always there


def test_the_dashboard_draws_provider_sections_as_charts(
    client, registries, maintainer, scope_tree
):
    seen = []

    def lessons(principal):
        seen.append(principal.name)
        today = timezone.localdate()
        return {
            "figures": {"total_lessons": 412, "failures": 131},
            "lessons_per_day": [{"date": today.isoformat(), "lesson_type": "failure", "count": 4}],
            "top_anti_patterns": [
                {
                    "id": "1",
                    "title": "rm -rf data dirs",
                    "times_triggered": 17,
                    "severity": "critical",
                }
            ],
        }

    registries.register_dashboard_provider("lessons", lessons)
    registries.register_dashboard_provider(
        "hindsight",
        lambda principal: {
            "top_signatures": [
                {
                    "id": "a",
                    "error_type": "KeyError",
                    "pattern": "KeyError: '<key>'",
                    "occurrence_count": 51,
                }
            ],
            "resolution_success": [
                {
                    "id": "r",
                    "description": "Retry with backoff",
                    "success_rate": 0.92,
                    "application_count": 25,
                }
            ],
        },
    )
    body = logged_in(client, maintainer).get("/review/dashboard/").content.decode()
    assert seen == ["maintainer"]  # providers get the viewer, to scope what they count
    assert "412" in body and "Total lessons" in body
    assert 'aria-label="Lessons per day by type over 30 days"' in body
    assert "Failure 4" in body  # the legend totals
    assert "rm -rf data dirs" in body and "KeyError: &#x27;&lt;key&gt;&#x27;" in body
    assert "92%" in body
    assert "cdn" not in body.lower() and "<script" not in body


def test_a_failing_provider_does_not_take_the_dashboard_down(client, registries, maintainer):
    def broken(principal):
        raise RuntimeError("lessons DB down")

    registries.register_dashboard_provider("lessons", broken)
    response = logged_in(client, maintainer).get("/review/dashboard/")
    assert response.status_code == 200
    assert b"The lessons section failed to load" in response.content


def test_the_dashboard_counts_only_what_the_viewer_may_read(
    client, registries, proposal, escalation, outsider
):
    registries._DASHBOARD_PROVIDERS.clear()
    body = logged_in(client, outsider).get("/review/dashboard/").content.decode()
    assert "prod DB modified directly" not in body
    assert "Promote the api scope" not in body


# --- admin ------------------------------------------------------------------------------------


def test_the_admin_index_links_to_the_review_pages(admin_client):
    body = admin_client.get("/admin/").content.decode()
    for link in ("/review/", "/review/escalations/", "/review/dashboard/", "/review/inbox/"):
        assert f'href="{link}"' in body


def test_a_maintainer_approves_selected_proposals_from_the_admin_list(client, proposal, maintainer):
    other = ProposalFactory(kind="merge", title="Merge two")
    client = logged_in(client, maintainer)
    listing = client.get("/admin/governance/proposal/")
    assert listing.status_code == 200 and b"Promote the api scope" in listing.content
    response = client.post(
        "/admin/governance/proposal/",
        {"action": "approve_selected", "_selected_action": [str(proposal.pk), str(other.pk)]},
        follow=True,
    )
    assert b"2 proposal(s) approved." in response.content
    assert mail.outbox == []  # decisions notify the proposer, and sweeps have no inbox


def test_a_maintainer_edits_only_policies_of_scopes_they_maintain(client, maintainer, scope_tree):
    own = PolicyFactory(scope=scope_tree["team"], bloat_limit=10)
    above = PolicyFactory(scope=scope_tree["org"], bloat_limit=100)
    client = logged_in(client, maintainer)
    assert client.get(f"/admin/governance/policy/{own.pk}/change/").status_code == 200
    page = client.get(f"/admin/governance/policy/{above.pk}/change/")
    # They may read the policy above them (it governs them) but not change it.
    assert page.status_code == 200 and b'name="bloat_limit"' not in page.content
