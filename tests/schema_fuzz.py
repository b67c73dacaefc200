"""Fuzzing an app's endpoints from the OpenAPI schema: no input may cause a server error.

    schema = api_schema(r"^/api/v1/(notes|trajectories)")

    @pytest.mark.integration
    @schema.parametrize()
    @fuzz_settings("NOTES_FUZZ_EXAMPLES")
    def test_no_input_causes_a_server_error(case, fuzz_token, transactional_db):
        assert_no_server_error(case, fuzz_token)

`fuzz_token` is a fixture: a test module imports it from here to use it.
"""

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from mnemosyne_site.wsgi import application


def api_schema(path_regex: str):
    return schemathesis.openapi.from_wsgi("/api/schema/?format=json", application).include(
        path_regex=path_regex
    )


def fuzz_settings(examples_env: str):
    """Hypothesis settings; `examples_env` names the variable that raises the example count."""
    return settings(
        max_examples=int(os.environ.get(examples_env, "10")),
        deadline=None,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.filter_too_much,
        ],
    )


@pytest.fixture
def fuzz_token(django_db_setup, django_db_blocker):
    """A writing agent of a scope tree of its own, made once the test database exists."""
    from governance.services import agent_create, scope_ensure_path

    with django_db_blocker.unblock():
        scope = scope_ensure_path(path="fuzz/org/team/project")
        _, token = agent_create(name="fuzzer", scopes=[scope], ttl_days=1)
    return token


def assert_no_server_error(case, token: str) -> None:
    response = case.call(headers={"Authorization": f"Bearer {token}"})
    assert response.status_code < 500, (case.method, case.path, response.text[:500])
