"""Reads of notes: layered semantic search and the querysets the API lists.

Ranking of a layered search (a scope given): candidates above the similarity threshold from the
scope and its ancestors, then

1. notes flagged as low quality after every other note (the spec's "reduce ranking");
2. the nearer layer first (session > project > team > org > company, the spec's precedence);
3. higher similarity first.

A note and its promoted copies are one lineage: only the copy in the nearest layer is shown, so
promoting a note never makes it appear twice. Without a scope (a person browsing everything they
may read) only 1 and 3 apply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from uuid import UUID

import numpy as np
from django.db.models import Q, QuerySet

from governance.auth import Principal
from governance.models import LAYER_PRECEDENCE, Layer, Scope
from governance.selectors import drafts_injected, readable, readable_scope_ids
from mnemosyne_site.vectors import nearest
from notes.models import NOTE_KINDS, RETRIEVABLE_STATUSES, KnowledgeItem, KnowledgeStatus


@dataclass
class NoteHit:
    note: KnowledgeItem
    similarity: float
    precedence: int


@dataclass(frozen=True)
class VectorHit:
    id: UUID  # a knowledge item's primary key
    similarity: float


def knowledge_nearest(
    *,
    embedding: np.ndarray,
    kinds: Sequence[str],
    statuses: Sequence[str],
    scope_ids: Sequence[int] | QuerySet | None,
    limit: int,
    threshold: float,
    plan: str | None = None,
    drafts_by: str | None = None,
) -> tuple[list[VectorHit], str]:
    """Knowledge items (not merged away) above `threshold` cosine similarity, nearest first, at
    most `limit`; and the search plan used. `scope_ids` of None means every scope; with
    `drafts_by`, drafts only of that author."""
    items = KnowledgeItem.objects.filter(
        merged_into__isnull=True, kind__in=list(kinds), status__in=list(statuses)
    )
    if drafts_by is not None:
        items = items.filter(~Q(status=KnowledgeStatus.DRAFT) | Q(created_by=drafts_by))
    if scope_ids is not None:
        items = items.filter(scope_id__in=scope_ids)
    # Named for the row-count cache without compiling the filter, unless the scopes are a query.
    count_key = None
    if not isinstance(scope_ids, QuerySet):
        scopes = None if scope_ids is None else tuple(scope_ids)
        count_key = ("knowledge", tuple(kinds), tuple(statuses), drafts_by, scopes)
    rows, used = nearest(
        items,
        embedding,
        limit=limit,
        max_distance=1.0 - threshold,
        plan=plan,
        count_key=count_key,
    )
    return [VectorHit(id=pk, similarity=1.0 - distance) for pk, distance in rows], used


def layered_scopes(scope: Scope) -> dict[int, int]:
    """The scope and its ancestors: scope id -> layer precedence (0 = nearest)."""
    rows = Scope.objects.filter(path__in=scope.ancestor_paths).values_list("id", "layer")
    return {scope_id: LAYER_PRECEDENCE[Layer(layer)] for scope_id, layer in rows}


def notes_search(
    *,
    principal: Principal,
    embedding: np.ndarray,
    scope: Scope | None,
    top_k: int,
    threshold: float,
    kinds: Sequence[str] = NOTE_KINDS,
    statuses: Sequence[str] = RETRIEVABLE_STATUSES,
) -> list[NoteHit]:
    if scope is not None:
        precedence = layered_scopes(scope)
        scope_ids: list[int] | QuerySet | None = list(precedence)
    else:
        precedence = {}
        scope_ids = readable_scope_ids(principal)
    # What an agent retrieves goes into its context: another author's draft (an unreviewed
    # LLM distillation, say) only where the scope's policy says so.
    drafts_by = principal.name if principal.is_agent and not drafts_injected(scope) else None
    # Over-fetch: lineage de-duplication and layer ordering happen after the vector search.
    hits, _plan = knowledge_nearest(
        embedding=embedding,
        kinds=kinds,
        statuses=statuses,
        scope_ids=scope_ids,
        limit=top_k * 2,
        threshold=threshold,
        drafts_by=drafts_by,
    )
    if not hits:
        return []
    notes = (
        KnowledgeItem.objects.select_related("scope")
        .defer("embedding")  # 384 floats a note, parsed in Python and never shown
        .in_bulk([h.id for h in hits])
    )
    ranked: list[NoteHit] = []
    for hit in hits:
        note = notes.get(hit.id)
        if note is None:
            continue
        ranked.append(
            NoteHit(
                note=note, similarity=hit.similarity, precedence=precedence.get(note.scope_id, 0)
            )
        )
    ranked.sort(key=lambda h: (h.note.low_quality, h.precedence, -h.similarity))
    seen_lineages: set = set()
    results: list[NoteHit] = []
    for ranked_hit in ranked:
        root = ranked_hit.note.lineage_root_id
        if root in seen_lineages:
            continue
        seen_lineages.add(root)
        results.append(ranked_hit)
        if len(results) == top_k:
            break
    return results


def notes_visible(principal: Principal) -> QuerySet[KnowledgeItem]:
    """Every knowledge item the principal may read (notes and key-value entries alike)."""
    return readable(KnowledgeItem.objects.all(), principal).select_related("scope")
