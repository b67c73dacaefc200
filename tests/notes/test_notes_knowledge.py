import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from governance.auth import Principal
from governance.models import AuditLog
from mnemosyne_site.errors import RateLimited
from notes import conf
from notes.models import KnowledgeItem
from notes.services.knowledge import knowledge_save
from tests.clients import client_for
from tests.governance.factories import AgentCredentialFactory

KEYS = "/api/v1/knowledge/keys"


def _save(client, key, content="content", category="rule", **body):
    return client.put(
        f"{KEYS}/{key}", {"category": category, "content": content, **body}, format="json"
    )


@pytest.mark.django_db
def test_saving_a_new_key_creates_the_entry_and_audits_it(agent_client, scope_tree):
    response = _save(
        agent_client,
        "deploy.freeze",
        "No deploys on Fridays after 3pm.",
        tags=["deploy"],
        source="ops-handbook",
    )
    assert response.status_code == 201
    body = response.json()
    assert body["key"] == "deploy.freeze" and body["category"] == "rule"
    assert body["tags"] == ["deploy"] and body["source"] == "ops-handbook"
    assert body["scope"] == scope_tree["project"].path and body["status"] == "accepted"
    item = KnowledgeItem.objects.get(key="deploy.freeze")
    assert item.embedding is not None
    audit = AuditLog.objects.get(action="knowledge.create")
    assert (audit.actor, audit.target_id) == ("agent", str(item.pk))
    assert audit.details["key"] == "deploy.freeze"


@pytest.mark.django_db
def test_saving_an_existing_key_updates_it(agent_client):
    _save(agent_client, "db.owner", "The payments team owns the ledger DB.", category="fact")
    response = _save(
        agent_client,
        "db.owner",
        "Platform owns the ledger DB.",
        category="definition",
        tags=["db"],
        source="wiki",
    )
    assert response.status_code == 200
    item = KnowledgeItem.objects.get(key="db.owner")
    assert (item.kind, item.content, item.tags, item.source) == (
        "definition",
        "Platform owns the ledger DB.",
        ["db"],
        "wiki",
    )
    audit = AuditLog.objects.get(action="knowledge.update")
    assert audit.details["previous"] == {
        "category": "fact",
        "content": "The payments team owns the ledger DB.",
    }


@pytest.mark.django_db
def test_get_returns_the_entry_or_404(agent_client):
    _save(agent_client, "style.quotes", "Use double quotes.", category="preference")
    assert agent_client.get(f"{KEYS}/style.quotes").json()["content"] == "Use double quotes."
    missing = agent_client.get(f"{KEYS}/nope")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"


@pytest.mark.django_db
def test_the_nearest_layer_wins_a_key(agent_client, scope_tree):
    knowledge_save(
        principal=Principal.system(),
        scope=scope_tree["company"],
        key="timeout",
        category="rule",
        content="30 s everywhere",
    )
    assert agent_client.get(f"{KEYS}/timeout").json()["content"] == "30 s everywhere"
    _save(agent_client, "timeout", "5 s for the payments API")
    body = agent_client.get(f"{KEYS}/timeout").json()
    assert (body["content"], body["layer"]) == ("5 s for the payments API", "project")


@pytest.mark.django_db
def test_delete_removes_the_entry_and_audits_it(agent_client):
    _save(agent_client, "tmp.key", "temporary")
    assert agent_client.delete(f"{KEYS}/tmp.key").status_code == 204
    assert agent_client.get(f"{KEYS}/tmp.key").status_code == 404
    assert agent_client.delete(f"{KEYS}/tmp.key").status_code == 404
    audit = AuditLog.objects.get(action="knowledge.delete")
    assert audit.details["content"] == "temporary"


@pytest.mark.django_db
def test_use_increments_the_use_count(agent_client):
    _save(agent_client, "k", "v")
    for expected in (1, 2):
        response = agent_client.post(f"{KEYS}/k/use", {}, format="json")
        assert response.json()["use_count"] == expected
    assert agent_client.post(f"{KEYS}/missing/use", {}, format="json").status_code == 404
    assert AuditLog.objects.filter(action="knowledge.use").count() == 2


@pytest.mark.django_db
def test_keyword_search_matches_key_or_content_ordered_by_relevance(agent_client):
    _save(agent_client, "retry", "exact key match")
    _save(agent_client, "retry.policy", "key starts with the query")
    _save(agent_client, "http.client", "always retry idempotent calls", category="fact")
    _save(agent_client, "unrelated", "nothing to see")
    _save(agent_client, "boosted", "retry with a heavy weight", relevance_score=10)
    response = agent_client.get("/api/v1/knowledge/search", {"q": "retry"})
    assert response.status_code == 200
    keys = [r["key"] for r in response.json()]
    assert keys == ["boosted", "retry", "retry.policy", "http.client"]
    relevances = [r["relevance"] for r in response.json()]
    assert relevances == sorted(relevances, reverse=True)

    facts = agent_client.get("/api/v1/knowledge/search", {"q": "retry", "category": "fact"})
    assert [r["key"] for r in facts.json()] == ["http.client"]


