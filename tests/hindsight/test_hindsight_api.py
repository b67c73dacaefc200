import pytest

from governance.auth import Principal
from hindsight.models import ErrorSignature, Learning
from hindsight.services import resolution_create
from hindsight.services.learnings import learning_save
from tests.governance.factories import AgentCredentialFactory
from tests.hindsight.factories import ErrorSignatureFactory

CAPTURE = "/api/v1/hindsight/errors"


# --- bad input: 400 naming the field, never a 500 ---------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"error_type": "KeyError"}, "message"),
        ({"message": "   "}, "message"),
        ({"message": "x", "stack": "s" * 70_000}, "stack"),
        ({"message": "x", "scope": "../../etc"}, "scope"),
        ({"message": "x", "context": "not an object"}, "context"),
        ({"message": "x", "context": {"frameworks": "django"}}, "context"),
        ({"message": ["x"]}, "message"),
    ],
)
def test_capture_rejects_bad_input_naming_the_field(agent_client, body, field):
    response = agent_client.post(CAPTURE, body, format="json")
    assert response.status_code == 400, response.content
    assert field in response.json()["fields"]
    assert not ErrorSignature.objects.exists()


@pytest.mark.django_db
def test_capture_refuses_a_missing_scope_as_it_refuses_an_unreadable_one(agent_client):
    missing = agent_client.post(CAPTURE, {"message": "x", "scope": "no/such/scope"}, format="json")
    hidden = agent_client.post(
        CAPTURE, {"message": "x", "scope": "acme/platform/search/indexer"}, format="json"
    )
    assert missing.status_code == hidden.status_code == 403
    assert "scope" in missing.json()["fields"] and "scope" in hidden.json()["fields"]
    assert not ErrorSignature.objects.exists()


@pytest.mark.django_db
def test_capture_refuses_a_scope_the_agent_may_not_write(agent_client):
    response = agent_client.post(
        CAPTURE, {"message": "x", "scope": "acme/platform/payments"}, format="json"
    )
    assert response.status_code == 403


@pytest.mark.django_db
def test_capture_refuses_a_read_only_agent(api_client, scope_tree):
    token = AgentCredentialFactory(can_write=False).token
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert api_client.post(CAPTURE, {"message": "x"}, format="json").status_code == 403


@pytest.mark.django_db
def test_a_read_only_agent_may_match_an_error_but_not_capture_one(api_client, scope_tree):
    token = AgentCredentialFactory(can_write=False).token
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    body = {"error_type": "KeyError", "message": "KeyError: 'user_id'"}

    response = api_client.post("/api/v1/hindsight/match", body, format="json")

    assert response.status_code == 200, response.content
    assert response.json()["match_type"] == "none"
    assert api_client.post(CAPTURE, body, format="json").status_code == 403


@pytest.mark.django_db
def test_capture_needs_credentials(api_client):
    assert api_client.post(CAPTURE, {"message": "x"}, format="json").status_code in (401, 403)


@pytest.mark.django_db
def test_match_rejects_a_missing_message(agent_client):
    response = agent_client.post("/api/v1/hindsight/match", {"error_type": "X"}, format="json")
    assert response.status_code == 400
    assert "message" in response.json()["fields"]


@pytest.mark.django_db
def test_malformed_json_is_a_400(agent_client):
    response = agent_client.post(CAPTURE, "{not json", content_type="application/json")
    assert response.status_code == 400


# --- signatures and resolutions ---------------------------------------------------------------


@pytest.mark.django_db
def test_signatures_list_only_readable_scopes(agent_client, scope_tree):
    mine = ErrorSignatureFactory(
        scope=scope_tree["project"], message_template="A <NUM>", embed=False
    )
    ErrorSignatureFactory(
        scope=scope_tree["other_project"], message_template="B <NUM>", embed=False
    )
    body = agent_client.get("/api/v1/hindsight/signatures").json()
    assert [row["id"] for row in body["results"]] == [str(mine.pk)]
    assert (
        agent_client.get(
            f"/api/v1/hindsight/signatures/{ErrorSignature.objects.exclude(pk=mine.pk).get().pk}"
        ).status_code
        == 404
    )


