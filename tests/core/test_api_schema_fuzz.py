"""Fuzz every operation of the API from its OpenAPI schema (lessons, hindsight, notes and
governance alike): no input causes a server error, every status is documented and every answer
matches the schema. Bounded: `FUZZ_EXAMPLES` cases per operation (default 5)."""

import pytest

from tests.schema_fuzz import api_schema, assert_conforms, fuzz_settings, fuzz_token  # noqa: F401

schema = api_schema()


@pytest.mark.integration
@schema.parametrize()
@fuzz_settings()
def test_every_operation_conforms_to_its_schema(case, fuzz_token):  # noqa: F811
    assert_conforms(case, fuzz_token)
