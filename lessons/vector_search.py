"""Filtered nearest-neighbour search over lesson vectors, choosing its plan (DESIGN.md §6).

pgvector 0.6 filters *after* the HNSW scan, so a selective filter starves an index search of
rows. The plan follows the filter's size:

- few rows (at most `VECTOR_EXACT_SCAN_MAX_ROWS`): an exact scan of just those rows — the
  ordering expression is `distance + 0`, which the HNSW index cannot serve, so PostgreSQL uses
  the btree filters and sorts;
- otherwise HNSW with `hnsw.ef_search` raised by the filter's inverse selectivity (capped at
  pgvector's 1000) and over-fetch; if that still returns fewer rows than asked while the filter
  holds more, the search falls back to the exact scan.

Row counts per filter are cached per process for `VECTOR_COUNT_CACHE_SECONDS`: a stale count can
only pick a slower plan, never a wrong answer, because the exact scan is exact and the HNSW
path falls back when it comes back short. Server-side prepared statements stay off (Django's
psycopg default of client-side binding), which keeps PostgreSQL from switching to a generic plan.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Hashable

import numpy as np
from django.db import connection
from django.db.models import F, QuerySet, Value
from pgvector.django import CosineDistance

from lessons import conf, metrics

EF_SEARCH_MAX = 1000

_counts: dict[Hashable, tuple[float, int]] = {}
_counts_lock = threading.Lock()


def cached_count(key: Hashable, queryset: QuerySet) -> int:
    now = time.monotonic()
    with _counts_lock:
        hit = _counts.get(key)
    if hit is not None and now - hit[0] < conf.VECTOR_COUNT_CACHE_SECONDS:
        return hit[1]
    count = queryset.count()
    with _counts_lock:
        if len(_counts) > 10_000:
            _counts.clear()
        _counts[key] = (now, count)
    return count


def forget_counts() -> None:
    with _counts_lock:
        _counts.clear()


def _exact(queryset: QuerySet, vector: np.ndarray, limit: int, fields: tuple) -> list[tuple]:
    return list(
        queryset.annotate(distance=CosineDistance("embedding", vector))
        .order_by(F("distance") + Value(0.0))
        .values_list("pk", "distance", *fields)[:limit]
    )


def _vector_literal(vector: np.ndarray) -> str:
    return "[" + ",".join(f"{float(x):.8g}" for x in vector) + "]"


def _set_ef_search(cursor, ef_search: int) -> None:
    """Set `hnsw.ef_search` with as few round trips as possible.

    Inside a transaction: `SET LOCAL` (it ends with the transaction). Outside one the setting is
    made for the session and remembered on the driver's connection object, so later searches
    with the same value cost nothing (a new connection is a new object and sets it again; a
    session-level SET outside a transaction is committed at once, so no rollback can undo it
    behind the bookkeeping).
    """
    if connection.in_atomic_block:
        cursor.execute(f"SET LOCAL hnsw.ef_search = {ef_search}")
        return
    raw = connection.connection
    if getattr(raw, "_mnemosyne_ef_search", None) != ef_search:
        cursor.execute(f"SET hnsw.ef_search = {ef_search}")
        raw._mnemosyne_ef_search = ef_search


def _hnsw(
    queryset: QuerySet, vector: np.ndarray, limit: int, ef_search: int, fields: tuple
) -> list[tuple]:
    """Top `ef_search` by HNSW over the whole table, then the filter over those candidates.

    The index scan is a query of its own on purpose: with the filter in the same statement the
    planner may join through the filter and sort instead (exact, but 100 ms at 100,000 rows),
    and pgvector filters after the index scan anyway.
    """
    table = connection.ops.quote_name(queryset.model._meta.db_table)
    literal = _vector_literal(vector)
    with connection.cursor() as cursor:
        _set_ef_search(cursor, int(ef_search))
        cursor.execute(
            f"SELECT id, embedding <=> %s::vector FROM {table} "
            f"WHERE embedding IS NOT NULL ORDER BY embedding <=> %s::vector LIMIT %s",
            [literal, literal, int(ef_search)],
        )
        distances = dict(cursor.fetchall())
    rows = [
        (pk, distances[pk], *rest)
        for pk, *rest in queryset.filter(pk__in=list(distances)).values_list("pk", *fields)
    ]
    rows.sort(key=lambda row: row[1])
    return rows[:limit]


def nearest(
    queryset: QuerySet,
    vector: np.ndarray,
    *,
    limit: int,
    count_key: Hashable,
    total_key: Hashable,
    total_queryset: QuerySet,
    fields: tuple[str, ...] = (),
) -> tuple[list[tuple], str]:
    """The `limit` rows of `queryset` nearest to `vector` as `(pk, cosine distance, *fields)`,
    nearest first; and the plan used. Rows are tuples, not model instances: callers rank many
    candidates and fetch the few they answer with."""
    queryset = queryset.filter(embedding__isnull=False)
    filtered = cached_count(count_key, queryset)
    if filtered <= conf.VECTOR_EXACT_SCAN_MAX_ROWS:
        metrics.RELEVANT_QUERIES.labels(plan="exact").inc()
        return _exact(queryset, vector, limit, fields), "exact"
    total = max(cached_count(total_key, total_queryset.filter(embedding__isnull=False)), filtered)
    ef_search = math.ceil(limit * (total / filtered) * 1.5)
    ef_search = max(conf.VECTOR_EF_SEARCH_MIN, min(EF_SEARCH_MAX, ef_search))
    rows = _hnsw(queryset, vector, limit, ef_search, fields)
    if len(rows) < limit and filtered > len(rows):
        metrics.RELEVANT_QUERIES.labels(plan="hnsw_fallback").inc()
        return _exact(queryset, vector, limit, fields), "hnsw_fallback"
    metrics.RELEVANT_QUERIES.labels(plan="hnsw").inc()
    return rows, "hnsw"
