"""Filtered nearest-neighbour search (`mnemosyne_site.vectors.nearest`), the one every app uses:
both plans against an exact answer computed in numpy (DESIGN §6: recall ≥ 0.95)."""

import itertools

import numpy as np
import pytest
from django.core.checks import Error
from django.db import connection

from governance.services import scope_ensure_path
from mnemosyne_site.embeddings import embed
from mnemosyne_site.vectors import (
    check_prepared_statements_off,
    forget_counts,
    nearest,
    prepared_statement_problems,
)
from notes.models import KnowledgeItem

SHARES = (0.02, 0.1, 0.3, 1.0)  # of the 2,000 rows, kept by filters over 50 scopes


TOPICS = ["database", "deploy", "cache", "queue", "auth", "logging", "tests", "network"]
ACTIONS = ["fix", "tune", "monitor", "migrate", "document", "debug", "secure", "scale"]
OBJECTS = ["timeouts", "retries", "indexes", "workers", "tokens", "alerts"]


@pytest.fixture
def spread(db):
    """2,000 rows over 50 scopes: 384 texts embedded by the real model, each stored about five
    times with noise (σ = 0.05; notes and lessons repeat one another), as in the benchmark."""
    texts = [
        f"how we {a} {t} {o} in production"
        for t, a, o in itertools.product(TOPICS, ACTIONS, OBJECTS)
    ]
    rng = np.random.default_rng(7)
    base = embed(texts)
    vectors = base[np.arange(2000) % len(texts)] + rng.normal(0, 0.05, size=(2000, 384))
    vectors = (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)
    scopes = [scope_ensure_path(path=f"acme/org/team/p{i}") for i in range(50)]
    rows = KnowledgeItem.objects.bulk_create(
        [
            KnowledgeItem(
                kind="pattern",
                scope=scopes[i % 50],
                status="accepted",
                title=f"row {i}",
                content="x",
                embedding=vector,
            )
            for i, vector in enumerate(vectors)
        ],
        batch_size=500,
    )
    ids = np.array([row.pk for row in rows])
    scope_of = np.arange(2000) % 50
    return vectors, ids, scope_of, scopes, rng


def _keeping(spread, share):
    vectors, ids, scope_of, scopes, _ = spread
    count = max(1, round(50 * share))
    queryset = KnowledgeItem.objects.filter(scope__in=scopes[:count])
    return queryset, scope_of < count


def _truth(spread, keep, query, k=10):
    vectors, ids, *_ = spread
    scores = np.where(keep, vectors @ query, -np.inf)
    return set(ids[np.argsort(-scores)[:k]])


def _queries(spread, count=20):
    """Questions phrased unlike the stored texts, embedded by the real model."""
    *_, rng = spread
    asked = [
        f"what is the way to {rng.choice(ACTIONS)} {rng.choice(OBJECTS)} of our "
        f"{rng.choice(TOPICS)} setup"
        for _ in range(count)
    ]
    return embed(asked)


@pytest.mark.django_db
def test_both_plans_find_what_an_exact_answer_finds(spread):
    """Recall@10 against numpy's exact answer, per plan and filter share: 1.0 for the exact
    scan, at least 0.95 for the HNSW plan (DESIGN §6)."""
    recalls, plans = {}, set()
    for share in SHARES:
        queryset, keep = _keeping(spread, share)
        for plan in ("exact", "hnsw"):
            found = expected = 0
            for query in _queries(spread):
                truth = _truth(spread, keep, query)
                rows, used = nearest(queryset, query, limit=10, plan=plan)
                assert used in ({"exact"} if plan == "exact" else {"hnsw", "hnsw_fallback"})
                plans.add(used)
                distances = [row[1] for row in rows]
                assert distances == sorted(distances)
                found += len(truth & {row[0] for row in rows})
                expected += len(truth)
            recalls[(share, plan)] = found / expected

    assert all(recalls[(share, "exact")] == 1.0 for share in SHARES), recalls
    assert all(recalls[(share, "hnsw")] >= 0.95 for share in SHARES), recalls
    assert "hnsw" in plans  # the index answered, not only the fallback


@pytest.mark.django_db
def test_the_plan_follows_the_rows_the_filter_keeps(spread, settings):
    settings.VECTOR_EXACT_SCAN_MAX_ROWS = 100
    query = _queries(spread, 1)[0]
    few, _ = _keeping(spread, 0.04)  # 80 rows
    many, _ = _keeping(spread, 0.3)  # 600 rows
    assert nearest(few, query, limit=5).plan == "exact"
    assert nearest(many, query, limit=5).plan in {"hnsw", "hnsw_fallback"}


@pytest.mark.django_db
def test_rows_beyond_the_distance_cut_off_are_left_out(spread):
    queryset, _ = _keeping(spread, 1.0)
    query = _queries(spread, 1)[0]
    everything, _ = nearest(queryset, query, limit=50, plan="exact")
    cut = everything[19][1]  # the 20th nearest row's distance
    within = [row[0] for row in everything if row[1] <= cut]
    exact, _ = nearest(queryset, query, limit=50, max_distance=cut, plan="exact")
    assert [row[0] for row in exact] == within
    approximate, _ = nearest(queryset, query, limit=50, max_distance=cut, plan="hnsw")
    assert all(row[1] <= cut for row in approximate)
    assert len(set(within) & {row[0] for row in approximate}) >= 0.95 * len(within)


