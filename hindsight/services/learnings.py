"""The tool-result learning engine (seed 001) and learning persistence (seed 003).

Every tool result is observed: an error becomes a learning (unless a confident one already
covers it), a success raises the confidence of the learnings triggered by that tool, and a
fraction of that success spreads to similar learnings.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import numpy as np
from django.db import DatabaseError, transaction
from django.db.models import DecimalField, F, Value
from django.db.models.expressions import Combinable
from django.db.models.functions import Cast, Greatest, Least

from governance.auth import Principal
from governance.models import Scope
from governance.ratelimit import rate_limit_hit
from governance.selectors import confidence_cap, policy_threshold, writable
from governance.services import audit_record, scope_require_write
from hindsight import conf, metrics
from hindsight.models import Learning, LearningCategory
from hindsight.pipeline import extract_error_pattern
from hindsight.selectors.learnings import above_auto_apply, learnings_search
from hindsight.services.fix_loop import fix_offers_settle_on_success
from integrations.redact import redact, redact_value
from mnemosyne_site.embeddings import embed_one
from mnemosyne_site.errors import DomainError
from mnemosyne_site.outbox import enqueue_on_commit
from mnemosyne_site.vectors import nearest

logger = logging.getLogger(__name__)

MIN_CONFIDENCE, MAX_CONFIDENCE = Decimal("0.1"), Decimal("1.0")
# Intermediate arithmetic of a boost, before it is stored to the column's two decimals.
_NUMERIC = DecimalField(max_digits=20, decimal_places=10)

_PERMISSION_WORDS = ("permission denied", "access denied", "forbidden")
_PROVIDER_WORDS = ("api", "model", "provider", "rate limit")


# --- pure helpers -----------------------------------------------------------------------------


def categorize_error(error: str, tool_name: str = "", *, deadline_exceeded: bool = False) -> str:
    """The spec's order: timeout, permission, provider_error, tool_error, general.

    `deadline_exceeded` is the caller's `errors.Is(err, context.DeadlineExceeded)`: a wrapped
    deadline error is a timeout whatever its message says.
    """
    text = error.lower()
    if deadline_exceeded or "deadline exceeded" in text or "timeout" in text:
        return LearningCategory.TIMEOUT
    if any(word in text for word in _PERMISSION_WORDS):
        return LearningCategory.PERMISSION
    if any(word in text for word in _PROVIDER_WORDS):
        return LearningCategory.PROVIDER_ERROR
    if tool_name:
        return LearningCategory.TOOL_ERROR
    return LearningCategory.GENERAL


def summarize_params(params: dict[str, Any] | None, *, max_chars: int | None = None) -> dict:
    """Long strings cut to `max_chars` with "...", arrays replaced by "[N items]"."""
    limit = max_chars or conf.LEARNING_PARAM_MAX_CHARS
    summary: dict[str, Any] = {}
    for key, value in (params or {}).items():
        if isinstance(value, str) and len(value) > limit:
            summary[key] = value[:limit] + "..."
        elif isinstance(value, list | tuple):
            summary[key] = f"[{len(value)} items]"
        elif isinstance(value, dict):
            summary[key] = summarize_params(value, max_chars=limit)
        else:
            summary[key] = value
    return summary


def trigger_for_tool(tool_name: str) -> str:
    return f"tool:{tool_name}"


# --- persistence (seed 003) -------------------------------------------------------------------


def learning_save(
    *,
    scope: Scope,
    trigger: str,
    error_pattern: str,
    diagnosis: str = "",
    fix: str = "",
    category: str = LearningCategory.GENERAL,
    tags: list[str] | None = None,
    context: dict | None = None,
    session_key: str = "",
    actor: Principal,
) -> Learning:
    """SaveLearning: one per-session rate-limit hit (atomic in the database; an empty session key
    bypasses it) against the scope policy's `learning_saves_per_session` (inherited; else
    `LEARNING_MAX_SAVES_PER_SESSION`), then the row and its audit record. The embedding is the
    worker's (`learning_embed`, after commit): only the worker's propagation reads it, and a
    failing tool call's answer (`tool_result_observe`) should not wait for the model."""
    scope_require_write(actor, scope, field="scope")
    rate_limit_hit(
        key=f"hindsight.learning_save:{session_key}" if session_key else "",
        limit=policy_threshold(
            scope, "learning_saves_per_session", default=conf.LEARNING_MAX_SAVES_PER_SESSION
        ),
        window_seconds=conf.LEARNING_RATE_WINDOW_SECONDS,
    )
    learning = Learning(
        scope=scope,
        trigger=trigger,
        error_pattern=error_pattern,
        diagnosis=diagnosis,
        fix=fix,
        category=category,
        tags=tags or [],
        confidence=conf.LEARNING_INITIAL_CONFIDENCE,
        context=context or {},
        session_key=session_key,
        created_by=actor.name,
    )
    with transaction.atomic():
        learning.save()
        enqueue_on_commit("hindsight.learning_embed", str(learning.pk))
        audit_record(
            actor=actor,
            action="hindsight.learning.save",
            target=learning,
            scope_path=scope.path,
            details={"trigger": trigger, "category": category, "session_key": session_key},
            session_key=session_key,
        )
    return learning


