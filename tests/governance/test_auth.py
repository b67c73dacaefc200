from datetime import timedelta

import pytest
from django.utils import timezone

from governance.auth import principal_for_token
from governance.models import AgentCredential, Scope
from governance.services import scope_for_write
from mnemosyne_site.errors import Unauthenticated
from tests.governance.factories import AgentCredentialFactory

pytestmark = pytest.mark.django_db


def test_it_accepts_a_valid_token(api_client, scope_tree):
    token = AgentCredentialFactory(name="builder").token
    response = api_client.get("/api/v1/governance/whoami", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 200
    assert response.json()["name"] == "builder"
    assert response.json()["write_scopes"] == [scope_tree["project"].path]


def test_it_rejects_a_wrong_token(api_client, scope_tree):
    token = AgentCredentialFactory().token
    wrong = token[:-4] + ("aaaa" if not token.endswith("aaaa") else "bbbb")
    response = api_client.get("/api/v1/governance/whoami", HTTP_AUTHORIZATION=f"Bearer {wrong}")
    assert response.status_code == 401
    assert response.json()["error"] == "authentication_failed"
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_it_rejects_an_expired_token(api_client, scope_tree):
    credential = AgentCredentialFactory()
    token = credential.token
    AgentCredential.objects.filter(pk=credential.pk).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    response = api_client.get("/api/v1/governance/whoami", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 401
    assert response.json()["detail"] == "Token expired."


def test_it_rejects_a_deactivated_token(api_client, scope_tree):
    credential = AgentCredentialFactory()
    token = credential.token
    AgentCredential.objects.filter(pk=credential.pk).update(is_active=False)
    response = api_client.get("/api/v1/governance/whoami", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 401


def test_it_stores_only_a_digest_of_the_token(scope_tree):
    credential = AgentCredentialFactory()
    token = credential.token
    secret = token.rsplit("_", 1)[1]
    stored = AgentCredential.objects.values_list("lookup", "digest").get(pk=credential.pk)
    assert secret not in "".join(stored)
    assert token.startswith(f"mnem_{credential.lookup}_")


def test_it_refuses_writes_from_a_read_only_agent(api_client, scope_tree):
    token = AgentCredentialFactory(can_write=False).token
    response = api_client.post(
        "/api/v1/governance/scopes",
        {"parent": "acme/platform/payments/api", "slug": "s1", "layer": "session"},
        format="json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 403


def test_a_writing_agent_opens_a_session_scope_in_its_project(agent_client):
    response = agent_client.post(
        "/api/v1/governance/scopes",
        {"parent": "acme/platform/payments/api", "slug": "s1", "layer": "session"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["path"] == "acme/platform/payments/api/s1"


def test_an_agent_cannot_write_outside_its_scopes(agent_client):
    response = agent_client.post(
        "/api/v1/governance/scopes",
        {"parent": "acme/platform/search/indexer", "slug": "s1", "layer": "session"},
        format="json",
    )
    # The other team's project is not even visible to this agent: refused as a missing one is.
    assert response.status_code == 403
    assert "parent" in response.json()["fields"]


def test_an_agent_sees_its_scopes_and_their_ancestors_only(agent_client):
    response = agent_client.get("/api/v1/governance/scopes")
    paths = {row["path"] for row in response.json()["results"]}
    assert paths == {
        "acme",
        "acme/platform",
        "acme/platform/payments",
        "acme/platform/payments/api",
    }


def test_anonymous_calls_are_refused_by_default(api_client, scope_tree):
    response = api_client.get("/api/v1/governance/whoami")
    assert response.status_code == 401
    assert response.json()["error"] == "not_authenticated"


def test_anonymous_local_calls_act_as_the_local_agent_when_enabled(api_client, settings):
    settings.MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL = True
    response = api_client.get("/api/v1/governance/whoami", REMOTE_ADDR="127.0.0.1")
    assert response.status_code == 200
    assert response.json()["kind"] == "local"


def test_anonymous_calls_from_elsewhere_are_refused_even_when_enabled(api_client, settings):
    settings.MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL = True
    assert api_client.get("/api/v1/governance/whoami", REMOTE_ADDR="192.0.2.10").status_code == 401
    forwarded = api_client.get(
        "/api/v1/governance/whoami", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.10"
    )
    assert forwarded.status_code == 403  # a proxy on loopback: refused, saying why
    assert "proxy (X-Forwarded-For)" in forwarded.json()["detail"]


def test_a_person_with_a_session_sees_their_scopes(api_client, member):
    api_client.force_login(member)
    response = api_client.get("/api/v1/governance/whoami")
    assert response.json()["kind"] == "person"
    assert response.json()["read_scopes"] == ["acme/platform/payments"]


def test_a_token_request_costs_one_query(api_client, django_assert_num_queries, scope_tree):
    token = AgentCredentialFactory().token
    header = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    api_client.get("/api/v1/governance/whoami", **header)  # records last use (once a minute)
    with django_assert_num_queries(1):
        response = api_client.get("/api/v1/governance/whoami", **header)
    assert response.json()["write_scopes"] == ["acme/platform/payments/api"]


def test_a_token_carries_its_read_scopes_write_scopes_and_default_scope(scope_tree):
    credential = AgentCredentialFactory(name="reader-writer")
    credential.read_scopes.add(scope_tree["team"])
    credential.default_scope = scope_tree["project"]
    credential.save()
    principal = principal_for_token(credential.token)
    assert principal.kind == "agent"
    assert principal.name == "reader-writer"
    assert principal.write_paths == (scope_tree["project"].path,)
    assert principal.read_paths == tuple(
        sorted([scope_tree["team"].path, scope_tree["project"].path])
    )
    assert principal.default_scope_path == scope_tree["project"].path
    assert principal.credential is not None and principal.credential.pk == credential.pk


def test_a_write_to_the_agents_default_scope_reads_no_scope(scope_tree, django_assert_num_queries):
    """The default scope's row comes with the credential, as the database holds it."""
    principal = principal_for_token(AgentCredentialFactory().token)
    with django_assert_num_queries(0):
        scope = scope_for_write(principal, None)
    stored = Scope.objects.get(path=scope_tree["project"].path)
    fields = [f.attname for f in Scope._meta.concrete_fields]
    assert [getattr(scope, f) for f in fields] == [getattr(stored, f) for f in fields]
    assert not scope._state.adding


def test_a_change_to_a_credential_holds_from_the_next_request(api_client, scope_tree):
    """No cache of verified tokens: revoking a scope or the token takes effect at once."""
    credential = AgentCredentialFactory()
    token = credential.token
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    assert api_client.get("/api/v1/governance/whoami", **headers).json()["can_write"] is True
    AgentCredential.objects.filter(pk=credential.pk).update(can_write=False)
    assert api_client.get("/api/v1/governance/whoami", **headers).json()["can_write"] is False
    credential.write_scopes.clear()
    assert api_client.get("/api/v1/governance/whoami", **headers).json()["write_scopes"] == []
    AgentCredential.objects.filter(pk=credential.pk).update(is_active=False)
    assert api_client.get("/api/v1/governance/whoami", **headers).status_code == 401


def test_a_token_with_a_known_lookup_and_a_wrong_secret_is_refused(scope_tree):
    credential = AgentCredentialFactory()
    with pytest.raises(Unauthenticated):
        principal_for_token(f"mnem_{credential.lookup}_not-the-secret")
