"""Thin Celery wrappers around the notes services; every task is idempotent."""

from __future__ import annotations

from celery import shared_task
from django.utils.dateparse import parse_datetime

from mnemosyne_site.scheduling import last_result, scheduled_task
from notes import conf
from notes.distillation.service import DistillationDeferred, trajectory_distill
from notes.services.lifecycle import note_suggest_merges
from notes.services.maintenance import (
    distillations_retry_failed,
    distillations_sweep,
    notes_bloat_check,
    notes_suggest_merges_sweep,
    session_items_expire,
    trajectories_expire,
)
from notes.services.quality import note_quality_review, note_quality_sweep


@shared_task(name="notes.trajectory_distill", bind=True, acks_late=True, max_retries=None)
def distill_trajectory(self, trajectory_id: str) -> str:
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
    return note_quality_review(note_ids=note_ids)


@shared_task(name="notes.note_suggest_merges", acks_late=True)
def suggest_note_merges(note_id: str) -> int:
    return len(note_suggest_merges(note_id=note_id))


@shared_task(name="notes.distillations_sweep")
@scheduled_task("notes.distillations_sweep", outcome="resent")
def sweep_distillations(older_than_seconds: int = 300) -> int:
    return distillations_sweep(older_than_seconds=older_than_seconds)


@shared_task(name="notes.note_quality_sweep")
@scheduled_task("notes.note_quality_sweep")
def sweep_note_quality(batch: int = 1000) -> dict:
    return note_quality_sweep(batch=batch)


@shared_task(name="notes.records_expire", acks_late=True)
@scheduled_task("notes.records_expire")
def expire_old_records() -> dict:
    """Retention: old trajectories and stale session-layer items (notes/conf.py ages)."""
    return {**trajectories_expire(), **session_items_expire()}


@shared_task(name="notes.distillations_retry_failed", acks_late=True)
@scheduled_task("notes.distillations_retry_failed")
def retry_failed_distillations() -> dict:
    return distillations_retry_failed()


@shared_task(name="notes.suggest_merges_sweep", acks_late=True)
@scheduled_task("notes.suggest_merges_sweep")
def sweep_merge_suggestions() -> dict:
    """Merge suggestions for accepted notes changed since the last run (a watermark)."""
    cursor = last_result("notes.suggest_merges_sweep").get("cursor")
    return notes_suggest_merges_sweep(since=parse_datetime(cursor) if cursor else None)


@shared_task(name="notes.bloat_check", acks_late=True)
@scheduled_task("notes.bloat_check")
def bloat_check() -> dict:
    return notes_bloat_check()
