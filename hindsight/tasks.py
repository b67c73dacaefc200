"""Thin Celery wrappers: each takes ids, calls services, and is safe to run twice.

Sent after commit through `mnemosyne_site.outbox.enqueue_on_commit`, so a broker outage delays
them instead of losing them.
"""

from celery import shared_task
from django.utils.dateparse import parse_datetime

from hindsight.services import refresh_signature
from hindsight.services.bloat import hindsight_bloat_check
from hindsight.services.learnings import learning_embed as learning_embed_service
from hindsight.services.learnings import learning_propagate_success
from hindsight.services.upkeep import hindsight_proposals_sweep
from mnemosyne_site.scheduling import last_result, scheduled_task


@shared_task(
    name="hindsight.signature_refresh",
    acks_late=True,
    autoretry_for=(ConnectionError,),
    max_retries=3,
    retry_backoff=True,
)
def signature_refresh(signature_id: str) -> None:
    """After a resolution changes: rewrite the note, aggregate lineage metrics, propose a
    promotion or merges when they are due, and check the note's scope for bloat."""
    refresh_signature(signature_id=signature_id)


@shared_task(name="hindsight.bloat_check", acks_late=True)
@scheduled_task("hindsight.bloat_check")
def bloat_check() -> dict:
    reports = hindsight_bloat_check()
    return {"layers_over_threshold": len(reports)}


@shared_task(
    name="hindsight.learning_embed",
    acks_late=True,
    autoretry_for=(ConnectionError,),
    max_retries=3,
    retry_backoff=True,
)
def learning_embed(learning_id: str) -> bool:
    """A saved learning's embedding, after the answer that saved it (`learning_save`)."""
    return learning_embed_service(learning_id=learning_id)


@shared_task(
    name="hindsight.learning_propagate_success", acks_late=True, max_retries=3, retry_backoff=True
)
def learning_propagate(learning_ids: list[str], rate: float) -> int:
    """Spread a tool success to learnings similar to those it boosted (seed 001)."""
    return learning_propagate_success(learning_ids=learning_ids, rate=rate)


@shared_task(name="hindsight.proposals_sweep", acks_late=True)
@scheduled_task("hindsight.proposals_sweep")
def proposals_sweep() -> dict:
    """Promotion proposals and merge suggestions a lost `signature_refresh` never made."""
    cursor = last_result("hindsight.proposals_sweep").get("cursor")
    return hindsight_proposals_sweep(since=parse_datetime(cursor) if cursor else None)
