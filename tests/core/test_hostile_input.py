"""Hostile input never takes the API down: each shape that once answered 500 now gets a 4xx
naming the problem (or is stored, bounded by design), on every endpoint it can reach.

The shapes: JSON nested thousands deep, unpaired surrogates (``\\ud800``), NUL in raw query and
path values, time-zone offsets PostgreSQL cannot hold (beyond ±15:59), long single tokens in an
error message, and request strings without a length bound.
"""

from __future__ import annotations

import json
import uuid

import pytest
from drf_spectacular.generators import SchemaGenerator

from hindsight.models import ErrorSignature
from lessons.commands import invocations
from lessons.models import Lesson
from lessons.prose_triggers import Described, describe
from mnemosyne_site.parsers import SURROGATE_MESSAGE
from notes.models import TrajectoryEvent

pytestmark = pytest.mark.django_db

SCHEMA = SchemaGenerator().get_schema(request=None, public=True)
WRITES = sorted(
    (method, path)
    for path, operations in SCHEMA["paths"].items()
    for method, operation in operations.items()
    if "requestBody" in operation and "{" not in path
)
# Writes on one object: a made-up id, so the answer may be 404 before the body is read.
OBJECT_WRITES = sorted(
    (method, path)
    for path, operations in SCHEMA["paths"].items()
    for method, operation in operations.items()
    if "requestBody" in operation and "{" in path
)
READS = sorted(
    path for path, operations in SCHEMA["paths"].items() if "get" in operations and "{" not in path
)


def _fill(path: str) -> str:
    """A path with its parameters filled by values that name nothing."""
    for name in ("id", "lesson_id", "pattern_id"):
        path = path.replace(f"{{{name}}}", str(uuid.uuid4()) if name == "id" else "999999")
    return (
        path.replace("{name}", "nobody")
        .replace("{key}", "nothing")
        .replace("{agent_name}", "nobody")
    )


def _send(client, method: str, path: str, raw: str):
    return getattr(client, method)(path, data=raw, content_type="application/json")


def _deep(depth: int) -> str:
    return '{"title": ' + "[" * depth + "]" * depth + "}"


def test_the_operations_this_module_covers_are_the_apis_writes():
    assert len(WRITES) >= 15 and len(READS) >= 20
    assert ("post", "/lessons/report") in WRITES
    assert ("post", "/api/v1/hindsight/errors") in WRITES


@pytest.mark.parametrize(("method", "path"), WRITES)
def test_json_nested_thousands_deep_is_refused_with_400(agent_client, method, path):
    response = _send(agent_client, method, path, _deep(5000))
    assert response.status_code == 400, (path, response.content[:300])
    assert response.json()["error"] == "malformed_request"
    assert "nested" in response.json()["detail"]


@pytest.mark.parametrize(("method", "path"), OBJECT_WRITES)
def test_deep_json_on_an_object_is_refused_or_the_object_is_missing(agent_client, method, path):
    response = _send(agent_client, method, _fill(path), _deep(5000))
    assert response.status_code in (400, 404), (path, response.content[:300])


def test_json_nested_a_little_is_still_accepted(agent_client):
    body = {"proposed_action": "ls", "context": "x" + "[" * 20, "domain": "general"}
    response = agent_client.post("/check/anti-pattern", body, format="json")
    assert response.status_code == 200


@pytest.mark.parametrize(("method", "path"), WRITES)
def test_an_unpaired_surrogate_is_refused_naming_the_field(agent_client, method, path):
    response = _send(agent_client, method, path, '{"title": {"deep": ["ok", "bad \\ud800"]}}')
    assert response.status_code == 400, (path, response.content[:300])
    assert response.json()["fields"] == {"title.deep[1]": [SURROGATE_MESSAGE]}


@pytest.mark.parametrize(("method", "path"), OBJECT_WRITES)
def test_an_unpaired_surrogate_on_an_object_is_refused_or_missing(agent_client, method, path):
    response = _send(agent_client, method, _fill(path), '{"\\udfff": 1}')
    assert response.status_code in (400, 404), (path, response.content[:300])


