"""The MCP server (`mnemosyne-mcp`, the pip-generated console script) driven by the `mcp` package's
own client over stdio, against a live server."""

import asyncio
import json
from pathlib import Path

import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from governance.auth import Principal
from lessons.models import Lesson
from tests.governance.factories import AgentCredentialFactory
from tests.integrations.hook_helpers import report_anti_pattern

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("spec_rules")]

REPO_ROOT = Path(__file__).resolve().parents[2]
TOOLS = {
    "query_relevant",
    "check_action",
    "report_lesson",
    "suggest_fix",
    "search_notes",
    "report_tool_result",
}


def run_session(hook_bin, url: str, token: str, scenario):
    """Start `mnemosyne-mcp` over stdio, initialize, run `scenario(session)`, return its value."""
    params = StdioServerParameters(
        command=str(hook_bin / "mnemosyne-mcp"),
        env={"PYTHONPATH": str(REPO_ROOT), "MNEMOSYNE_URL": url, "MNEMOSYNE_TOKEN": token},
    )

    async def main():
        with open("/dev/null", "w") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    return await scenario(session)

    return asyncio.run(asyncio.wait_for(main(), timeout=60))


def structured(result) -> dict:
    assert not result.is_error, result.content
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)


def test_it_lists_the_six_tools_and_the_memory_resources(live_server, hook_bin, agent_token):
    async def scenario(session):
        tools = await session.list_tools()
        resources = await session.list_resources()
        templates = await session.list_resource_templates()
        return tools, resources, templates

    tools, resources, templates = run_session(hook_bin, live_server.url, agent_token, scenario)

    assert {tool.name for tool in tools.tools} == TOOLS
    assert [str(r.uri) for r in resources.resources] == ["mnemosyne://memory"]
    assert [t.uri_template for t in templates.resource_templates] == [
        "mnemosyne://agent/{name}/memory"
    ]


def test_check_action_blocks_a_known_anti_pattern(
    live_server, hook_bin, agent_token, server_client
):
    report_anti_pattern(server_client)

    async def scenario(session):
        blocked = await session.call_tool(
            "check_action", {"proposed_action": "rm -rf /var/lib/postgresql/data"}
        )
        clear = await session.call_tool("check_action", {"proposed_action": "ls -la"})
        return structured(blocked), structured(clear)

    blocked, clear = run_session(hook_bin, live_server.url, agent_token, scenario)

    assert blocked["blocked"] is True
    assert blocked["matching_patterns"][0]["title"] == "Never rm -rf inside a database container"
    assert "Use the cleanup job" in blocked["alternatives"]
    assert clear["blocked"] is False and clear["matching_patterns"] == []


def test_a_reported_lesson_is_stored_and_found_by_query_relevant(
    live_server, hook_bin, agent_token
):
    async def scenario(session):
        reported = await session.call_tool(
            "report_lesson",
            {
                "lesson_type": "workaround",
                "title": "Celery tasks in tests need task_always_eager",
                "context": "Integration tests hung waiting for a worker",
                "action_taken": "ran pytest with a real broker",
                "outcome": "tests timed out",
                "solution": "set task_always_eager in the test settings",
                "tags": ["celery", "tests"],
            },
        )
        found = await session.call_tool(
            "query_relevant", {"context": "celery tests hang waiting for the worker"}
        )
        return structured(reported), structured(found)

    reported, found = run_session(hook_bin, live_server.url, agent_token, scenario)

    lesson = Lesson.objects.get(pk=reported["lesson_id"])
    assert lesson.source_agent == "CLAUDE_CODE"
    assert lesson.scope.path == "acme/platform/payments/api"
    assert found["lessons"][0]["title"] == "Celery tasks in tests need task_always_eager"


def test_an_invalid_lesson_is_an_error_the_model_can_read(live_server, hook_bin, agent_token):
    async def scenario(session):
        return await session.call_tool(
            "report_lesson",
            {
                "lesson_type": "rumour",
                "title": "x",
                "context": "",
                "action_taken": "",
                "outcome": "",
            },
        )

    result = run_session(hook_bin, live_server.url, agent_token, scenario)

    assert result.is_error
    assert "400" in result.content[0].text and "lesson_type" in result.content[0].text


