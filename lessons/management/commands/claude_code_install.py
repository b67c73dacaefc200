"""`manage.py claude_code_install --project DIR`: wire Mnemosyne into a Claude Code project.

Writes the hooks (`integrations/claude_hooks.py`) into `DIR/.claude/settings.json`, keeping every
hook, matcher and setting already there (ours are replaced, so running it twice changes
nothing). `--url` and `--scope` go into that file's `env`; a `--token` is a secret and goes into
`DIR/.claude/settings.local.json`, which Claude Code keeps out of version control. `--mcp` adds
the MCP server to `DIR/.mcp.json`. `--uninstall` removes our hooks and MCP entry again.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from integrations.claude_hooks import mcp_server_entry, merge_hooks, remove_hooks


def _script(name: str) -> str | None:
    beside = Path(sys.executable).parent / name
    if beside.exists():
        return str(beside)
    return shutil.which(name)


def default_hook_command() -> str:
    """The installed console script when there is one, else this checkout run by this Python."""
    script = _script("mnemosyne-hook")
    if script:
        return shlex.quote(script)
    return (
        f"PYTHONPATH={shlex.quote(str(settings.BASE_DIR))} "
        f"{shlex.quote(sys.executable)} -m integrations.hook"
    )


def default_mcp_command() -> tuple[str, list[str]]:
    script = _script("mnemosyne-mcp")
    if script:
        return script, []
    # .mcp.json has no shell: run this Python on the module, with the checkout as cwd path.
    return sys.executable, ["-c", _MCP_BOOT.format(root=str(settings.BASE_DIR))]


_MCP_BOOT = (
    "import sys; sys.path.insert(0, {root!r}); from integrations.mcp_server import main; main()"
)


def _read_json(path: Path) -> dict:
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8") or "{}")
    except (OSError, ValueError) as exc:
        raise CommandError(
            f"{path} is not valid JSON ({exc}); fix it first, nothing written"
        ) from None
    if not isinstance(data, dict):
        raise CommandError(f"{path} does not hold a JSON object; nothing written")
    return data


def _write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # Atomic: Claude Code may read the file while we write it.
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        json.dump(data, out, indent=2)
        out.write("\n")
    os.replace(temporary, path)


class Command(BaseCommand):
    help = (
        "Install Mnemosyne's Claude Code hooks into a project's .claude/settings.json (merging "
        "with existing hooks), optionally its MCP server into .mcp.json."
    )

    def add_arguments(self, parser):
        parser.add_argument("--project", required=True, type=Path, help="the project folder")
        parser.add_argument("--command", default=None, help="hook command (default: detected)")
        parser.add_argument("--url", default=None, help="MNEMOSYNE_URL for the hooks")
        parser.add_argument("--scope", default=None, help="MNEMOSYNE_SCOPE (a scope path)")
        parser.add_argument(
            "--token", default=None, help="agent token; written to .claude/settings.local.json"
        )
        parser.add_argument("--mcp", action="store_true", help="also add the MCP server")
        parser.add_argument("--uninstall", action="store_true", help="remove what we installed")
        parser.add_argument("--dry-run", action="store_true", help="print, write nothing")

    def handle(self, *args, project: Path, **options):
        project = project.expanduser().resolve()
        if not project.is_dir():
            raise CommandError(f"{project} is not a folder")
        command = options["command"] or default_hook_command()
        settings_path = project / ".claude" / "settings.json"
        local_path = project / ".claude" / "settings.local.json"
        mcp_path = project / ".mcp.json"
        current = _read_json(settings_path)
        writes: list[tuple[Path, dict]] = []

        if options["uninstall"]:
            updated = remove_hooks(current, command)
            for key in ("MNEMOSYNE_URL", "MNEMOSYNE_SCOPE"):
                updated.get("env", {}).pop(key, None)
            if updated.get("env") == {}:
                del updated["env"]
            writes.append((settings_path, updated))
            local = _read_json(local_path)
            if local.get("env", {}).pop("MNEMOSYNE_TOKEN", None) is not None:
                writes.append((local_path, local))
            servers = _read_json(mcp_path)
            if servers.get("mcpServers", {}).pop("mnemosyne", None) is not None:
                writes.append((mcp_path, servers))
        else:
            updated, changed = merge_hooks(current, command)
            env = {
                key: value
                for key, value in (
                    ("MNEMOSYNE_URL", options["url"]),
                    ("MNEMOSYNE_SCOPE", options["scope"]),
                )
                if value
            }
            if env:
                updated["env"] = {**(updated.get("env") or {}), **env}
            writes.append((settings_path, updated))
            if options["token"]:
                local = _read_json(local_path)
                local["env"] = {**(local.get("env") or {}), "MNEMOSYNE_TOKEN": options["token"]}
                writes.append((local_path, local))
            if options["mcp"]:
                servers = _read_json(mcp_path)
                mcp_command, mcp_args = default_mcp_command()
                servers.setdefault("mcpServers", {})["mnemosyne"] = mcp_server_entry(
                    mcp_command, mcp_args
                )
                writes.append((mcp_path, servers))
            self.stdout.write(
                f"hooks: {', '.join(changed) if changed else 'already installed'} → {command}"
            )

        for path, data in writes:
            if options["dry_run"]:
                self.stdout.write(f"--- {path} (dry run)\n{json.dumps(data, indent=2)}")
            else:
                _write_json(path, data)
                self.stdout.write(self.style.SUCCESS(f"wrote {path}"))