def learning_embed(*, learning_id: str) -> bool:
    """Embed a learning's text (the worker's part of `learning_save`); safe to run twice.
    Returns whether the learning still exists."""
    learning = Learning.objects.filter(pk=learning_id).first()
    if learning is None:
        return False
    vector = embed_one(learning.embedding_text())
    # Only if its text is unchanged: an update meanwhile embeds its own text.
    Learning.objects.filter(
        pk=learning.pk,
        trigger=learning.trigger,
        error_pattern=learning.error_pattern,
        diagnosis=learning.diagnosis,
    ).update(embedding=vector)
    return True


def learning_update(*, learning: Learning, actor: Principal, **fields: Any) -> Learning:
    scope_require_write(actor, learning.scope)
    allowed = {"diagnosis", "fix", "category", "tags", "trigger", "error_pattern"}
    changed = {k: v for k, v in fields.items() if k in allowed}
    with transaction.atomic():
        for name, value in changed.items():
            setattr(learning, name, value)
        if {"trigger", "error_pattern", "diagnosis"} & changed.keys():
            learning.embedding = embed_one(learning.embedding_text())
        learning.save()
        audit_record(
            actor=actor,
            action="hindsight.learning.update",
            target=learning,
            scope_path=learning.scope.path,
            details={"fields": sorted(changed)},
        )
    return learning


def learning_delete(*, learning: Learning, actor: Principal) -> None:
    scope_require_write(actor, learning.scope)
    with transaction.atomic():
        audit_record(
            actor=actor,
            action="hindsight.learning.delete",
            target=learning,
            scope_path=learning.scope.path,
            details={"trigger": learning.trigger, "error_pattern": learning.error_pattern[:200]},
        )
        learning.delete()


def learning_boost(
    *,
    principal: Principal,
    learning: Learning,
    success_delta: int = 1,
    confidence_boost: float = 0.0,
) -> bool:
    """BoostLearningConfidence, asked by a caller who may write in the learning's scope. With
    `confidence_boost` > 0 the value is added to the confidence; with 0 the success count grows
    by `success_delta` and the confidence becomes success / (success + occurrence). Either way
    it is clamped to [0.1, 1.0], in one UPDATE, and an agent raises it no higher than the
    scope's policy lets agents go (`agent_max_confidence`): a confident learning is pushed to
    others as the fix to apply first, which no agent may decide alone."""
    scope_require_write(principal, learning.scope)
    return _boost(
        learning_id=learning.pk,
        success_delta=success_delta,
        confidence_boost=confidence_boost,
        ceiling=confidence_cap(principal, learning.scope),
    )