@pytest.mark.django_db
def test_keyword_search_returns_ten_by_default(agent_client, scope_tree):
    for i in range(12):
        knowledge_save(
            principal=Principal.system(),
            scope=scope_tree["project"],
            key=f"flag{i}",
            category="fact",
            content=f"feature flag number {i}",
        )
    assert len(agent_client.get("/api/v1/knowledge/search", {"q": "flag"}).json()) == 10
    assert len(agent_client.get("/api/v1/knowledge/search", {"q": "flag", "limit": 3}).json()) == 3


@pytest.mark.django_db
def test_semantic_search_finds_entries_by_meaning(agent_client):
    _save(agent_client, "release.window", "Production releases happen Tuesday mornings.")
    _save(agent_client, "lunch", "The canteen serves pasta on Wednesdays.", category="fact")
    response = agent_client.get(
        "/api/v1/knowledge/semantic-search", {"q": "when can we ship to production?"}
    )
    assert response.status_code == 200
    assert [r["key"] for r in response.json()][0] == "release.window"


@pytest.mark.django_db
def test_bad_input_names_the_field(agent_client):
    response = _save(agent_client, "k", category="opinion")
    assert response.status_code == 400 and "category" in response.json()["fields"]
    response = _save(agent_client, "bad key!", "x")
    assert response.status_code == 400 and "key" in response.json()["fields"]
    response = agent_client.get("/api/v1/knowledge/search", {"q": "x", "limit": 0})
    assert response.status_code == 400 and "limit" in response.json()["fields"]


@pytest.mark.django_db
def test_readers_and_outsiders_cannot_write_or_peek(api_client, outsider, agent_client):
    token = AgentCredentialFactory(name="reader", can_write=False).token
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert _save(api_client, "k", "v").status_code == 403
    _save(agent_client, "secret", "payments only")
    peek = client_for(outsider).get(f"{KEYS}/secret", {"scope": "acme/platform/payments/api"})
    assert peek.status_code == 403 and "scope" in peek.json()["fields"]
    listed = client_for(outsider).get("/api/v1/knowledge").json()["results"]
    assert listed == []


# --- per-session rate limits -------------------------------------------------------------------


@pytest.mark.django_db
def test_a_session_past_its_save_limit_is_refused(agent_client, monkeypatch):
    monkeypatch.setattr(conf, "KNOWLEDGE_SAVES_PER_SESSION", 2)
    assert _save(agent_client, "a", session="s-1").status_code == 201
    assert _save(agent_client, "b", session="s-1").status_code == 201
    refused = _save(agent_client, "c", session="s-1")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) >= 1
    assert not KnowledgeItem.objects.filter(key="c").exists()
    # Another session has its own budget; the header names a session as well as the body.
    assert _save(agent_client, "c", session="s-2").status_code == 201
    by_header = agent_client.put(
        f"{KEYS}/d",
        {"category": "fact", "content": "x"},
        format="json",
        HTTP_X_MNEMOSYNE_SESSION="s-1",
    )
    assert by_header.status_code == 429


@pytest.mark.django_db
def test_an_empty_session_bypasses_the_limit(agent_client, monkeypatch):
    monkeypatch.setattr(conf, "KNOWLEDGE_SAVES_PER_SESSION", 1)
    for key in ("a", "b", "c"):
        assert _save(agent_client, key).status_code == 201


@pytest.mark.django_db(transaction=True)
def test_concurrent_saves_never_pass_the_limit(scope_tree, monkeypatch):
    monkeypatch.setattr(conf, "KNOWLEDGE_SAVES_PER_SESSION", 3)
    passed, refused = [], []

    def save(i):
        try:
            knowledge_save(
                principal=Principal.system(),
                scope=scope_tree["project"],
                key=f"k{i}",
                category="fact",
                content="x",
                session_key="race",
            )
            passed.append(i)
        except RateLimited:
            refused.append(i)
        finally:
            connection.close()

    threads = [threading.Thread(target=save, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(passed) == 3 and len(refused) == 5
    assert KnowledgeItem.objects.filter(key__startswith="k").count() == 3


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    ["/api/v1/knowledge/keys/k/use", "/api/v1/skills/s/activate", "/api/v1/skills/s/deprecate"],
)
def test_a_body_that_is_not_an_object_gets_400(agent_client, url):
    response = agent_client.post(url, [1, 2], format="json")
    assert response.status_code == 400


@pytest.mark.django_db
def test_a_scope_policy_sets_the_session_limit(agent_client, scope_tree):
    from governance.models import Policy

    Policy.objects.create(scope=scope_tree["team"], knowledge_saves_per_session=1)
    assert _save(agent_client, "a", session="s-1").status_code == 201
    assert _save(agent_client, "b", session="s-1").status_code == 429


@pytest.mark.django_db
def test_a_key_saved_without_a_scope_is_read_and_used_without_one(settings):
    # Seed 003: GetKnowledge / IncrementKnowledgeUseCount take only the key; the scope defaults
    # to the caller's, where a save without one put it.
    settings.MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL = True
    local = APIClient(REMOTE_ADDR="127.0.0.1")
    assert _save(local, "deploy.window", "Tuesdays").status_code == 201

    got = local.get(f"{KEYS}/deploy.window")
    assert got.status_code == 200, got.content
    assert got.json()["content"] == "Tuesdays"
    used = local.post(f"{KEYS}/deploy.window/use", {}, format="json")
    assert used.status_code == 200, used.content
    assert used.json()["use_count"] == 1
    assert local.get(f"{KEYS}/never.saved").status_code == 404
