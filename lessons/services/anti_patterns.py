"""Anti-patterns edited by people (activate, deactivate, triggers) and their trigger statistics."""

from __future__ import annotations

from datetime import UTC, datetime

from django.db import transaction
from django.db.models import Case, F, Value, When
from django.db.models.functions import Greatest

from governance.auth import Principal
from governance.models import Role
from governance.services import audit_record
from lessons.models import AntiPattern
from lessons.triggers import TriggerError, compile_trigger
from mnemosyne_site.embeddings import embed_one
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
    """Switch one anti-pattern on or off; returns whether it changed."""
    with transaction.atomic():
        anti_pattern = _locked_for_edit(principal, anti_pattern_id)
        if anti_pattern.active == active:
            return False
        anti_pattern.active = active
        anti_pattern.save(update_fields=["active", "updated_at"])
        audit_record(
            actor=principal,
            action="anti_pattern.activate" if active else "anti_pattern.deactivate",
            target=anti_pattern,
            scope_path=anti_pattern.scope.path,
        )
    return True


def anti_pattern_update(*, anti_pattern_id, principal: Principal, changes: dict) -> AntiPattern:
    """Edit an anti-pattern; a new trigger is validated with RE2 (400 when invalid), and a new
    title or example re-embeds the trigger vector."""
    with transaction.atomic():
        anti_pattern = _locked_for_edit(principal, anti_pattern_id)
        if "trigger_pattern" in changes:
            try:
                compile_trigger(changes["trigger_pattern"])
            except TriggerError as exc:
                raise InvalidInput(fields={"trigger_pattern": [str(exc)]}) from None
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