@pytest.mark.django_db
def test_candidates_reaching_past_the_cut_off_answer_though_the_index_returned_fewer(spread):
    """Rows deleted but still in the graph make the index return fewer candidates than asked;
    when the farthest one it returned is already past the cut-off, nothing nearer was missed and
    the index's answer stands (it used to fall back to an exact scan)."""
    vectors, ids, scope_of, scopes, _ = spread
    KnowledgeItem.objects.filter(scope__in=scopes[30:]).delete()  # no vacuum: still indexed
    forget_counts()
    queryset, keep = _keeping(spread, 0.2)
    query = _queries(spread, 1)[0]
    everything, _ = nearest(queryset, query, limit=50, plan="exact")
    cut = everything[4][1]  # five rows within the cut-off, fewer than asked
    answer = nearest(queryset, query, limit=50, max_distance=cut, plan="hnsw")
    assert answer.plan == "hnsw"
    assert [row[0] for row in answer.rows] == [row[0] for row in everything[:5]]


@pytest.mark.django_db
def test_a_stale_count_never_hides_rows_added_since(scope_tree):
    vector = np.zeros(384, dtype=np.float32)
    vector[0] = 1.0
    queryset = KnowledgeItem.objects.filter(scope=scope_tree["project"])
    assert nearest(queryset, vector, limit=3).rows == []  # caches "no rows"
    added = KnowledgeItem.objects.create(
        kind="pattern", scope=scope_tree["project"], status="accepted", title="t", embedding=vector
    )
    assert [row[0] for row in nearest(queryset, vector, limit=3).rows] == [added.pk]


@pytest.mark.django_db
def test_an_empty_id_list_finds_nothing_without_a_query(django_assert_num_queries):
    vector = np.ones(384, dtype=np.float32)
    with django_assert_num_queries(0):
        assert nearest(KnowledgeItem.objects.filter(scope_id__in=[]), vector, limit=3).rows == []


@pytest.mark.django_db
def test_extra_fields_come_with_each_row(spread):
    queryset, _ = _keeping(spread, 0.1)
    rows, _ = nearest(queryset, _queries(spread, 1)[0], limit=3, fields=("title", "scope_id"))
    assert len(rows) == 3 and all(row[2].startswith("row ") for row in rows)


@pytest.mark.django_db(transaction=True)
def test_the_wider_candidate_list_ends_with_its_transaction(spread):
    """`SET LOCAL`: no later query on this (pooled) connection inherits the raised ef_search."""
    queryset, _ = _keeping(spread, 0.1)
    with connection.cursor() as cursor:
        cursor.execute("SHOW hnsw.ef_search")
        before = cursor.fetchone()[0]
    forget_counts()
    assert nearest(queryset, _queries(spread, 1)[0], limit=10, plan="hnsw").rows
    with connection.cursor() as cursor:
        cursor.execute("SHOW hnsw.ef_search")
        assert cursor.fetchone()[0] == before


@pytest.mark.django_db
def test_server_side_prepared_statements_are_off_and_stay_off(settings):
    connection.ensure_connection()
    assert connection.connection.prepare_threshold is None
    assert check_prepared_statements_off() == []
    turned_on = {"default": {**settings.DATABASES["default"], "OPTIONS": {"prepare_threshold": 5}}}
    problems = prepared_statement_problems(turned_on)
    assert [p.id for p in problems] == ["mnemosyne.E001"] and isinstance(problems[0], Error)


@pytest.mark.django_db
def test_a_filter_keeping_most_of_the_table_uses_the_index(spread, settings):
    """Scanning 2,000 rows exactly costs more than the index's 100 candidates, even under the
    exact-scan limit; a filter keeping 80 rows is still scanned exactly."""
    settings.VECTOR_EXACT_SCAN_MAX_ROWS = 8000
    forget_counts()
    query = _queries(spread, 1)[0]
    everything, keep = _keeping(spread, 1.0)
    rows, used = nearest(everything, query, limit=10)
    assert used == "hnsw"
    assert len(_truth(spread, keep, query) & {row[0] for row in rows}) >= 9
    few, _ = _keeping(spread, 0.04)
    assert nearest(few, query, limit=10).plan == "exact"


@pytest.mark.django_db(transaction=True)
def test_an_index_search_is_one_statement_and_its_ef_search_ends_with_it(
    django_assert_num_queries,
):
    scope = scope_ensure_path(path="acme/org/team/p0")
    rng = np.random.default_rng(3)
    vectors = rng.normal(size=(300, 384)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    KnowledgeItem.objects.bulk_create(
        [
            KnowledgeItem(
                kind="pattern",
                scope=scope,
                status="accepted",
                title=f"row {i}",
                content="x",
                embedding=vector,
            )
            for i, vector in enumerate(vectors)
        ]
    )
    forget_counts()
    queryset = KnowledgeItem.objects.filter(scope=scope)
    nearest(queryset, vectors[0], limit=60, plan="hnsw")  # counts the rows (cached)
    with django_assert_num_queries(1):
        rows, used = nearest(queryset, vectors[0], limit=60, plan="hnsw")
    # pgvector's default ef_search (40) would yield 40 candidates and fall back to the exact
    # scan: 60 rows from the index mean the statement ran with the raised setting.
    assert used == "hnsw" and len(rows) == 60
    with connection.cursor() as cursor:  # autocommit: the next statement has the default again
        cursor.execute("SHOW hnsw.ef_search")
        assert cursor.fetchone()[0] == "40"
