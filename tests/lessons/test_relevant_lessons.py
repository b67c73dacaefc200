from datetime import timedelta

import numpy as np
import pytest
from django.utils import timezone

from governance.auth import Principal
from lessons.models import Lesson
from mnemosyne_site.embeddings import embed_one
from mnemosyne_site.vectors import forget_counts, nearest
from tests.lessons.factories import LessonFactory

pytestmark = pytest.mark.django_db

QUERY = "/query/relevant"


def relevant(client, context, **extra):
    response = client.post(QUERY, {"context": context, **extra}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def _towards(target: np.ndarray, similarity: float, seed: int) -> np.ndarray:
    """A unit vector with exactly `similarity` cosine to `target`."""
    rng = np.random.default_rng(seed)
    noise = rng.normal(size=target.shape).astype(np.float32)
    noise -= (noise @ target) * target
    noise /= np.linalg.norm(noise)
    return (similarity * target + np.sqrt(1 - similarity**2) * noise).astype(np.float32)


def test_results_carry_similarity_and_recency_and_rank_by_the_spec_blend(agent_client):
    query = embed_one("restoring a postgres backup into a new container")
    now = timezone.now()
    old_exact = LessonFactory(
        title="old exact", embedding=query, last_occurred=now - timedelta(days=365)
    )
    new_close = LessonFactory(
        title="new close", embedding=_towards(query, 0.9, 1), last_occurred=now
    )
    LessonFactory(title="new far", embedding=_towards(query, 0.1, 2), last_occurred=now)

    results = relevant(agent_client, "restoring a postgres backup into a new container")

    assert [r["title"] for r in results] == ["new close", "old exact", "new far"]
    first, second = results[0], results[1]
    assert first["similarity"] == pytest.approx(0.9, abs=1e-3)
    assert first["recency_score"] == pytest.approx(1.0, abs=1e-3)
    assert second["similarity"] == pytest.approx(1.0, abs=1e-3)
    assert second["recency_score"] == pytest.approx(0.5 ** (365 / 30), abs=1e-3)
    for r in results:
        assert r["relevance"] == pytest.approx(
            0.7 * r["similarity"] + 0.3 * r["recency_score"], abs=2e-4
        )
    assert str(old_exact.pk) == second["id"] and str(new_close.pk) == first["id"]


def test_the_domain_filter_and_cross_domain_on_request(agent_client):
    LessonFactory(title="docker lesson", domain="docker")
    LessonFactory(title="caddy lesson", domain="caddy")

    only = relevant(agent_client, "a lesson", domain="docker", include_cross_domain=False)
    both = relevant(agent_client, "a lesson", domain="docker", include_cross_domain=True)
    default = relevant(agent_client, "a lesson", domain="docker")

    assert [r["title"] for r in only] == ["docker lesson"]
    assert {r["title"] for r in both} == {"docker lesson", "caddy lesson"}
    assert {r["title"] for r in default} == {"docker lesson", "caddy lesson"}  # the spec's default


def test_max_results_bounds_the_answer(agent_client):
    query = embed_one("anything")
    for i in range(6):
        LessonFactory(title=f"lesson {i}", embedding=_towards(query, 0.5 + i / 20, i))
    results = relevant(agent_client, "anything", max_results=4)
    assert [r["title"] for r in results] == ["lesson 5", "lesson 4", "lesson 3", "lesson 2"]


def test_it_returns_only_lessons_the_agent_may_read(agent_client, scope_tree):
    LessonFactory(title="ours", scope=scope_tree["project"])
    LessonFactory(title="team-wide", scope=scope_tree["team"])
    LessonFactory(title="theirs", scope=scope_tree["other_project"])
    titles = {r["title"] for r in relevant(agent_client, "a lesson")}
    assert titles == {"ours", "team-wide"}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"max_results": 0, "context": "x"}, "max_results"),
        ({"max_results": 1000, "context": "x"}, "max_results"),
        ({"domain": "docker"}, "context"),
        ({"context": "x", "include_cross_domain": "maybe"}, "include_cross_domain"),
    ],
)
def test_bad_queries_are_refused_naming_the_field(agent_client, body, field):
    response = agent_client.post(QUERY, body, format="json")
    assert response.status_code == 400
    assert field in response.json()["fields"]


def test_the_query_makes_a_bounded_number_of_queries(agent_client, django_assert_max_num_queries):
    for i in range(3):
        LessonFactory(title=f"lesson {i}", context=f"context {i}")
    relevant(agent_client, "context")  # warms the count cache
    # The token (one statement, governance.auth), the nearest-neighbour search and the answer's
    # rows.
    with django_assert_max_num_queries(3):
        relevant(agent_client, "context 2")


