import pytest

from governance.auth import Principal
from governance.models import AuditLog, Proposal, ProposalState
from governance.registry import applier_for, describer_for
from governance.services import proposal_decide
from mnemosyne_site.errors import Conflict, Forbidden, InvalidInput
from notes.models import KnowledgeItem, NoteRetrieval, Trajectory
from notes.services.lifecycle import note_propose_merge, note_propose_promotion
from tests.clients import client_for
from tests.governance.factories import AgentCredentialFactory
from tests.notes.factories import KnowledgeItemFactory


def _transition(client, note, status, reason="because"):
    return client.post(
        f"/api/v1/notes/{note.pk}/transition", {"status": status, "reason": reason}, format="json"
    )


def _decide(proposal, user, decision="approve"):
    return proposal_decide(
        proposal_id=proposal.pk, principal=Principal.for_user(user), decision=decision
    )


@pytest.mark.django_db
def test_a_maintainer_accepts_a_draft_directly_and_it_is_audited(maintainer):
    note = KnowledgeItemFactory(title="Use idempotency keys on payment retries")
    response = _transition(client_for(maintainer), note, "accepted")
    assert response.status_code == 200
    assert response.json()["note"]["status"] == "accepted"
    assert response.json()["proposal"] is None
    audit = AuditLog.objects.get(action="note.accepted", target_id=str(note.pk))
    assert audit.actor == "maintainer"
    assert audit.details == {"from": "draft", "to": "accepted", "reason": "because"}


@pytest.mark.django_db
def test_an_agent_can_only_propose(agent_client, maintainer):
    note = KnowledgeItemFactory(title="Use idempotency keys on payment retries")
    response = _transition(agent_client, note, "proposed")
    assert response.status_code == 200  # proposing is the agent's to do
    note.refresh_from_db()
    assert note.status == "proposed"
    proposal = Proposal.objects.get(subject_id=str(note.pk))
    assert proposal.kind == "lifecycle" and proposal.payload["target_status"] == "accepted"
    assert proposal.scope == note.scope

    # Accepting is not: the agent's request becomes a proposal and nothing changes yet.
    response = _transition(agent_client, note, "rejected")
    assert response.status_code == 202
    note.refresh_from_db()
    assert note.status == "proposed"


@pytest.mark.django_db
def test_a_member_asking_to_deprecate_opens_a_proposal_a_maintainer_approves(member, maintainer):
    note = KnowledgeItemFactory(title="Old deploy checklist", status="accepted")
    response = _transition(client_for(member), note, "deprecated")
    assert response.status_code == 202
    proposal = Proposal.objects.get(pk=response.json()["proposal"]["id"])
    assert proposal.payload["target_status"] == "deprecated"
    _decide(proposal, maintainer)
    note.refresh_from_db()
    assert note.status == "deprecated"
    assert AuditLog.objects.filter(action="note.deprecated", actor="maintainer").exists()


@pytest.mark.django_db
def test_outsiders_cannot_change_or_even_see_the_note(outsider):
    note = KnowledgeItemFactory(title="Payments runbook")
    assert _transition(client_for(outsider), note, "proposed").status_code == 404


@pytest.mark.django_db
def test_a_read_only_agent_cannot_propose(api_client, scope_tree):
    note = KnowledgeItemFactory(title="Payments runbook")
    token = AgentCredentialFactory(name="reader", can_write=False).token
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert _transition(api_client, note, "proposed").status_code == 403


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("start", "target"),
    [("accepted", "draft"), ("rejected", "accepted"), ("deprecated", "rejected")],
)
def test_transitions_the_spec_does_not_allow_are_refused(maintainer, start, target):
    note = KnowledgeItemFactory(title="A note", status=start)
    response = _transition(client_for(maintainer), note, target)
    assert response.status_code == 409
    note.refresh_from_db()
    assert note.status == start


@pytest.mark.django_db
def test_the_lifecycle_applier_refuses_a_transition_that_became_invalid(maintainer):
    note = KnowledgeItemFactory(title="A note", status="proposed")
    proposal = Proposal.objects.create(
        kind="lifecycle",
        scope=note.scope,
        subject_type="notes.knowledgeitem",
        subject_id=str(note.pk),
        title="x",
        payload={"target_status": "deprecated"},
        proposed_by="system",
    )
    with pytest.raises(Conflict):
        _decide(proposal, maintainer)
    proposal.refresh_from_db()
    assert proposal.state == ProposalState.PENDING  # the whole decision rolled back


