"""Note quality: retrieval records, session feedback, low-quality flags and auto-proposal.

Usefulness, defined so the spec's thresholds mean something:

    usefulness_score = the sum, over sessions that ended with positive feedback and whose
                       context included the note, of that feedback's rating (1.0 for a plain
                       "positive"; a partial rating in (0, 1] counts partly).

A note counts once per session however often it was retrieved in it, so
`usefulness_score / retrieval_count` is the share of retrievals that led to a confirmed good
outcome (at most 1.0). Hence:

- `retrieval_count > 10` and that share `< 0.1`: fewer than one retrieval in ten ever helped;
  the note is flagged `low_quality` (ranked after every other note) and a lifecycle proposal asks
  its maintainers to deprecate it. It is unflagged if the share recovers.
- a draft with `usefulness_score > 0.8` and `retrieval_count > 5`: at least one fully positive
  session (or several partial ones) and repeated use; it moves to `proposed` and a lifecycle
  proposal asks the maintainers to accept it (the proposal queue is their notification).

Negative feedback adds nothing: the retrievals it followed already lower the share.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.db import IntegrityError, connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from governance.auth import Principal
from governance.models import ProposalKind, Scope
from governance.selectors import readable
from governance.services import audit_record, proposal_create
from mnemosyne_site.errors import Conflict
from mnemosyne_site.outbox import enqueue_on_commit
from notes import conf
from notes.models import (
    FeedbackOutcome,
    KnowledgeItem,
    KnowledgeStatus,
    NoteRetrieval,
    SessionFeedback,
)
from notes.services.lifecycle import note_metrics, note_transition

logger = logging.getLogger(__name__)
S = KnowledgeStatus


def is_low_quality(retrievals: int, usefulness: float) -> bool:
    return (
        retrievals > conf.QUALITY_REVIEW_MIN_RETRIEVALS
        and usefulness / retrievals < conf.QUALITY_REVIEW_MAX_RATIO
    )


def is_ready_to_propose(status: str, retrievals: int, usefulness: float) -> bool:
    # A note both useful once and retrieved in vain ten times over is a review case, not a
    # candidate for acceptance.
    return (
        status == S.DRAFT
        and not is_low_quality(retrievals, usefulness)
        and usefulness > conf.AUTO_PROPOSE_MIN_USEFULNESS
        and retrievals > conf.AUTO_PROPOSE_MIN_RETRIEVALS
    )


def _needs_review(status: str, retrievals: int, usefulness: float, low_quality: bool) -> bool:
    return is_low_quality(retrievals, usefulness) != low_quality or is_ready_to_propose(
        status, retrievals, usefulness
    )


def retrieval_record(
    *,
    notes: Sequence[tuple[KnowledgeItem, float]],
    query: str,
    session_key: str,
    scope: Scope | None,
    actor: Principal,
) -> None:
    """Count one retrieval of each note and keep its context (query, session).

    Two statements, whatever the number of notes; notes whose counts cross a quality threshold
    are reviewed by the worker after commit, off the request path.
    """
    if not notes:
        return
    now = timezone.now()
    ids = [note.pk for note, _ in notes]
    actor_name = actor.name
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(
                """
                UPDATE notes_knowledgeitem
                SET retrieval_count = retrieval_count + 1, last_retrieved_at = %s
                WHERE id = ANY(%s)
                RETURNING id, retrieval_count, usefulness_score, low_quality, status
                """,
                [now, ids],
            )
            rows = cursor.fetchall()
        NoteRetrieval.objects.bulk_create(
            [
                NoteRetrieval(
                    note=note,
                    session_key=session_key,
                    query=query[:1000],
                    scope=scope,
                    similarity=similarity,
                    rank=rank,
                    actor=actor_name,
                    created_at=now,
                )
                for rank, (note, similarity) in enumerate(notes, start=1)
            ]
        )
        counts = {row[0]: row[1] for row in rows}
        for note, _ in notes:
            note.retrieval_count = counts.get(note.pk, note.retrieval_count)
            note.last_retrieved_at = now
        due = [str(row[0]) for row in rows if _needs_review(row[4], row[1], row[2], row[3])]
        if due:
            enqueue_on_commit("notes.note_quality_review", due)


def session_feedback_apply(
    *,
    principal: Principal,
    session_key: str,
    outcome: str,
    rating: float | None = None,
    comment: str = "",
) -> SessionFeedback:
    """Record a session's outcome once; positive feedback credits every note in its context."""
    if rating is None:
        rating = 1.0 if outcome == FeedbackOutcome.POSITIVE else 0.0
    credited: list = []
    try:
        with transaction.atomic():
            feedback = SessionFeedback.objects.create(
                session_key=session_key,
                outcome=outcome,
                rating=rating,
                comment=comment,
                actor=principal.name,
            )
            if outcome == FeedbackOutcome.POSITIVE and rating > 0:
                retrievals = readable(
                    NoteRetrieval.objects.filter(session_key=session_key),
                    principal,
                    scope_field="note__scope",
                )
                if principal.is_agent:
                    # An agent speaks for its own sessions only.
                    retrievals = retrievals.filter(actor=principal.name)
                credited = list(retrievals.order_by().values_list("note_id", flat=True).distinct())
                KnowledgeItem.objects.filter(pk__in=credited).update(
                    usefulness_score=F("usefulness_score") + rating
                )
                feedback.notes_credited = len(credited)
                feedback.save(update_fields=["notes_credited"])
            audit_record(
                actor=principal,
                action="session.feedback",
                target=feedback,
                details={
                    "session": session_key,
                    "outcome": outcome,
                    "rating": rating,
                    "notes_credited": [str(pk) for pk in credited],
                },
            )
            if credited:
                enqueue_on_commit("notes.note_quality_review", [str(pk) for pk in credited])
    except IntegrityError:
        raise Conflict("Feedback for this session was already given.") from None
    return feedback


