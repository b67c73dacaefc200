"""Fuzz the hindsight endpoints from their OpenAPI schema: no input may cause a server error."""

import pytest

from tests.schema_fuzz import api_schema, assert_no_server_error, fuzz_settings, fuzz_token  # noqa: F401

schema = api_schema(r"^/api/v1/(hindsight|tool-results|learnings)")


@pytest.mark.integration
@schema.parametrize()
@fuzz_settings("HINDSIGHT_FUZZ_EXAMPLES")
def test_no_input_causes_a_server_error(case, fuzz_token, transactional_db):  # noqa: F811
    assert_no_server_error(case, fuzz_token)