def test_a_surrogate_pair_is_an_ordinary_character(agent_client):
    body = {
        **{name: "x" for name in ("domain", "context", "action_taken", "outcome", "source_agent")},
        "title": "Smile \U0001f600",
        "lesson_type": "discovery",
    }
    raw = json.dumps(body)
    assert "\\ud83d\\ude00" in raw  # what an ASCII-only JSON encoder sends
    response = _send(agent_client, "post", "/lessons/report", raw)
    assert response.status_code == 200, response.content[:300]
    assert Lesson.objects.get(pk=response.json()["lesson_id"]).title == "Smile \U0001f600"


@pytest.mark.parametrize("path", READS)
def test_nul_in_a_query_value_or_name_is_refused_naming_the_parameter(agent_client, path):
    response = agent_client.get(f"{path}?scope=a%00b&x%00=1")
    assert response.status_code == 400, (path, response.content[:300])
    assert set(response.json()["fields"]) == {"scope", "x\x00"}


@pytest.mark.parametrize(
    "path",
    [
        "/agent/a%00b/memory",
        "/api/v1/knowledge/keys/a%00b",
        "/api/v1/skills/a%00b",
        "/api/v1/external-refs/a%00b",
        "/review/a%00b",
        "/patterns/emerging%00",
    ],
)
def test_nul_in_a_path_is_refused(agent_client, path):
    response = agent_client.get(path)
    assert response.status_code == 400, (path, response.content[:300])
    assert response.json()["fields"] == {"path": ["Must not contain NUL characters."]}


@pytest.mark.parametrize(
    "query",
    [
        "/api/v1/lessons/lessons?since=2024-01-01T00:00:00%2B23:59",
        "/api/v1/lessons/lessons?since=2024-01-01T00:00:00-23:00",
        "/api/v1/governance/proposals?created_after=2024-01-01T00:00:00%2B20:00",
        "/api/v1/governance/proposals?created_before=2024-01-01T00:00:00-16:30",
        "/api/v1/governance/escalations?created_after=2024-01-01T00:00:00%2B16:00",
        "/api/v1/governance/audit?since=2024-01-01T00:00:00-19:00",
    ],
)
def test_date_filters_with_offsets_beyond_postgresqls_range_still_filter(agent_client, query):
    response = agent_client.get(query)
    assert response.status_code == 200, response.content[:300]


def _event(started_at) -> dict:
    return {
        "session": "hostile",
        "events": [
            {
                "event_id": str(uuid.uuid4()),
                "tool_name": "Bash",
                "arguments": {"command": "ls"},
                "started_at": started_at,
            }
        ],
    }


@pytest.mark.parametrize(
    ("started_at", "stored_utc"),
    [
        ("2024-01-01T12:00:00+23:59", "2023-12-31T12:01:00+00:00"),
        ("2024-01-01T12:00:00-16:00", "2024-01-02T04:00:00+00:00"),
        ("1704110400", "2024-01-01T12:00:00+00:00"),
        ("1704110400.5", "2024-01-01T12:00:00.500000+00:00"),
    ],
)
def test_trajectory_start_times_are_stored_in_utc_whatever_the_offset(
    agent_client, started_at, stored_utc
):
    response = agent_client.post("/api/v1/trajectories/events", _event(started_at), format="json")
    assert response.status_code == 200, response.content[:300]
    assert TrajectoryEvent.objects.get().started_at.isoformat() == stored_utc


@pytest.mark.parametrize("started_at", ["1e400", "-1", "nan", "9" * 40])
def test_a_start_time_out_of_range_is_a_400_naming_it(agent_client, started_at):
    response = agent_client.post("/api/v1/trajectories/events", _event(started_at), format="json")
    assert response.status_code == 400, response.content[:300]
    assert list(response.json()["fields"]) == ["events[0].started_at"]


