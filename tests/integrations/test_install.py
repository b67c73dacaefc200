"""`manage.py claude_code_install` and the plugin folder."""

import json
import subprocess
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from integrations.claude_hooks import hooks_config, mcp_server_entry

PLUGIN = Path(__file__).resolve().parents[2] / "integrations" / "claude_plugin"
EVENTS = ["PreToolUse", "PostToolUse", "PostToolUseFailure", "SessionStart", "Stop", "SessionEnd"]


def install(project: Path, *args: str) -> None:
    call_command(
        "claude_code_install", "--project", str(project), *args, stdout=open("/dev/null", "w")
    )


def read(path: Path) -> dict:
    return json.loads(path.read_text())


def test_it_writes_every_hook_into_a_fresh_project(tmp_path):
    install(tmp_path, "--command", "/opt/bin/mnemosyne-hook", "--url", "http://mn:8025")

    settings = read(tmp_path / ".claude" / "settings.json")
    assert sorted(settings["hooks"]) == sorted(EVENTS)
    pre = settings["hooks"]["PreToolUse"][0]
    assert pre["matcher"] == "Bash|Edit|Write|MultiEdit|NotebookEdit|mcp__.*"
    assert pre["hooks"] == [{"type": "command", "command": "/opt/bin/mnemosyne-hook", "timeout": 5}]
    assert settings["hooks"]["PostToolUse"][0]["hooks"][0]["async"] is True
    assert "async" not in settings["hooks"]["PostToolUseFailure"][0]["hooks"][0]
    assert settings["env"] == {"MNEMOSYNE_URL": "http://mn:8025"}


def test_it_keeps_existing_hooks_and_settings(tmp_path):
    claude = tmp_path / ".claude"
    claude.mkdir()
    existing = {
        "model": "opus",
        "permissions": {"allow": ["Bash(make test)"]},
        "env": {"FOO": "1"},
        "hooks": {
            "PreToolUse": [
                {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}
            ],
            "PostToolUse": [
                {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "ruff format"}]}
            ],
            "Notification": [{"hooks": [{"type": "command", "command": "notify-send hi"}]}],
        },
    }
    (claude / "settings.json").write_text(json.dumps(existing))

    install(tmp_path, "--command", "mnemosyne-hook", "--scope", "acme/platform/payments/api")

    settings = read(claude / "settings.json")
    assert settings["model"] == "opus"
    assert settings["permissions"] == {"allow": ["Bash(make test)"]}
    assert settings["env"] == {"FOO": "1", "MNEMOSYNE_SCOPE": "acme/platform/payments/api"}
    assert settings["hooks"]["Notification"] == existing["hooks"]["Notification"]
    assert settings["hooks"]["PreToolUse"][0] == existing["hooks"]["PreToolUse"][0]
    assert settings["hooks"]["PreToolUse"][1]["hooks"][0]["command"] == "mnemosyne-hook"
    assert settings["hooks"]["PostToolUse"][0] == existing["hooks"]["PostToolUse"][0]


def test_installing_twice_changes_nothing(tmp_path):
    install(tmp_path, "--command", "mnemosyne-hook")
    first = (tmp_path / ".claude" / "settings.json").read_text()

    install(tmp_path, "--command", "mnemosyne-hook")

    assert (tmp_path / ".claude" / "settings.json").read_text() == first


def test_a_reinstall_with_another_path_replaces_ours_only(tmp_path):
    install(tmp_path, "--command", "/old/venv/bin/mnemosyne-hook")
    install(tmp_path, "--command", "/new/venv/bin/mnemosyne-hook")

    settings = read(tmp_path / ".claude" / "settings.json")
    commands = [h["command"] for g in settings["hooks"]["PreToolUse"] for h in g["hooks"]]
    assert commands == ["/new/venv/bin/mnemosyne-hook"]


