"""Mnemosyne as an MCP server (`mnemosyne-mcp`), for Claude Code and every other MCP client.

Built on the `mcp` package's 2.x `MCPServer`. It is a client of Mnemosyne's HTTP API like the
hook (no Django here): each tool is one or two calls to the API as the agent whose token it
holds, so scopes and permissions are the server's, unchanged.

Tools: `query_relevant`, `check_action`, `report_lesson`, `suggest_fix`, `search_notes`,
`report_tool_result`. Resources: `mnemosyne://memory` (the configured agent's memory) and
`mnemosyne://agent/{name}/memory` (any agent's, as far as the token may read).

    mnemosyne-mcp                                   # stdio (what `claude mcp add` runs)
    mnemosyne-mcp --transport streamable-http --host 127.0.0.1 --port 8026   # at /mcp

Settings (environment): `MNEMOSYNE_URL` (default http://localhost:8025), `MNEMOSYNE_TOKEN`,
`MNEMOSYNE_AGENT` (default CLAUDE_CODE), `MNEMOSYNE_DOMAIN` (default development),
`MNEMOSYNE_SCOPE`, `MNEMOSYNE_MCP_TIMEOUT` (seconds per API call, default 10).
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any
from urllib.parse import quote

import httpx
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ToolError

INSTRUCTIONS = (
    "Mnemosyne is the team's collective memory of what worked and what failed. Call "
    "`query_relevant` when you start a task, `check_action` before a risky command or change "
    "(a blocked answer means: do not do it, use the alternatives), `suggest_fix` when something "
    "fails, and `report_lesson` when you learn something others should know."
)


class Settings:
    def __init__(self) -> None:
        env = os.environ.get
        self.url = (env("MNEMOSYNE_URL") or "http://localhost:8025").rstrip("/")
        self.token = env("MNEMOSYNE_TOKEN") or ""
        self.agent = env("MNEMOSYNE_AGENT") or "CLAUDE_CODE"
        self.domain = env("MNEMOSYNE_DOMAIN") or "development"
        self.scope = env("MNEMOSYNE_SCOPE") or ""
        self.timeout = float(env("MNEMOSYNE_MCP_TIMEOUT") or 10)


class MnemosyneApi:
    def __init__(self, settings: Settings) -> None:
        headers = {"Accept": "application/json"}
        if settings.token:
            headers["Authorization"] = f"Bearer {settings.token}"
        self.settings = settings
        self.client = httpx.AsyncClient(
            base_url=settings.url, headers=headers, timeout=settings.timeout
        )

    async def call(self, method: str, path: str, *, error=ToolError, **kwargs) -> Any:
        """The JSON answer; an error the model can act on (the server's own message) otherwise."""
        try:
            response = await self.client.request(method, path, **kwargs)
        except httpx.HTTPError as exc:
            raise error(f"Mnemosyne is unreachable at {self.settings.url}: {exc}") from None
        if response.status_code >= 400:
            try:
                body = response.json()
                detail = body.get("detail") or body.get("error") or body
                fields = body.get("fields")
            except ValueError:
                detail, fields = response.text[:500], None
            message = f"Mnemosyne answered {response.status_code}: {detail}"
            if fields:
                message += f" {json.dumps(fields)}"
            raise error(message)
        return response.json() if response.content else None


def build_server(settings: Settings | None = None) -> MCPServer:
    settings = settings or Settings()
    api = MnemosyneApi(settings)
    server = MCPServer(name="mnemosyne", instructions=INSTRUCTIONS, version="0.1.0")

    def scoped(body: dict, scope: str) -> dict:
        scope = scope or settings.scope
        if scope:
            body["scope"] = scope
        return body

    @server.tool()
    async def query_relevant(
        context: str, domain: str = "", max_results: int = 10, include_cross_domain: bool = True
    ) -> dict[str, Any]:
        """Lessons relevant to a task (what worked, what failed), most relevant first.
        Call at the start of a task with a description of it."""
        lessons = await api.call(
            "POST",
            "/query/relevant",
            json={
                "context": context,
                "domain": domain or None,
                "agent": settings.agent,
                "max_results": max_results,
                "include_cross_domain": include_cross_domain,
            },
        )
        return {"lessons": lessons}

    @server.tool()
    async def check_action(proposed_action: str, context: str = "", domain: str = "") -> dict:
        """Check a proposed command or change against known anti-patterns before doing it.
        `blocked: true` means do not do it; use the `alternatives`."""
        return await api.call(
            "POST",
            "/check/anti-pattern",
            json={
                "proposed_action": proposed_action,
                "context": context,
                "domain": domain or settings.domain,
                "agent": settings.agent,
            },
        )

    @server.tool()
    async def report_lesson(
        lesson_type: str,
        title: str,
        context: str,
        action_taken: str,
        outcome: str,
        domain: str = "",
        category: str = "",
        root_cause: str = "",
        solution: str = "",
        alternatives: list[str] | None = None,
        severity: str = "medium",
        tags: list[str] | None = None,
        related_files: list[str] | None = None,
        related_commands: list[str] | None = None,
        confidence: float = 0.8,
        trigger_pattern: str = "",
        scope: str = "",
    ) -> dict:
        """Report a lesson: lesson_type is success, failure, workaround, discovery,
        optimization, warning or anti_pattern (an anti_pattern blocks matching actions; its
        `context` says why it is bad and `action_taken` shows the mistake)."""
        body = {
            "lesson_type": lesson_type,
            "domain": domain or settings.domain,
            "category": category,
            "title": title,
            "context": context,
            "action_taken": action_taken,
            "outcome": outcome,
            "root_cause": root_cause or None,
            "solution": solution or None,
            "alternatives": alternatives or [],
            "severity": severity,
            "tags": tags or [],
            "source_agent": settings.agent,
            "related_files": related_files or [],
            "related_commands": related_commands or [],
            "confidence": confidence,
        }
        if trigger_pattern:
            body["trigger_pattern"] = trigger_pattern
        return await api.call("POST", "/lessons/report", json=scoped(body, scope))

    @server.tool()
    async def suggest_fix(
        error: str, error_type: str = "", stack: str = "", files: list[str] | None = None
    ) -> dict:
        """Known fixes for an error: resolutions that worked for matching error signatures
        (with their success rates) and the learned fix when one is confident enough."""
        match = await api.call(
            "POST",
            "/api/v1/hindsight/match",
            json=scoped(
                {
                    "error_type": error_type,
                    "message": error,
                    "stack": stack,
                    "context": {"files": files} if files else {},
                },
                "",
            ),
        )
        learned = await api.call("GET", "/api/v1/hindsight/fix", params={"error": error[:16000]})
        return {
            "match_type": match.get("match_type"),
            "suggestions": match.get("suggestions", []),
            "signatures": [m.get("signature") for m in match.get("matches", [])],
            "learned_fix": learned if learned and learned.get("found") else None,
        }

    @server.tool()
    async def search_notes(query: str, top_k: int = 5, scope: str = "") -> dict:
        """Search the notes distilled from earlier sessions (patterns, hindsight notes),
        nearer layers first."""
        return await api.call(
            "POST", "/api/v1/notes/search", json=scoped({"query": query, "top_k": top_k}, scope)
        )

    @server.tool()
    async def report_tool_result(
        tool_name: str,
        params: dict[str, Any] | None = None,
        error: str = "",
        session: str = "",
        scope: str = "",
    ) -> dict:
        """Report a tool call's result to the learning engine: an error is learned from (and a
        known fix returned as `known_fix`), a success credits what it confirms."""
        return await api.call(
            "POST",
            "/api/v1/tool-results",
            json=scoped(
                {
                    "tool_name": tool_name,
                    "params": params or {},
                    "error": error or None,
                    "session": session,
                },
                scope,
            ),
        )

    async def memory(name: str) -> str:
        data = await api.call("GET", f"/agent/{quote(name, safe='')}/memory", error=ResourceError)
        return json.dumps(data, indent=2)

    @server.resource(
        "mnemosyne://memory",
        name="agent-memory",
        description="This agent's memory: critical and recent lessons, anti-patterns",
        mime_type="application/json",
    )
    async def own_memory() -> str:
        return await memory(settings.agent)

    @server.resource(
        "mnemosyne://agent/{name}/memory",
        name="agent-memory-by-name",
        description="An agent's memory, by agent name",
        mime_type="application/json",
    )
    async def agent_memory(name: str) -> str:
        return await memory(name)

    return server


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="mnemosyne-mcp", description=__doc__.splitlines()[0])
    parser.add_argument("--transport", choices=["stdio", "streamable-http"], default="stdio")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8026)
    parser.add_argument("--path", default="/mcp", help="streamable HTTP endpoint path")
    args = parser.parse_args(argv)
    server = build_server()
    if args.transport == "stdio":
        server.run("stdio")
    else:
        server.run(
            "streamable-http", host=args.host, port=args.port, streamable_http_path=args.path
        )


if __name__ == "__main__":
    main()