@pytest.mark.parametrize("share", [0.3, 0.05])
def test_filtered_search_recall_against_exact_search(scope_tree, settings, share):
    """The HNSW plan (forced by a low exact-scan limit) finds what exact search finds."""
    settings.VECTOR_EXACT_SCAN_MAX_ROWS = 10
    rng = np.random.default_rng(7)
    # Clustered vectors, as real lesson vectors are, rather than uniform noise.
    centres = rng.normal(size=(20, 384)).astype(np.float32)
    vectors = centres[rng.integers(0, 20, 1500)] + 0.6 * rng.normal(size=(1500, 384))
    vectors = (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)
    in_filter = rng.random(1500) < share
    Lesson.objects.bulk_create(
        [
            Lesson(
                scope=scope_tree["project"],
                lesson_type="failure",
                domain="target" if keep else "other",
                category="c",
                title=f"lesson {i}",
                context="",
                action_taken="",
                outcome="",
                severity="medium",
                source_agent="bench",
                embedding=vector,
            )
            for i, (vector, keep) in enumerate(zip(vectors, in_filter, strict=True))
        ]
    )
    forget_counts()
    ids = np.array([lesson.pk for lesson in Lesson.objects.order_by("title")])
    order = np.argsort(
        [
            int(t.split()[1])
            for t in Lesson.objects.order_by("title").values_list("title", flat=True)
        ]
    )
    ids = ids[order]  # ids[i] is "lesson i"
    recalls = []
    for _ in range(10):
        query = vectors[rng.integers(0, 1500)] + 0.3 * rng.normal(size=384)
        query = (query / np.linalg.norm(query)).astype(np.float32)
        scores = np.where(in_filter, vectors @ query, -np.inf)
        exact = set(ids[np.argsort(-scores)[:10]])
        rows, plan = nearest(Lesson.objects.filter(domain="target"), query, limit=10)
        assert plan in {"hnsw", "hnsw_fallback"}
        recalls.append(len(exact & {r[0] for r in rows}) / 10)
    assert np.mean(recalls) >= 0.95


def test_a_principal_that_reads_everything_searches_unfiltered(scope_tree):
    from lessons.selectors import relevant_lessons

    LessonFactory(title="anywhere", scope=scope_tree["other_project"])
    results = relevant_lessons(
        principal=Principal.local(),
        vector=embed_one("anywhere"),
        domain=None,
        include_cross_domain=True,
        max_results=5,
    )
    assert [r["title"] for r in results] == ["anywhere"]


def _plans(queries: list[dict]) -> list[str]:
    """EXPLAIN of each SELECT captured, with the table's other indexes on its filter columns
    dropped (in the test's transaction) and table and bitmap scans off, so that the plan shows
    whether the neighbour index alone can answer it (a tiny table's costs pick any index)."""
    from django.db import connection

    plans = []
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # no pending checks: DDL may run
        cursor.execute(
            "SELECT indexname FROM pg_indexes WHERE tablename = 'lessons_lesson' "
            "AND indexname <> 'lesson_neighbours_idx' "
            "AND (indexdef LIKE '%%(scope_id%%' OR indexdef LIKE '%%(domain%%')"
        )
        for (name,) in cursor.fetchall():
            if name == "lesson_unique_title_per_domain":
                cursor.execute(f"ALTER TABLE lessons_lesson DROP CONSTRAINT {name}")
            else:
                cursor.execute(f"DROP INDEX {name}")
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_bitmapscan = off")
        for query in queries:
            if query["sql"].startswith("SELECT"):
                cursor.execute(f"EXPLAIN {query['sql']}")
                plans.append("\n".join(row[0] for row in cursor.fetchall()))
    return plans


def test_one_domain_neighbour_scans_and_their_counts_read_the_neighbour_index_alone():
    """A report's near-duplicate check and a one-domain relevant query scan every lesson of the
    domain: each must be answerable by an index-only scan, not one heap page per row."""
    from django.db import connection
    from django.db.models import FloatField
    from django.db.models.functions import Cast, Extract
    from django.test.utils import CaptureQueriesContext

    lesson = LessonFactory(domain="docker", embedding=embed_one("a docker lesson"))
    forget_counts()
    report_filter = Lesson.objects.filter(scope=lesson.scope, domain="docker")
    relevant_filter = Lesson.objects.filter(scope__in=[lesson.scope_id], domain="docker").annotate(
        occurred=Cast(Extract("last_occurred", "epoch"), FloatField())
    )
    with CaptureQueriesContext(connection) as captured:
        found, plan = nearest(report_filter, lesson.embedding, limit=20, fields=("lesson_type",))
        nearest(relevant_filter, lesson.embedding, limit=40, fields=("occurred", "domain"))
    assert plan == "exact" and found[0][0] == lesson.pk

    plans = _plans(captured.captured_queries)
    assert len(plans) == 4  # two counts, two scans
    for text in plans:
        assert "Index Only Scan using lesson_neighbours_idx" in text, text
