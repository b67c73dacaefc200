import itertools
import json
import random
from uuid import UUID

import numpy as np
import pytest
from prometheus_client import REGISTRY
from rest_framework.renderers import JSONRenderer

from governance import conf as governance_conf
from mnemosyne_site.embeddings import embed, embed_one
from notes.api.serializers import NoteSearchResultSerializer
from notes.models import KnowledgeItem, NoteRetrieval
from notes.selectors.notes import knowledge_nearest
from tests.clients import client_for
from tests.governance.factories import AgentCredentialFactory
from tests.notes.factories import KnowledgeItemFactory


@pytest.fixture(autouse=True)
def _drafts_served(monkeypatch):
    """A deployment whose policy serves drafts to every agent (`GOVERNANCE_INJECT_DRAFTS`), so
    drafts are retrieved and scored; the default keeps them with their author
    (tests/governance/test_poisoning_controls.py)."""
    monkeypatch.setattr(governance_conf, "INJECT_DRAFTS", True)


SEARCH = "/api/v1/notes/search"


def _search(client, query, **body):
    response = client.post(SEARCH, {"query": query, **body}, format="json")
    assert response.status_code == 200, response.json()
    return response.json()["results"]


@pytest.mark.django_db
def test_it_returns_notes_above_the_threshold_most_similar_first(agent_client):
    flaky = KnowledgeItemFactory(
        title="Fix flaky pytest database fixtures by isolating transactions"
    )
    KnowledgeItemFactory(title="Deploy helm charts to the staging Kubernetes cluster")
    KnowledgeItemFactory(title="Rotate expiring TLS certificates on the load balancer")
    results = _search(agent_client, "pytest fixtures are flaky", threshold=0.4)
    assert [r["id"] for r in results] == [str(flaky.pk)]
    assert results[0]["similarity"] > 0.4
    everything = _search(agent_client, "pytest fixtures are flaky", threshold=-1, top_k=3)
    assert len(everything) == 3
    assert everything[0]["id"] == str(flaky.pk)
    assert everything[0]["similarity"] >= everything[1]["similarity"] >= everything[2]["similarity"]


@pytest.mark.django_db
def test_top_k_limits_the_results(agent_client):
    for i in range(6):
        KnowledgeItemFactory(
            title=f"Database migration tip number {i}: run migrations before deploying"
        )
    assert len(_search(agent_client, "database migrations", top_k=4, threshold=0)) == 4


@pytest.mark.django_db
def test_the_nearer_layer_comes_first_and_siblings_stay_out(agent_client, scope_tree):
    company = KnowledgeItemFactory(
        title="Retry HTTP calls with exponential backoff and jitter", scope=scope_tree["company"]
    )
    project = KnowledgeItemFactory(
        title="Our payments API client retries with backoff", scope=scope_tree["project"]
    )
    team = KnowledgeItemFactory(
        title="Use backoff when calling the ledger service", scope=scope_tree["team"]
    )
    KnowledgeItemFactory(
        title="Retry HTTP calls with exponential backoff and jitter!",
        scope=scope_tree["other_project"],
    )
    results = _search(agent_client, "Retry HTTP calls with exponential backoff and jitter")
    # The company note is the most similar, but the project's own note comes first.
    assert [r["id"] for r in results] == [str(project.pk), str(team.pk), str(company.pk)]
    assert [r["layer"] for r in results] == ["project", "team", "company"]


@pytest.mark.django_db
def test_a_layer_filter_returns_that_layer_and_its_parents_only(maintainer, scope_tree):
    KnowledgeItemFactory(
        title="Cache invalidation rules for the catalogue", scope=scope_tree["project"]
    )
    team = KnowledgeItemFactory(
        title="Cache invalidation rules for all our services", scope=scope_tree["team"]
    )
    org = KnowledgeItemFactory(
        title="Cache invalidation guideline of the platform", scope=scope_tree["org"]
    )
    results = _search(client_for(maintainer), "cache invalidation", scope="acme/platform/payments")
    assert {r["id"] for r in results} == {str(team.pk), str(org.pk)}


@pytest.mark.django_db
def test_low_quality_notes_rank_last(agent_client):
    weak = KnowledgeItemFactory(
        title="Restart the worker when the queue is stuck", low_quality=True
    )
    good = KnowledgeItemFactory(title="Restart the worker process if the queue stalls")
    results = _search(agent_client, "Restart the worker when the queue is stuck")
    assert [r["id"] for r in results] == [str(good.pk), str(weak.pk)]


@pytest.mark.django_db
def test_deprecated_rejected_and_merged_notes_are_not_served(agent_client):
    served = KnowledgeItemFactory(title="Pin the Node version in CI images", status="accepted")
    KnowledgeItemFactory(title="Pin the Node version in CI images.", status="deprecated")
    KnowledgeItemFactory(title="Pin Node version in the CI images", status="rejected")
    KnowledgeItemFactory(title="Pin the node version in CI", status="draft", merged_into=served)
    results = _search(agent_client, "Pin the Node version in CI images")
    assert [r["id"] for r in results] == [str(served.pk)]


