import pytest

from governance import conf as governance_conf
from governance.models import AuditLog, Proposal
from governance.selectors import maintainers_of
from notes.models import KnowledgeItem, SessionFeedback
from tests.governance.factories import AgentCredentialFactory
from tests.notes.factories import KnowledgeItemFactory


@pytest.fixture(autouse=True)
def _drafts_served(monkeypatch):
    """A deployment whose policy serves drafts to every agent (`GOVERNANCE_INJECT_DRAFTS`), so
    drafts are retrieved and scored; the default keeps them with their author
    (tests/governance/test_poisoning_controls.py)."""
    monkeypatch.setattr(governance_conf, "INJECT_DRAFTS", True)


SEARCH = "/api/v1/notes/search"
FEEDBACK = "/api/v1/notes/feedback"


def _search(client, query, session, **body):
    response = client.post(SEARCH, {"query": query, "session": session, **body}, format="json")
    assert response.status_code == 200
    return [r["id"] for r in response.json()["results"]]


def _feedback(client, session, outcome="positive", **body):
    return client.post(FEEDBACK, {"session": session, "outcome": outcome, **body}, format="json")


@pytest.mark.django_db
def test_positive_feedback_credits_every_note_in_the_sessions_context_once(
    agent_client, django_capture_on_commit_callbacks
):
    a = KnowledgeItemFactory(title="Cache the exchange rates for five minutes")
    b = KnowledgeItemFactory(title="Exchange rate cache must expire after five minutes")
    c = KnowledgeItemFactory(title="Reconcile the ledger nightly")
    _search(agent_client, "exchange rate cache", "s-1", threshold=0.3)
    _search(agent_client, "exchange rate cache", "s-1", threshold=0.3)
    _search(agent_client, "reconcile the ledger", "s-2", threshold=0.5)
    with django_capture_on_commit_callbacks(execute=True):
        response = _feedback(agent_client, "s-1")
    assert response.status_code == 201
    assert response.json()["notes_credited"] == 2
    for note in (a, b, c):
        note.refresh_from_db()
    assert (a.usefulness_score, b.usefulness_score, c.usefulness_score) == (1.0, 1.0, 0.0)
    assert a.retrieval_count == 2  # retrieved twice, credited once
    assert AuditLog.objects.filter(action="session.feedback").count() == 1


@pytest.mark.django_db
def test_a_partial_rating_counts_partly_and_negative_feedback_adds_nothing(agent_client):
    note = KnowledgeItemFactory(title="Cache the exchange rates for five minutes")
    _search(agent_client, "exchange rates cache", "s-1")
    _search(agent_client, "exchange rates cache", "s-2")
    assert _feedback(agent_client, "s-1", rating=0.5).status_code == 201
    assert _feedback(agent_client, "s-2", "negative").status_code == 201
    note.refresh_from_db()
    assert note.usefulness_score == 0.5
    assert SessionFeedback.objects.get(session_key="s-2").notes_credited == 0


@pytest.mark.django_db
def test_feedback_for_a_session_is_given_once(agent_client):
    KnowledgeItemFactory(title="Cache the exchange rates for five minutes")
    _search(agent_client, "exchange rates cache", "s-1")
    assert _feedback(agent_client, "s-1").status_code == 201
    assert _feedback(agent_client, "s-1").status_code == 409
    assert KnowledgeItem.objects.get().usefulness_score == 1.0


@pytest.mark.django_db
def test_an_agent_cannot_credit_notes_another_agent_retrieved(agent_client, api_client):
    note = KnowledgeItemFactory(title="Cache the exchange rates for five minutes")
    _search(agent_client, "exchange rates cache", "shared-session")
    token = AgentCredentialFactory(name="other-agent").token
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert _feedback(api_client, "shared-session").json()["notes_credited"] == 0
    note.refresh_from_db()
    assert note.usefulness_score == 0


@pytest.mark.django_db
def test_bad_feedback_is_refused_naming_the_field(agent_client):
    response = _feedback(agent_client, "s", "great")
    assert response.status_code == 400 and "outcome" in response.json()["fields"]
    response = _feedback(agent_client, "s", rating=1.5)
    assert response.status_code == 400 and "rating" in response.json()["fields"]


