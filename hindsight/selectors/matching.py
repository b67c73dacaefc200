"""Matching an error against stored signatures, and suggesting their resolutions.

Matching (spec "Error Pattern Matching"): semantic first (cosine above 0.85 over the signatures
the caller may read); when that finds fewer than the regex-fallback count, regex matching of the
raw message against each candidate's message pattern and of the normalised frames against its
stack patterns, over candidates of the same error type or grouping bucket. Results are combined
(one entry per signature, the better score kept), filtered by context (a signature whose file
types or frameworks are known and disjoint from the error's is dropped), boosted by context
overlap, and cut to top-k.

Suggestions (spec "Resolution Suggestion"): the matched signatures' resolutions ranked by
success_rate × context_match_score × recency_score, top 3, each with a confidence.

Reads only: recording a miss when nothing can be suggested is `hindsight.services.suggestions`.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field

import numpy as np
import re2
from django.db.models import Exists, OuterRef
from django.utils import timezone

from governance.auth import Principal
from governance.models import Scope
from governance.selectors import readable
from hindsight import conf
from hindsight.context import context_patterns
from hindsight.models import (
    ErrorSignature,
    Resolution,
    SignatureStatus,
    SignatureTemplate,
)
from hindsight.pipeline import PreparedError, bucket_of, prepare_error
from hindsight.scopes import home_scope
from mnemosyne_site.embeddings import embed_one
from mnemosyne_site.vectors import nearest

# Scores of regex matches, on the cosine scale they are combined with.
REGEX_MESSAGE_SCORE = 0.9
REGEX_STACK_SCORE = 0.86
STACK_OVERLAP_MIN = 0.5
CONTEXT_BOOST = 0.2
REGEX_CANDIDATES = 200
_HARD_CONTEXT = ("file_types", "frameworks")
_SOFT_CONTEXT = ("file_types", "frameworks", "dependencies")


@dataclass
class SignatureMatch:
    signature: ErrorSignature
    similarity: float
    match_type: str  # exact, semantic, regex
    context_score: float = 0.0
    score: float = 0.0


@dataclass
class Suggestion:
    resolution: Resolution
    signature_id: str
    confidence: float
    rank_score: float
    components: dict = field(default_factory=dict)
    # "exact": a fix of the signature the error belongs to; "near": a similar error's fix.
    match: str = "exact"
    similarity: float = 1.0
    error_type: str = ""  # the matched signature's


# --- context ----------------------------------------------------------------------------------


def context_overlap(query: dict, stored: dict) -> tuple[bool, float]:
    """(compatible, overlap in [0, 1]) over the dimensions both sides know.

    Incompatible when a file-type or framework dimension is known on both sides and shares
    nothing. Overlap is the mean share of the error's values found on the stored side; 0 when
    nothing can be compared (no boost, no penalty).
    """
    shares = []
    for key in _SOFT_CONTEXT:
        mine = {str(v).lower() for v in query.get(key) or []}
        theirs = {str(v).lower() for v in stored.get(key) or []}
        if not mine or not theirs:
            continue
        share = len(mine & theirs) / len(mine)
        if share == 0 and key in _HARD_CONTEXT:
            return False, 0.0
        shares.append(share)
    return True, (sum(shares) / len(shares) if shares else 0.0)


# --- candidates -------------------------------------------------------------------------------


def signatures_visible(principal: Principal, scope: Scope | None):
    """(signatures the caller may match against, a subquery of their scope ids or None for
    every scope)."""
    signatures = ErrorSignature.objects.filter(status=SignatureStatus.ACTIVE)
    if scope is None and principal.read_paths is None:
        return signatures, None
    scopes = readable(Scope.objects.all(), principal, scope_field="pk")
    if scope is not None:
        # What the scope sees: its own (sessions' live in their project) and its ancestors'.
        scopes = scopes.filter(path__in=home_scope(scope).ancestor_paths)
    ids = scopes.values("id")
    return signatures.filter(scope_id__in=ids), ids


def visible_count_key(principal: Principal, scope: Scope | None, *more: Hashable) -> tuple:
    """What `signatures_visible` depends on (the caller's readable scopes and the scope), plus
    what narrows it further: the name of such a filter for the vector search's row-count
    cache, cheaper than compiling its SQL."""
    return (principal.read_paths, scope.pk if scope is not None else None, *more)


def has_working_fix() -> Exists:
    """Whether a signature (the outer row) has a resolution that worked."""
    return Exists(Resolution.objects.filter(signature=OuterRef("pk"), success_rate__gt=0))


def near_fix_candidates(signatures, error_type: str):
    """The signatures a captured error may be offered a near match's fix from (`near_fixes`
    keeps only those of its own error type): of its type, with a resolution that worked. A
    search among them is small, and none of them is crowded out by near signatures without a
    fix."""
    return signatures.filter(has_working_fix(), error_type=error_type)


def semantic_limit(top_k: int) -> int:
    """How many nearest signatures the semantic step asks for (ranking cuts them to top-k)."""
    return max(top_k * 4, 20)


def _semantic(
    signatures,
    vector: np.ndarray,
    limit: int,
    known: ErrorSignature | None = None,
    count_key: Hashable | None = None,
) -> list[SignatureMatch]:
    """Nearest signatures above the match similarity (`mnemosyne_site.vectors.nearest` chooses
    the plan the scope filter calls for); `known` is a signature the caller holds already, not
    read again; `count_key` names the filter for the row-count cache."""
    rows, _ = nearest(
        signatures,
        vector,
        limit=limit,
        max_distance=1.0 - conf.HINDSIGHT_MATCH_SIMILARITY,
        count_key=count_key,
    )
    similar = {
        pk: 1.0 - float(d) for pk, d in rows if 1.0 - float(d) > conf.HINDSIGHT_MATCH_SIMILARITY
    }
    by_pk = {known.pk: known} if known is not None and known.pk in similar else {}
    wanted = [pk for pk in similar if pk not in by_pk]
    if wanted:
        found = ErrorSignature.objects.select_related("scope").defer("embedding", "metadata")
        by_pk.update(found.in_bulk(wanted))
    return [
        SignatureMatch(signature=by_pk[pk], similarity=similarity, match_type="semantic")
        for pk, similarity in similar.items()
        if pk in by_pk
    ]


_REGEX_CACHE: OrderedDict[str, object] = OrderedDict()
_REGEX_CACHE_SIZE = 4096
_RE2_OPTIONS = re2.Options()
_RE2_OPTIONS.max_mem = 8 << 20
_RE2_OPTIONS.log_errors = False


def _compiled(pattern: str):
    """Patterns run on RE2 (linear time: a stored pattern is never a denial of service)."""
    compiled = _REGEX_CACHE.get(pattern)
    if compiled is None:
        try:
            compiled = re2.compile(pattern, options=_RE2_OPTIONS)
        except re2.error:
            compiled = False  # remembered, so a bad pattern costs one attempt
        _REGEX_CACHE[pattern] = compiled
        if len(_REGEX_CACHE) > _REGEX_CACHE_SIZE:
            _REGEX_CACHE.popitem(last=False)
    else:
        _REGEX_CACHE.move_to_end(pattern)
    return compiled


def _regex(signatures, error: PreparedError, message: str, readable_scopes) -> list[SignatureMatch]:
    """Regex candidates come from two indexed lookups instead of a scan: signatures with a
    template in the error's bucket (the only ones whose message pattern can match it), and, when
    the error has a stack, the most frequent signatures of its type (whose frames may overlap)."""
    templates = SignatureTemplate.objects.filter(
        error_type=error.error_type, bucket=bucket_of(error.message.text)
    )
    if readable_scopes is not None:
        templates = templates.filter(scope_id__in=readable_scopes)
    by_message = list(
        signatures.filter(pk__in=templates.values("signature_id")[:REGEX_CANDIDATES])
        .select_related("scope")
        .defer("embedding", "metadata")
    )
    by_stack = []
    if error.frames:
        by_stack = list(
            signatures.filter(error_type=error.error_type)
            .exclude(stack_patterns=[])
            .order_by("-occurrence_count")
            .select_related("scope")
            .defer("embedding", "metadata")[:REGEX_CANDIDATES]
        )
    frames = set(error.frames)
    found: dict[str, SignatureMatch] = {}
    for signature in by_message:
        pattern = _compiled(signature.message_pattern)
        if pattern and pattern.fullmatch(error.message.original):  # the error's key line
            found[str(signature.pk)] = SignatureMatch(signature, REGEX_MESSAGE_SCORE, "regex")
    for signature in by_stack:
        if str(signature.pk) in found:
            continue
        stored = set(signature.stack_patterns or [])
        overlap = len(frames & stored) / len(frames | stored) if stored else 0.0
        if overlap >= STACK_OVERLAP_MIN:
            found[str(signature.pk)] = SignatureMatch(
                signature, REGEX_STACK_SCORE * overlap, "regex"
            )
    return list(found.values())


# --- matching ---------------------------------------------------------------------------------


def _scored(match: SignatureMatch, wanted: dict) -> bool:
    """Score the match by its similarity boosted by context overlap; False when its context
    rules it out (never for the error's own signature)."""
    compatible, overlap = context_overlap(wanted, match.signature.context_patterns or {})
    if not compatible and match.match_type != "exact":
        return False
    match.context_score = overlap
    match.score = match.similarity * (1.0 + CONTEXT_BOOST * overlap)
    return True


def exact_match(
    signature: ErrorSignature, *, context: dict | None, stack: str = ""
) -> SignatureMatch:
    """The match of the signature an error was grouped into, scored as `error_match` scores it."""
    match = SignatureMatch(signature, 1.0, "exact")
    _scored(match, context_patterns(context, stack))
    return match


def error_match(
    *,
    principal: Principal,
    error_type: str,
    message: str,
    stack: str = "",
    context: dict | None = None,
    scope: Scope | None = None,
    top_k: int | None = None,
    vector: np.ndarray | None = None,
    exact: ErrorSignature | None = None,
    regex: bool = True,
    visible: tuple | None = None,
    count_key: Hashable | None = None,
) -> tuple[list[SignatureMatch], str, np.ndarray]:
    """Signatures matching an error, best first. `exact` (capture) is the signature the error
    was grouped into; `vector` saves the embedding when the caller already has it, and
    `visible` is what `signatures_visible` answers for this caller and scope, or the part of it
    the caller wants searched (capture: `near_fix_candidates`), with `count_key` naming that
    filter (`mnemosyne_site.vectors.nearest`). Capture passes `regex=False`: its grouping
    already ran the error against the patterns of its type and bucket."""
    top_k = top_k or conf.HINDSIGHT_MATCH_TOP_K
    wanted = context_patterns(context, stack)
    if vector is None and exact is not None and exact.embedding is not None:
        vector = np.asarray(exact.embedding, dtype=np.float32)
    # The error is normalised only when something reads it (capture brings its vector and
    # asks for no regex pass).
    error = None
    if vector is None:
        error = prepare_error(error_type, message, stack)
        vector = embed_one(error.embedding_text)
    if visible is None:
        visible = signatures_visible(principal, scope)
        count_key = visible_count_key(principal, scope)
    signatures, scopes = visible
    combined: dict[str, SignatureMatch] = {}
    if exact is not None:
        combined[str(exact.pk)] = SignatureMatch(exact, 1.0, "exact")
    semantic = _semantic(
        signatures, vector, limit=semantic_limit(top_k), known=exact, count_key=count_key
    )
    kinds = set()
    for match in semantic:
        combined.setdefault(str(match.signature.pk), match)
        kinds.add("semantic")
    if regex and len(combined) < min(conf.HINDSIGHT_REGEX_FALLBACK_BELOW, top_k):
        error = error or prepare_error(error_type, message, stack)
        for match in _regex(signatures, error, message, scopes):
            key = str(match.signature.pk)
            if key not in combined or combined[key].similarity < match.similarity:
                combined[key] = match
                kinds.add("regex")
    results = [m for m in combined.values() if _scored(m, wanted)]
    results.sort(key=lambda m: (m.score, m.signature.occurrence_count), reverse=True)
    match_type = "+".join(sorted(kinds)) if kinds else ("exact" if exact else "none")
    return results[:top_k], match_type, vector


# --- suggestions ------------------------------------------------------------------------------


def _same_error(match: SignatureMatch) -> bool:
    """The error's own signature: the one it was grouped into, or one whose message pattern
    matches its key line in full."""
    return match.match_type == "exact" or (
        match.match_type == "regex" and match.similarity >= REGEX_MESSAGE_SCORE
    )


def recency_score(resolution: Resolution, now=None) -> float:
    """1.0 for a fix that worked today, halving every half-life down to a floor of 0.5: an old
    fix that worked is still worth more than none, but less than a fresh one."""
    now = now or timezone.now()
    when = resolution.last_success_at or resolution.created_at
    age_days = max((now - when).total_seconds() / 86400.0, 0.0)
    decay = math.exp(-math.log(2) * age_days / conf.HINDSIGHT_RECENCY_HALF_LIFE_DAYS)
    return 0.5 + 0.5 * decay


def resolution_suggestions(
    *,
    matches: list[SignatureMatch],
    context: dict | None,
    stack: str = "",
    limit: int | None = None,
) -> list[Suggestion]:
    """The matched signatures' resolutions ranked by success_rate × context_match_score ×
    recency_score.

    `context_match_score` is how well the fix fits this error: the signature's match score
    (similarity with its context boost, capped at 1) times the fit of the fix's own recorded
    context (1.0 when the contexts agree or one is unknown, down to 0.5 when they share nothing).
    Confidence is that product; nothing is suggested from outside the matches.
    """
    limit = limit or conf.HINDSIGHT_SUGGESTIONS
    if not matches:
        return []
    by_signature = {str(m.signature.pk): m for m in matches}
    wanted = context_patterns(context, stack)
    now = timezone.now()
    suggestions = []
    for resolution in Resolution.objects.filter(
        signature_id__in=list(by_signature), success_rate__gt=0
    ).order_by("-success_rate")[:100]:
        match = by_signature[str(resolution.signature_id)]
        compatible, overlap = context_overlap(wanted, context_patterns(resolution.context))
        fit = (
            1.0
            if not any(resolution.context.get(k) for k in _SOFT_CONTEXT)
            else (0.5 + 0.5 * overlap if compatible else 0.5)
        )
        context_match = min(match.score, 1.0) * fit
        recency = recency_score(resolution, now)
        rank = resolution.success_rate * context_match * recency
        suggestions.append(
            Suggestion(
                resolution=resolution,
                signature_id=str(resolution.signature_id),
                confidence=round(rank, 4),
                rank_score=rank,
                components={
                    "success_rate": resolution.success_rate,
                    "context_match_score": round(context_match, 4),
                    "recency_score": round(recency, 4),
                    "signature_similarity": round(match.similarity, 4),
                },
                match="exact" if _same_error(match) else "near",
                similarity=round(match.similarity, 4),
                error_type=match.signature.error_type,
            )
        )
    suggestions.sort(key=lambda s: (s.rank_score, s.resolution.application_count), reverse=True)
    return suggestions[:limit]
