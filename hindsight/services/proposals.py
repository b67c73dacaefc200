"""What hindsight asks people to decide: promoting a proven note one layer up, and merging two
signatures that describe the same error. Nothing here promotes or merges by itself."""

from __future__ import annotations

import logging

from django.db.models import Exists, Max, OuterRef, Q
from django.utils import timezone

from governance.auth import Principal
from governance.models import Proposal, ProposalKind, Scope
from governance.selectors import policy_for
from governance.services import audit_record, proposal_create
from hindsight import conf, metrics
from hindsight.models import (
    ErrorOccurrence,
    ErrorSignature,
    Resolution,
    SignatureStatus,
    SignatureTemplate,
    SuggestionMiss,
)
from hindsight.services.notes import note_lineage, note_metrics_aggregate
from mnemosyne_site.errors import Conflict
from mnemosyne_site.outbox import enqueue_on_commit
from mnemosyne_site.vectors import nearest
from notes.models import KnowledgeItem, KnowledgeStatus

logger = logging.getLogger(__name__)

SIGNATURE_LABEL = "hindsight.errorsignature"
NOTE_LABEL = "notes.knowledgeitem"


# --- promotion --------------------------------------------------------------------------------


def _promotion_candidate(note: KnowledgeItem) -> KnowledgeItem:
    """The highest accepted member of the note's lineage: the next promotion starts from there."""
    family = note_lineage(note)
    accepted = [n for n in family if n.status == KnowledgeStatus.ACCEPTED] or [note]
    return max(accepted, key=lambda n: len(n.promotion_path or []))


def promotion_bar(scope: Scope) -> Q:
    """Resolutions proven enough to promote their note out of `scope`: the scope's policy
    (`promotion_min_applications`, `promotion_min_success_rate`, inherited), else the settings
    (spec: ≥ 5 applications, ≥ 0.8)."""
    policy = policy_for(scope)
    return Q(
        application_count__gte=policy.threshold(
            "promotion_min_applications", conf.HINDSIGHT_PROMOTION_MIN_APPLICATIONS
        ),
        success_rate__gte=policy.threshold(
            "promotion_min_success_rate", conf.HINDSIGHT_PROMOTION_MIN_SUCCESS
        ),
    )


def hindsight_promotion_propose(*, signature: ErrorSignature) -> Proposal | None:
    """Propose promoting the signature's note one layer up once one of its resolutions has been
    applied often enough and works often enough (`promotion_bar` of the signature's scope)."""
    if signature.note_id is None:
        return None
    proven = (
        signature.resolutions.filter(promotion_bar(signature.scope))
        .order_by("-success_rate", "-application_count")
        .first()
    )
    if proven is None:
        return None
    note = _promotion_candidate(
        KnowledgeItem.objects.select_related("scope").get(pk=signature.note_id)
    )
    source = note.scope
    target = source.parent
    if target is None:
        return None
    # Once asked (pending, approved or rejected) for this note and layer, the maintainers have
    # the question; asking again after every application would only be noise.
    if Proposal.objects.filter(
        kind=ProposalKind.PROMOTION,
        subject_type=NOTE_LABEL,
        subject_id=str(note.pk),
        scope=target,
    ).exists():
        return None
    totals = note_metrics_aggregate(note=note)
    proposal = proposal_create(
        kind=ProposalKind.PROMOTION,
        scope=target,
        subject=note,
        title=f"Promote hindsight note to {target.path}: {note.title}"[:300],
        proposed_by=Principal.system(),
        payload={
            "source": "hindsight",
            "signature_id": str(signature.pk),
            "resolution_id": str(proven.pk),
            "success_rate": proven.success_rate,
            "application_count": proven.application_count,
            "aggregated_metrics": totals,
            "from_scope": source.path,
            "to_scope": target.path,
            "original_id": str(note.original_id or note.pk),
            "lineage": [*(note.promotion_path or []), source.path],
        },
    )
    metrics.PROMOTION_TOTAL.labels(
        from_layer=source.layer, to_layer=target.layer, status="proposed"
    ).inc()
    return proposal


# --- merge suggestions ------------------------------------------------------------------------


def _pair_asked(a, b) -> bool:
    return Proposal.objects.filter(
        Q(subject_id=str(a), payload__other_id=str(b))
        | Q(subject_id=str(b), payload__other_id=str(a)),
        kind=ProposalKind.MERGE,
        subject_type=SIGNATURE_LABEL,
    ).exists()