# --- promotion -----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_an_approved_promotion_creates_an_accepted_copy_one_layer_up(
    agent_client, maintainer, scope_tree
):
    note = KnowledgeItemFactory(
        title="Batch ledger writes to cut lock contention", status="accepted"
    )
    response = agent_client.post(
        f"/api/v1/notes/{note.pk}/promote", {"reason": "useful"}, format="json"
    )
    assert response.status_code == 202
    proposal = Proposal.objects.get(pk=response.json()["id"])
    assert proposal.kind == "promotion" and proposal.scope == scope_tree["team"]
    assert proposal.payload["lineage"] == [scope_tree["project"].path]

    _decide(proposal, maintainer)
    copy = KnowledgeItem.objects.get(scope=scope_tree["team"])
    assert copy.status == "accepted"
    assert copy.original == note
    assert copy.promotion_path == ["acme/platform/payments/api"]
    assert copy.title == note.title and copy.embedding is not None
    assert AuditLog.objects.filter(action="note.promote", target_id=str(copy.pk)).exists()

    # Promoting the copy again keeps the original and extends the path.
    second = note_propose_promotion(principal=Principal.system(), note=copy)
    assert second.scope == scope_tree["org"]
    from governance.services import membership_grant

    membership_grant(user=maintainer, scope=scope_tree["org"], role="maintainer")
    _decide(second, maintainer)
    top = KnowledgeItem.objects.get(scope=scope_tree["org"])
    assert top.original == note
    assert top.promotion_path == ["acme/platform/payments/api", "acme/platform/payments"]


@pytest.mark.django_db
def test_a_promoted_note_is_visible_to_retrieval_in_the_target_layer(
    maintainer, scope_tree, api_client
):
    note = KnowledgeItemFactory(
        title="Batch ledger writes to cut lock contention", status="accepted"
    )
    token = AgentCredentialFactory(name="search-agent", scopes=[scope_tree["other_project"]]).token
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    query = {"query": "batch ledger writes lock contention"}
    assert api_client.post("/api/v1/notes/search", query, format="json").json()["results"] == []

    proposal = note_propose_promotion(principal=Principal.system(), note=note)
    _decide(proposal, maintainer)  # to the payments team: still not the search team's
    assert api_client.post("/api/v1/notes/search", query, format="json").json()["results"] == []
    from governance.services import membership_grant

    membership_grant(user=maintainer, scope=scope_tree["org"], role="maintainer")
    copy = KnowledgeItem.objects.get(scope=scope_tree["team"])
    _decide(note_propose_promotion(principal=Principal.system(), note=copy), maintainer)
    results = api_client.post("/api/v1/notes/search", query, format="json").json()["results"]
    assert [r["scope"] for r in results] == ["acme/platform"]


@pytest.mark.django_db
def test_a_lineage_is_promoted_into_a_layer_only_once(maintainer, scope_tree):
    note = KnowledgeItemFactory(title="Batch ledger writes", status="accepted")
    _decide(note_propose_promotion(principal=Principal.system(), note=note), maintainer)
    again = note_propose_promotion(principal=Principal.system(), note=note)
    with pytest.raises(Conflict):
        _decide(again, maintainer)
    assert KnowledgeItem.objects.filter(scope=scope_tree["team"]).count() == 1


@pytest.mark.django_db
def test_only_maintainers_of_the_target_scope_approve_a_promotion(
    member, scope_tree, django_user_model
):

    from governance.services import membership_grant

    project_maintainer = django_user_model.objects.create_user("pm", password="pw")
    membership_grant(user=project_maintainer, scope=scope_tree["project"], role="maintainer")
    proposal = note_propose_promotion(
        principal=Principal.system(), note=KnowledgeItemFactory(title="x", status="accepted")
    )
    for user in (member, project_maintainer):
        with pytest.raises(Forbidden):
            _decide(proposal, user)
    assert not KnowledgeItem.objects.filter(scope=scope_tree["team"]).exists()


@pytest.mark.django_db
def test_a_company_note_cannot_be_promoted(agent_client, maintainer, scope_tree):
    note = KnowledgeItemFactory(title="Top", scope=scope_tree["company"], status="accepted")
    from notes.services.lifecycle import note_propose_promotion as propose

    with pytest.raises(Conflict):
        propose(principal=Principal.system(), note=note)