def _boost(
    *,
    learning_id,
    success_delta: int = 1,
    confidence_boost: float = 0.0,
    ceiling: float | Decimal = MAX_CONFIDENCE,
) -> bool:
    """The boost itself; the engine's own successes and propagation apply it directly. The sum
    is computed in numeric and stored to two decimals, so ten boosts of 0.03 from 0.4 are 0.70.
    The result stays at or below `ceiling`, unless the confidence already was above it."""
    changes: dict[str, Combinable] = {}
    raw: Combinable
    if confidence_boost > 0:
        raw = F("confidence") + Value(Decimal(str(confidence_boost)), output_field=_NUMERIC)
    else:
        successes = F("success_count") + success_delta
        changes["success_count"] = successes
        raw = Cast(successes, _NUMERIC) / Cast(successes + F("occurrence_count"), _NUMERIC)
    changes["confidence"] = Cast(
        Least(
            Value(MAX_CONFIDENCE, output_field=_NUMERIC),
            Greatest(Value(MIN_CONFIDENCE, output_field=_NUMERIC), raw),
        ),
        Learning._meta.get_field("confidence"),
    )
    if ceiling < MAX_CONFIDENCE:
        changes["confidence"] = Least(
            Greatest(Value(Decimal(str(ceiling)), output_field=_NUMERIC), F("confidence")),
            changes["confidence"],
        )
    return Learning.objects.filter(pk=learning_id).update(**changes) == 1


# --- the engine (seed 001) --------------------------------------------------------------------


@dataclass(frozen=True)
class ToolResultOutcome:
    action: str  # learned, recurred, known_fix, save_failed, boosted
    category: str = ""
    error_pattern: str = ""
    learning: Learning | None = None
    known: Learning | None = None
    boosted: tuple[str, ...] = ()
    detail: str = ""


def tool_result_observe(
    *,
    principal: Principal,
    scope: Scope,
    tool_name: str,
    params: dict | None = None,
    error: str | None = None,
    deadline_exceeded: bool = False,
    session_key: str = "",
    tool_use_id: str = "",
) -> ToolResultOutcome:
    """OnToolResult: learn from an error, or credit a success. A success that re-runs a command
    whose fix this session was shown proves the fix (`services.fix_loop`). Secrets in the error
    and the parameters are redacted before anything is stored."""
    scope_require_write(principal, scope, field="scope")
    error, params = (redact(error) if error else error), redact_value(params or {})
    if error:
        return _handle_error(
            principal=principal,
            scope=scope,
            tool_name=tool_name,
            params=params,
            error=error,
            deadline_exceeded=deadline_exceeded,
            session_key=session_key,
        )
    command = (params or {}).get("command")
    if session_key and isinstance(command, str):
        fix_offers_settle_on_success(
            session_key=session_key,
            tool_name=tool_name,
            command=command,
            tool_use_id=tool_use_id,
            actor=principal,
        )
    return _handle_success(principal=principal, tool_name=tool_name)


def _handle_error(
    *, principal, scope, tool_name, params, error, deadline_exceeded, session_key
) -> ToolResultOutcome:
    pattern = extract_error_pattern(error)
    category = categorize_error(error, tool_name, deadline_exceeded=deadline_exceeded)
    for known in learnings_search(
        principal=principal, query=pattern, limit=conf.LEARNING_SEARCH_LIMIT
    ):
        if above_auto_apply(known):
            logger.info(
                "known fix for tool error",
                extra={
                    "tool": tool_name,
                    "learning_id": str(known.pk),
                    "fix": known.fix,
                    "session_key": session_key,
                },
            )
            metrics.LEARNING_SAVES.labels(category=category, outcome="skipped_known").inc()
            return ToolResultOutcome(
                action="known_fix", category=category, error_pattern=pattern, known=known
            )
    trigger = trigger_for_tool(tool_name) if tool_name else "tool:unknown"
    recurring = _occurrence_record(scope=scope, trigger=trigger, error_pattern=pattern)
    if recurring is not None:
        metrics.LEARNING_SAVES.labels(category=category, outcome="recurred").inc()
        return ToolResultOutcome(
            action="recurred", category=category, error_pattern=pattern, learning=recurring
        )
    try:
        learning = learning_save(
            scope=scope,
            trigger=trigger,
            error_pattern=pattern,
            diagnosis=f"Tool {tool_name or 'unknown'} failed ({category}): {error[:500]}",
            category=category,
            tags=[category, *([tool_name] if tool_name else [])],
            context={"params": summarize_params(params)},
            session_key=session_key,
            actor=principal,
        )
    except (DomainError, DatabaseError) as exc:
        # A lost learning must not fail the agent's tool call; it must be visible to operators.
        logger.warning(
            "saving a learning failed",
            extra={
                "session_key": session_key,
                "tool": tool_name,
                "error": str(exc)[:500],
                "tool_error": error[:500],
            },
        )
        outcome = "rate_limited" if getattr(exc, "status_code", None) == 429 else "failed"
        metrics.LEARNING_SAVES.labels(category=category, outcome=outcome).inc()
        return ToolResultOutcome(
            action="save_failed", category=category, error_pattern=pattern, detail=str(exc)[:500]
        )
    metrics.LEARNING_SAVES.labels(category=category, outcome="saved").inc()
    return ToolResultOutcome(
        action="learned", category=category, error_pattern=pattern, learning=learning
    )


