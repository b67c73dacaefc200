"""The Claude Code hook configuration for Mnemosyne, and a merge that never clobbers.

Shared by `manage.py claude_code_install` (which writes it into a project's
`.claude/settings.json`) and the plugin folder `integrations/claude_plugin/hooks/hooks.json`
(generated from it; a test keeps them the same). No Django imports.
"""

from __future__ import annotations

import copy

# PreToolUse on the tools whose action can match an anti-pattern (MCP tools: mcp__server__tool).
PRE_TOOL_MATCHER = "Bash|Edit|Write|MultiEdit|NotebookEdit|mcp__.*"
# A hook that outlives its timeout is killed and the action proceeds; the hook's own network
# budget (MNEMOSYNE_HOOK_TIMEOUT, 2 s) and watchdog end it well before.
TIMEOUTS = {
    "PreToolUse": 5,
    "PostToolUse": 15,
    "PostToolUseFailure": 5,
    "SessionStart": 10,
    "Stop": 5,
    "SessionEnd": 5,
}
# A handler whose command runs our entrypoint is ours (replaced on reinstall, even when the
# path changed); anything else, however named, is the user's and is left alone.
MARKERS = ("mnemosyne-hook", "-m integrations.hook")


def hooks_config(command: str) -> dict:
    """The `hooks` object: event -> [{matcher?, hooks: [handler]}]."""

    def handler(event: str, **extra) -> dict:
        return {"type": "command", "command": command, "timeout": TIMEOUTS[event], **extra}

    return {
        "PreToolUse": [{"matcher": PRE_TOOL_MATCHER, "hooks": [handler("PreToolUse")]}],
        # Reports only: never waits on the server.
        "PostToolUse": [{"matcher": "*", "hooks": [handler("PostToolUse", **{"async": True})]}],
        # Synchronous: a known fix is the answer, and the agent needs it before its next step.
        "PostToolUseFailure": [{"matcher": "*", "hooks": [handler("PostToolUseFailure")]}],
        "SessionStart": [{"hooks": [handler("SessionStart")]}],
        "Stop": [{"hooks": [handler("Stop")]}],
        "SessionEnd": [{"hooks": [handler("SessionEnd")]}],
    }


def _is_ours(handler: dict, command: str) -> bool:
    text = str(handler.get("command") or "")
    return text == command or any(marker in text for marker in MARKERS)


def merge_hooks(settings: dict, command: str) -> tuple[dict, list[str]]:
    """Settings with our handlers added; other hooks, matchers and keys are kept as they were.

    A handler of ours already there (same command, or one running our entrypoint) is replaced, so
    installing twice changes nothing. Returns the new settings and the events changed.
    """
    merged = copy.deepcopy(settings) if isinstance(settings, dict) else {}
    hooks = merged.get("hooks")
    if not isinstance(hooks, dict):
        hooks = merged["hooks"] = {}
    changed = []
    for event, groups in hooks_config(command).items():
        existing = hooks.get(event)
        existing = existing if isinstance(existing, list) else []
        kept = []
        for group in existing:
            if not isinstance(group, dict):
                kept.append(group)
                continue
            handlers = [
                h
                for h in group.get("hooks") or []
                if not (isinstance(h, dict) and _is_ours(h, command))
            ]
            if handlers:
                kept.append({**group, "hooks": handlers})
        updated = kept + groups
        if updated != existing:
            changed.append(event)
        hooks[event] = updated
    return merged, changed


def remove_hooks(settings: dict, command: str) -> dict:
    """Settings without our handlers (for uninstall); empty groups and events disappear."""
    merged = copy.deepcopy(settings) if isinstance(settings, dict) else {}
    hooks = merged.get("hooks")
    if not isinstance(hooks, dict):
        return merged
    for event in list(hooks):
        groups = []
        for group in hooks[event] if isinstance(hooks[event], list) else []:
            if isinstance(group, dict):
                handlers = [
                    h
                    for h in group.get("hooks") or []
                    if not (isinstance(h, dict) and _is_ours(h, command))
                ]
                if handlers:
                    groups.append({**group, "hooks": handlers})
            else:
                groups.append(group)
        if groups:
            hooks[event] = groups
        else:
            del hooks[event]
    if not hooks:
        del merged["hooks"]
    return merged


def mcp_server_entry(command: str, args: list[str] | None = None) -> dict:
    """An `.mcp.json` server entry; URL and token come from the user's environment."""
    return {
        "command": command,
        "args": list(args or []),
        "env": {
            "MNEMOSYNE_URL": "${MNEMOSYNE_URL:-http://localhost:8025}",
            "MNEMOSYNE_TOKEN": "${MNEMOSYNE_TOKEN:-}",
        },
    }
