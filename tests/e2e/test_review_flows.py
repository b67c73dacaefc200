"""A maintainer and a supervisor doing their work in a real browser, and an outsider refused."""

from datetime import timedelta

import pytest
from django.urls import NoReverseMatch, Resolver404, resolve
from django.utils import timezone

from governance.auth import Principal
from governance.models import (
    ApprovalRule,
    AuditLog,
    Escalation,
    Policy,
    ProposalState,
)
from governance.services import escalation_create, membership_grant, proposal_create
from tests.governance.factories import UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def retrieval_titles(scope) -> set[str]:
    """Titles a retrieval in `scope` returns. Uses the notes search API when it is installed;
    on a branch without it, the same visibility rule retrieval applies (accepted items in the
    scope or its ancestors)."""
    from notes.models import KnowledgeItem

    try:
        resolve("/api/v1/notes/search")
    except (Resolver404, NoReverseMatch):
        return set(
            KnowledgeItem.objects.filter(
                scope__path__in=scope.ancestor_paths, status="accepted"
            ).values_list("title", flat=True)
        )
    from rest_framework.test import APIClient

    from governance.services import agent_create

    _, token = agent_create(name="retrieval-check", scopes=[scope], can_write=False)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = client.post(
        "/api/v1/notes/search",
        {"query": "retry the flaky payments webhook", "scope": scope.path},
        format="json",
    )
    assert response.status_code == 200, response.content
    body = response.json()
    rows = body.get("results", body) if isinstance(body, dict) else body
    return {row.get("title") for row in rows}


@pytest.fixture
def knowledge_item(scope_tree):
    from notes.models import KnowledgeItem

    embedding = None
    try:
        from mnemosyne_site.embeddings import embed_one

        embedding = embed_one("Retry the flaky payments webhook with backoff")
    except Exception:  # retrieval falls back to the visibility rule without a vector
        embedding = None
    return KnowledgeItem.objects.create(
        kind="hindsight",
        scope=scope_tree["project"],
        status="accepted",
        title="Retry the flaky payments webhook with backoff",
        content="## Error Pattern\nTimeoutError from the webhook\n\n## Resolution\nRetry with "
        "exponential backoff, at most 5 times.",
        retrieval_count=14,
        usefulness_score=0.86,
        tags=["timeout", "webhook"],
        embedding=embedding,
        promotion_path=[],  # scopes climbed before this one: none yet
    )


def test_a_maintainer_approves_a_promotion_that_then_shows_in_the_target_layer(
    open_as,
    live_server,
    knowledge_item,
    maintainer,
    scope_tree,
    screenshots,
):
    team = scope_tree["team"]
    assert knowledge_item.title not in retrieval_titles(team)
    proposal = proposal_create(
        kind="promotion",
        scope=team,
        subject=knowledge_item,
        title="Promote 'Retry the flaky payments webhook' to the payments team",
        proposed_by=Principal.system(),
        payload={
            "application_count": 7,
            "success_rate": 0.86,
            "from_scope": "acme/platform/payments/api",
        },
    )
    # A couple of other proposals make the queue look like a real day.
    proposal_create(
        kind="lifecycle",
        scope=team,
        subject=scope_tree["project"],
        title="Deprecate 'Use the v1 ledger API'",
        proposed_by=Principal.system("notes-sweeper"),
        payload={"to_status": "deprecated", "retrievals": 31, "usefulness": 0.04},
    )
    proposal_create(
        kind="merge",
        scope=team,
        subject=scope_tree["other_project"],
        title="Merge two 'KeyError: <key>' signatures",
        proposed_by=Principal.system("hindsight"),
        payload={"other_id": "missing", "similarity": 0.93},
    )

    page = open_as(maintainer)
    row = page.locator(f"tr[data-proposal='{proposal.pk}']")
    assert row.is_visible()
    assert "1 of 1" not in row.inner_text() and "0 of 1" in row.inner_text()
    page.screenshot(path=str(screenshots / "review-queue.png"), full_page=True)

    row.locator("a").first.click()
    page.wait_for_url(f"**/review/proposals/{proposal.pk}/")
    assert "Retry the flaky payments webhook" in page.inner_text("main")
    # Not promoted yet: the lineage is the item's own scope, once.
    assert page.inner_text(".lineage").count("acme/platform/payments/api") == 1
    page.screenshot(path=str(screenshots / "proposal-detail.png"), full_page=True)

    page.fill("#comment", "Seven applications, 86% success: worth it for the whole team.")
    page.click("button[value=approve]")
    page.wait_for_selector("text=Approved and applied.")
    assert page.inner_text("[data-testid=state]") == "approved"

    assert knowledge_item.title in retrieval_titles(team)
    page.goto(f"{live_server.url}/review/inbox/")
    assert "To review in acme/platform/payments" in page.inner_text("main")
    page.screenshot(path=str(screenshots / "inbox.png"), full_page=True)
    entry = AuditLog.objects.get(action="proposal.promotion.approve", target_id=str(proposal.pk))
    assert entry.actor == "maintainer" and entry.details["applied"] is True