def _occurrence_record(*, scope: Scope, trigger: str, error_pattern: str) -> Learning | None:
    """The same tool failing with the same pattern in the same scope is another occurrence of
    the learning it made (the schema's occurrence_count), not a new row; None if there is none."""
    with transaction.atomic():
        learning = (
            Learning.objects.select_for_update()
            .filter(scope=scope, trigger=trigger, error_pattern=error_pattern)
            .order_by("-confidence", "created_at")
            .first()
        )
        if learning is None:
            return None
        learning.occurrence_count = F("occurrence_count") + 1
        learning.save(update_fields=["occurrence_count", "updated_at"])
        learning.refresh_from_db()
    return learning


def _handle_success(*, principal, tool_name) -> ToolResultOutcome:
    """Boost ONLY learnings whose trigger is exactly `tool:<name>`. The spec searches by the
    trigger (a containment match: `tool:git` also finds `tool:git-lfs`) and keeps the exact
    ones; asking the database for the exact trigger gives the same set without a more
    confident `tool:git-lfs` crowding an exact one out of the search's limit. Only learnings in
    scopes the caller may write: its success is no evidence for another team's learning."""
    trigger = trigger_for_tool(tool_name)
    boosted = list(
        writable(Learning.objects.filter(trigger=trigger), principal)
        .order_by("-confidence")
        .values_list("pk", flat=True)[: conf.LEARNING_SEARCH_LIMIT * 10]
    )
    for learning_id in boosted:
        _boost(learning_id=learning_id, success_delta=1, confidence_boost=0.0)
        metrics.LEARNING_BOOSTS.labels(kind="trigger").inc()
    if boosted and conf.LEARNING_PROPAGATION_RATE > 0:
        enqueue_on_commit(
            "hindsight.learning_propagate_success",
            [str(i) for i in boosted],
            conf.LEARNING_PROPAGATION_RATE,
        )
    return ToolResultOutcome(action="boosted", boosted=tuple(str(i) for i in boosted))


def learning_propagate_success(*, learning_ids: list[str], rate: float) -> int:
    """Give learnings similar to the boosted ones `0.1 × rate` of confidence each (0.03 for the
    default 0.3), clamped to [0.1, 1.0]. Learnings that were boosted directly are left alone."""
    boost = 0.1 * rate
    sources = list(Learning.objects.filter(pk__in=learning_ids, embedding__isnull=False))
    triggers = {s.trigger for s in sources}
    targets: set = set()
    cut = 1.0 - conf.LEARNING_SIMILARITY
    for source in sources:
        similar, _ = nearest(
            Learning.objects.filter(scope_id=source.scope_id)
            .exclude(pk__in=learning_ids)
            .exclude(trigger__in=triggers),
            np.asarray(source.embedding, dtype=np.float32),
            limit=10,
            max_distance=cut,
        )
        targets.update(pk for pk, distance in similar if distance < cut)
    for target in targets:
        _boost(learning_id=target, confidence_boost=boost)
        metrics.LEARNING_BOOSTS.labels(kind="propagated").inc()
    return len(targets)
