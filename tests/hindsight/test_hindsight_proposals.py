import pytest

from governance.auth import Principal
from governance.models import Proposal, ProposalState
from governance.registry import applier_for, describer_for
from governance.services import proposal_decide
from hindsight import metrics
from hindsight.models import ErrorOccurrence, ErrorSignature, SignatureTemplate
from hindsight.services import (
    hindsight_merge_suggest,
    hindsight_note_upsert,
    hindsight_promotion_propose,
    note_metrics_aggregate,
    resolution_apply,
    resolution_create,
)
from mnemosyne_site.errors import Forbidden
from notes.models import KnowledgeItem
from tests.hindsight.factories import ErrorSignatureFactory


def _proven(signature, applications: int, failures: int = 0):
    resolution = resolution_create(
        signature=signature, description="Use dict.get.", actor=Principal.system("a")
    )
    for n in range(applications - 1):
        resolution_apply(
            resolution_id=resolution.pk, success=n >= failures, actor=Principal.system("a")
        )
    hindsight_note_upsert(signature_id=signature.pk)
    signature.refresh_from_db()
    return resolution


@pytest.mark.django_db
def test_a_proven_resolution_proposes_promotion_to_the_next_layer(scope_tree):
    signature = ErrorSignatureFactory(scope=scope_tree["project"])
    _proven(signature, applications=4)
    assert hindsight_promotion_propose(signature=signature) is None  # 4 < 5 applications
    resolution = signature.resolutions.get()
    resolution_apply(resolution_id=resolution.pk, success=True, actor=Principal.system("a"))
    before = metrics.PROMOTION_TOTAL.labels(
        from_layer="project", to_layer="team", status="proposed"
    )._value.get()
    proposal = hindsight_promotion_propose(signature=signature)
    assert proposal is not None
    assert proposal.kind == "promotion"
    assert proposal.state == ProposalState.PENDING
    assert proposal.scope == scope_tree["team"]
    assert proposal.subject_type == "notes.knowledgeitem"
    assert proposal.subject_id == str(signature.note_id)
    assert proposal.payload["application_count"] == 5
    assert proposal.payload["success_rate"] == 1.0
    assert proposal.payload["lineage"] == ["acme/platform/payments/api"]
    assert proposal.payload["aggregated_metrics"]["application_count"] == 5
    after = metrics.PROMOTION_TOTAL.labels(
        from_layer="project", to_layer="team", status="proposed"
    )._value.get()
    assert after == before + 1
    # Asked once: a further application does not queue it again.
    resolution_apply(resolution_id=resolution.pk, success=True, actor=Principal.system("a"))
    assert hindsight_promotion_propose(signature=signature) is None
    assert Proposal.objects.filter(kind="promotion").count() == 1


@pytest.mark.django_db
def test_no_promotion_below_the_success_threshold(scope_tree):
    signature = ErrorSignatureFactory(scope=scope_tree["project"])
    _proven(signature, applications=6, failures=2)  # 4/6 = 0.67
    assert hindsight_promotion_propose(signature=signature) is None


@pytest.mark.django_db
def test_a_promotion_waits_for_the_target_layers_maintainers(scope_tree, member, maintainer):
    signature = ErrorSignatureFactory(scope=scope_tree["project"])
    _proven(signature, applications=5)
    proposal = hindsight_promotion_propose(signature=signature)
    # Nothing is promoted by proposing it: the note stays where it was, alone.
    assert KnowledgeItem.objects.filter(kind="hindsight").count() == 1
    with pytest.raises(Forbidden):
        proposal_decide(
            proposal_id=proposal.pk, principal=Principal.for_user(member), decision="approve"
        )
    proposal.refresh_from_db()
    assert proposal.state == ProposalState.PENDING


@pytest.mark.django_db
def test_metrics_are_aggregated_across_the_notes_lineage(scope_tree):
    signature = ErrorSignatureFactory(scope=scope_tree["project"])
    _proven(signature, applications=3)
    note = signature.note
    # A promoted copy, as the notes app's applier makes it.
    copy = KnowledgeItem.objects.create(
        kind="hindsight",
        scope=scope_tree["team"],
        status="accepted",
        title=note.title,
        content=note.content,
        original=note,
        promotion_path=[note.scope.path],
    )
    other = ErrorSignatureFactory(
        scope=scope_tree["team"], message_template="ValueError: bad <NUM>", error_type="ValueError"
    )
    resolution_create(signature=other, description="x", actor=Principal.system("a"))
    other.note = copy
    other.save()
    completed = metrics.PROMOTION_TOTAL.labels(
        from_layer="project", to_layer="team", status="completed"
    )
    before = completed._value.get()
    totals = note_metrics_aggregate(note=note)
    assert totals["instances"] == 2
    assert totals["application_count"] == 4
    copy.refresh_from_db()
    assert copy.metadata["aggregated_metrics"]["application_count"] == 4
    # The copy's promotion is counted as completed, once.
    note_metrics_aggregate(note=copy)
    assert completed._value.get() == before + 1


