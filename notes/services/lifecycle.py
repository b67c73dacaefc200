"""Note lifecycle: creation, transitions, promotion one layer up, merges and merge suggestions.

Who decides (until and beside the governance review pages, which call the same functions through
the registered appliers):

- maintainers of the note's scope (people) apply a transition directly;
- anyone else who may write the scope (agents, members) can only *propose*: moving a draft to
  `proposed` is itself proposing, so that one happens at once and queues a review; any other
  target becomes a lifecycle proposal for the maintainers.

Every change writes its audit row in the same transaction.
"""

from __future__ import annotations

import logging
import uuid

import numpy as np
from django.db import transaction
from django.db.models import F, Q

from governance.auth import Principal
from governance.models import Proposal, ProposalKind, Role, Scope
from governance.services import audit_record, proposal_create, proposals_close_for_subject
from mnemosyne_site.errors import Conflict, Forbidden, InvalidInput
from mnemosyne_site.outbox import enqueue_on_commit
from notes import conf
from notes.models import KnowledgeItem, KnowledgeStatus, NoteRetrieval, Trajectory
from notes.selectors.notes import knowledge_nearest

logger = logging.getLogger(__name__)

S = KnowledgeStatus
# The spec: a note starts as a draft and may become proposed, accepted, deprecated or rejected.
# Beyond that: a proposal can be sent back to draft, an accepted note can only be deprecated, a
# deprecated one reinstated, and a rejection is final (a new draft is a new note).
ALLOWED_TRANSITIONS: dict[str, frozenset[str]] = {
    S.DRAFT: frozenset({S.PROPOSED, S.ACCEPTED, S.DEPRECATED, S.REJECTED}),
    S.PROPOSED: frozenset({S.ACCEPTED, S.REJECTED, S.DRAFT}),
    S.ACCEPTED: frozenset({S.DEPRECATED}),
    S.DEPRECATED: frozenset({S.ACCEPTED}),
    S.REJECTED: frozenset(),
}


def note_create(
    *,
    scope: Scope,
    kind: str,
    title: str,
    content: str,
    created_by: Principal,
    metadata: dict | None = None,
    tags: list[str] | None = None,
    embedding: np.ndarray | None = None,
    status: str = S.DRAFT,
) -> KnowledgeItem:
    with transaction.atomic():
        note = KnowledgeItem.objects.create(
            kind=kind,
            scope=scope,
            status=status,
            title=title[:300],
            content=content,
            metadata=metadata or {},
            tags=tags or [],
            embedding=embedding,
            created_by=created_by.name,
        )
        audit_record(
            actor=created_by,
            action="note.create",
            target=note,
            scope_path=scope.path,
            details={"kind": kind, "status": status, "title": note.title},
        )
    return note


def note_transition(*, note_id, status: str, actor: Principal, reason: str = "") -> KnowledgeItem:
    """Apply a transition the spec allows; the caller has checked the actor may make it."""
    with transaction.atomic():
        note = KnowledgeItem.objects.select_for_update().select_related("scope").get(pk=note_id)
        if status == note.status:
            return note
        if status not in ALLOWED_TRANSITIONS.get(note.status, frozenset()):
            raise Conflict(f"A {note.status} note cannot become {status}.")
        previous = note.status
        note.status = status
        note.save(update_fields=["status", "updated_at"])
        audit_record(
            actor=actor,
            action=f"note.{status}",
            target=note,
            scope_path=note.scope.path,
            details={"from": previous, "to": status, "reason": reason},
        )
        if status == S.ACCEPTED:
            enqueue_on_commit("notes.note_suggest_merges", str(note.pk))
    return note


def _may_decide(principal: Principal, scope: Scope) -> bool:
    return principal.kind == "person" and principal.has_role(scope.path, Role.MAINTAINER)


def note_request_transition(
    *, principal: Principal, note: KnowledgeItem, status: str, reason: str = ""
) -> tuple[KnowledgeItem, Proposal | None]:
    """The API's transition: maintainers apply it, writers of the scope propose it."""
    if status not in ALLOWED_TRANSITIONS.get(note.status, frozenset()) and status != note.status:
        raise Conflict(f"A {note.status} note cannot become {status}.")
    if _may_decide(principal, note.scope):
        with transaction.atomic():
            note = note_transition(note_id=note.pk, status=status, actor=principal, reason=reason)
            proposals_close_for_subject(
                kind=ProposalKind.LIFECYCLE,
                subject=note,
                principal=principal,
                settled=lambda p: p.payload.get("target_status") == note.status,
                note_status=note.status,
                reason=reason,
            )
        return note, None
    if not principal.can_write_path(note.scope.path):
        raise Forbidden("You may not change notes in this scope.")
    with transaction.atomic():
        if status == S.PROPOSED:
            note = note_transition(
                note_id=note.pk, status=S.PROPOSED, actor=principal, reason=reason
            )
            target: str = S.ACCEPTED
        else:
            target = status
        proposal = proposal_create(
            kind=ProposalKind.LIFECYCLE,
            scope=note.scope,
            subject=note,
            title=f"{note.title[:200]} → {target}",
            proposed_by=principal,
            payload={"target_status": target, "reason": reason, **note_metrics(note)},
        )
    return note, proposal