@pytest.mark.parametrize(
    "message",
    [
        "x" * 4000,  # one token as long as the hook sends
        "E" * 300 + " failed to connect to 10.0.0.1",  # a first token past the bucket key column
        "/" + "a/" * 1999,
        "KeyError: " + "é" * 3990,
    ],
)
def test_a_long_one_line_message_is_captured_bounded_by_design(agent_client, message):
    body = {"error_type": "RuntimeError", "message": message, "stack": message}
    response = agent_client.post("/api/v1/hindsight/errors", body, format="json")
    assert response.status_code in (200, 201), response.content[:300]
    signature = ErrorSignature.objects.get()
    for field in ErrorSignature._meta.concrete_fields:
        limit = getattr(field, "max_length", None)
        value = getattr(signature, field.attname)
        if isinstance(value, str):
            assert limit is None or len(value) <= limit, field.name


def _request_strings(schema: dict, where: str, seen: set[str]) -> list[tuple[str, dict]]:
    """Every string a request body may carry, with where it sits."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        if name in seen:
            return []
        seen.add(name)
        return _request_strings(SCHEMA["components"]["schemas"][name], name, seen)
    found: list[tuple[str, dict]] = []
    for key in ("allOf", "oneOf", "anyOf"):
        for part in schema.get(key, []):
            found += _request_strings(part, where, seen)
    if schema.get("type") == "string":
        found.append((where, schema))
    for name, sub in schema.get("properties", {}).items():
        found += _request_strings(sub, f"{where}.{name}", seen)
    if isinstance(schema.get("additionalProperties"), dict):
        found += _request_strings(schema["additionalProperties"], f"{where}.*", seen)
    if "items" in schema:
        found += _request_strings(schema["items"], f"{where}[]", seen)
    return found


def test_every_string_a_request_body_carries_has_a_length_bound():
    seen: set[str] = set()
    strings = [
        found
        for operations in SCHEMA["paths"].values()
        for operation in operations.values()
        for content in operation.get("requestBody", {}).get("content", {}).values()
        for found in _request_strings(content["schema"], "body", seen)
    ]
    unbounded = [
        where
        for where, schema in strings
        if "maxLength" not in schema
        and "enum" not in schema
        and schema.get("format") not in ("date-time", "uuid", "uri", "email")
    ]
    assert len(strings) > 100
    assert unbounded == []


def test_a_string_over_its_bound_is_a_400_naming_the_field(agent_client):
    body = _event("1704110400")
    body["events"][0]["error"] = "x" * 70_000
    response = agent_client.post("/api/v1/trajectories/events", body, format="json")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["events[0].error"]


def test_nullable_outputs_are_nullable_in_the_schema():
    schemas = SCHEMA["components"]["schemas"]
    assert schemas["ScopeOutput"]["properties"]["parent"].get("nullable") is True
    assert schemas["SuggestionMissOutput"]["properties"]["scope"].get("nullable") is True


def test_every_operation_documents_its_error_statuses():
    missing = {
        f"{method.upper()} {path}": sorted(
            {"400", "401", "403", "404", "413", "414", "429"} - set(operation["responses"])
        )
        for path, operations in SCHEMA["paths"].items()
        for method, operation in operations.items()
    }
    assert {where: codes for where, codes in missing.items() if codes} == {}
    writes = [
        operation["responses"]
        for operations in SCHEMA["paths"].values()
        for method, operation in operations.items()
        if method != "get"
    ]
    assert all("409" in responses for responses in writes)
    error = SCHEMA["paths"]["/lessons/report"]["post"]["responses"]["400"]
    assert error["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ErrorResponse"
    }


@pytest.mark.parametrize(
    "text",
    [
        "a-" * 100_000,
        "a." * 100_000,
        " .a" * 60_000,
        "/a" * 100_000 + "!",
        "/" + "a-" * 100_000 + "!",
    ],
)
def test_reading_commands_out_of_long_prose_stays_linear(text):
    """The file-name pattern once restarted inside every run of word characters and hyphens
    (quadratic: 2.9 s on 20,000 characters of lesson text), and the path pattern could split a
    path into segments in exponentially many ways (8 s on 25 characters). Both answer now."""
    assert describe(text) == Described()


def test_a_loop_is_read_apart_for_a_few_words_and_never_multiplied():
    """`for h in a b; do ssh $h reboot; done` is read once per host; a loop of 1,900 words, or
    loops nested four deep (once 65,536 commands from 300 characters), is not."""

    def ssh_hosts(line: str) -> list[str]:
        return [i.args[0] for i in invocations(line) if i.program == "ssh"]

    assert ssh_hosts("for h in a b; do ssh $h reboot; done") == ["a", "b"]
    assert len(ssh_hosts("for h in " + "a " * 1900 + "; do ssh $h reboot; done")) == 1
    hosts = " ".join(f"h{i}" for i in range(16))
    nested = "".join(f"for v{d} in {hosts}; do " for d in range(4))
    assert len(ssh_hosts(nested + "ssh $v0 $v1 $v2 $v3 reboot" + "; done" * 4)) == 16


def test_a_jar_named_by_many_version_parts_is_read_at_once():
    """A jar's name once split `.1.1.1…` in exponentially many ways (seconds from 60
    characters, centuries from this one); a real name still gives its program."""
    assert invocations("java -jar a" + ".1" * 60 + "-x.jar --force")  # read, not stuck
    programs = [i.program for i in invocations("java -jar bfg-1.14.0.jar --delete-files id_rsa")]
    assert "bfg" in programs


@pytest.mark.django_db
def test_a_command_nested_past_any_reading_depth_is_still_answered(agent_client):
    action = "$(" * 1000 + "ls" + ")" * 1000
    response = agent_client.post("/check/anti-pattern", {"proposed_action": action}, format="json")
    assert response.status_code == 200, response.content[:300]


def test_file_names_are_still_read_out_of_prose():
    patterns = describe("Never commit the .env file with git add").patterns
    assert {"program": "git", "subcommand": ["add"], "args": [".env"]} in patterns


def _body_strings(operation: dict) -> dict[str, dict]:
    """The top-level string properties of an operation's JSON body, with their schemas."""
    content = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if not content:
        return {}
    schema = content["schema"]
    if "$ref" in schema:
        schema = SCHEMA["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
    return {
        name: sub
        for name, sub in schema.get("properties", {}).items()
        if sub.get("type") == "string" and "enum" not in sub and "format" not in sub
    }


BODY_STRINGS = sorted(
    (method, path, name, sub.get("maxLength", 0))
    for path, operations in SCHEMA["paths"].items()
    for method, operation in operations.items()
    for name, sub in _body_strings(operation).items()
)
QUERY_PARAMETERS = sorted(
    (path, parameter["name"])
    for path, operations in SCHEMA["paths"].items()
    if "{" not in path and "get" in operations
    for parameter in operations["get"].get("parameters", [])
    if parameter["in"] == "query"
)


def test_the_corpus_reaches_many_fields_and_parameters():
    assert len(BODY_STRINGS) > 60 and len(QUERY_PARAMETERS) > 40


# Trajectory events carry raw tool output: NUL is stripped from them by design, not refused.
NUL_STRIPPED = {"/api/v1/trajectories/events"}


@pytest.mark.parametrize(("method", "path", "name", "limit"), BODY_STRINGS)
def test_nul_in_any_body_string_is_a_400_naming_it(agent_client, method, path, name, limit):
    response = _send(agent_client, method, _fill(path), json.dumps({name: "a\x00b"}))
    assert response.status_code in (400, 404), (path, name, response.content[:300])
    if response.status_code == 400 and "{" not in path:
        named = name in response.json()["fields"]
        assert named is (path not in NUL_STRIPPED), (path, name, response.json())


@pytest.mark.parametrize(("method", "path", "name", "limit"), BODY_STRINGS)
def test_a_single_token_as_long_as_a_field_allows_is_never_a_server_error(
    agent_client, method, path, name, limit
):
    for value in ("x" * limit, "x" * (limit + 1)):
        response = _send(agent_client, method, _fill(path), json.dumps({name: value}))
        assert response.status_code < 500, (path, name, len(value), response.content[:300])
    assert response.status_code in (400, 404)  # one past the bound


@pytest.mark.parametrize(("path", "name"), QUERY_PARAMETERS)
def test_nul_in_any_query_parameter_is_a_400_naming_it(agent_client, path, name):
    response = agent_client.get(path, {name: "a\x00b"})
    assert response.status_code == 400, (path, name, response.content[:300])
    assert list(response.json()["fields"]) == [name]
