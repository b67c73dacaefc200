"""Storage bloat: too many hindsight notes in one scope raise an escalation to its maintainers,
with the low-value notes worth cleaning up (low success, old, unused)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Count, Max, Q
from django.utils import timezone

from governance.models import Escalation, Layer, Priority, Scope
from governance.selectors import policy_threshold
from governance.services import escalation_create
from hindsight import conf, metrics
from notes.models import KnowledgeItem, KnowledgeKind, KnowledgeStatus

LIVE_NOTES = Q(kind=KnowledgeKind.HINDSIGHT) & ~Q(
    status__in=[KnowledgeStatus.DEPRECATED, KnowledgeStatus.REJECTED]
)


@dataclass(frozen=True)
class BloatReport:
    scope_path: str
    layer: str
    count: int
    threshold: int
    escalation_id: str | None


def cleanup_candidates(*, scope: Scope, limit: int | None = None) -> list[dict]:
    """Live hindsight notes of a scope that are worth least: a best fix that rarely works, or old
    and never retrieved. Lowest value first."""
    limit = limit or conf.HINDSIGHT_CLEANUP_CANDIDATES
    old = timezone.now() - timedelta(days=conf.HINDSIGHT_CLEANUP_MIN_AGE_DAYS)
    notes = (
        KnowledgeItem.objects.filter(LIVE_NOTES, scope=scope)
        .annotate(best=Max("hindsight_signature__resolutions__success_rate"))
        .filter(
            Q(best__lt=conf.HINDSIGHT_CLEANUP_LOW_SUCCESS)
            | Q(best__isnull=True)
            | Q(created_at__lt=old, retrieval_count=0)
        )
        .order_by("best", "retrieval_count", "created_at")
        .values("id", "title", "created_at", "retrieval_count", "best")[:limit]
    )
    candidates = []
    for note in notes:
        reasons = []
        if note["best"] is None or note["best"] < conf.HINDSIGHT_CLEANUP_LOW_SUCCESS:
            reasons.append("low_success")
        if note["created_at"] < old:
            reasons.append("old")
        if note["retrieval_count"] == 0:
            reasons.append("unused")
        candidates.append(
            {
                "id": str(note["id"]),
                "title": note["title"],
                "success_rate": note["best"],
                "retrieval_count": note["retrieval_count"],
                "created_at": note["created_at"],
                "reasons": reasons,
            }
        )
    return candidates


def bloat_threshold(scope: Scope) -> int:
    """Live hindsight notes a scope may hold before a bloat alert: its policy's `bloat_limit`
    (inherited), else `HINDSIGHT_BLOAT_THRESHOLD`."""
    return int(policy_threshold(scope, "bloat_limit", default=conf.HINDSIGHT_BLOAT_THRESHOLD))


def storage_counts(scope: Scope | None = None) -> list[dict]:
    """Live hindsight notes per scope: [{scope_id, scope__path, scope__layer, count}]."""
    notes = KnowledgeItem.objects.filter(LIVE_NOTES)
    if scope is not None:
        notes = notes.filter(scope=scope)
    return [
        dict(row)
        for row in notes.values("scope_id", "scope__path", "scope__layer")
        .annotate(count=Count("id"))
        .order_by("-count")
    ]


def hindsight_bloat_check(*, scope: Scope | None = None) -> list[BloatReport]:
    """Set the storage gauge per layer, and escalate every scope past the threshold to its
    maintainers (one pending escalation per scope: a repeated check does not queue it twice).

    With `scope`, only that scope is checked (after a note is written there) and the gauge, which
    needs every scope, is left to the periodic full check.
    """
    counts = storage_counts(scope)
    if scope is None:
        per_layer = dict.fromkeys(Layer.values, 0)
        for row in counts:
            per_layer[row["scope__layer"]] += row["count"]
        for layer, count in per_layer.items():
            metrics.STORAGE_COUNT.labels(layer=layer).set(count)
    reports = []
    scopes = Scope.objects.in_bulk([row["scope_id"] for row in counts])
    for row in counts:
        scope = scopes[row["scope_id"]]
        threshold = bloat_threshold(scope)
        if row["count"] <= threshold:
            continue
        candidates = cleanup_candidates(scope=scope, limit=10)
        listed = "; ".join(f"{c['title'][:60]} ({', '.join(c['reasons'])})" for c in candidates)
        escalation: Escalation = escalation_create(
            escalated_to="maintainers",
            reason=(
                f"Hindsight notes in {scope.path} exceed the bloat threshold of "
                f"{threshold}; review the cleanup candidates at "
                f"/api/v1/hindsight/storage?scope={scope.path}"
            ),
            priority=Priority.MEDIUM,
            title=f"Hindsight storage bloat in {scope.path}: {row['count']} notes"
            + (f" — candidates: {listed}" if listed else ""),
            scope=scope,
        )
        reports.append(
            BloatReport(
                scope_path=scope.path,
                layer=scope.layer,
                count=row["count"],
                threshold=threshold,
                escalation_id=str(escalation.pk),
            )
        )
    return reports
