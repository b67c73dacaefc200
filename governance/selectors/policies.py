"""The effective policy of a scope: its own settings, else its nearest ancestor's, else defaults.

Other apps read thresholds with `policy_threshold(scope, name, default=...)`: the default is
theirs (their own env setting), used when no policy on the scope chain sets the name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from governance import conf
from governance.auth import Principal
from governance.models import Policy, Scope

# The thresholds a policy keeps, each read where it applies (promotion sweeps, bloat checks,
# rate limits). A new threshold is a new column, so the admin shows and explains it.
THRESHOLD_FIELDS = (
    "promotion_min_applications",
    "promotion_min_success_rate",
    "bloat_limit",
    "knowledge_saves_per_session",
    "learning_saves_per_session",
)
# Poisoning controls: what agents may make others obey (defaults in governance.conf).
TRUST_FIELDS = (
    "trusted_agents",
    "trust_local_agent",
    "agent_max_confidence",
    "inject_drafts",
    "agents_may_reactivate",
)
DEADLINE_FIELDS = {
    "critical": "deadline_critical_hours",
    "high": "deadline_high_hours",
    "medium": "deadline_medium_hours",
    "low": "deadline_low_hours",
}
POLICY_VALUE_FIELDS = frozenset(
    ("proposer_may_approve", *THRESHOLD_FIELDS, *TRUST_FIELDS, *DEADLINE_FIELDS.values())
)
_SPECIFICITY = ((True, True), (True, False), (False, True), (False, False))


@dataclass(frozen=True)
class EffectiveRule:
    kind: str
    layer: str
    approvals: int
    scope_path: str


@dataclass(frozen=True)
class EffectivePolicy:
    """A scope's policy after inheritance. `sources` names the scope that set each value."""

    scope_path: str
    layer: str
    values: dict[str, Any] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    rules: tuple[EffectiveRule, ...] = ()  # nearest scope first

    @property
    def proposer_may_approve(self) -> bool:
        value = self.values.get("proposer_may_approve")
        return conf.GOVERNANCE_PROPOSER_MAY_APPROVE if value is None else bool(value)

    def threshold(self, name: str, default: Any = None) -> Any:
        value = self.values.get(name)
        return default if value is None else value

    def deadline(self, priority: str) -> timedelta:
        hours = self.values.get(DEADLINE_FIELDS.get(priority, ""))
        if hours is None:
            defaults = conf.ESCALATION_DEADLINE_HOURS
            hours = defaults.get(priority, defaults["medium"])
        return timedelta(hours=hours)

    def approval_rule_for(self, kind: str, layer: str | None = None) -> EffectiveRule | None:
        layer = layer or self.layer
        by_scope: dict[str, list[EffectiveRule]] = {}
        for rule in self.rules:
            if rule.kind in ("", kind) and rule.layer in ("", layer):
                by_scope.setdefault(rule.scope_path, []).append(rule)
        for path in _nearest_first(self.scope_path):
            candidates = by_scope.get(path)
            if not candidates:
                continue
            for wants_kind, wants_layer in _SPECIFICITY:
                for rule in candidates:
                    if bool(rule.kind) == wants_kind and bool(rule.layer) == wants_layer:
                        return rule
        return None

    def approvals_for(self, kind: str, layer: str | None = None) -> int:
        """Maintainer approvals a decision of `kind` into `layer` (default: this scope's) needs."""
        rule = self.approval_rule_for(kind, layer)
        return rule.approvals if rule else conf.GOVERNANCE_DEFAULT_APPROVALS


def _nearest_first(path: str) -> list[str]:
    parts = path.split("/")
    return ["/".join(parts[:n]) for n in range(len(parts), 0, -1)]


def policy_for(scope: Scope) -> EffectivePolicy:
    """Two queries: the policies on the scope's chain, then their approval rules."""
    paths = scope.ancestor_paths
    policies = {
        p.scope.path: p
        for p in Policy.objects.filter(scope__path__in=paths)
        .select_related("scope")
        .prefetch_related("approval_rules")
    }
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    rules: list[EffectiveRule] = []
    names = ("proposer_may_approve", *THRESHOLD_FIELDS, *TRUST_FIELDS, *DEADLINE_FIELDS.values())
    for path in paths:  # nearest first: the first value found wins
        policy = policies.get(path)
        if policy is None:
            continue
        for name in names:
            value = getattr(policy, name)
            if value is not None and name not in values:
                values[name], sources[name] = value, path
        rules += [
            EffectiveRule(kind=r.kind, layer=r.layer, approvals=r.approvals, scope_path=path)
            for r in policy.approval_rules.all()
        ]
    return EffectivePolicy(
        scope_path=scope.path, layer=scope.layer, values=values, sources=sources, rules=tuple(rules)
    )


def policy_threshold(scope: Scope | None, name: str, *, default: Any = None) -> Any:
    """One threshold for a scope, inherited down the tree; `default` when no policy sets it.

    One query, so it is cheap enough for request paths (rate limits, promotion sweeps).
    """
    if name not in POLICY_VALUE_FIELDS:
        raise ValueError(f"A policy holds no {name!r}.")
    if scope is None:
        return default
    paths = scope.ancestor_paths
    rows = dict(Policy.objects.filter(scope__path__in=paths).values_list("scope__path", name))
    for path in paths:
        value = rows.get(path)
        if value is not None:
            return value
    return default


# --- poisoning controls: what a caller may make others obey ---------------------------------


def _speaks_for_people(principal: Principal) -> bool:
    return principal.kind in ("person", "system")


def reporter_trusted(principal: Principal, scope: Scope) -> bool:
    """May what `principal` reports block others at once in `scope`? People and the system
    always; the anonymous local agent unless the policy says otherwise; an agent when the
    policy names it."""
    if _speaks_for_people(principal):
        return True
    if principal.kind == "local":
        return bool(policy_threshold(scope, "trust_local_agent", default=conf.TRUST_LOCAL_AGENT))
    return principal.name in (policy_threshold(scope, "trusted_agents", default=None) or [])


def agents_may_reactivate(principal: Principal, scope: Scope) -> bool:
    """May `principal`'s report switch back on what a person switched off in `scope`?"""
    if _speaks_for_people(principal):
        return True
    default = conf.AGENTS_MAY_REACTIVATE
    return bool(policy_threshold(scope, "agents_may_reactivate", default=default))


def confidence_cap(principal: Principal, scope: Scope) -> float:
    """The highest confidence `principal` may set or boost something to in `scope`."""
    if _speaks_for_people(principal):
        return 1.0
    default = conf.AGENT_MAX_CONFIDENCE
    return float(policy_threshold(scope, "agent_max_confidence", default=default))


def drafts_injected(scope: Scope | None) -> bool:
    """Are draft notes served to agents other than their author in `scope`?"""
    return bool(policy_threshold(scope, "inject_drafts", default=conf.INJECT_DRAFTS))