def hindsight_merge_suggest(*, signature: ErrorSignature) -> list[Proposal]:
    """Ask the scope's maintainers to merge near-identical signatures whose fixes both work.

    The older signature is proposed as the survivor. A pair already asked about (in any state) is
    not asked again; approval runs `signature_merge_apply`.
    """
    best = signature.resolutions.aggregate(best=Max("success_rate"))["best"] or 0.0
    if signature.embedding is None or best <= conf.HINDSIGHT_MERGE_MIN_SUCCESS:
        return []
    fixed = Resolution.objects.filter(
        signature=OuterRef("pk"), success_rate__gt=conf.HINDSIGHT_MERGE_MIN_SUCCESS
    )
    candidates = (
        ErrorSignature.objects.filter(scope_id=signature.scope_id, status=SignatureStatus.ACTIVE)
        .exclude(pk=signature.pk)
        .filter(Exists(fixed))
    )
    rows, _ = nearest(
        candidates,
        signature.embedding,
        limit=10,
        max_distance=1.0 - conf.HINDSIGHT_MERGE_SIMILARITY,
    )
    close = [(pk, d) for pk, d in rows if d < 1.0 - conf.HINDSIGHT_MERGE_SIMILARITY]
    others = ErrorSignature.objects.select_related("scope").in_bulk([pk for pk, _ in close])
    proposals = []
    for pk, distance in close:
        other = others.get(pk)
        if other is None or _pair_asked(signature.pk, other.pk):
            continue
        survivor, absorbed = sorted((signature, other), key=lambda s: (s.created_at, str(s.pk)))
        similarity = round(1.0 - float(distance), 4)
        proposals.append(
            proposal_create(
                kind=ProposalKind.MERGE,
                scope=signature.scope,
                subject=survivor,
                title=f"Merge error signatures: {survivor.error_type}: {survivor.message_template}"[
                    :300
                ],
                proposed_by=Principal.system(),
                payload={"other_id": str(absorbed.pk), "similarity": similarity},
            )
        )
    return proposals


def signature_merge_apply(proposal: Proposal) -> None:
    """Approved merge: the subject survives and takes the other's occurrences, resolutions and
    templates; the other stays as a redirect with its history. Runs in the approving
    transaction."""
    other_id = (proposal.payload or {}).get("other_id")
    ids = sorted([str(proposal.subject_id), str(other_id)])
    locked = {
        str(s.pk): s
        for s in ErrorSignature.objects.select_for_update().filter(pk__in=ids).order_by("pk")
    }
    survivor, other = locked.get(str(proposal.subject_id)), locked.get(str(other_id))
    if survivor is None or other is None or survivor.pk == other.pk:
        raise Conflict("One of the signatures no longer exists.")
    if SignatureStatus.MERGED in (survivor.status, other.status):
        raise Conflict("One of the signatures has already been merged.")
    moved = {
        "occurrences": ErrorOccurrence.objects.filter(signature=other).update(signature=survivor),
        "resolutions": Resolution.objects.filter(signature=other).update(
            signature=survivor, scope_id=survivor.scope_id
        ),
        "templates": SignatureTemplate.objects.filter(signature=other).update(signature=survivor),
    }
    SuggestionMiss.objects.filter(signature=other).update(signature=survivor)
    now = timezone.now()
    survivor.occurrence_count += other.occurrence_count
    survivor.first_seen_at = min(survivor.first_seen_at, other.first_seen_at)
    survivor.last_seen_at = max(survivor.last_seen_at, other.last_seen_at)
    history = list(survivor.metadata.get("merged_from", []))
    history.append(
        {
            "id": str(other.pk),
            "error_type": other.error_type,
            "message_template": other.message_template,
            "fingerprint": other.fingerprint,
            "occurrence_count": other.occurrence_count,
            "proposal_id": str(proposal.pk),
            "merged_at": now.isoformat(),
        }
    )
    survivor.metadata = {**survivor.metadata, "merged_from": history}
    survivor.save()
    other.status = SignatureStatus.MERGED
    other.merged_into = survivor
    other.metadata = {
        **other.metadata,
        "merged_into": str(survivor.pk),
        "merged_at": now.isoformat(),
    }
    if other.note_id:
        # The survivor's note is rewritten with both histories; the other's note points there.
        KnowledgeItem.objects.filter(pk=other.note_id).update(status=KnowledgeStatus.DEPRECATED)
        other.metadata["note_redirect_to_signature"] = str(survivor.pk)
    other.save()
    audit_record(
        actor=Principal.system(),
        action="hindsight.signature.merge",
        target=survivor,
        scope_path=survivor.scope.path,
        details={"absorbed": str(other.pk), "proposal_id": str(proposal.pk), **moved},
    )
    enqueue_on_commit("hindsight.signature_refresh", str(survivor.pk))


def signature_describe(subject_id: str) -> dict:
    """Evidence for the review page: the pattern, its counts and its fixes."""
    signature = ErrorSignature.objects.select_related("scope").filter(pk=subject_id).first()
    if signature is None:
        return {"title": "Error signature (deleted)", "fields": {}}
    resolutions = list(signature.resolutions.order_by("-success_rate")[:5])
    return {
        "title": f"{signature.error_type or 'Error'}: {signature.message_template}"[:300],
        "fields": {
            "scope": signature.scope.path,
            "layer": signature.scope.layer,
            "status": signature.status,
            "error_type": signature.error_type,
            "pattern": signature.message_template,
            "regex": signature.message_pattern,
            "tool": signature.tool_name,
            "first seen": signature.first_seen_at.isoformat(),
            "last seen": signature.last_seen_at.isoformat(),
        },
        "metrics": {
            "occurrence_count": signature.occurrence_count,
            "resolutions": signature.resolutions.count(),
            "best_success_rate": max((r.success_rate for r in resolutions), default=0.0),
        },
        "resolutions": [
            {
                "id": str(r.pk),
                "description": r.description,
                "success_rate": r.success_rate,
                "application_count": r.application_count,
            }
            for r in resolutions
        ],
        "lineage": {
            "merged_from": signature.metadata.get("merged_from", []),
            "merged_into": str(signature.merged_into_id or ""),
        },
        "text": "\n".join(signature.stack_patterns[:10]),
    }
