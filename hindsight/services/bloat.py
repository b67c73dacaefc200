"""Storage bloat, monitored per layer as seed 000 says: when a layer's live hindsight notes (all
its scopes together) exceed that layer's threshold, its maintainers are alerted, with the
low-value notes worth cleaning up (low success, old, unused). The alert is filed in the scope
where the layer's scopes meet, so the maintainers of all of them can see and act on it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Count, Max, Q
from django.utils import timezone

from governance.models import Escalation, Layer, Priority, Scope
from governance.selectors import policy_threshold
from governance.services import escalation_create, scope_ensure_default
from hindsight import conf, metrics
from notes.models import KnowledgeItem, KnowledgeKind, KnowledgeStatus

LIVE_NOTES = Q(kind=KnowledgeKind.HINDSIGHT) & ~Q(
    status__in=[KnowledgeStatus.DEPRECATED, KnowledgeStatus.REJECTED]
)


@dataclass(frozen=True)
class BloatReport:
    layer: str
    count: int
    threshold: int
    scope_path: str  # where the alert was filed
    escalation_id: str | None


def layer_threshold(layer: str) -> int:
    return conf.HINDSIGHT_BLOAT_THRESHOLDS.get(layer, conf.HINDSIGHT_BLOAT_THRESHOLD)


def cleanup_candidates(
    *, scope: Scope | None = None, layer: str | None = None, limit: int | None = None
) -> list[dict]:
    """Live hindsight notes of a scope, or of every scope of a layer, that are worth least: a
    best fix that rarely works, or old and never retrieved. Lowest value first."""
    limit = limit or conf.HINDSIGHT_CLEANUP_CANDIDATES
    old = timezone.now() - timedelta(days=conf.HINDSIGHT_CLEANUP_MIN_AGE_DAYS)
    notes = KnowledgeItem.objects.filter(LIVE_NOTES)
    if scope is not None:
        notes = notes.filter(scope=scope)
    if layer is not None:
        notes = notes.filter(scope__layer=layer)
    rows = (
        notes.annotate(best=Max("hindsight_signature__resolutions__success_rate"))
        .filter(
            Q(best__lt=conf.HINDSIGHT_CLEANUP_LOW_SUCCESS)
            | Q(best__isnull=True)
            | Q(created_at__lt=old, retrieval_count=0)
        )
        .order_by("best", "retrieval_count", "created_at")
        .values("id", "title", "created_at", "retrieval_count", "best", "scope__path")[:limit]
    )
    candidates = []
    for note in rows:
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
                "scope": note["scope__path"],
                "success_rate": note["best"],
                "retrieval_count": note["retrieval_count"],
                "created_at": note["created_at"],
                "reasons": reasons,
            }
        )
    return candidates


def bloat_threshold(scope: Scope, layer: str) -> int:
    """Live hindsight notes a layer may hold before a bloat alert, as the policy of the scope
    where the layer's scopes meet says (`bloat_limit`, inherited), else the layer's setting."""
    return int(policy_threshold(scope, "bloat_limit", default=layer_threshold(layer)))


def storage_counts(scope: Scope | None = None, *, layer: str | None = None) -> list[dict]:
    """Live hindsight notes per scope: [{scope_id, scope__path, scope__layer, count}]."""
    notes = KnowledgeItem.objects.filter(LIVE_NOTES)
    if scope is not None:
        notes = notes.filter(scope=scope)
    if layer is not None:
        notes = notes.filter(scope__layer=layer)
    return [
        dict(row)
        for row in notes.values("scope_id", "scope__path", "scope__layer")
        .annotate(count=Count("id"))
        .order_by("-count")
    ]


def layer_counts(rows: list[dict]) -> dict[str, int]:
    """Per-scope counts summed per layer (every layer present, zero when empty)."""
    per_layer = dict.fromkeys(Layer.values, 0)
    for row in rows:
        per_layer[row["scope__layer"]] += row["count"]
    return per_layer


def _meeting_scope(paths: list[str]) -> Scope:
    """The deepest scope that is one of, or above, all these paths."""
    parts = [path.split("/") for path in paths]
    common: list[str] = []
    for segments in zip(*parts, strict=False):
        if len(set(segments)) != 1:
            break
        common.append(segments[0])
    chain = ["/".join(common[:n]) for n in range(len(common), 0, -1)]  # deepest first
    found = {scope.path: scope for scope in Scope.objects.filter(path__in=chain)}
    for path in chain:
        if path in found:
            return found[path]
    # Paths of different companies meet nowhere: the default scope stands for the whole site.
    return scope_ensure_default()


def hindsight_bloat_check(*, scope: Scope | None = None) -> list[BloatReport]:
    """Set the storage gauge per layer, and escalate every layer past its threshold to its
    maintainers (one pending escalation per layer and place: a repeated check does not queue it
    twice).

    With `scope` (after a note is written there), only that scope's layer is checked, and the
    gauge, which needs every layer, is left to the periodic full check.
    """
    rows = storage_counts(layer=scope.layer if scope is not None else None)
    per_layer = layer_counts(rows)
    if scope is None:
        for layer, count in per_layer.items():
            metrics.STORAGE_COUNT.labels(layer=layer).set(count)
    layers = [scope.layer] if scope is not None else list(per_layer)
    reports = []
    for layer in layers:
        if not per_layer[layer]:
            continue
        where = _meeting_scope([r["scope__path"] for r in rows if r["scope__layer"] == layer])
        count, threshold = per_layer[layer], bloat_threshold(where, layer)
        if count <= threshold:
            continue
        candidates = cleanup_candidates(layer=layer, limit=10)
        listed = "; ".join(f"{c['title'][:60]} ({', '.join(c['reasons'])})" for c in candidates)
        escalation: Escalation = escalation_create(
            escalated_to="maintainers",
            reason=(
                f"Hindsight notes in the {layer} layer exceed its bloat threshold of "
                f"{threshold}; review the cleanup candidates at "
                f"/api/v1/hindsight/storage?layer={layer}"
            ),
            priority=Priority.MEDIUM,
            title=f"Hindsight storage bloat in the {layer} layer: {count} notes"
            + (f" — candidates: {listed}" if listed else ""),
            scope=where,
        )
        reports.append(
            BloatReport(
                layer=layer,
                count=count,
                threshold=threshold,
                scope_path=where.path,
                escalation_id=str(escalation.pk),
            )
        )
    return reports