def note_metrics(note: KnowledgeItem) -> dict:
    """Usage figures a reviewer weighs (also in proposals' payloads)."""
    ratio = note.usefulness_score / note.retrieval_count if note.retrieval_count else None
    return {
        "retrieval_count": note.retrieval_count,
        "usefulness_score": round(note.usefulness_score, 4),
        "usefulness_ratio": round(ratio, 4) if ratio is not None else None,
        "reference_count": note.reference_count,
        "low_quality": note.low_quality,
    }


# --- promotion ------------------------------------------------------------------------------------


def note_propose_promotion(
    *, principal: Principal, note: KnowledgeItem, reason: str = ""
) -> Proposal:
    """Ask the maintainers of the parent scope to take a copy of the note into their layer."""
    if not principal.can_write_path(note.scope.path):
        raise Forbidden("You may not promote notes of this scope.")
    target = note.scope.parent
    if target is None:
        raise Conflict("The note is already in the top layer.")
    if note.status in (S.REJECTED, S.DEPRECATED):
        raise Conflict(f"A {note.status} note cannot be promoted.")
    return proposal_create(
        kind=ProposalKind.PROMOTION,
        scope=target,
        subject=note,
        title=f"Promote “{note.title[:200]}” to {target.layer} {target.path}",
        proposed_by=principal,
        payload={
            "reason": reason,
            "from_scope": note.scope.path,
            "to_scope": target.path,
            "lineage": note.promotion_path + [note.scope.path],
            **note_metrics(note),
        },
    )


def note_promote(*, note_id, target_scope: Scope, actor: Principal) -> KnowledgeItem:
    """Copy the note into `target_scope` (its parent) as accepted, keeping the lineage."""
    with transaction.atomic():
        note = KnowledgeItem.objects.select_for_update().select_related("scope").get(pk=note_id)
        if note.scope.parent_id != target_scope.pk:
            raise Conflict("A note is promoted one layer up, into its own scope's parent.")
        root_id = note.lineage_root_id
        if KnowledgeItem.objects.filter(
            Q(id=root_id) | Q(original_id=root_id), scope=target_scope
        ).exists():
            raise Conflict("This note's lineage already has a copy in that scope.")
        copy = KnowledgeItem.objects.create(
            kind=note.kind,
            scope=target_scope,
            status=S.ACCEPTED,
            key=note.key,
            title=note.title,
            content=note.content,
            metadata={**note.metadata, "promoted_from": str(note.pk)},
            tags=list(note.tags),
            embedding=note.embedding,
            original_id=root_id,
            promotion_path=[*note.promotion_path, note.scope.path],
            created_by=actor.name,
            source=note.source,
        )
        audit_record(
            actor=actor,
            action="note.promote",
            target=copy,
            scope_path=target_scope.path,
            details={
                "from": str(note.pk),
                "from_scope": note.scope.path,
                "promotion_path": copy.promotion_path,
            },
        )
        enqueue_on_commit("notes.note_suggest_merges", str(copy.pk))
    return copy


# --- merges ---------------------------------------------------------------------------------------


def note_propose_merge(
    *, principal: Principal, note: KnowledgeItem, other: KnowledgeItem, similarity=None
) -> Proposal:
    if note.pk == other.pk:
        raise InvalidInput(fields={"other_id": ["A note cannot be merged with itself."]})
    if note.scope_id != other.scope_id:
        raise InvalidInput(fields={"other_id": ["Only notes of the same scope merge."]})
    if not principal.can_write_path(note.scope.path):
        raise Forbidden("You may not merge notes of this scope.")
    if note.merged_into_id or other.merged_into_id:
        raise Conflict("One of the notes is already merged.")
    if similarity is None and note.embedding is not None and other.embedding is not None:
        similarity = float(np.dot(np.asarray(note.embedding), np.asarray(other.embedding)))
    return proposal_create(
        kind=ProposalKind.MERGE,
        scope=note.scope,
        subject=note,
        title=f"Merge “{other.title[:120]}” into “{note.title[:120]}”",
        proposed_by=principal,
        payload={
            "other_id": str(other.pk),
            "similarity": round(similarity, 4) if similarity is not None else None,
            "keeps": "the subject note's content; the other's counts, tags and history",
        },
    )