def note_quality_sweep(*, batch: int = 1000) -> dict:
    """Review the notes whose thresholds were crossed while the worker was away."""
    candidates = KnowledgeItem.objects.filter(
        Q(
            retrieval_count__gt=conf.QUALITY_REVIEW_MIN_RETRIEVALS,
            usefulness_score__lt=F("retrieval_count") * conf.QUALITY_REVIEW_MAX_RATIO,
            low_quality=False,
        )
        | Q(
            low_quality=True,
            usefulness_score__gte=F("retrieval_count") * conf.QUALITY_REVIEW_MAX_RATIO,
        )
        | Q(
            status=KnowledgeStatus.DRAFT,
            usefulness_score__gt=conf.AUTO_PROPOSE_MIN_USEFULNESS,
            retrieval_count__gt=conf.AUTO_PROPOSE_MIN_RETRIEVALS,
        )
    ).values_list("pk", flat=True)[:batch]
    return note_quality_review(note_ids=list(candidates))


def note_quality_review(*, note_ids: Sequence) -> dict[str, list[str]]:
    """Apply the quality rules to these notes (idempotent: run it as often as you like)."""
    done: dict[str, list[str]] = {"flagged": [], "unflagged": [], "proposed": []}
    for note_id in note_ids:
        with transaction.atomic():
            note = (
                KnowledgeItem.objects.select_for_update()
                .select_related("scope")
                .filter(pk=note_id)
                .first()
            )
            if note is None:
                continue
            low = is_low_quality(note.retrieval_count, note.usefulness_score)
            if low and not note.low_quality:
                note.low_quality = True
                note.save(update_fields=["low_quality", "updated_at"])
                audit_record(
                    actor=Principal.system(),
                    action="note.flag_low_quality",
                    target=note,
                    scope_path=note.scope.path,
                    details=note_metrics(note),
                )
                target = S.REJECTED if note.status == S.PROPOSED else S.DEPRECATED
                if note.status in (S.DRAFT, S.PROPOSED, S.ACCEPTED):
                    proposal_create(
                        kind=ProposalKind.LIFECYCLE,
                        scope=note.scope,
                        subject=note,
                        title=f"Low-quality note: {note.title[:200]} → {target}",
                        proposed_by=Principal.system(),
                        payload={
                            "target_status": target,
                            "reason": "retrieved often, rarely useful",
                            **note_metrics(note),
                        },
                    )
                done["flagged"].append(str(note.pk))
                logger.info("note flagged for review", extra={"note": str(note.pk)})
            elif not low and note.low_quality:
                note.low_quality = False
                note.save(update_fields=["low_quality", "updated_at"])
                audit_record(
                    actor=Principal.system(),
                    action="note.unflag_low_quality",
                    target=note,
                    scope_path=note.scope.path,
                    details=note_metrics(note),
                )
                done["unflagged"].append(str(note.pk))
            if is_ready_to_propose(note.status, note.retrieval_count, note.usefulness_score):
                note = note_transition(
                    note_id=note.pk,
                    status=S.PROPOSED,
                    actor=Principal.system(),
                    reason="useful in practice: auto-proposed",
                )
                proposal_create(
                    kind=ProposalKind.LIFECYCLE,
                    scope=note.scope,
                    subject=note,
                    title=f"Auto-proposed note: {note.title[:200]} → accepted",
                    proposed_by=Principal.system(),
                    payload={
                        "target_status": S.ACCEPTED,
                        "reason": "usefulness and retrievals above the auto-propose thresholds",
                        **note_metrics(note),
                    },
                )
                done["proposed"].append(str(note.pk))
                logger.info("note auto-proposed", extra={"note": str(note.pk)})
    return done