def test_a_second_approval_is_required_where_the_policy_says_so(
    open_as, knowledge_item, maintainer, scope_tree
):
    policy, _ = Policy.objects.get_or_create(scope=scope_tree["company"])
    ApprovalRule.objects.create(policy=policy, kind="promotion", layer="team", approvals=2)
    second = UserFactory(username="maintainer2", roles={scope_tree["team"]: "maintainer"})
    proposal = proposal_create(
        kind="promotion",
        scope=scope_tree["team"],
        subject=knowledge_item,
        title="Promote the webhook retry note",
        proposed_by=Principal.system(),
    )
    assert proposal.required_approvals == 2

    first_page = open_as(maintainer)
    first_page.goto(f"{first_page.url}proposals/{proposal.pk}")
    first_page.click("button[value=approve]")
    first_page.wait_for_selector("text=Your approval is recorded; 1 more needed.")
    assert first_page.inner_text("[data-testid=state]") == "pending"
    assert first_page.inner_text("[data-testid=approvals]") == "1 of 2"
    assert first_page.locator("button[value=approve]").count() == 0  # cannot approve twice

    second_page = open_as(second)
    second_page.goto(f"{second_page.url}proposals/{proposal.pk}")
    second_page.click("button[value=approve]")
    second_page.wait_for_selector("text=Approved and applied.")
    assert second_page.inner_text("[data-testid=approvals]") == "2 of 2"
    proposal.refresh_from_db()
    assert proposal.state == ProposalState.APPROVED
    assert knowledge_item.title in retrieval_titles(scope_tree["team"])


def test_a_supervisor_resolves_an_escalation(
    open_as,
    supervisor,
    scope_tree,
    screenshots,
):
    overdue = escalation_create(
        escalated_to="ARIA",
        reason="Critical issue: severity == 'critical'",
        priority="critical",
        title="Production database modified directly",
        scope=scope_tree["project"],
    )
    Escalation.objects.filter(pk=overdue.pk).update(
        created_at=timezone.now() - timedelta(hours=9), due_at=timezone.now() - timedelta(hours=5)
    )
    escalation_create(
        escalated_to="VARYS",
        reason="'deadline' in tags: Deadline risk",
        priority="high",
        title="Payments launch slips a week",
        scope=scope_tree["project"],
    )
    escalation_create(
        escalated_to="domain_supervisor",
        reason="Confirmed failure",
        priority="medium",
        title="Ledger export fails on month end",
        scope=scope_tree["team"],
    )
    escalation_create(
        escalated_to="maintainers",
        reason="1,042 hindsight notes in one layer",
        priority="low",
        title="Hindsight bloat in acme/platform/payments",
        scope=scope_tree["team"],
    )

    page = open_as(supervisor)
    page.goto(page.url + "escalations")
    item = page.locator(f"[data-escalation='{overdue.pk}']")
    assert "overdue by" in item.inner_text()
    assert "is-overdue" in item.get_attribute("class")
    # Overdue critical work is the first thing on the page.
    assert page.locator("[data-escalation]").first.get_attribute("data-escalation") == str(
        overdue.pk
    )
    page.screenshot(path=str(screenshots / "escalation-queue.png"), full_page=True)

    item.locator("text=Handle").click()
    page.wait_for_url(f"**/review/escalations/{overdue.pk}/")
    page.click("button[value=resolve]")  # without notes: refused, still open
    page.wait_for_selector("text=Say why it is resolved.")
    page.fill("#notes", "Restored from the 02:00 backup; direct writes now blocked.")
    page.click("button[value=resolve]")
    page.wait_for_selector("text=Escalation marked resolved.")
    assert page.inner_text("[data-testid=status]") == "resolved"
    page.screenshot(path=str(screenshots / "escalation-resolved.png"), full_page=True)
    overdue.refresh_from_db()
    assert overdue.status == "resolved" and overdue.resolved_by == "supervisor"
    assert AuditLog.objects.filter(action="escalation.resolved", target_id=str(overdue.pk)).exists()


