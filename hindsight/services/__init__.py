"""Hindsight writes. Each submodule holds one concept; the common entry points are re-exported."""

from __future__ import annotations

from hindsight.models import ErrorSignature
from hindsight.services.bloat import hindsight_bloat_check
from hindsight.services.notes import hindsight_note_upsert, note_metrics_aggregate
from hindsight.services.proposals import hindsight_merge_suggest, hindsight_promotion_propose
from hindsight.services.resolutions import resolution_apply, resolution_create, signature_live

__all__ = [
    "hindsight_bloat_check",
    "hindsight_merge_suggest",
    "hindsight_note_upsert",
    "hindsight_promotion_propose",
    "note_metrics_aggregate",
    "refresh_signature",
    "resolution_apply",
    "resolution_create",
    "signature_live",
]


def refresh_signature(*, signature_id) -> None:
    """Everything that follows a change to a signature's resolutions, in order: the note (which
    promotion needs), the lineage's aggregated metrics, a promotion proposal, merge suggestions,
    and a bloat check of the note's scope. Each step is idempotent."""
    signature = ErrorSignature.objects.select_related("scope").filter(pk=signature_id).first()
    if signature is None:
        return
    signature = signature_live(signature)
    note = hindsight_note_upsert(signature_id=signature.pk)
    if note is not None:
        note_metrics_aggregate(note=note)
        signature.refresh_from_db()
        hindsight_promotion_propose(signature=signature)
        hindsight_bloat_check(scope=note.scope)
    hindsight_merge_suggest(signature=signature)
