"""Filtered nearest-neighbour search over a pgvector column: the one implementation every app uses.

pgvector 0.6 (what `pgserver` ships) filters *after* its HNSW scan, so a selective filter starves
an index search of rows (DESIGN §6). `nearest()` chooses its plan by how many rows the filter
keeps:

- at most `VECTOR_EXACT_SCAN_MAX_ROWS` (measured by `bench/bench_vector_search.py`), and at
  most `EXACT_ROWS_PER_EF` times the `ef_search` the index would need: an exact scan of just
  those rows, ordered by `distance + 0`, which the HNSW index cannot serve, so PostgreSQL uses
  the filter's own indexes and sorts;
- more: the `ef_search` nearest rows of the whole table through the HNSW index, with `ef_search`
  raised in proportion to what the filter drops (capped at pgvector's 1,000) and set for that
  statement alone (`_with_ef_search`), so no later query on a pooled connection inherits it;
  then the filter over those candidates. The index scan is a subquery of its own on purpose:
  with the filter in the same query level the planner may join through the filter and sort
  everything instead.
- When the candidates leave fewer rows than asked while more exist (and, with a distance
  cut-off, the candidates did not already reach past it), the exact scan answers instead: a thin
  filter never silently loses results.

Row counts per filter (keyed by its SQL) are cached per process for
`VECTOR_COUNT_CACHE_SECONDS`: a stale count can only pick a slower plan, never a wrong answer.

Server-side prepared statements must stay off for these queries: PostgreSQL switches a prepared
statement to a generic plan after five runs, and for a selective filter that plan dropped recall
from 1.0 to 0.10 (DESIGN §6). Django's psycopg backend binds client-side and sets
`prepare_threshold=None` unless the database OPTIONS say otherwise; the system check below
refuses settings that turn either back on.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Hashable
from typing import NamedTuple

import numpy as np
from django.conf import settings
from django.core import checks
from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import FloatField, QuerySet, Value
from pgvector.django import CosineDistance

from mnemosyne_site.metrics import VECTOR_SEARCHES

EF_SEARCH_MAX = 1000  # pgvector's ceiling for hnsw.ef_search
# Candidates asked of the index per row wanted, over what the filter's selectivity alone implies:
# neighbours cluster (one error seen in many scopes, one note in many layers), so the nearest
# candidates are more often outside the filter than its share of the table suggests.
OVERFETCH = 2.0
DISTANCE = "vector_distance"
# An exact scan costs about what the HNSW scan costs per step of `ef_search` for this many rows
# (measured on the quick bench database: exact 1.1 ms for 1,000 rows and 11.8 ms for 8,000; HNSW
# 3.3 ms at ef_search 100 and 16.5 ms at 1,000). A filter keeping half of a 10,000-row table was
# scanned exactly (40 ms) where the index answers in about 3.
EXACT_ROWS_PER_EF = 10


class Nearest(NamedTuple):
    rows: list[tuple]  # (pk, cosine distance, *fields), nearest first
    plan: str  # "exact", "hnsw" or "hnsw_fallback"


_counts: dict[tuple, tuple[float, int]] = {}
_counts_lock = threading.Lock()


def forget_counts() -> None:
    """Drop the cached row counts (tests that reload a table, `reembed`)."""
    with _counts_lock:
        _counts.clear()


def _count(queryset: QuerySet, key: tuple | None = None) -> int:
    """The rows `queryset` holds, cached per filter (its SQL, unless `key` names it); raises
    EmptyResultSet for a filter that cannot match anything."""
    if key is None:
        sql, params = queryset.query.sql_with_params()
        key = (queryset.db, sql, repr(params))
    now = time.monotonic()
    with _counts_lock:
        hit = _counts.get(key)
    if hit is not None and now - hit[0] < settings.VECTOR_COUNT_CACHE_SECONDS:
        return hit[1]
    count = queryset.count()
    with _counts_lock:
        if len(_counts) > 10_000:  # bounded: filters are many, not unbounded
            _counts.clear()
        _counts[key] = (now, count)
    return count


def _exact(
    queryset: QuerySet,
    vector: np.ndarray,
    limit: int,
    max_distance: float | None,
    fields: tuple[str, ...],
    column: str,
) -> list[tuple]:
    # "+ 0" hides the distance from the HNSW index: the filter's indexes and a sort, exactly.
    # Selected and ordered by as one column, each row's distance is computed once (a sort key
    # of its own was a second computation per row).
    distance = CosineDistance(column, vector) + Value(0.0, output_field=FloatField())
    rows = queryset.annotate(**{DISTANCE: distance})
    if max_distance is not None:
        rows = rows.filter(**{f"{DISTANCE}__lte": max_distance})
    return list(rows.order_by(DISTANCE, "pk").values_list("pk", DISTANCE, *fields)[:limit])


def _hnsw(
    queryset: QuerySet,
    vector: np.ndarray,
    limit: int,
    ef_search: int,
    max_distance: float | None,
    fields: tuple[str, ...],
    column: str,
) -> tuple[list[tuple], bool]:
    """The filter over the index's `ef_search` nearest rows, and whether that answer is complete.

    One statement: the candidates are a LIMIT subquery, which PostgreSQL plans on its own (the
    HNSW index scan) and then probes the filter's rows by primary key; it cannot be turned into
    a scan of everything the filter keeps.
    """
    indexed = (
        queryset.model._default_manager.using(queryset.db)
        .filter(**{f"{column}__isnull": False})
        .annotate(**{DISTANCE: CosineDistance(column, vector)})
        .order_by(DISTANCE)
    )
    candidates = indexed.values("pk")[:ef_search]
    kept = (
        queryset.filter(pk__in=candidates)
        .annotate(**{DISTANCE: CosineDistance(column, vector)})
        .order_by()
        .values_list("pk", DISTANCE, *fields)
    )
    rows = sorted(_with_ef_search(kept, ef_search), key=lambda row: (row[1], row[0]))
    if max_distance is not None:
        rows = [row for row in rows if row[1] <= max_distance]
    if len(rows) >= limit:
        return rows[:limit], True
    if max_distance is None:
        return rows, False
    # Short of `limit` under a cut-off: complete if the candidates reached past it (every row
    # nearer than the cut-off was a candidate). The farthest is the last the index returned, not
    # the `ef_search`-th: rows deleted but still in the graph leave it returning fewer.
    reached = _with_ef_search(indexed.values_list(DISTANCE)[:ef_search], ef_search)
    return rows, bool(reached) and reached[-1][0] > max_distance


def _with_ef_search(values: QuerySet, ef_search: int) -> list[tuple]:
    """The rows of a `values_list` queryset, read with `hnsw.ef_search` set for that statement
    alone, in one round trip: `set_config(..., true)` and the query sent together run in one
    implicit transaction (or in the caller's), which the setting does not outlive; no pooled
    connection's later query inherits it. BEGIN, SET LOCAL, the query and COMMIT took four."""
    compiler = values.query.get_compiler(using=values.db)
    sql, params = compiler.as_sql()
    with connections[values.db].cursor() as cursor:
        cursor.execute(
            f"SELECT set_config('hnsw.ef_search', %s, true); {sql}", [str(ef_search), *params]
        )
        cursor.nextset()
        fetched = cursor.fetchall()
    return list(compiler.results_iter(results=[fetched], tuple_expected=True))


def _ef_search(queryset: QuerySet, filtered: int, limit: int, column: str) -> int:
    """Candidates to ask of the index so that `limit` of them pass a filter keeping `filtered`
    rows of the table (whose count is cached like the filter's)."""
    everything = queryset.model._default_manager.using(queryset.db)
    total = _count(
        everything.filter(**{f"{column}__isnull": False}),
        key=(queryset.db, queryset.model._meta.db_table, column),
    )
    total = max(total, filtered)
    ef_search = math.ceil(limit * (total / max(filtered, 1)) * OVERFETCH)
    return max(settings.VECTOR_EF_SEARCH_MIN, min(EF_SEARCH_MAX, ef_search))


def nearest(
    queryset: QuerySet,
    vector: np.ndarray,
    *,
    limit: int,
    max_distance: float | None = None,
    fields: tuple[str, ...] = (),
    column: str = "embedding",
    plan: str | None = None,
    count_key: Hashable | None = None,
) -> Nearest:
    """The `limit` rows of `queryset` nearest to `vector` by cosine distance, nearest first, as
    `(pk, distance, *fields)` tuples (callers rank many candidates and fetch the few they answer
    with), and the plan used. `max_distance` drops rows farther than it. `plan` forces "exact" or
    "hnsw" (tests and benchmarks compare the two); the HNSW plan still falls back when short.
    `count_key` names the filter for the row-count cache where the caller can name it more
    cheaply than by its SQL (a hot path compiling its filter only to look the count up).
    """
    queryset = queryset.filter(**{f"{column}__isnull": False})
    table = queryset.model._meta.db_table
    try:
        key = None if count_key is None else (queryset.db, table, column, count_key)
        filtered = _count(queryset, key=key)
    except EmptyResultSet:  # a filter that can match nothing (an empty id list)
        return Nearest([], "exact")
    if limit <= 0:
        return Nearest([], "exact")
    # A cached count only picks the plan: 0 (or a stale small number) means the exact scan, which
    # is right whatever the table holds now.
    if plan is None:
        # The cheaper plan; `_ef_search` counts the whole table only when it is worth asking.
        cheaper_exact = filtered <= settings.VECTOR_EXACT_SCAN_MAX_ROWS and (
            filtered <= EXACT_ROWS_PER_EF * settings.VECTOR_EF_SEARCH_MIN
            or filtered <= EXACT_ROWS_PER_EF * _ef_search(queryset, filtered, limit, column)
        )
        plan = "exact" if cheaper_exact else "hnsw"
    if plan == "hnsw":
        ef_search = _ef_search(queryset, filtered, limit, column)
        rows, complete = _hnsw(queryset, vector, limit, ef_search, max_distance, fields, column)
        if complete:
            VECTOR_SEARCHES.labels(table=table, plan="hnsw").inc()
            return Nearest(rows, "hnsw")
        plan = "hnsw_fallback"
    else:
        plan = "exact"
    VECTOR_SEARCHES.labels(table=table, plan=plan).inc()
    return Nearest(_exact(queryset, vector, limit, max_distance, fields, column), plan)


def check_prepared_statements_off(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """Vector queries must not run as server-side prepared statements (see the module doc)."""
    return prepared_statement_problems(settings.DATABASES)


def prepared_statement_problems(databases: dict) -> list[checks.CheckMessage]:
    """The system check's findings for a DATABASES setting."""
    problems: list[checks.CheckMessage] = []
    for alias, config in databases.items():
        options = config.get("OPTIONS", {})
        if options.get("server_side_binding") or options.get("prepare_threshold") is not None:
            problems.append(
                checks.Error(
                    f"Database {alias!r} enables server-side prepared statements "
                    "(OPTIONS server_side_binding / prepare_threshold).",
                    hint="Leave both unset: filtered vector search loses recall under a "
                    "generic plan (DESIGN §6).",
                    id="mnemosyne.E001",
                )
            )
    return problems
