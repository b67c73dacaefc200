"""Anti-patterns edited by people (activate, deactivate, triggers) and their trigger statistics."""

from __future__ import annotations

from datetime import UTC, datetime

from django.db import transaction
from django.db.models import Case, F, Value, When
from django.db.models.functions import Greatest

from governance.auth import Principal
from governance.models import Role
from governance.services import audit_record, scope_ensure_default
from lessons.builtin import BUILTIN_ANTI_PATTERNS
from lessons.command_triggers import validate as validate_command_trigger
from lessons.models import AntiPattern, Severity
from lessons.triggers import TriggerError, validate_trigger
from mnemosyne_site.embeddings import embed, embed_one
from mnemosyne_site.errors import Forbidden, InvalidInput


def may_edit_anti_pattern(principal: Principal, anti_pattern: AntiPattern) -> bool:
    """Maintainers of its scope edit an anti-pattern; so do the system and, under `make run`, the
    local developer agent (as with patterns). Token-holding agents never do."""
    if principal.kind in ("local", "system"):
        return True
    return principal.kind == "person" and principal.has_role(
        anti_pattern.scope.path, Role.MAINTAINER
    )


def _locked_for_edit(principal: Principal, anti_pattern_id) -> AntiPattern:
    anti_pattern = (
        AntiPattern.objects.select_for_update().select_related("scope").get(pk=anti_pattern_id)
    )
    if not may_edit_anti_pattern(principal, anti_pattern):
        raise Forbidden("Only maintainers of its scope edit an anti-pattern.")
    return anti_pattern


def anti_pattern_set_active(*, anti_pattern_id, principal: Principal, active: bool) -> bool:
    """Switch one anti-pattern on or off; returns whether it changed. Switching on is also how
    a person confirms one that waits for confirmation (it then blocks); switched off, it stays
    off when agents report it again (unless the scope's policy lets them re-activate)."""
    with transaction.atomic():
        anti_pattern = _locked_for_edit(principal, anti_pattern_id)
        confirming = active and anti_pattern.awaiting_confirmation
        if anti_pattern.active == active and not confirming:
            return False
        anti_pattern.active = active
        anti_pattern.switched_off = not active
        anti_pattern.awaiting_confirmation = False if active else anti_pattern.awaiting_confirmation
        anti_pattern.save(
            update_fields=["active", "switched_off", "awaiting_confirmation", "updated_at"]
        )
        audit_record(
            actor=principal,
            action="anti_pattern.activate" if active else "anti_pattern.deactivate",
            target=anti_pattern,
            scope_path=anti_pattern.scope.path,
            details={"confirmed": True} if confirming else {},
        )
    return True


def anti_pattern_update(*, anti_pattern_id, principal: Principal, changes: dict) -> AntiPattern:
    """Edit an anti-pattern (its maintainers). A regex trigger is validated with RE2 (an empty one
    removes it), a command trigger with `command_triggers.validate` and marked as a person's (a
    later report of the lesson keeps it); InvalidInput names the field. A new title or example
    re-embeds the vector."""
    changes = dict(changes)
    with transaction.atomic():
        anti_pattern = _locked_for_edit(principal, anti_pattern_id)
        try:
            if changes.get("trigger_pattern"):
                validate_trigger(changes["trigger_pattern"])
        except TriggerError as exc:
            raise InvalidInput(str(exc), fields={"trigger_pattern": [str(exc)]}) from None
        if "command_trigger" in changes:
            try:
                trigger = validate_command_trigger(changes["command_trigger"])
            except TriggerError as exc:
                raise InvalidInput(str(exc), fields={"command_trigger": [str(exc)]}) from None
            changes["command_trigger"] = {**trigger, "source": "person"} if trigger else {}
        before = {name: getattr(anti_pattern, name) for name in changes}
        for name, value in changes.items():
            setattr(anti_pattern, name, value)
        if {"title", "example"} & set(changes):
            anti_pattern.embedding = embed_one(anti_pattern.embedding_text())
        anti_pattern.save()
        audit_record(
            actor=principal,
            action="anti_pattern.update",
            target=anti_pattern,
            scope_path=anti_pattern.scope.path,
            details={"before": {k: str(v) for k, v in before.items()}, "fields": sorted(changes)},
        )
    return anti_pattern


def anti_pattern_hits_apply(*, counts: dict[str, list]) -> int:
    """Add a batch of match counts: `{id: [count, last matched at (epoch seconds)]}`.

    Only the statistics columns change, so the anti-pattern index version does not move.
    """
    updated = 0
    for pk, (count, last) in sorted(counts.items()):
        moment = datetime.fromtimestamp(float(last), tz=UTC)
        updated += AntiPattern.objects.filter(pk=pk).update(
            times_triggered=F("times_triggered") + int(count),
            last_triggered=Case(
                When(last_triggered__isnull=True, then=Value(moment)),
                default=Greatest(F("last_triggered"), Value(moment)),
            ),
        )
    return updated


def anti_patterns_install_builtin(*, principal: Principal | None = None) -> dict[str, int]:
    """Install the anti-patterns every install has (`lessons.builtin`), idempotently.

    A missing one is created in the default scope. One already there keeps its `active` flag
    (a maintainer's deactivation stands) and every field a person edited; only a command trigger
    still as shipped follows the shipped one. Returns counts of created, updated and kept.
    """
    principal = principal or Principal.system("mnemosyne")
    counts = {"created": 0, "updated": 0, "kept": 0}
    shipped = {item["builtin_key"]: item for item in BUILTIN_ANTI_PATTERNS}
    existing = {a.builtin_key: a for a in AntiPattern.objects.filter(builtin_key__in=shipped)}
    missing = [key for key in shipped if key not in existing]
    texts = [f"{shipped[k]['title']} {shipped[k]['example']}" for k in missing]
    vectors = list(embed(texts)) if texts else []
    scope = scope_ensure_default()
    with transaction.atomic():
        for key, vector in zip(missing, vectors, strict=True):
            item = shipped[key]
            anti_pattern = AntiPattern.objects.create(
                scope=scope,
                builtin_key=key,
                title=item["title"],
                domain=item["domain"],
                category=item["category"],
                cross_domain=True,
                why_bad=item["why_bad"],
                example=item["example"],
                alternatives=list(item["alternatives"]),
                severity=item["severity"],
                block_action=item["severity"] == Severity.CRITICAL,
                command_trigger=_shipped_trigger(item),
                embedding=vector,
            )
            audit_record(
                actor=principal,
                action="anti_pattern.install",
                target=anti_pattern,
                scope_path=scope.path,
                details={"builtin_key": key},
            )
            counts["created"] += 1
        for key, anti_pattern in existing.items():
            trigger = _shipped_trigger(shipped[key])
            current = anti_pattern.command_trigger or {}
            if current.get("source") == "builtin" and current != trigger:
                AntiPattern.objects.filter(pk=anti_pattern.pk).update(command_trigger=trigger)
                counts["updated"] += 1
            else:
                counts["kept"] += 1
    return counts


def _shipped_trigger(item: dict) -> dict:
    return {**validate_command_trigger(item["command_trigger"]), "source": "builtin"}
