"""Scheduled upkeep of notes: retention, retries of failed distillations, merge suggestions.

Each function takes a bounded batch, claims its rows (`select_for_update(skip_locked=True)`, so
two workers never take the same row), may run again at any time, and returns counts.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from governance.auth import Principal
from governance.models import AuditLog, Layer, Priority, Proposal, ProposalState, Scope
from governance.services import audit_record, escalation_create
from notes import conf, metrics
from notes.models import (
    NOTE_KINDS,
    DistillationStatus,
    KnowledgeItem,
    KnowledgeKind,
    KnowledgeStatus,
    Trajectory,
)
from notes.services.lifecycle import note_suggest_merges
from notes.services.trajectories import trajectory_queue_distillation, trajectory_requeue

logger = logging.getLogger(__name__)
D = DistillationStatus
S = KnowledgeStatus
# Session-layer items people have not endorsed; accepted or proposed ones are kept until a
# maintainer decides, whatever their age.
EXPIRABLE_STATUSES = (S.DRAFT, S.DEPRECATED, S.REJECTED)


def trajectories_expire(*, now: datetime | None = None, batch: int | None = None) -> dict:
    """Delete trajectories (and their events) older than the retention age.

    Ended ones count from their end; abandoned ones (never ended) from their last event. A
    distillation still waiting or running is left alone unless the session was abandoned.
    """
    now = now or timezone.now()
    cutoff = now - timedelta(days=conf.TRAJECTORY_RETENTION_DAYS)
    batch = batch or conf.RETENTION_BATCH
    old = Q(ended_at__lt=cutoff) & ~Q(distillation_status__in=[D.PENDING, D.RUNNING]) | Q(
        ended_at__isnull=True
    ) & Q(Q(last_event_at__lt=cutoff) | Q(last_event_at__isnull=True, created_at__lt=cutoff))
    with transaction.atomic():
        ids = list(
            Trajectory.objects.filter(old)
            .order_by("created_at")
            .select_for_update(skip_locked=True)
            .values_list("pk", flat=True)[:batch]
        )
        if not ids:
            return {"trajectories_deleted": 0}
        _, per_model = Trajectory.objects.filter(pk__in=ids).delete()
        audit_record(
            actor=Principal.system(),
            action="retention.trajectories",
            target_type="notes.trajectory",
            details={
                "deleted": len(ids),
                "older_than_days": conf.TRAJECTORY_RETENTION_DAYS,
                "ids": [str(pk) for pk in ids[:100]],
            },
        )
    events = per_model.get("notes.TrajectoryEvent", 0)
    logger.info("retention deleted %d trajectories (%d events)", len(ids), events)
    return {"trajectories_deleted": len(ids), "events_deleted": events}


def session_items_expire(*, now: datetime | None = None, batch: int | None = None) -> dict:
    """Delete session-layer notes and knowledge nobody endorsed or used within the retention age.

    Hindsight notes are left to their error signatures; items with an open proposal wait for it.
    """
    now = now or timezone.now()
    cutoff = now - timedelta(days=conf.SESSION_ITEM_RETENTION_DAYS)
    batch = batch or conf.RETENTION_BATCH
    open_proposals = Proposal.objects.filter(
        subject_type="notes.knowledgeitem", state=ProposalState.PENDING
    ).values("subject_id")
    candidates = (
        KnowledgeItem.objects.filter(
            scope__layer=Layer.SESSION,
            status__in=EXPIRABLE_STATUSES,
            updated_at__lt=cutoff,
        )
        .exclude(kind=KnowledgeKind.HINDSIGHT)
        .filter(Q(last_retrieved_at__isnull=True) | Q(last_retrieved_at__lt=cutoff))
    )
    with transaction.atomic():
        rows = list(
            candidates.order_by("updated_at")
            .select_for_update(of=("self",), skip_locked=True)
            .values_list("pk", "scope__path")[: batch * 2]
        )
        blocked = {
            value
            for value in open_proposals.filter(
                subject_id__in=[str(pk) for pk, _ in rows]
            ).values_list("subject_id", flat=True)
        }
        rows = [(pk, path) for pk, path in rows if str(pk) not in blocked][:batch]
        if not rows:
            return {"session_items_deleted": 0}
        KnowledgeItem.objects.filter(pk__in=[pk for pk, _ in rows]).delete()
        by_scope: dict[str, list[str]] = {}
        for pk, path in rows:
            by_scope.setdefault(path, []).append(str(pk))
        for path, ids in by_scope.items():
            audit_record(
                actor=Principal.system(),
                action="retention.session_items",
                target_type="notes.knowledgeitem",
                scope_path=path,
                details={
                    "deleted": len(ids),
                    "older_than_days": conf.SESSION_ITEM_RETENTION_DAYS,
                    "ids": ids[:100],
                },
            )
    logger.info("retention deleted %d session-layer items", len(rows))
    return {"session_items_deleted": len(rows)}


def distillations_sweep(*, older_than_seconds: int = 300) -> int:
    """Send again ended trajectories whose distillation never started or whose worker died
    while running (left `running` for longer than `older_than_seconds`)."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    stale_running = Trajectory.objects.filter(
        distillation_status=D.RUNNING, updated_at__lt=cutoff
    ).update(distillation_status=D.PENDING)
    ids = list(
        Trajectory.objects.filter(
            distillation_status=D.PENDING, ended_at__isnull=False, updated_at__lt=cutoff
        ).values_list("pk", flat=True)[:500]
    )
    for trajectory_id in ids:
        trajectory_queue_distillation(trajectory_id=trajectory_id)
    if ids or stale_running:
        logger.info("distillation sweep re-sent %d trajectories", len(ids))
    return len(ids)


