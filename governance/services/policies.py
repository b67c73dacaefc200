"""Writes of policies. People edit them in the admin; the change and its audit row share the
admin's transaction."""

from __future__ import annotations

from governance.auth import Principal
from governance.models import Policy
from governance.selectors.policies import DEADLINE_FIELDS, THRESHOLD_FIELDS, TRUST_FIELDS
from governance.services.audit import audit_record


def policy_snapshot(policy: Policy) -> dict:
    fields = ("proposer_may_approve", *THRESHOLD_FIELDS, *TRUST_FIELDS, *DEADLINE_FIELDS.values())
    return {
        **{name: getattr(policy, name) for name in fields},
        "approval_rules": [
            {"kind": r.kind or "*", "layer": r.layer or "*", "approvals": r.approvals}
            for r in policy.approval_rules.order_by("kind", "layer")
        ],
    }


def policy_record_change(*, policy: Policy, actor: Principal, created: bool) -> None:
    """Audit a policy as it stands after an edit; call inside the edit's transaction."""
    audit_record(
        actor=actor,
        action="policy.create" if created else "policy.update",
        target=policy,
        scope_path=policy.scope.path,
        details=policy_snapshot(policy),
    )