@pytest.mark.django_db
def test_a_promoted_copy_and_its_original_show_once_nearest_layer_first(agent_client, scope_tree):
    original = KnowledgeItemFactory(
        title="Vacuum large tables during the night window", status="accepted"
    )
    copy = KnowledgeItem.objects.create(
        kind="pattern",
        scope=scope_tree["team"],
        status="accepted",
        title=original.title,
        content=original.content,
        embedding=original.embedding,
        original=original,
        promotion_path=[scope_tree["project"].path],
    )
    results = _search(agent_client, "vacuum tables at night")
    assert [r["id"] for r in results] == [str(original.pk)]
    # From the team, only the copy is visible.
    _, token = _team_agent(scope_tree)
    agent_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert [r["id"] for r in _search(agent_client, "vacuum tables at night")] == [str(copy.pk)]


def _team_agent(scope_tree):
    from governance.services import agent_create

    return agent_create(name="team-agent", scopes=[scope_tree["team"]], ttl_days=1)


@pytest.mark.django_db
def test_each_retrieval_is_recorded_with_its_query_and_session(agent_client):
    note = KnowledgeItemFactory(title="Use read replicas for reporting queries")
    other = KnowledgeItemFactory(title="Reporting queries go to the analytics replica")
    _search(agent_client, "reporting queries replica", session="sess-9")
    _search(agent_client, "reporting queries replica", session="sess-9")
    note.refresh_from_db()
    other.refresh_from_db()
    assert note.retrieval_count == 2 and other.retrieval_count == 2
    assert note.last_retrieved_at is not None
    rows = NoteRetrieval.objects.filter(note=note)
    assert rows.count() == 2
    assert {(r.query, r.session_key, r.actor) for r in rows} == {
        ("reporting queries replica", "sess-9", "agent")
    }


@pytest.mark.django_db
def test_the_session_header_names_the_session_too(agent_client):
    KnowledgeItemFactory(title="Use read replicas for reporting queries")
    agent_client.post(
        SEARCH, {"query": "read replicas"}, format="json", HTTP_X_MNEMOSYNE_SESSION="hdr-1"
    )
    assert NoteRetrieval.objects.get().session_key == "hdr-1"


@pytest.mark.django_db
def test_search_runs_a_bounded_number_of_queries(agent_client, django_assert_max_num_queries):
    for i in range(8):
        KnowledgeItemFactory(title=f"Kafka consumer lag fix number {i}")
    _search(agent_client, "warm up")
    # auth (3) + scope + layers + plan + search + notes + retrieval update and insert + savepoints
    with django_assert_max_num_queries(14):
        assert len(_search(agent_client, "kafka consumer lag", top_k=8, threshold=0)) == 8


@pytest.mark.django_db
def test_search_emits_the_retrieval_metrics(agent_client):
    KnowledgeItemFactory(title="Compress logs before shipping them")
    before = REGISTRY.get_sample_value("note_taking_retrieval_latency_ms_count") or 0
    results_sum = REGISTRY.get_sample_value("note_taking_retrieval_results_count_sum") or 0
    _search(agent_client, "compress logs")
    assert REGISTRY.get_sample_value("note_taking_retrieval_latency_ms_count") == before + 1
    assert REGISTRY.get_sample_value("note_taking_retrieval_results_count_sum") == results_sum + 1


@pytest.mark.django_db
def test_a_read_only_agent_may_search(api_client, scope_tree):
    KnowledgeItemFactory(title="Compress logs before shipping them")
    token = AgentCredentialFactory(name="reader", can_write=False).token
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert len(_search(api_client, "compress logs")) == 1


@pytest.mark.django_db
def test_an_unreadable_scope_answers_like_a_missing_one(agent_client):
    response = agent_client.post(
        SEARCH, {"query": "x", "scope": "acme/platform/search/indexer"}, format="json"
    )
    missing = agent_client.post(SEARCH, {"query": "x", "scope": "acme/no/such"}, format="json")
    assert response.status_code == missing.status_code == 403
    assert response.json()["error"] == missing.json()["error"] == "permission_denied"
    assert "scope" in response.json()["fields"] and "scope" in missing.json()["fields"]


@pytest.mark.django_db
def test_bad_input_names_the_field(agent_client):
    response = agent_client.post(SEARCH, {"query": "x", "top_k": 0}, format="json")
    assert response.status_code == 400 and "top_k" in response.json()["fields"]


# --- the vector plan --------------------------------------------------------------------------

TOPICS = ["database", "deploy", "cache", "queue", "auth", "logging", "tests", "network"]
ACTIONS = ["fix", "tune", "monitor", "migrate", "document", "debug", "secure", "scale"]
OBJECTS = ["timeouts", "retries", "indexes", "workers", "tokens", "alerts", "fixtures", "pools"]


