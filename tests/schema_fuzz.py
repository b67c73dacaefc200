"""Fuzzing the API from its OpenAPI schema: no input may cause a server error, every answer has
a documented status and matches the schema for it.

tests/core/test_api_schema_fuzz.py runs it over every operation; `FUZZ_EXAMPLES` raises the
example count per operation (default 5, about two minutes for the whole API here).
`fuzz_token` is a fixture: a test module imports it from here to use it.
"""

import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from governance.services import agent_create, scope_ensure_path
from mnemosyne_site.wsgi import application

CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]
# Schema examples and random cases; the "coverage" phase (every boundary and negative case of
# every field) takes minutes here, so FUZZ_PHASES adds it for a deep run.
PHASES = os.environ.get("FUZZ_PHASES", "examples,fuzzing").split(",")


def api_schema(path_regex: str = ".*", phases=PHASES):
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
    schema.config.phases.update(phases=phases)
    return schema.include(path_regex=path_regex)


def fuzz_settings(examples_env: str = "FUZZ_EXAMPLES", default: int = 5):
    """Hypothesis settings; `examples_env` names the variable that raises the example count."""
    return settings(
        max_examples=int(os.environ.get(examples_env, str(default))),
        deadline=None,
        derandomize=True,  # the same cases on every run, so a failure reproduces
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.filter_too_much,
        ],
    )


@pytest.fixture
def fuzz_token(db):
    """A writing agent of a scope tree of its own. Each operation's cases share one transaction,
    rolled back after it (a flush per operation would cost more than the cases), so the WSGI
    calls must not close the connection at the end of each request, as Django's test client
    arranges for its own requests."""
    scope = scope_ensure_path(path="fuzz/org/team/project")
    _, token = agent_create(name="fuzzer", scopes=[scope], ttl_days=1)
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield token
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def assert_conforms(case, token: str) -> None:
    """Calls the operation as the fuzzing agent: no 5xx, a documented status, a body that
    matches the schema of that status."""
    case.call_and_validate(headers={"Authorization": f"Bearer {token}"}, checks=CHECKS)
