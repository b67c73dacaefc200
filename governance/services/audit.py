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
    entry = audit_entry(
        actor=actor,
        action=action,
        target=target,
        target_type=target_type,
        target_id=target_id,
        scope_path=scope_path,
        details=details,
        session_key=session_key,
    )
    entry.save(force_insert=True)
    return entry


def audit_record_many(entries: list[AuditLog]) -> None:
    """Write several audit rows (from `audit_entry`) in one statement, inside the transaction
    that makes the changes: a bulk report audits each lesson without a round trip each."""
    AuditLog.objects.bulk_create(entries)


def audit_entry(
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
    """An unsaved audit row (`audit_record` writes one, `audit_record_many` several)."""
    if target is not None:
        target_type = target._meta.label_lower
        target_id = str(target.pk)
    return AuditLog(
        actor=actor.name,
        actor_kind=actor.kind,
        action=action,
        target_type=target_type,
        target_id=target_id,
        scope_path=scope_path,
        details=details or {},
        session_key=session_key[:200],
    )