def distillations_retry_failed(*, now: datetime | None = None, batch: int | None = None) -> dict:
    """Queue failed distillations again after a pause, a bounded number of rounds each.

    A round is one `trajectory.requeue` in the audit log (by anyone), so a trajectory a person
    requeued by hand counts too, and one that keeps failing stops being retried.
    """
    now = now or timezone.now()
    batch = batch or conf.RETENTION_BATCH
    due = Trajectory.objects.filter(
        distillation_status=D.FAILED,
        ended_at__isnull=False,
        updated_at__lt=now - timedelta(seconds=conf.DISTILL_FAILED_RETRY_AFTER_SECONDS),
    )
    retried = exhausted = 0
    with transaction.atomic():
        ids = list(
            due.order_by("updated_at")
            .select_for_update(skip_locked=True)
            .values_list("pk", flat=True)[:batch]
        )
        counts = dict(
            AuditLog.objects.filter(
                action="trajectory.requeue",
                target_type="notes.trajectory",
                target_id__in=[str(pk) for pk in ids],
            )
            .values_list("target_id")
            .annotate(n=Count("id"))
            .values_list("target_id", "n")
        )
        for trajectory_id in ids:
            if counts.get(str(trajectory_id), 0) >= conf.DISTILL_FAILED_RETRY_ROUNDS:
                exhausted += 1
                continue
            trajectory_requeue(trajectory_id=trajectory_id, actor=Principal.system())
            retried += 1
    if retried:
        logger.info("re-queued %d failed distillations", retried)
    return {"retried": retried, "gave_up": exhausted}


def notes_suggest_merges_sweep(*, since: datetime | None, batch: int | None = None) -> dict:
    """Look for merge candidates of accepted notes changed since the last run (a watermark, so a
    missed after-accept task is caught up and nothing is checked twice without cause)."""
    batch = batch or conf.MERGE_SWEEP_BATCH
    notes = KnowledgeItem.objects.filter(
        status=S.ACCEPTED, kind__in=NOTE_KINDS, embedding__isnull=False
    )
    if since is not None:
        notes = notes.filter(updated_at__gt=since)
    rows = list(notes.order_by("updated_at", "pk").values_list("pk", "updated_at")[:batch])
    suggested = 0
    for note_id, _ in rows:
        suggested += len(note_suggest_merges(note_id=note_id))
    result: dict = {"checked": len(rows), "suggested": suggested}
    if rows:
        result["cursor"] = rows[-1][1].isoformat()
    elif since is not None:
        result["cursor"] = since.isoformat()
    return result


def notes_bloat_check() -> dict:
    """Set the stored-notes gauge per layer and escalate every scope holding more live distilled
    notes than `NOTES_BLOAT_THRESHOLD` to its maintainers, naming how many are low-value (flagged
    low quality, or never retrieved). One pending escalation per scope: a repeated check does not
    queue it twice. Hindsight notes have their own check (hindsight.bloat_check)."""

    live = KnowledgeItem.objects.filter(kind=KnowledgeKind.PATTERN).exclude(
        status__in=[S.DEPRECATED, S.REJECTED]
    )
    rows = list(live.values("scope_id", "scope__layer").annotate(n=Count("id")).order_by("-n"))
    per_layer = dict.fromkeys(Layer.values, 0)
    for row in rows:
        per_layer[row["scope__layer"]] += row["n"]
    for layer, count in per_layer.items():
        metrics.STORAGE_COUNT.labels(layer=layer).set(count)
    escalated = 0
    for row in rows:
        if row["n"] <= conf.NOTES_BLOAT_THRESHOLD:
            break  # ordered by count
        scope = Scope.objects.get(pk=row["scope_id"])
        low_value = (
            live.filter(scope=scope).filter(Q(low_quality=True) | Q(retrieval_count=0)).count()
        )
        escalation_create(
            escalated_to="maintainers",
            reason=(
                f"Distilled notes in {scope.path} exceed the bloat threshold of "
                f"{conf.NOTES_BLOAT_THRESHOLD}; deprecate or merge low-value notes "
                f"(flagged low quality or never retrieved)."
            ),
            priority=Priority.MEDIUM,
            title=f"Note storage bloat in {scope.path}: {row['n']} notes, {low_value} low-value",
            scope=scope,
        )
        escalated += 1
    return {"scopes_over_threshold": escalated}
