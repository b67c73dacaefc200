"""Fuzz the hindsight endpoints from their OpenAPI schema: no input may cause a server error."""

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from mnemosyne_site.wsgi import application

HINDSIGHT_PATHS = r"^/api/v1/(hindsight|tool-results|learnings)"

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application).include(
    path_regex=HINDSIGHT_PATHS
)


@pytest.fixture
def fuzz_token(django_db_setup, django_db_blocker):
    from governance.services import agent_create, scope_ensure_path

    with django_db_blocker.unblock():
        scope = scope_ensure_path(path="hfuzz/org/team/project")
        _, token = agent_create(name="hindsight-fuzzer", scopes=[scope], ttl_days=1)
    return token


@pytest.mark.integration
@schema.parametrize()
@settings(
    max_examples=int(os.environ.get("HINDSIGHT_FUZZ_EXAMPLES", "10")),
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
    ],
)
def test_no_input_causes_a_server_error(case, fuzz_token, transactional_db):
    response = case.call(headers={"Authorization": f"Bearer {fuzz_token}"})
    assert response.status_code < 500, (case.method, case.path, response.text[:500])
