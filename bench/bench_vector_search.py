"""Filtered vector search (`mnemosyne_site.vectors.nearest`): exact-scan cost by the rows a filter
keeps, and the HNSW plan's latency and recall against exact search by filter selectivity. The
figures behind `VECTOR_EXACT_SCAN_MAX_ROWS` (DESIGN §6).

    .venv/bin/python bench/bench_vector_search.py [--queries 60] [--reload]

Data: 100,000 knowledge items in 100 project scopes of 1,000 each. Their vectors come from
12,000 distinct texts embedded with the real all-MiniLM-L6-v2 (cached under
`$MNEMOSYNE_DATA_DIR/bench/`), each stored about eight times with small Gaussian noise
(σ = 0.02 per dimension) and renormalised; queries are other texts, embedded by the real model.
A filter keeps k scopes, i.e. k % of the table. Recall@10 is measured on two query sets: the
one the threshold and over-fetch were chosen on ("tuned") and a held-out one.

Runs in process against its own database in the embedded server (`bench_mn_vectors`, override
with BENCH_NOTES_DB), loaded once and kept between runs (`--reload` starts over).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import uuid
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("BENCH_NOTES_DB", "bench_mn_vectors")
from bench_notes_search import ACTIONS, OBJECTS, TOPICS, base_vectors, queries  # noqa: E402
from bench_notes_setup import setup_django  # noqa: E402

SCOPES = 100
PER_SCOPE = 1_000
MARK = "bench-vectors-v1"
FORMS = [
    "How we {a} {t} {o}: the steps that worked, the commands we ran and what to check first",
    "{t} {o} went wrong again; to {a} them we changed the config and watched the dashboards",
    "Checklist to {a} {o} in {t} before a release, with the mistakes we made last time",
    "Why {a}ing {o} in {t} failed in staging and the fix that finally held in production",
]


def texts() -> list[str]:
    return [
        form.format(a=a, t=t, o=o)
        for form in FORMS
        for t in TOPICS
        for a in ACTIONS
        for o in OBJECTS
    ]


def load(reload: bool) -> list[int]:
    """Load the rows once; returns the project scope ids."""
    from django.db import connection
    from django.utils import timezone
    from pgvector.psycopg import register_vector
    from psycopg.types.json import Jsonb

    from governance.services import scope_ensure_path

    scope_ids = [
        scope_ensure_path(path=f"vbench/org/team/p{i}").pk for i in range(SCOPES)
    ]  # before the COPY: the connection is busy for the whole of it
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM notes_knowledgeitem WHERE created_by = %s", [MARK])
        present = cursor.fetchone()[0]
    if present == SCOPES * PER_SCOPE and not reload:
        print(f"  {present} rows already loaded")
        return scope_ids
    distinct = texts()
    vectors = base_vectors(distinct)
    rng = np.random.default_rng(17)
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM notes_knowledgeitem WHERE created_by = %s", [MARK])
        cursor.execute("DROP INDEX IF EXISTS knowledge_embedding_hnsw")
    connection.ensure_connection()
    raw = connection.connection
    register_vector(raw)
    columns = (
        "id, kind, scope_id, status, title, content, metadata, tags, embedding, retrieval_count, "
        "usefulness_score, reference_count, use_count, low_quality, promotion_path, created_by, "
        "created_at, updated_at, source, relevance_score"
    )
    types = ["uuid", "text", "bigint", "text", "text", "text", "jsonb", "jsonb", "vector"]
    types += ["integer", "double precision", "integer", "integer", "boolean", "jsonb", "text"]
    types += ["timestamptz", "timestamptz", "text", "double precision"]
    now = timezone.now()
    with (
        raw.cursor() as cursor,
        cursor.copy(f"COPY notes_knowledgeitem ({columns}) FROM STDIN (FORMAT BINARY)") as copy,
    ):
        copy.set_types(types)
        for scope_id in scope_ids:
            picks = rng.integers(0, len(distinct), size=PER_SCOPE)
            noisy = vectors[picks] + rng.normal(0, 0.02, size=(PER_SCOPE, vectors.shape[1]))
            noisy /= np.linalg.norm(noisy, axis=1, keepdims=True)
            for pick, vector in zip(picks, noisy.astype(np.float32), strict=True):
                text = distinct[pick]
                copy.write_row(
                    (uuid.uuid4(), "pattern", scope_id, "accepted", text[:300], text)
                    + (Jsonb({}), Jsonb([]), vector, 0, 0.0, 1, 0, False, Jsonb([]), MARK)
                    + (now, now, "", 1.0)
                )
    if not raw.autocommit:
        raw.commit()
    loaded = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("SET maintenance_work_mem = '512MB'")
        cursor.execute("SET max_parallel_maintenance_workers = 1")
        cursor.execute(
            'CREATE INDEX "knowledge_embedding_hnsw" ON "notes_knowledgeitem" USING hnsw '
            '("embedding" vector_cosine_ops) WITH (m = 16, ef_construction = 128)'
        )
        cursor.execute("RESET maintenance_work_mem")
        cursor.execute("ANALYZE notes_knowledgeitem")
    print(
        f"  loaded {SCOPES * PER_SCOPE} rows in {loaded - started:.1f} s, HNSW index built in "
        f"{time.perf_counter() - loaded:.1f} s"
    )
    return scope_ids


def query_vectors(count: int, seed: int) -> np.ndarray:
    from mnemosyne_site.embeddings import embed

    return embed(queries(count, seed=seed))


def median(samples: list[float]) -> float:
    return sorted(samples)[len(samples) // 2]


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def plain_hnsw(queryset, vector, limit: int, ef_search: int) -> list:
    """What an ORM query does without a plan: the index's ef_search nearest, filtered after."""
    from django.db import connection, transaction
    from pgvector.django import CosineDistance

    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT set_config('hnsw.ef_search', %s, true)", [str(ef_search)])
        return list(
            queryset.annotate(d=CosineDistance("embedding", vector))
            .order_by("d")
            .values_list("pk", flat=True)[:limit]
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--queries", type=int, default=60)
    parser.add_argument("--reload", action="store_true")
    args = parser.parse_args()
    setup_django()
    from django.conf import settings

    from mnemosyne_site.vectors import OVERFETCH, forget_counts, nearest
    from notes.models import KnowledgeItem

    print(f"filtered vector search over {SCOPES * PER_SCOPE} rows (top-10, cosine)")
    scope_ids = load(args.reload)
    forget_counts()
    sets = {
        "tuned": query_vectors(args.queries, seed=5),
        "held-out": query_vectors(args.queries, seed=9),
    }
    warm = sets["tuned"][:10]

    def keeping(k: int):
        return KnowledgeItem.objects.filter(scope_id__in=scope_ids[:k])

    print(
        "\nboth plans on the same filter, query by query (paired, so a busy machine slows both"
        f" alike); ef_search = 10 × table/filter × {OVERFETCH}, at least "
        f"{settings.VECTOR_EF_SEARCH_MIN}, at most 1000; HNSW falls back to exact when short:"
    )
    for k in (1, 2, 3, 5, 8, 11, 15, 25, 50, 100):
        queryset = keeping(k)
        for vector in warm:
            nearest(queryset, vector, limit=10, plan="exact")
            nearest(queryset, vector, limit=10, plan="hnsw")
        print(f"  {k:>3} % ({k * PER_SCOPE:>6} rows)")
        for name, vectors in sets.items():
            exact_ms, hnsw_ms, ratios = [], [], []
            found = expected = fallbacks = 0
            for vector in vectors:
                started = time.perf_counter()
                exact = nearest(queryset, vector, limit=10, plan="exact")
                middle = time.perf_counter()
                approximate = nearest(queryset, vector, limit=10, plan="hnsw")
                ended = time.perf_counter()
                exact_ms.append((middle - started) * 1000)
                hnsw_ms.append((ended - middle) * 1000)
                ratios.append((ended - middle) / (middle - started))
                truth = {row[0] for row in exact.rows}
                expected += len(truth)
                found += len(truth & {row[0] for row in approximate.rows})
                fallbacks += approximate.plan == "hnsw_fallback"
            print(
                f"      {name:>8}: exact p50 {median(exact_ms):6.2f} p95 {p95(exact_ms):6.2f} ms"
                f" | hnsw p50 {median(hnsw_ms):6.2f} p95 {p95(hnsw_ms):6.2f} ms,"
                f" recall@10 {found / expected:.3f}, fallbacks {fallbacks}/{len(vectors)}"
                f" | hnsw/exact time, median {median(ratios):.2f}"
            )

    print("\nfor reference, HNSW at ef_search 40 with the filter applied after the scan:")
    for k in (1, 11, 100):
        queryset = keeping(k)
        found = expected = 0
        for vector in sets["held-out"]:
            exact = {row[0] for row in nearest(queryset, vector, limit=10, plan="exact").rows}
            expected += len(exact)
            found += len(exact & set(plain_hnsw(queryset, vector, 10, 40)))
        print(f"  {k:>3} %: recall {found / expected:.3f} (held-out)")


if __name__ == "__main__":
    main()