def test_the_dashboard_shows_figures_queues_and_charts(
    open_as,
    maintainer,
    supervisor,
    scope_tree,
    dashboard_data,
    screenshots,
    live_server,
    knowledge_item,
):
    from governance.services import proposal_decide

    membership_grant(user=maintainer, scope=scope_tree["team"], role="supervisor")
    colleague = UserFactory(username="maintainer2", roles={scope_tree["team"]: "maintainer"})
    decided = proposal_create(
        kind="promotion",
        scope=scope_tree["team"],
        subject=knowledge_item,
        title="Promote the webhook retry note",
        proposed_by=Principal.system(),
    )
    proposal_decide(
        proposal_id=decided.pk, principal=Principal.for_user(colleague), decision="approve"
    )
    escalation_create(
        escalated_to="ARIA",
        reason="New anti-pattern",
        priority="critical",
        title="rm -rf on a data directory",
        scope=scope_tree["project"],
    )
    proposal_create(
        kind="pattern_confirmation",
        scope=scope_tree["team"],
        subject=scope_tree["project"],
        title="Confirm 'retry webhooks with backoff'",
        proposed_by=Principal.system("lessons"),
    )
    page = open_as(maintainer)
    page.goto(f"{live_server.url}/review/dashboard/")
    text = page.inner_text("main")
    figures = page.locator("text=Total lessons").locator("..").inner_text()
    assert str(dashboard_data["lessons"]) in figures
    assert page.locator("svg[aria-label='Lessons per day by type over 30 days'] rect").count() >= 1
    assert "Direct production database modifications" in text  # most-triggered anti-patterns
    assert "could not connect" in text  # top recurring error signatures
    assert (
        page.locator(
            "svg[aria-label='Approved and rejected proposals per day'] rect[fill='#3a9d5d']"
        ).count()
        == 1
    )
    page.screenshot(path=str(screenshots / "dashboard.png"), full_page=True)


def test_an_outsider_is_refused(
    open_as,
    outsider,
    scope_tree,
    knowledge_item,
    live_server,
    screenshots,
):
    proposal = proposal_create(
        kind="promotion",
        scope=scope_tree["team"],
        subject=knowledge_item,
        title="Promote the webhook retry note",
        proposed_by=Principal.system(),
    )
    escalation = escalation_create(
        escalated_to="aria",
        reason="Critical issue",
        priority="critical",
        scope=scope_tree["project"],
    )
    page = open_as(outsider)
    assert "Nothing waiting" in page.inner_text("main")
    assert "Promote the webhook retry note" not in page.content()
    response = page.goto(f"{live_server.url}/review/proposals/{proposal.pk}/")
    assert response.status == 404
    assert "Not found" in page.inner_text("main")
    page.screenshot(path=str(screenshots / "outsider-refused.png"))
    response = page.goto(f"{live_server.url}/review/escalations/{escalation.pk}/")
    assert response.status == 404
    page.goto(f"{live_server.url}/review/escalations/")
    assert "No escalations here" in page.inner_text("main")
