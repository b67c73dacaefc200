import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_healthz_reports_database_and_broker(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "ok"}


def test_healthz_is_503_when_the_broker_is_down(client):
    from mnemosyne_site.celery import app

    saved = app.conf.broker_url
    app.conf.broker_url = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    try:
        response = client.get("/healthz")
    finally:
        app.conf.broker_url = saved
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["database"] == "ok"
    assert body["broker"].startswith("error")


def test_metrics_expose_request_latency_per_route(client, agent_client):
    agent_client.get("/api/v1/governance/whoami")
    body = client.get("/metrics").content.decode()
    assert "# TYPE mnemosyne_http_request_duration_seconds histogram" in body
    assert 'route="api/v1/governance/whoami"' in body
    assert 'status="200"' in body


def test_errors_are_json_with_code_detail_and_fields(agent_client):
    missing = agent_client.get("/api/v1/governance/scopes/999999")
    assert missing.status_code == 404
    assert missing.json()["error"] == "not_found"
    assert missing.json()["fields"] == {}
    malformed = agent_client.post(
        "/api/v1/governance/scopes", data="{not json", content_type="application/json"
    )
    assert malformed.status_code == 400
    assert malformed.json()["error"] == "malformed_request"
    invalid = agent_client.post("/api/v1/governance/scopes", {"slug": "x y"}, format="json")
    assert invalid.status_code == 400
    assert set(invalid.json()["fields"]) == {"parent", "slug", "layer"}


def test_the_schema_generates_without_warnings(tmp_path):
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--file", str(out), "--validate", "--fail-on-warn")
    text = out.read_text()
    assert "/api/v1/governance/whoami" in text
    assert "agentToken:" in text and "scheme: bearer" in text


def test_api_docs_are_served(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    assert b"swagger" in response.content.lower()