def note_merge(*, survivor_id, other_id, actor: Principal) -> KnowledgeItem:
    """Fold `other` into `survivor`: counts add up, tags unite, `other` stays as a deprecated
    row pointing at the survivor, and retrieval history, promoted copies and source
    trajectories that referenced `other` now reference the survivor."""
    with transaction.atomic():
        locked = {
            n.pk: n
            for n in KnowledgeItem.objects.select_for_update()
            .select_related("scope")
            .filter(pk__in=[survivor_id, other_id])
        }
        survivor, other = locked.get(_uuid(survivor_id)), locked.get(_uuid(other_id))
        if survivor is None or other is None:
            raise Conflict("One of the notes no longer exists.")
        if survivor.merged_into_id or other.merged_into_id:
            raise Conflict("One of the notes is already merged.")
        survivor.retrieval_count += other.retrieval_count
        survivor.usefulness_score += other.usefulness_score
        survivor.reference_count += other.reference_count
        survivor.tags = sorted(set(survivor.tags) | set(other.tags))
        history = list(survivor.metadata.get("merged_from", []))
        history.append(
            {
                "id": str(other.pk),
                "title": other.title,
                "status": other.status,
                "content": other.content,
            }
        )
        survivor.metadata = {**survivor.metadata, "merged_from": history}
        survivor.save()
        previous_status = other.status
        other.merged_into = survivor
        other.status = S.DEPRECATED
        other.save(update_fields=["merged_into", "status", "updated_at"])
        NoteRetrieval.objects.filter(note=other).update(note=survivor)
        KnowledgeItem.objects.filter(original=other).update(original=survivor)
        Trajectory.objects.filter(note=other).update(note=survivor)
        audit_record(
            actor=actor,
            action="note.merge",
            target=survivor,
            scope_path=survivor.scope.path,
            details={"merged": str(other.pk), "merged_status": previous_status},
        )
    return survivor


def _uuid(value):
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))


def note_suggest_merges(*, note_id) -> list[Proposal]:
    """Accepted notes of the same scope above the merge similarity become merge proposals for
    the maintainers; nothing merges without their approval."""
    note = KnowledgeItem.objects.select_related("scope").filter(pk=note_id).first()
    if note is None or note.status != S.ACCEPTED or note.embedding is None:
        return []
    hits, _ = knowledge_nearest(
        embedding=np.asarray(note.embedding),
        kinds=[note.kind],
        statuses=[S.ACCEPTED],
        scope_ids=[note.scope_id],
        limit=10,
        threshold=conf.NOTE_MERGE_SIMILARITY,
    )
    proposals = []
    lineage = note.lineage_root_id
    for hit in hits:
        if hit.id == note.pk or hit.similarity <= conf.NOTE_MERGE_SIMILARITY:
            continue
        other = KnowledgeItem.objects.select_related("scope").get(pk=hit.id)
        if other.lineage_root_id == lineage:
            continue
        # The older note survives: it has the longer history.
        survivor, merged = (other, note) if other.created_at <= note.created_at else (note, other)
        if Proposal.objects.filter(
            kind=ProposalKind.MERGE,
            subject_type="notes.knowledgeitem",
            subject_id__in=[str(survivor.pk), str(merged.pk)],
            payload__other_id__in=[str(survivor.pk), str(merged.pk)],
        ).exists():
            continue  # suggested before (pending or decided): do not nag
        proposals.append(
            note_propose_merge(
                principal=Principal.system(), note=survivor, other=merged, similarity=hit.similarity
            )
        )
        logger.info(
            "merge suggested",
            extra={
                "survivor": str(survivor.pk),
                "other": str(merged.pk),
                "similarity": round(hit.similarity, 4),
            },
        )
    return proposals


def note_reference(*, note_id, actor: Principal, reason: str) -> None:
    """Count one more reference (a duplicate distillation, a resent trajectory)."""
    with transaction.atomic():
        KnowledgeItem.objects.filter(pk=note_id).update(reference_count=F("reference_count") + 1)
        note = KnowledgeItem.objects.select_related("scope").get(pk=note_id)
        audit_record(
            actor=actor,
            action="note.reference",
            target=note,
            scope_path=note.scope.path,
            details={"reason": reason, "reference_count": note.reference_count},
        )
