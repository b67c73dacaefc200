"""Matching an error and suggesting fixes, as agents ask for it: the answer, its metrics, and a
recorded miss (a fix worth learning) when there is nothing to suggest.

`error_capture_and_suggest` is `POST /hindsight/capture` end to end: group the error into its
signature, match it (the signature it joined first), suggest the known fixes, and keep a miss
when there are none; `error_match_and_suggest` is `POST /hindsight/match`. The reads are
`hindsight.selectors.matching`; the capture is `hindsight.services.capture`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from governance.auth import Principal
from governance.models import Scope
from hindsight import conf, metrics
from hindsight.models import ErrorSignature, SuggestionMiss
from hindsight.pipeline import prepare_error
from hindsight.selectors.matching import (
    SignatureMatch,
    Suggestion,
    error_match,
    exact_match,
    near_fix_candidates,
    resolution_suggestions,
    signatures_visible,
    visible_count_key,
)
from hindsight.services.capture import CaptureResult, error_capture
from hindsight.services.fix_loop import fix_offer_record, fix_offers_settle_on_failure
from integrations.redact import redact


@dataclass
class MatchResult:
    matches: list[SignatureMatch]
    suggestions: list[Suggestion]
    match_type: str
    vector: np.ndarray | None = None


@dataclass
class CaptureAnswer:
    captured: CaptureResult
    suggestions: list[Suggestion]


def suggestion_miss_record(
    *,
    source: str,
    scope: Scope | None,
    error_type: str,
    message_template: str,
    signature: ErrorSignature | None,
    context: dict | None,
    reported_by: str,
) -> SuggestionMiss:
    """Nothing to suggest: keep the error as a fix worth learning, and count it."""
    metrics.SUGGESTION_MISS.labels(source=source).inc()
    return SuggestionMiss.objects.create(
        scope=scope,
        source=source,
        error_type=error_type,
        message_template=message_template,
        signature=signature,
        context=context or {},
        reported_by=reported_by,
    )


def error_match_and_suggest(
    *,
    principal: Principal,
    error_type: str,
    message: str,
    stack: str = "",
    context: dict | None = None,
    scope: Scope | None = None,
    top_k: int | None = None,
) -> MatchResult:
    """POST /hindsight/match: matches, suggestions, metrics, and a recorded miss when empty."""
    started = time.perf_counter()
    matches, match_type, vector = error_match(
        principal=principal,
        error_type=error_type,
        message=message,
        stack=stack,
        context=context,
        scope=scope,
        top_k=top_k,
    )
    suggestions = resolution_suggestions(matches=matches, context=context, stack=stack)
    metrics.MATCH_LATENCY.observe((time.perf_counter() - started) * 1000.0)
    metrics.MATCH_TOTAL.labels(match_type=match_type, found=str(bool(matches)).lower()).inc()
    metrics.MATCH_RESULTS.observe(len(matches))
    if not suggestions:
        suggestion_miss_record(
            source="match",
            scope=scope,
            error_type=error_type,
            message_template=prepare_error(error_type, message).message.text,
            signature=matches[0].signature if matches else None,
            context=context,
            reported_by=principal.name,
        )
    return MatchResult(
        matches=matches, suggestions=suggestions, match_type=match_type, vector=vector
    )


def near_fixes(suggestions: list[Suggestion], *, error_type: str) -> list[Suggestion]:
    """The error's own fixes when it has any; otherwise the near matches' fixes that are close
    enough to be the same error in other words: similarity at least
    `HINDSIGHT_NEAR_FIX_SIMILARITY` and the same error type. An unrelated error's fix is worse
    than none: the agent would apply it."""
    exact = [s for s in suggestions if s.match == "exact"]
    if exact:
        return exact
    return [
        s
        for s in suggestions
        if s.similarity >= conf.HINDSIGHT_NEAR_FIX_SIMILARITY and s.error_type == error_type
    ]


def error_capture_and_suggest(
    *,
    principal: Principal,
    scope: Scope,
    error_type: str,
    message: str,
    stack: str = "",
    context: dict | None = None,
    tool_name: str = "",
    session_key: str = "",
    idempotency_key: str = "",
    tool_use_id: str = "",
    command: str = "",
) -> CaptureAnswer:
    """Capture the error, then suggest the known fixes of what it matches. Matching starts from
    the signature the error was grouped into and reuses its vector; no regex pass (grouping
    already ran the error against its type's and bucket's patterns). A replayed capture (same
    idempotency key) records no second miss.

    The error's own signature's fixes come first and alone; only when it has none is a near
    signature's fix offered (`near_fixes`), marked as such. In a session, the same signature
    failing again settles the fixes shown before as failed, and the fix offered now (the first
    suggestion, when confident enough to be shown) waits for its outcome (`services.fix_loop`).
    Secrets in the output and the command are redacted before anything is stored."""
    message, stack, command = redact(message), redact(stack), redact(command)
    captured = error_capture(
        principal=principal,
        scope=scope,
        error_type=error_type,
        message=message,
        stack=stack,
        context=context,
        tool_name=tool_name,
        session_key=session_key,
        idempotency_key=idempotency_key,
    )
    if captured.has_fixes:
        # Its own fixes are answered alone (`near_fixes`): no near signature to look for.
        matches = [exact_match(captured.signature, context=context, stack=stack)]
    else:
        # A near signature's fix is offered only when it is of the error's type (`near_fixes`):
        # only such signatures with a fix that worked are searched.
        signatures, scopes = signatures_visible(principal, scope)
        matches, _, _ = error_match(
            principal=principal,
            error_type=error_type,
            message=message,
            stack=stack,
            context=context,
            scope=scope,
            vector=captured.vector,
            exact=captured.signature,
            regex=False,
            visible=(near_fix_candidates(signatures, captured.signature.error_type), scopes),
            count_key=visible_count_key(
                principal, scope, "near_fix_candidates", captured.signature.error_type
            ),
        )
        if captured.has_fixes is False:  # no resolution of its own to read
            matches = [m for m in matches if m.signature.pk != captured.signature.pk]
    suggestions = near_fixes(
        resolution_suggestions(matches=matches, context=context, stack=stack),
        error_type=captured.signature.error_type,
    )
    if session_key:
        fix_offers_settle_on_failure(
            session_key=session_key,
            signature=captured.signature,
            tool_use_id=tool_use_id,
            message=message,
            actor=principal,
        )
        if suggestions and suggestions[0].confidence >= conf.HINDSIGHT_FIX_OFFER_MIN_CONFIDENCE:
            fix_offer_record(
                suggestion=suggestions[0],
                signature=captured.signature,
                session_key=session_key,
                tool_use_id=tool_use_id,
                tool_name=tool_name,
                command=command,
            )
    if not suggestions and not captured.replayed:
        suggestion_miss_record(
            source="capture",
            scope=scope,
            error_type=error_type,
            message_template=captured.signature.message_template,
            signature=captured.signature,
            context=context,
            reported_by=principal.name,
        )
    return CaptureAnswer(captured=captured, suggestions=suggestions)