# --- merges --------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_an_approved_merge_keeps_history_and_redirects_references(
    agent_client, maintainer, scope_tree
):
    survivor = KnowledgeItemFactory(
        title="Use connection pooling for Postgres",
        status="accepted",
        retrieval_count=4,
        usefulness_score=2,
        tags=["db"],
    )
    other = KnowledgeItemFactory(
        title="Pool Postgres connections with pgbouncer",
        status="accepted",
        retrieval_count=3,
        usefulness_score=1,
        reference_count=2,
        tags=["pgbouncer"],
    )
    NoteRetrieval.objects.create(note=other, query="q", similarity=0.9, rank=1, actor="a")
    trajectory = Trajectory.objects.create(scope=scope_tree["project"], session_key="s", note=other)
    response = agent_client.post(
        f"/api/v1/notes/{survivor.pk}/merge", {"other_id": str(other.pk)}, format="json"
    )
    assert response.status_code == 202
    proposal = Proposal.objects.get(pk=response.json()["id"])
    assert proposal.payload["other_id"] == str(other.pk)
    assert proposal.payload["similarity"] > 0.5
    survivor.refresh_from_db()
    assert survivor.retrieval_count == 4  # nothing happens before approval

    _decide(proposal, maintainer)
    survivor.refresh_from_db()
    other.refresh_from_db()
    assert (survivor.retrieval_count, survivor.usefulness_score, survivor.reference_count) == (
        7,
        3,
        3,
    )
    assert survivor.tags == ["db", "pgbouncer"]
    assert survivor.metadata["merged_from"][0]["id"] == str(other.pk)
    assert other.merged_into == survivor and other.status == "deprecated"
    assert NoteRetrieval.objects.get().note == survivor
    trajectory.refresh_from_db()
    assert trajectory.note == survivor
    assert AuditLog.objects.filter(action="note.merge", target_id=str(survivor.pk)).exists()


@pytest.mark.django_db
def test_notes_of_different_scopes_do_not_merge(agent_client, scope_tree):
    a = KnowledgeItemFactory(title="A", scope=scope_tree["project"])
    b = KnowledgeItemFactory(title="B", scope=scope_tree["team"])
    response = agent_client.post(
        f"/api/v1/notes/{a.pk}/merge", {"other_id": str(b.pk)}, format="json"
    )
    assert response.status_code == 400 and "other_id" in response.json()["fields"]


@pytest.mark.django_db
def test_similar_accepted_notes_produce_a_merge_suggestion_never_a_merge(
    maintainer, django_capture_on_commit_callbacks
):
    first = KnowledgeItemFactory(
        title="Set statement_timeout on long reporting queries", status="accepted"
    )
    second = KnowledgeItemFactory(
        title="Set statement_timeout for long reporting queries", status="draft"
    )
    KnowledgeItemFactory(title="Rotate the API keys every ninety days", status="accepted")
    with django_capture_on_commit_callbacks(execute=True):
        _transition(client_for(maintainer), second, "accepted")
    proposal = Proposal.objects.get(kind="merge")
    assert proposal.subject_id == str(first.pk)  # the older note survives
    assert proposal.payload["other_id"] == str(second.pk)
    assert proposal.payload["similarity"] > 0.9
    assert proposal.state == "pending"
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.merged_into is None and second.merged_into is None

    # A second pass does not nag with the same suggestion.
    from notes.services.lifecycle import note_suggest_merges

    assert note_suggest_merges(note_id=second.pk) == []


@pytest.mark.django_db
def test_a_merge_proposal_made_by_hand_needs_distinct_notes(scope_tree):
    note = KnowledgeItemFactory(title="A")
    with pytest.raises(InvalidInput):
        note_propose_merge(principal=Principal.system(), note=note, other=note)


# --- review page ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_review_page_can_describe_a_note(scope_tree):
    note = KnowledgeItemFactory(
        title="Describe me", status="accepted", retrieval_count=12, usefulness_score=3
    )
    described = describer_for("notes.knowledgeitem")(str(note.pk))
    assert described["title"] == "Describe me"
    assert (described["status"], described["layer"]) == ("accepted", "project")
    assert described["metrics"]["retrieval_count"] == 12
    assert described["metrics"]["usefulness_ratio"] == 0.25
    assert described["lineage"] == ["acme/platform/payments/api"]
    assert applier_for("promotion", "notes.knowledgeitem") is not None
    assert applier_for("merge", "notes.knowledgeitem") is not None
    assert applier_for("lifecycle", "notes.knowledgeitem") is not None


@pytest.mark.django_db
def test_a_maintainer_reviews_and_approves_a_note_promotion_on_the_review_page(
    client, maintainer, scope_tree
):
    note = KnowledgeItemFactory(
        title="Batch ledger writes to cut lock contention",
        status="accepted",
        retrieval_count=9,
        usefulness_score=4,
    )
    proposal = note_propose_promotion(principal=Principal.system(), note=note, reason="used a lot")
    client.force_login(maintainer)
    page = client.get(f"/review/proposals/{proposal.pk}/")
    assert page.status_code == 200
    body = page.content.decode()
    assert "Batch ledger writes to cut lock contention" in body
    assert "acme/platform/payments/api" in body  # the lineage so far
    response = client.post(f"/review/proposals/{proposal.pk}/", {"action": "approve"})
    assert response.status_code in (200, 302)
    copy = KnowledgeItem.objects.get(scope=scope_tree["team"])
    assert copy.original == note and copy.status == "accepted"