@pytest.mark.django_db
def test_a_resolution_is_recorded_and_applied_through_the_api(agent_client, scope_tree):
    signature = ErrorSignatureFactory(scope=scope_tree["project"])
    created = agent_client.post(
        f"/api/v1/hindsight/signatures/{signature.pk}/resolutions",
        {
            "description": "Use dict.get",
            "code_change": "+ d.get('k')",
            "context": {"frameworks": ["django"]},
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    resolution = created.json()
    assert resolution["success_rate"] == 1.0 and resolution["application_count"] == 1
    applied = agent_client.post(
        f"/api/v1/hindsight/resolutions/{resolution['id']}/applications",
        {"success": False, "context": {"python": "3.12"}, "error_message": "still failing"},
        format="json",
    )
    assert applied.status_code == 200
    assert applied.json()["application_count"] == 2
    assert applied.json()["success_rate"] == 0.5
    detail = agent_client.get(f"/api/v1/hindsight/signatures/{signature.pk}").json()
    assert detail["resolutions"][0]["id"] == resolution["id"]


@pytest.mark.django_db
def test_a_resolution_needs_a_description(agent_client, scope_tree):
    signature = ErrorSignatureFactory(scope=scope_tree["project"], embed=False)
    response = agent_client.post(
        f"/api/v1/hindsight/signatures/{signature.pk}/resolutions", {}, format="json"
    )
    assert response.status_code == 400
    assert "description" in response.json()["fields"]


@pytest.mark.django_db
def test_an_application_needs_its_outcome(agent_client, scope_tree):
    signature = ErrorSignatureFactory(scope=scope_tree["project"], embed=False)
    resolution = resolution_create(
        signature=signature, description="d", actor=Principal.system("a")
    )
    response = agent_client.post(
        f"/api/v1/hindsight/resolutions/{resolution.pk}/applications", {}, format="json"
    )
    assert response.status_code == 400
    assert "success" in response.json()["fields"]


@pytest.mark.django_db
def test_storage_lists_counts_and_cleanup_candidates(agent_client, scope_tree):
    from notes.models import KnowledgeItem

    KnowledgeItem.objects.create(
        kind="hindsight", scope=scope_tree["project"], status="accepted", title="t", content="c"
    )
    body = agent_client.get(
        "/api/v1/hindsight/storage", {"scope": "acme/platform/payments/api"}
    ).json()
    assert body["scopes"] == [
        {
            "scope": "acme/platform/payments/api",
            "layer": "project",
            "count": 1,
            "threshold": 1000,
            "over_threshold": False,
        }
    ]
    assert body["cleanup_candidates"][0]["reasons"] == ["low_success", "unused"]


# --- learnings CRUD and search (seed 003) -----------------------------------------------------


@pytest.mark.django_db
def test_learnings_can_be_saved_read_updated_and_deleted(agent_client):
    created = agent_client.post(
        "/api/v1/learnings",
        {
            "trigger": "tool:make",
            "error_pattern": "No rule to make target <STR>",
            "diagnosis": "missing target",
            "fix": "add the target",
            "category": "tool_error",
            "tags": ["make"],
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    learning_id = created.json()["id"]
    assert created.json()["confidence"] == 0.5
    got = agent_client.get(f"/api/v1/learnings/{learning_id}").json()
    assert got["fix"] == "add the target"
    patched = agent_client.patch(
        f"/api/v1/learnings/{learning_id}", {"fix": "run make all"}, format="json"
    )
    assert patched.json()["fix"] == "run make all"
    boosted = agent_client.post(
        f"/api/v1/learnings/{learning_id}/boost", {"confidence_boost": 0.3}, format="json"
    )
    assert boosted.json()["confidence"] == pytest.approx(0.7)  # an agent stops at the cap
    assert agent_client.delete(f"/api/v1/learnings/{learning_id}").status_code == 204
    assert not Learning.objects.exists()


@pytest.mark.django_db
def test_learnings_search_matches_pattern_or_trigger_most_confident_first(agent_client, scope_tree):
    scope = scope_tree["project"]
    low = learning_save(
        scope=scope,
        trigger="tool:npm",
        error_pattern="ENOENT package.json",
        actor=Principal.system("a"),
    )
    high = learning_save(
        scope=scope,
        trigger="tool:yarn",
        error_pattern="ENOENT yarn.lock",
        actor=Principal.system("a"),
    )
    by_trigger = learning_save(
        scope=scope, trigger="tool:enoent-fixer", error_pattern="x", actor=Principal.system("a")
    )
    learning_save(
        scope=scope, trigger="tool:git", error_pattern="fatal", actor=Principal.system("a")
    )
    Learning.objects.filter(pk=high.pk).update(confidence=0.9)
    Learning.objects.filter(pk=low.pk).update(confidence=0.2)
    found = agent_client.get("/api/v1/learnings/search", {"q": "enoent"}).json()
    assert [row["id"] for row in found] == [str(high.pk), str(by_trigger.pk), str(low.pk)]
    limited = agent_client.get("/api/v1/learnings/search", {"q": "enoent", "limit": 1}).json()
    assert len(limited) == 1
    assert agent_client.get("/api/v1/learnings/search").status_code == 400


@pytest.mark.django_db
def test_learnings_reject_an_unknown_category(agent_client):
    response = agent_client.post(
        "/api/v1/learnings",
        {"trigger": "t", "error_pattern": "e", "category": "nonsense"},
        format="json",
    )
    assert response.status_code == 400
    assert "category" in response.json()["fields"]


@pytest.mark.django_db
def test_the_learning_save_limit_answers_429(agent_client, hindsight_conf):
    hindsight_conf(LEARNING_MAX_SAVES_PER_SESSION=1)
    body = {"trigger": "t", "error_pattern": "e", "session": "s-1"}
    assert agent_client.post("/api/v1/learnings", body, format="json").status_code == 201
    refused = agent_client.post("/api/v1/learnings", body, format="json")
    assert refused.status_code == 429
    assert refused["Retry-After"]


# --- schema -----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_api_appears_in_the_openapi_schema(api_client):
    response = api_client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    paths = (
        response.json()["paths"]
        if response["Content-Type"].startswith("application/json")
        else response.content.decode()
    )
    for path in (
        "/api/v1/hindsight/errors",
        "/api/v1/hindsight/match",
        "/api/v1/hindsight/fix",
        "/api/v1/hindsight/signatures",
        "/api/v1/hindsight/resolutions/{id}/applications",
        "/api/v1/tool-results",
        "/api/v1/learnings",
        "/api/v1/learnings/search",
        "/api/v1/hindsight/storage",
        "/api/v1/hindsight/misses",
    ):
        assert path in paths


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "url", "body", "field"),
    [
        ("post", CAPTURE, {"message": "a\x00b"}, "message"),
        ("post", CAPTURE, {"message": "x", "context": {"frameworks": ["dj\x00ango"]}}, "context"),
        (
            "post",
            "/api/v1/tool-results",
            {"tool_name": "bash", "error": "boom", "params": {"cmd": "ls\x00"}},
            "params",
        ),
        (
            "post",
            "/api/v1/learnings",
            {"trigger": "t", "error_pattern": "e", "tags": ["a\x00"]},
            "tags",
        ),
        ("get", "/api/v1/hindsight/fix", {"error": "x\x00y"}, "error"),
        ("get", "/api/v1/hindsight/signatures", {"error_type": "K\x00"}, "error_type"),
        ("get", "/api/v1/learnings", {"q": "\x00"}, "q"),
    ],
)
def test_nul_characters_are_a_400_not_a_500(agent_client, method, url, body, field):
    if method == "post":
        response = agent_client.post(url, body, format="json")
    else:
        response = agent_client.get(url, body)
    assert response.status_code == 400, response.content
    assert field in response.json()["fields"]