@pytest.mark.django_db
def test_a_note_retrieved_often_but_rarely_useful_is_flagged_for_review_and_ranked_lower(
    agent_client, maintainer, django_capture_on_commit_callbacks
):
    weak = KnowledgeItemFactory(
        title="Restart the worker when the queue is stuck",
        status="accepted",
        retrieval_count=10,
        usefulness_score=0.5,
    )
    good = KnowledgeItemFactory(
        title="Restart the worker process if the queue stalls", status="accepted"
    )
    query = "Restart the worker when the queue is stuck"
    with django_capture_on_commit_callbacks(execute=True):
        first = _search(agent_client, query, "s-1")
    assert first[0] == str(weak.pk)  # not flagged yet: 10 retrievals is not "more than 10"
    weak.refresh_from_db()
    assert weak.retrieval_count == 11 and weak.low_quality
    proposal = Proposal.objects.get(kind="lifecycle", subject_id=str(weak.pk))
    assert proposal.payload["target_status"] == "deprecated"
    assert proposal.payload["usefulness_ratio"] == pytest.approx(0.5 / 11, abs=1e-4)
    assert AuditLog.objects.filter(action="note.flag_low_quality").exists()
    assert _search(agent_client, query, "s-2") == [str(good.pk), str(weak.pk)]
    good.refresh_from_db()
    assert not good.low_quality


@pytest.mark.django_db
def test_a_flag_is_lifted_when_the_note_proves_useful(
    agent_client, django_capture_on_commit_callbacks
):
    note = KnowledgeItemFactory(
        title="Restart the worker when the queue is stuck",
        retrieval_count=11,
        usefulness_score=0.0,
        low_quality=True,
    )
    _search(agent_client, "worker queue stuck", "s-1")
    with django_capture_on_commit_callbacks(execute=True):
        _feedback(agent_client, "s-1")
    note.refresh_from_db()
    # 1.0 usefulness over 12 retrievals is a share of 0.083: still flagged.
    assert note.low_quality
    for session in ("s-2", "s-3"):
        _search(agent_client, "worker queue stuck", session)
        with django_capture_on_commit_callbacks(execute=True):
            _feedback(agent_client, session)
    note.refresh_from_db()
    assert note.usefulness_score == 3.0 and note.retrieval_count == 14
    assert not note.low_quality
    assert AuditLog.objects.filter(action="note.unflag_low_quality").exists()


@pytest.mark.django_db
def test_a_useful_draft_is_auto_proposed_and_its_maintainers_have_it_in_their_queue(
    agent_client, maintainer, django_capture_on_commit_callbacks
):
    note = KnowledgeItemFactory(
        title="Use advisory locks for the nightly settlement job", retrieval_count=5
    )
    _search(agent_client, "advisory locks settlement job", "s-1")
    note.refresh_from_db()
    assert note.status == "draft"  # six retrievals, but no success yet
    with django_capture_on_commit_callbacks(execute=True):
        _feedback(agent_client, "s-1", rating=0.9)
    note.refresh_from_db()
    assert note.status == "proposed"
    proposal = Proposal.objects.get(kind="lifecycle", subject_id=str(note.pk))
    assert proposal.payload["target_status"] == "accepted"
    assert proposal.state == "pending" and proposal.scope == note.scope
    assert maintainer in maintainers_of(proposal.scope)
    # Governance notifies the people whose queue the proposal entered.
    from governance.models import Notification

    notice = Notification.objects.get(user=maintainer, kind="proposal")
    assert notice.subject_id == str(proposal.pk) or str(note.pk) in (notice.subject_id, notice.url)
    assert AuditLog.objects.filter(action="note.proposed", actor="system").exists()


@pytest.mark.django_db
def test_a_draft_useful_but_barely_retrieved_stays_a_draft(
    agent_client, django_capture_on_commit_callbacks
):
    note = KnowledgeItemFactory(
        title="Use advisory locks for the nightly settlement job", retrieval_count=3
    )
    _search(agent_client, "advisory locks", "s-1")
    with django_capture_on_commit_callbacks(execute=True):
        _feedback(agent_client, "s-1")
    note.refresh_from_db()
    assert note.status == "draft" and note.retrieval_count == 4


@pytest.mark.django_db
def test_the_sweep_catches_notes_that_crossed_a_threshold_while_the_worker_was_away(scope_tree):
    from notes.tasks import sweep_note_quality

    weak = KnowledgeItemFactory(title="weak", retrieval_count=20, usefulness_score=1)
    ready = KnowledgeItemFactory(title="ready", retrieval_count=8, usefulness_score=2)
    fine = KnowledgeItemFactory(
        title="fine", retrieval_count=20, usefulness_score=5, status="accepted"
    )
    result = sweep_note_quality.delay().get()
    assert result["flagged"] == [str(weak.pk)] and result["proposed"] == [str(ready.pk)]
    fine.refresh_from_db()
    assert not fine.low_quality and fine.status == "accepted"
