"""Claude Code hook entrypoint: `mnemosyne-hook` reads one hook event on stdin and answers it.

It runs before every agent action, so this module is the hot path: standard library only
(`http.client`, `json`), no Django, nothing imported that `PreToolUse` does not use. What every
event shares (settings, the HTTP client, the watchdog) is in `hook_core.py`; the other events'
handlers live in `hook_learning.py` and `hook_session.py` and are imported only for them.

What each event does:

- `PreToolUse` (Bash, Edit, Write, MultiEdit, NotebookEdit, MCP tools): asks
  `POST /check/anti-pattern` about the proposed action. A blocking match (critical severity or
  `block_action`) denies the call with a reason that names the anti-pattern, why it is bad, how
  often it failed and the alternatives; a warning-level match lets the call through and adds the
  warning as context. No match: no output.
- `PostToolUse` / `PostToolUseFailure`: the learning engine and the trajectory (hook_learning.py).
- `SessionStart`, `Stop`, `SessionEnd`: context in, session out (hook_session.py).

Fail open, always: a missing or slow server, a refusal, a bad payload or a bug here ends with exit
status 0 and no output, within the budget; a watchdog timer enforces that even if a socket hangs
in a way the per-request timeouts do not catch. Never block an action because Mnemosyne is away.

Settings (environment): `MNEMOSYNE_URL` (default http://localhost:8025), `MNEMOSYNE_TOKEN`,
`MNEMOSYNE_SCOPE` (a scope path for writes and searches), `MNEMOSYNE_DOMAIN` (default
development), `MNEMOSYNE_AGENT` (default CLAUDE_CODE), `MNEMOSYNE_HOOK_TIMEOUT` (seconds of
network time per event, default 2), `MNEMOSYNE_CONTEXT_TOKENS` (SessionStart budget, default
2000), `MNEMOSYNE_FIX_MIN_CONFIDENCE` (default 0.5), `MNEMOSYNE_HOOK_STATE_DIR`,
`MNEMOSYNE_HOOK_DISABLED=1` (answer nothing), `MNEMOSYNE_HOOK_DEBUG=1` (errors to stderr).
"""

from __future__ import annotations

import json
import sys

from integrations.hook_core import (
    UNTRUSTED_NOTE,
    WATCHDOG_GRACE_SECONDS,
    Api,
    Config,
    arm_watchdog,
    disarm_watchdog,
    fence,
    may_hold_secret,
    run_after_answer,
)

# The server refuses proposed actions over 10,000 characters; a deny never needs more.
ACTION_MAX_CHARS = 8000


def redacted_action(action: str) -> str:
    """The action without the secrets it shows (`integrations.redact`), before it is sent."""
    if not may_hold_secret(action):
        return action
    from integrations.redact import redact  # loaded only for text that may hold a secret

    return redact(action)


# --- PreToolUse ----------------------------------------------------------------------------------


def proposed_action(tool_name: str, tool_input: dict) -> str | None:
    """The text an anti-pattern's trigger and meaning are matched against, or None to skip.

    A Bash call is its command. A file change is the verb, the path and the new text, so a
    trigger can name a path (`migrations/`), a content (`DEBUG = True`) or both; the old text is
    left out because it is what goes away. An MCP tool is its name and its arguments as JSON.
    """
    if not isinstance(tool_input, dict):
        return None
    if tool_name == "Bash":
        action = str(tool_input.get("command") or "")
    elif tool_name == "Edit":
        action = f"Edit {tool_input.get('file_path', '')}\n{tool_input.get('new_string', '')}"
    elif tool_name == "Write":
        action = f"Write {tool_input.get('file_path', '')}\n{tool_input.get('content', '')}"
    elif tool_name == "MultiEdit":
        edits = tool_input.get("edits") or []
        new = "\n".join(str(e.get("new_string", "")) for e in edits if isinstance(e, dict))
        action = f"MultiEdit {tool_input.get('file_path', '')}\n{new}"
    elif tool_name == "NotebookEdit":
        action = (
            f"NotebookEdit {tool_input.get('notebook_path', '')}\n"
            f"{tool_input.get('new_source', '')}"
        )
    elif tool_name.startswith("mcp__"):
        if tool_name.startswith("mcp__mnemosyne__"):
            return None  # our own tools: checking them against ourselves only costs time
        action = f"{tool_name} {json.dumps(tool_input, sort_keys=True, default=str)}"
    else:
        return None
    action = action.strip()
    return action[:ACTION_MAX_CHARS] or None


def _times(count) -> str:
    return "once" if count == 1 else f"{count} times"


def _history(match: dict) -> str:
    """How often the top match failed and was blocked, as the check's answer says it (an older
    server's answer does not: the reason then says only that it is a recorded anti-pattern)."""
    parts = []
    occurred = match.get("source_occurrence_count")
    if occurred and match.get("source_pattern_id"):
        parts.append(f"failed {_times(occurred)} (a confirmed pattern)")
    elif occurred and match.get("source_lesson_id"):
        parts.append(f"failed {_times(occurred)} (reported lessons)")
    if match.get("times_triggered"):
        parts.append(f"flagged {_times(match['times_triggered'])} so far")
    return "; ".join(parts)


