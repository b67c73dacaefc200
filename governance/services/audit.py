"""The audit record every decision and knowledge operation writes, inside its own transaction."""

from __future__ import annotations

from django.db.models import Model

from governance.auth import Principal
from governance.models import AuditLog


def audit_record(
    *,
    actor: Principal,
    action: str,
    target: Model | None = None,
    target_type: str = "",
    target_id: str = "",
    scope_path: str = "",
    details: dict | None = None,
    session_key: str = "",
) -> AuditLog:
    """Write one audit row; call it inside the transaction that makes the change."""
    if target is not None:
        target_type = target._meta.label_lower
        target_id = str(target.pk)
    return AuditLog.objects.create(
        actor=actor.name,
        actor_kind=actor.kind,
        action=action,
        target_type=target_type,
        target_id=target_id,
        scope_path=scope_path,
        details=details or {},
        session_key=session_key[:200],
    )
