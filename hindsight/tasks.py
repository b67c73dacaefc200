"""Thin Celery wrappers: each takes ids, calls services, and is safe to run twice."""

from celery import shared_task

from mnemosyne_site.metrics import TASK_RUNS


@shared_task(acks_late=True, autoretry_for=(ConnectionError,), max_retries=3, retry_backoff=True)
def signature_refresh(signature_id: str) -> None:
    """After a resolution changes: rewrite the note, aggregate lineage metrics, propose a
    promotion or merges when they are due, and check the note's scope for bloat."""
    from hindsight.services import refresh_signature

    refresh_signature(signature_id=signature_id)
    TASK_RUNS.labels(task="hindsight.signature_refresh", outcome="ok").inc()


@shared_task(acks_late=True)
def bloat_check() -> int:
    from hindsight.services.bloat import hindsight_bloat_check

    reports = hindsight_bloat_check()
    TASK_RUNS.labels(task="hindsight.bloat_check", outcome="ok").inc()
    return len(reports)


@shared_task(acks_late=True, max_retries=3, retry_backoff=True)
def learning_propagate(learning_ids: list[str], rate: float) -> int:
    """Spread a tool success to learnings similar to those it boosted (seed 001)."""
    from hindsight.services.learnings import learning_propagate_success

    count = learning_propagate_success(learning_ids=learning_ids, rate=rate)
    TASK_RUNS.labels(task="hindsight.learning_propagate", outcome="ok").inc()
    return count
