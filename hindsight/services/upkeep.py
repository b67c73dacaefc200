"""Scheduled upkeep of hindsight: the auto-proposal sweep (promotions and merge suggestions).

Both normally follow a resolution's change, in its `signature_refresh` task; this sweep catches
signatures whose task was lost (a broker outage, a dead worker). Both proposers are idempotent:
a question once asked is not asked again.
"""

from __future__ import annotations

from datetime import datetime

from hindsight.models import ErrorSignature, Resolution
from hindsight.services.proposals import hindsight_merge_suggest, hindsight_promotion_propose

SWEEP_BATCH = 200


def hindsight_proposals_sweep(*, since: datetime | None, batch: int = SWEEP_BATCH) -> dict:
    """Signatures whose resolutions changed since the last run (a watermark): propose the
    promotion that is due and suggest the merges that are due."""
    changed = Resolution.objects.all()
    if since is not None:
        changed = changed.filter(updated_at__gt=since)
    rows = list(
        changed.order_by("updated_at", "pk").values_list("signature_id", "updated_at")[:batch]
    )
    signature_ids = list(dict.fromkeys(sig for sig, _ in rows))
    promoted = merges = 0
    for signature in ErrorSignature.objects.select_related("scope").filter(
        pk__in=signature_ids, merged_into__isnull=True
    ):
        # The proposer checks the scope policy's bar itself.
        if hindsight_promotion_propose(signature=signature):
            promoted += 1
        merges += len(hindsight_merge_suggest(signature=signature))
    result: dict = {
        "signatures_checked": len(signature_ids),
        "promotions_proposed": promoted,
        "merges_suggested": merges,
    }
    if rows:
        result["cursor"] = rows[-1][1].isoformat()
    elif since is not None:
        result["cursor"] = since.isoformat()
    return result