def test_search_notes_answers_through_the_notes_api(live_server, hook_bin, agent_token):
    async def scenario(session):
        return structured(await session.call_tool("search_notes", {"query": "flaky tests"}))

    answer = run_session(hook_bin, live_server.url, agent_token, scenario)

    assert answer["query"] == "flaky tests"
    assert answer["results"] == []


def test_report_tool_result_learns_and_suggest_fix_offers_the_resolution(
    live_server, hook_bin, agent_token, server_client
):
    from hindsight.models import ErrorSignature, Learning
    from hindsight.services.resolutions import resolution_create

    message = "fatal: not a git repository (or any of the parent directories): .git"
    captured = server_client.post(
        "/api/v1/hindsight/errors",
        {"error_type": "GitError", "message": message, "tool_name": "Bash"},
        format="json",
    )
    assert captured.status_code == 201, captured.content
    resolution_create(
        signature=ErrorSignature.objects.get(),
        description="Run the command from the repository root, or git init first",
        actor=Principal.system("maintainer"),
    )

    async def scenario(session):
        learned = await session.call_tool(
            "report_tool_result",
            {"tool_name": "git", "params": {"args": "status"}, "error": message},
        )
        fix = await session.call_tool("suggest_fix", {"error": message, "error_type": "GitError"})
        return structured(learned), structured(fix)

    learned, fix = run_session(hook_bin, live_server.url, agent_token, scenario)

    assert learned["action"] == "learned"
    assert Learning.objects.get().trigger == "tool:git"
    assert [s["description"] for s in fix["suggestions"]] == [
        "Run the command from the repository root, or git init first"
    ]
    assert fix["learned_fix"] is None  # the new learning is not confident enough yet


def test_the_memory_resource_holds_the_agents_anti_patterns(
    live_server, hook_bin, agent_token, server_client
):
    report_anti_pattern(server_client)
    AgentCredentialFactory(name="CHRONOS", domain="infrastructure")  # a known agent

    async def scenario(session):
        own = await session.read_resource("mnemosyne://memory")
        other = await session.read_resource("mnemosyne://agent/CHRONOS/memory")
        return json.loads(own.contents[0].text), json.loads(other.contents[0].text)

    own, other = run_session(hook_bin, live_server.url, agent_token, scenario)

    assert own["agent"] == "CLAUDE_CODE"
    assert [a["title"] for a in own["anti_patterns"]] == [
        "Never rm -rf inside a database container"
    ]
    assert other["agent"] == "CHRONOS"


def test_a_dead_server_is_an_error_result_not_a_crash(hook_bin, agent_token, closed_port_url):
    async def scenario(session):
        return await session.call_tool("check_action", {"proposed_action": "ls"})

    result = run_session(hook_bin, closed_port_url, agent_token, scenario)

    assert result.is_error
    assert "unreachable" in result.content[0].text


def test_it_serves_streamable_http_too(
    live_server, hook_bin, agent_token, server_client, closed_port_url
):
    import socket
    import subprocess
    import time

    from mcp.client.streamable_http import streamable_http_client

    report_anti_pattern(server_client)
    port = int(closed_port_url.rsplit(":", 1)[1])
    process = subprocess.Popen(
        [str(hook_bin / "mnemosyne-mcp"), "--transport", "streamable-http", "--port", str(port)],
        env={
            "PYTHONPATH": str(REPO_ROOT),
            "MNEMOSYNE_URL": live_server.url,
            "MNEMOSYNE_TOKEN": agent_token,
            "PATH": "/usr/bin:/bin",
        },
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)

        async def main():
            async with streamable_http_client(f"http://127.0.0.1:{port}/mcp") as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    return await session.call_tool(
                        "check_action", {"proposed_action": "rm -rf /var/lib/postgresql/data"}
                    )

        result = asyncio.run(asyncio.wait_for(main(), timeout=60))
    finally:
        process.terminate()
        process.wait(10)

    assert structured(result)["blocked"] is True