@pytest.mark.django_db
def test_similar_signatures_with_working_fixes_are_suggested_for_merge(scope_tree):
    first = ErrorSignatureFactory(
        scope=scope_tree["project"], message_template="KeyError: 'user_id' not found in <PATH>"
    )
    twin = ErrorSignatureFactory(
        scope=scope_tree["project"], message_template="KeyError: 'user_id' missing in <PATH>"
    )
    resolution_create(signature=first, description="a", actor=Principal.system("a"))
    weak = resolution_create(signature=twin, description="b", actor=Principal.system("a"))
    for _ in range(2):
        resolution_apply(resolution_id=weak.pk, success=False, actor=Principal.system("a"))  # 1/3
    assert hindsight_merge_suggest(signature=first) == []
    for _ in range(6):
        resolution_apply(resolution_id=weak.pk, success=True, actor=Principal.system("a"))  # 7/9
    proposals = hindsight_merge_suggest(signature=twin)
    assert len(proposals) == 1
    proposal = proposals[0]
    assert proposal.kind == "merge"
    assert proposal.subject_id == str(first.pk)  # the older one survives
    assert proposal.payload["other_id"] == str(twin.pk)
    assert proposal.payload["similarity"] > 0.9
    # Never merged by itself, and never asked twice (from either side).
    assert ErrorSignature.objects.filter(status="active").count() == 2
    assert hindsight_merge_suggest(signature=first) == []


@pytest.mark.django_db
def test_unrelated_signatures_are_not_suggested_for_merge(scope_tree):
    first = ErrorSignatureFactory(
        scope=scope_tree["project"], message_template="KeyError: 'user_id' not found in <PATH>"
    )
    other = ErrorSignatureFactory(
        scope=scope_tree["project"],
        message_template="connection refused to <IP>",
        error_type="ConnectionError",
    )
    resolution_create(signature=first, description="a", actor=Principal.system("a"))
    resolution_create(signature=other, description="b", actor=Principal.system("a"))
    assert hindsight_merge_suggest(signature=first) == []


@pytest.mark.django_db
def test_an_approved_merge_moves_history_to_the_survivor_and_leaves_a_redirect(
    scope_tree, maintainer, django_capture_on_commit_callbacks
):
    first = ErrorSignatureFactory(
        scope=scope_tree["project"],
        message_template="KeyError: 'user_id' not found in <PATH>",
        occurrence_count=3,
    )
    twin = ErrorSignatureFactory(
        scope=scope_tree["project"],
        message_template="KeyError: 'user_id' missing in <PATH>",
        occurrence_count=2,
    )
    for sig in (first, twin):
        ErrorOccurrence.objects.create(
            signature=sig, scope=sig.scope, fingerprint="f", message=sig.message_template
        )
        SignatureTemplate.objects.create(
            scope=sig.scope,
            signature=sig,
            key=str(sig.pk)[:32],
            bucket="b",
            tokens=["x"],
            spaces=[False],
        )
    resolution_create(signature=first, description="Use dict.get.", actor=Principal.system("a"))
    moved = resolution_create(
        signature=twin, description="Validate input.", actor=Principal.system("a")
    )
    proposal = hindsight_merge_suggest(signature=first)[0]
    assert applier_for("merge", "hindsight.errorsignature") is not None
    with django_capture_on_commit_callbacks(execute=True):
        proposal_decide(
            proposal_id=proposal.pk, principal=Principal.for_user(maintainer), decision="approve"
        )
    first.refresh_from_db()
    twin.refresh_from_db()
    assert twin.status == "merged" and twin.merged_into_id == first.pk
    assert first.occurrence_count == 5
    assert first.occurrences.count() == 2
    assert first.templates.count() == 2
    assert set(first.resolutions.values_list("pk", flat=True)) >= {moved.pk}
    assert first.metadata["merged_from"][0]["id"] == str(twin.pk)
    # The survivor's note now carries both fixes.
    assert "Validate input." in first.note.content and "Use dict.get." in first.note.content
    # A resolution recorded later against the merged id lands on the survivor.
    later = resolution_create(signature=twin, description="Later fix.", actor=Principal.system("a"))
    assert later.signature_id == first.pk


@pytest.mark.django_db
def test_the_review_page_can_describe_a_signature(scope_tree):
    signature = ErrorSignatureFactory(scope=scope_tree["project"], occurrence_count=7)
    resolution_create(signature=signature, description="Use dict.get.", actor=Principal.system("a"))
    described = describer_for("hindsight.errorsignature")(str(signature.pk))
    assert described["metrics"]["occurrence_count"] == 7
    assert described["fields"]["pattern"] == signature.message_template
    assert described["resolutions"][0]["description"] == "Use dict.get."


@pytest.mark.django_db
def test_an_approved_promotion_copies_the_note_up_and_the_next_one_starts_there(
    scope_tree, maintainer, django_capture_on_commit_callbacks
):
    from governance.services import membership_grant

    membership_grant(user=maintainer, scope=scope_tree["org"], role="maintainer")
    signature = ErrorSignatureFactory(scope=scope_tree["project"])
    resolution = _proven(signature, applications=5)
    proposal = hindsight_promotion_propose(signature=signature)
    with django_capture_on_commit_callbacks(execute=True):
        proposal_decide(
            proposal_id=proposal.pk, principal=Principal.for_user(maintainer), decision="approve"
        )
    copy = KnowledgeItem.objects.get(kind="hindsight", scope=scope_tree["team"])
    assert copy.original_id == signature.note_id
    assert copy.promotion_path == ["acme/platform/payments/api"]
    # The next proven application proposes the copy one layer further, to the org.
    resolution_apply(resolution_id=resolution.pk, success=True, actor=Principal.system("a"))
    signature.refresh_from_db()
    onward = hindsight_promotion_propose(signature=signature)
    assert onward.scope == scope_tree["org"]
    assert onward.subject_id == str(copy.pk)
    assert onward.payload["lineage"] == ["acme/platform/payments/api", "acme/platform/payments"]
    copy.refresh_from_db()
    assert copy.metadata["aggregated_metrics"]["application_count"] == 6
