"""Thin Celery wrappers around the notes services; every task is idempotent."""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from mnemosyne_site.scheduling import scheduled_task
from notes import conf

logger = logging.getLogger(__name__)


@shared_task(name="notes.trajectory_distill", bind=True, acks_late=True, max_retries=None)
def distill_trajectory(self, trajectory_id: str) -> str:
    from notes.distillation.service import DistillationDeferred, trajectory_distill

    attempt = self.request.retries + 1
    try:
        status = trajectory_distill(
            trajectory_id=trajectory_id, final_attempt=attempt >= conf.DISTILL_MAX_ATTEMPTS
        )
    except DistillationDeferred as exc:
        if self.request.is_eager:
            # An eager run (tests, scripts) has no broker to wait on: the next attempt runs now.
            return self.apply(args=[trajectory_id], retries=attempt, throw=True).result
        # Exponential backoff: base, 2×base, 4×base, …
        raise self.retry(
            exc=exc, countdown=conf.DISTILL_RETRY_BASE_SECONDS * 2 ** (attempt - 1)
        ) from exc
    return status  # counted in note_taking_distillation_total{status}


@shared_task(name="notes.note_quality_review", acks_late=True)
def review_note_quality(note_ids: list[str]) -> dict:
    from notes.services.quality import note_quality_review

    return note_quality_review(note_ids=note_ids)


@shared_task(name="notes.note_suggest_merges", acks_late=True)
def suggest_note_merges(note_id: str) -> int:
    from notes.services.lifecycle import note_suggest_merges

    return len(note_suggest_merges(note_id=note_id))


@shared_task(name="notes.distillations_sweep")
@scheduled_task("notes.distillations_sweep", outcome="resent")
def sweep_distillations(older_than_seconds: int = 300) -> int:
    """Re-send ended trajectories whose distillation never started (broker down at commit) or
    whose worker died while running."""
    from notes.models import DistillationStatus, Trajectory

    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    stale_running = Trajectory.objects.filter(
        distillation_status=DistillationStatus.RUNNING, updated_at__lt=cutoff
    ).update(distillation_status=DistillationStatus.PENDING)
    ids = list(
        Trajectory.objects.filter(
            distillation_status=DistillationStatus.PENDING,
            ended_at__isnull=False,
            updated_at__lt=cutoff,
        ).values_list("pk", flat=True)[:500]
    )
    for trajectory_id in ids:
        distill_trajectory.delay(str(trajectory_id))
    if ids or stale_running:
        logger.info("distillation sweep re-sent %d trajectories", len(ids))
    return len(ids)


@shared_task(name="notes.note_quality_sweep")
@scheduled_task("notes.note_quality_sweep")
def sweep_note_quality(batch: int = 1000) -> dict:
    """Catch notes whose thresholds were crossed while the worker was away."""
    from django.db.models import F, Q

    from notes import conf as c
    from notes.models import KnowledgeItem, KnowledgeStatus
    from notes.services.quality import note_quality_review

    candidates = KnowledgeItem.objects.filter(
        Q(
            retrieval_count__gt=c.QUALITY_REVIEW_MIN_RETRIEVALS,
            usefulness_score__lt=F("retrieval_count") * c.QUALITY_REVIEW_MAX_RATIO,
            low_quality=False,
        )
        | Q(
            low_quality=True,
            usefulness_score__gte=F("retrieval_count") * c.QUALITY_REVIEW_MAX_RATIO,
        )
        | Q(
            status=KnowledgeStatus.DRAFT,
            usefulness_score__gt=c.AUTO_PROPOSE_MIN_USEFULNESS,
            retrieval_count__gt=c.AUTO_PROPOSE_MIN_RETRIEVALS,
        )
    ).values_list("pk", flat=True)[:batch]
    return note_quality_review(note_ids=list(candidates))


@shared_task(name="notes.records_expire", acks_late=True)
@scheduled_task("notes.records_expire")
def expire_old_records() -> dict:
    """Retention: old trajectories and stale session-layer items (notes/conf.py ages)."""
    from notes.services.maintenance import session_items_expire, trajectories_expire

    return {**trajectories_expire(), **session_items_expire()}


@shared_task(name="notes.distillations_retry_failed", acks_late=True)
@scheduled_task("notes.distillations_retry_failed")
def retry_failed_distillations() -> dict:
    from notes.services.maintenance import distillations_retry_failed

    return distillations_retry_failed()


@shared_task(name="notes.suggest_merges_sweep", acks_late=True)
@scheduled_task("notes.suggest_merges_sweep")
def sweep_merge_suggestions() -> dict:
    """Merge suggestions for accepted notes changed since the last run (a watermark)."""
    from django.utils.dateparse import parse_datetime

    from mnemosyne_site.scheduling import last_result
    from notes.services.maintenance import notes_suggest_merges_sweep

    cursor = last_result("notes.suggest_merges_sweep").get("cursor")
    return notes_suggest_merges_sweep(since=parse_datetime(cursor) if cursor else None)


@shared_task(name="notes.bloat_check", acks_late=True)
@scheduled_task("notes.bloat_check")
def bloat_check() -> dict:
    from notes.services.maintenance import notes_bloat_check

    return notes_bloat_check()