def test_the_token_goes_to_the_local_settings_only(tmp_path):
    install(tmp_path, "--command", "mnemosyne-hook", "--token", "mnem_secret")

    assert "mnem_secret" not in (tmp_path / ".claude" / "settings.json").read_text()
    assert read(tmp_path / ".claude" / "settings.local.json")["env"] == {
        "MNEMOSYNE_TOKEN": "mnem_secret"
    }


def test_it_adds_the_mcp_server_beside_existing_ones(tmp_path):
    (tmp_path / ".mcp.json").write_text(json.dumps({"mcpServers": {"github": {"command": "gh"}}}))

    install(tmp_path, "--command", "mnemosyne-hook", "--mcp")

    servers = read(tmp_path / ".mcp.json")["mcpServers"]
    assert servers["github"] == {"command": "gh"}
    assert servers["mnemosyne"]["env"]["MNEMOSYNE_URL"] == "${MNEMOSYNE_URL:-http://localhost:8025}"


def test_uninstall_removes_only_what_we_added(tmp_path):
    claude = tmp_path / ".claude"
    claude.mkdir()
    mine = {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./tidy.sh"}]}]}}
    (claude / "settings.json").write_text(json.dumps(mine))
    install(tmp_path, "--command", "mnemosyne-hook", "--url", "http://mn", "--mcp")

    install(tmp_path, "--command", "mnemosyne-hook", "--uninstall")

    assert read(claude / "settings.json") == mine
    assert "mnemosyne" not in read(tmp_path / ".mcp.json")["mcpServers"]


def test_an_invalid_settings_file_is_left_alone(tmp_path):
    claude = tmp_path / ".claude"
    claude.mkdir()
    (claude / "settings.json").write_text("{ not json")

    with pytest.raises(CommandError, match="not valid JSON"):
        install(tmp_path)

    assert (claude / "settings.json").read_text() == "{ not json"


def test_without_a_console_script_it_runs_this_checkout(tmp_path, monkeypatch):
    from lessons.management.commands import claude_code_install

    monkeypatch.setattr(claude_code_install, "_script", lambda name: None)

    install(tmp_path)

    command = read(tmp_path / ".claude" / "settings.json")["hooks"]["Stop"][0]["hooks"][0]
    assert command["command"].endswith("-m integrations.hook")
    assert "PYTHONPATH=" in command["command"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("spec_rules")
def test_the_installed_command_runs_and_denies_through_the_shell(
    tmp_path, monkeypatch, live_server, server_client, agent_token
):
    from lessons.management.commands import claude_code_install
    from tests.integrations.hook_helpers import event, report_anti_pattern

    monkeypatch.setattr(claude_code_install, "_script", lambda name: None)
    install(tmp_path)
    settings = read(tmp_path / ".claude" / "settings.json")
    command = settings["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
    report_anti_pattern(server_client)
    payload = event(
        "PreToolUse",
        tool_name="Bash",
        tool_input={"command": "rm -rf /var/lib/postgresql/data"},
        tool_use_id="toolu_1",
    )

    # As Claude Code runs a command hook: through the shell, in the project folder.
    completed = subprocess.run(
        ["/bin/sh", "-c", command],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={
            "PATH": "/usr/bin:/bin",
            "MNEMOSYNE_URL": live_server.url,
            "MNEMOSYNE_TOKEN": agent_token,
            "HOME": str(tmp_path),
        },
        timeout=30,
    )

    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_the_plugin_folder_matches_the_installed_hooks():
    hooks = read(PLUGIN / "hooks" / "hooks.json")
    assert hooks["hooks"] == hooks_config("mnemosyne-hook")
    assert read(PLUGIN / ".mcp.json") == {
        "mcpServers": {"mnemosyne": mcp_server_entry("mnemosyne-mcp", [])}
    }
    manifest = read(PLUGIN / ".claude-plugin" / "plugin.json")
    assert manifest["name"] == "mnemosyne"