def _describe(match: dict) -> str:
    return f'"{match.get("title", "?")}" ({match.get("severity", "?")})'


def deny_reason(tool_name: str, result: dict, history: str) -> str:
    matches = result.get("matching_patterns") or []
    blocking = [m for m in matches if m.get("block_action") or m.get("severity") == "critical"]
    top = (blocking or matches)[0]
    lines = [f"The anti-pattern: {_describe(top)}."]
    lines.append(f"Why it is bad: {top.get('why_bad') or 'not recorded'}")
    if top.get("example"):
        lines.append(f"Example of the mistake: {top['example']}")
    lines.append(f"History: {history}." if history else "History: recorded as an anti-pattern.")
    alternatives = result.get("alternatives") or top.get("alternatives") or []
    if alternatives:
        lines.append("Do this instead:")
        lines.extend(f"- {a}" for a in alternatives[:8])
    others = [m for m in matches if m is not top]
    if others:
        lines.append("Also matches: " + ", ".join(_describe(m) for m in others[:5]))
    return "\n".join(
        [
            f"Mnemosyne blocked this {tool_name} call: it matches a known anti-pattern, as "
            "recorded below.",
            UNTRUSTED_NOTE,
            fence("\n".join(lines), "anti-pattern record"),
            "Do not retry this approach. If it is truly needed, ask the user to run it or to "
            "lift the anti-pattern in Mnemosyne.",
        ]
    )


def warning_context(result: dict) -> str:
    lines = [f"- {w}" for w in (result.get("warnings") or [])[:5]]
    alternatives = result.get("alternatives") or []
    if alternatives:
        lines.append("Safer alternatives: " + "; ".join(alternatives[:5]))
    return "\n".join(
        [
            "Mnemosyne: this action resembles known anti-patterns (allowed, with a warning):",
            UNTRUSTED_NOTE,
            fence("\n".join(lines), "anti-pattern records"),
        ]
    )


def handle_pre_tool_use(event: dict, config: Config) -> dict | None:
    tool_name = str(event.get("tool_name") or "")
    action = proposed_action(tool_name, event.get("tool_input") or {})
    if action is None:
        return None
    action = redacted_action(action)
    tool_input = event.get("tool_input") or {}
    context = " ".join(
        part
        for part in (
            str(tool_input.get("description") or ""),
            f"Claude Code {tool_name} in {event.get('cwd') or '?'}",
        )
        if part
    )
    api = Api(config)
    result = api.request(
        "POST",
        "/check/anti-pattern",
        {
            "proposed_action": action,
            "context": context[:2000],
            "domain": config.domain,
            "agent": config.agent,
        },
    )
    if not isinstance(result, dict) or not result.get("matching_patterns"):
        return None
    if result.get("blocked"):
        matches = result["matching_patterns"]
        blocking = [m for m in matches if m.get("block_action") or m.get("severity") == "critical"]
        history = _history((blocking or matches)[0])
        return {
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "deny",
                "permissionDecisionReason": deny_reason(tool_name, result, history),
            }
        }
    return {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "additionalContext": warning_context(result),
        }
    }


# --- dispatch -------------------------------------------------------------------------------------


def _handler(name: str):
    # The other events' modules are imported only for their events (their imports, the
    # trajectory client's among them, would slow every PreToolUse); they import hook_core only.
    if name == "PreToolUse":
        return handle_pre_tool_use
    if name in {"PostToolUse", "PostToolUseFailure"}:
        from integrations import hook_learning

        return hook_learning.handle_post_tool_use
    if name in {"SessionStart", "Stop", "SessionEnd"}:
        from integrations import hook_session

        return getattr(hook_session, f"handle_{name.lower()}")
    return None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--deliver":  # the detached worker of Stop / SessionEnd
        from integrations import hook_session

        return hook_session.deliver(argv[1:])
    config = None
    try:
        config = Config()
        if config.disabled:
            return 0
        arm_watchdog(config.timeout + WATCHDOG_GRACE_SECONDS)
        event = json.loads(sys.stdin.read() or "{}")
        if not isinstance(event, dict):
            return 0
        name = str(event.get("hook_event_name") or (argv[0] if argv else ""))
        handler = _handler(name)
        output = handler(event, config) if handler else None
    except Exception as exc:  # fail open: whatever went wrong, the action goes ahead
        if config is not None and config.debug:
            print(f"mnemosyne-hook: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 0
    if output:
        disarm_watchdog()  # a half-written answer would be worse than none
        sys.stdout.write(json.dumps(output))
        sys.stdout.flush()
    try:
        run_after_answer(config)  # what the agent need not wait for (the trajectory's send)
    except Exception as exc:
        if config.debug:
            print(f"mnemosyne-hook: after the answer: {type(exc).__name__}: {exc}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