@pytest.mark.django_db
def test_the_hnsw_plan_finds_what_an_exact_scan_finds(scope_tree, settings):
    """Filtered HNSW (with its completeness fallback) against exact search: recall ≥ 0.95."""
    texts = [
        f"{a} {t} {o}: how we {a} the {t} {o} in production"
        for t, a, o in itertools.product(TOPICS, ACTIONS, OBJECTS)
    ][:450]
    vectors = embed(texts)
    scopes = [scope_tree["project"], scope_tree["company"], scope_tree["other_project"]]
    KnowledgeItem.objects.bulk_create(
        KnowledgeItem(
            kind="pattern",
            scope=scopes[i % 3],
            status="accepted",
            title=text,
            content=text,
            embedding=vectors[i],
        )
        for i, text in enumerate(texts)
    )
    scope_ids = [scope_tree["project"].pk, scope_tree["company"].pk]
    settings.VECTOR_EF_SEARCH_MIN = 10  # a short candidate list, so the filter bites
    queries = random.Random(7).sample(texts, 15) + ["monitoring queue workers", "secure tokens"]
    found = expected = 0
    plans = set()
    for query in queries:
        vector = embed_one(query)
        kwargs = dict(
            embedding=vector,
            kinds=["pattern"],
            statuses=["accepted"],
            scope_ids=scope_ids,
            limit=10,
        )
        exact, _ = knowledge_nearest(**kwargs, threshold=0.3, plan="exact")
        approximate, plan = knowledge_nearest(**kwargs, threshold=0.3, plan="hnsw")
        plans.add(plan)
        expected += len(exact)
        found += len({h.id for h in exact} & {h.id for h in approximate})
        assert all(h.similarity >= 0.3 for h in approximate)
    assert expected > 0
    assert found / expected >= 0.95
    assert "hnsw" in plans  # the index answered at least some queries itself


@pytest.mark.django_db
def test_a_thin_filter_falls_back_to_an_exact_scan(scope_tree):
    """1,200 other rows nearer the query than the one row the filter keeps: the index's 1,000
    candidates hold none of the filter's rows, so the search falls back and still finds it."""
    query = embed_one("fix cache timeouts")
    rng = np.random.default_rng(11)
    near = query + 0.02 * rng.normal(size=(1200, query.shape[0]))
    near = (near / np.linalg.norm(near, axis=1, keepdims=True)).astype(np.float32)
    KnowledgeItem.objects.bulk_create(
        KnowledgeItem(
            kind="pattern",
            scope=scope_tree["other_project"],
            status="accepted",
            title=f"near {i}",
            content="x",
            embedding=vector,
        )
        for i, vector in enumerate(near)
    )
    only = KnowledgeItem.objects.create(
        kind="pattern",
        scope=scope_tree["project"],
        status="accepted",
        title="rotate certificates",
        content="x",
        embedding=embed_one("rotate expiring TLS certificates"),
    )
    hits, plan = knowledge_nearest(
        embedding=query,
        kinds=["pattern"],
        statuses=["accepted"],
        scope_ids=[scope_tree["project"].pk],
        limit=5,
        threshold=-1,
        plan="hnsw",
    )
    assert [h.id for h in hits] == [only.pk]
    assert plan == "hnsw_fallback"


@pytest.mark.django_db
def test_a_search_answer_has_exactly_the_documented_shape(agent_client):
    """The search builds its answer without the serializer (a hot path); the serializer that
    documents it must give the same JSON for the same notes."""
    original = KnowledgeItemFactory(
        title="Pin the base image digest in Dockerfiles", low_quality=True
    )
    note = KnowledgeItemFactory(
        title="Pin Docker base images by digest, not by tag",
        status="proposed",
        metadata={"source": "review", "weight": 2},
        tags=["docker", "supply-chain"],
        original=original,
        promotion_path=["acme/platform/payments/api"],
        usefulness_score=0.25,
    )
    other = KnowledgeItemFactory(title="Docker image digests pinned in CI", low_quality=True)
    merged = KnowledgeItemFactory(title="Pin base image digests", status="accepted")
    KnowledgeItem.objects.filter(pk=merged.pk).update(merged_into=note)
    results = _search(agent_client, "pin docker base image digests", threshold=-1, top_k=5)
    # One note per lineage (the copy, not its low-quality original); no merged-away note.
    assert [r["id"] for r in results] == [str(note.pk), str(other.pk)]
    by_id = KnowledgeItem.objects.select_related("scope").in_bulk([r["id"] for r in results])
    for result in results:
        expected = by_id[UUID(result["id"])]
        expected.similarity = result["similarity"]
        documented = json.loads(JSONRenderer().render(NoteSearchResultSerializer(expected).data))
        assert result == documented
