"""Filtered cosine search over knowledge items, choosing its plan as DESIGN §6 asks.

pgvector 0.6 filters *after* the HNSW scan, so a selective filter ruins recall. The plan:

- count the rows the filter keeps, stopping at `NOTES_EXACT_SCAN_MAX_ROWS + 1` (the
  `(scope, status, kind)` index answers it; the answer is cached per filter for a minute in the
  process, since it only picks a plan and the HNSW plan falls back when it must);
- at most that many: an exact scan, computing the distance for just those rows (a MATERIALIZED
  CTE keeps the planner from switching to the HNSW index);
- more: HNSW with `ef_search` = the candidate count, over-fetching the nearest rows and
  filtering them: first a short list (8 × the limit, at least 100), then
  `NOTES_HNSW_CANDIDATES`. An answer is complete when the farthest candidate is already below
  the threshold (every row above it was a candidate) or when k rows survived the filter;
  otherwise the next tier runs, and finally the exact scan, so a thin filter never silently
  loses results.

Raw SQL, because the plan is the point; Django's psycopg cursors bind client-side, so no server
prepared statement can switch a vector query to a generic plan.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from uuid import UUID

import numpy as np
from django.db import connection, transaction

from notes import conf


@dataclass(frozen=True)
class VectorHit:
    id: UUID  # a knowledge item's primary key
    similarity: float


def vector_literal(vector: np.ndarray | Sequence[float]) -> str:
    return "[" + ",".join(f"{float(x):.7g}" for x in vector) + "]"


def _filter_sql(
    scope_ids: Sequence[int] | None, kinds: Sequence[str], statuses: Sequence[str], alias: str
) -> tuple[str, list]:
    clauses = [
        f"{alias}.embedding IS NOT NULL",
        f"{alias}.merged_into_id IS NULL",
        f"{alias}.kind = ANY(%s)",
        f"{alias}.status = ANY(%s)",
    ]
    params: list = [list(kinds), list(statuses)]
    if scope_ids is not None:
        clauses.append(f"{alias}.scope_id = ANY(%s)")
        params.append(list(scope_ids))
    return " AND ".join(clauses), params


def vector_search(
    *,
    embedding: np.ndarray,
    kinds: Sequence[str],
    statuses: Sequence[str],
    scope_ids: Sequence[int] | None,
    limit: int,
    threshold: float,
    plan: str | None = None,
) -> tuple[list[VectorHit], str]:
    """The rows above `threshold` cosine similarity, nearest first, at most `limit`.

    Returns the hits and the plan used ("exact" or "hnsw"). `limit` may exceed the caller's top-k
    (callers re-rank by layer and quality, then cut).
    """
    if scope_ids is not None and not scope_ids:
        return [], "exact"
    literal = vector_literal(embedding)
    max_distance = 1.0 - threshold
    where, params = _filter_sql(scope_ids, kinds, statuses, "k")
    if plan is None:
        plan = (
            "exact" if _filtered_rows(where, params) <= conf.NOTES_EXACT_SCAN_MAX_ROWS else "hnsw"
        )
    if plan == "hnsw":
        tiers = sorted(
            {
                min(conf.NOTES_HNSW_CANDIDATES, max(100, limit * 8)),
                max(conf.NOTES_HNSW_CANDIDATES, limit),
            }
        )
        for candidates in tiers:
            hits, complete = _hnsw(literal, where, params, limit, max_distance, candidates)
            if complete:
                return hits, "hnsw"
    return _exact(literal, where, params, limit, max_distance), "exact"


_PLAN_CACHE: dict[tuple, tuple[float, int]] = {}
_PLAN_CACHE_SECONDS = 60.0


def _filtered_rows(where: str, params: list) -> int:
    key = (where, *(tuple(p) if isinstance(p, list) else p for p in params))
    now = time.monotonic()
    cached = _PLAN_CACHE.get(key)
    if cached is not None and cached[0] > now:
        return cached[1]
    cap = conf.NOTES_EXACT_SCAN_MAX_ROWS + 1
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT count(*) FROM (SELECT 1 FROM notes_knowledgeitem k WHERE {where} LIMIT %s) c",
            [*params, cap],
        )
        count = cursor.fetchone()[0]
    if len(_PLAN_CACHE) > 10_000:  # bounded: scopes are many, not unbounded
        _PLAN_CACHE.clear()
    _PLAN_CACHE[key] = (now + _PLAN_CACHE_SECONDS, count)
    return count


def _exact(literal: str, where: str, params: list, limit: int, max_distance: float):
    sql = f"""
        WITH scored AS MATERIALIZED (
            SELECT k.id, k.embedding <=> %s::vector AS distance
            FROM notes_knowledgeitem k WHERE {where}
        )
        SELECT id, distance FROM scored WHERE distance <= %s ORDER BY distance, id LIMIT %s
    """
    with connection.cursor() as cursor:
        cursor.execute(sql, [literal, *params, max_distance, limit])
        return [VectorHit(id=row[0], similarity=1.0 - row[1]) for row in cursor.fetchall()]


def _hnsw(literal: str, where: str, params: list, limit: int, max_distance: float, candidates: int):
    sql = f"""
        WITH nearest AS MATERIALIZED (
            SELECT k.id, k.embedding <=> %s::vector AS distance
            FROM notes_knowledgeitem k
            WHERE k.embedding IS NOT NULL
            ORDER BY k.embedding <=> %s::vector
            LIMIT %s
        )
        SELECT n.id, n.distance, ({where}) AS kept
        FROM nearest n JOIN notes_knowledgeitem k ON k.id = n.id
        ORDER BY n.distance, n.id
    """
    # SET LOCAL needs a transaction; it ends with it, so no other query on this pooled
    # connection inherits the wider search.
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT set_config('hnsw.ef_search', %s, true)", [str(candidates)])
        cursor.execute(sql, [literal, literal, candidates, *params])
        rows = cursor.fetchall()
    hits = [
        VectorHit(id=row[0], similarity=1.0 - row[1])
        for row in rows
        if row[2] and row[1] <= max_distance
    ][:limit]
    farthest = rows[-1][1] if rows else None
    # Complete when k rows survived, or when the candidates already reach below the threshold
    # (every row above it was among them). Not when the index merely returned few rows: an HNSW
    # scan may stop short of `ef_search` rows.
    complete = len(hits) >= limit or (farthest is not None and farthest > max_distance)
    return hits, complete