@pytest.mark.django_db
def test_the_review_page_shows_both_sides_of_a_note_merge(client, maintainer):
    a = KnowledgeItemFactory(title="Use connection pooling for Postgres", status="accepted")
    b = KnowledgeItemFactory(title="Pool Postgres connections with pgbouncer", status="accepted")
    proposal = note_propose_merge(principal=Principal.system(), note=a, other=b)
    client.force_login(maintainer)
    body = client.get(f"/review/proposals/{proposal.pk}/").content.decode()
    assert "Use connection pooling for Postgres" in body
    assert "Pool Postgres connections with pgbouncer" in body


# --- the same checks for every caller -------------------------------------------------------------

READER = Principal(
    kind="agent", name="reader", read_paths=("acme/platform/payments/api",), write_paths=()
)


@pytest.mark.django_db
def test_a_caller_who_may_not_write_cannot_propose_outside_the_api_either(scope_tree):
    """The services check the principal themselves, so a command or task calling them directly
    meets the rule the API enforces."""
    note = KnowledgeItemFactory(title="A", status="accepted")
    other = KnowledgeItemFactory(title="B", status="accepted")
    with pytest.raises(Forbidden):
        note_propose_promotion(principal=READER, note=note)
    with pytest.raises(Forbidden):
        note_propose_merge(principal=READER, note=note, other=other)
    assert not Proposal.objects.exists()


@pytest.mark.django_db
def test_the_admin_accept_action_applies_the_apis_rule(client, member, maintainer):
    """A staff member who is no maintainer of the note's scope proposes, as through the API; a
    maintainer applies."""
    from django.contrib.auth.models import Permission

    note = KnowledgeItemFactory(title="Use idempotency keys on payment retries")
    perms = Permission.objects.filter(codename__in=["view_knowledgeitem", "change_knowledgeitem"])
    for person in (member, maintainer):
        person.user_permissions.set(perms)
    client.force_login(member)
    client.post("/admin/notes/knowledgeitem/", {"action": "accept", "_selected_action": [note.pk]})
    note.refresh_from_db()
    assert note.status == "draft"  # not applied: proposed to the maintainers
    proposal = Proposal.objects.get(kind="lifecycle", subject_id=str(note.pk))
    assert proposal.payload["target_status"] == "accepted" and proposal.proposed_by == "member"
    client.force_login(maintainer)
    client.post("/admin/notes/knowledgeitem/", {"action": "accept", "_selected_action": [note.pk]})
    note.refresh_from_db()
    assert note.status == "accepted"


@pytest.mark.django_db
def test_a_requeue_is_refused_to_a_caller_who_may_not_write_the_trajectorys_scope(scope_tree):
    from notes.services.trajectories import trajectory_requeue

    trajectory = Trajectory.objects.create(
        scope=scope_tree["project"], session_key="s", agent="agent", distillation_status="failed"
    )
    with pytest.raises(Forbidden):
        trajectory_requeue(trajectory_id=trajectory.pk, actor=READER)
    trajectory.refresh_from_db()
    assert trajectory.distillation_status == "failed"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("decided", "state", "action"),
    [
        ("accepted", ProposalState.APPROVED, "proposal.lifecycle.settled"),
        ("rejected", ProposalState.CANCELLED, "proposal.lifecycle.withdrawn"),
    ],
)
def test_a_direct_decision_settles_or_withdraws_the_pending_proposal_on_the_note(
    agent_client, maintainer, decided, state, action
):
    # Seed 002's lifecycle: draft -> proposed -> accepted. An agent's proposal left pending
    # when a maintainer sets the state directly must not stay in the queue, unapprovable.
    note = KnowledgeItemFactory(title="Retry webhooks with backoff")
    assert _transition(agent_client, note, "proposed").status_code == 200
    proposal = Proposal.objects.get(subject_id=str(note.pk))
    assert proposal.payload["target_status"] == "accepted"

    response = _transition(client_for(maintainer), note, decided)

    assert response.status_code == 200
    proposal.refresh_from_db()
    assert proposal.state == state
    assert proposal.decided_at is not None
    assert not Proposal.objects.filter(subject_id=str(note.pk), state="pending").exists()
    audit = AuditLog.objects.get(action=action, target_id=str(proposal.pk))
    assert audit.actor == "maintainer" and audit.details["note_status"] == decided
