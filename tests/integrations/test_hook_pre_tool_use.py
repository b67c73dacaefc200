"""PreToolUse through the real `mnemosyne-hook` console script against a live server.

Anti-patterns are reported through `POST /lessons/report` first (as an agent would), then a
real-shaped PreToolUse payload is fed to the hook on stdin.
"""

from pathlib import Path

import pytest

from lessons.models import AntiPattern
from tests.governance.factories import AgentCredentialFactory
from tests.integrations.hook_helpers import (
    event,
    report_anti_pattern,
    requests_between,
    requests_served,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("spec_rules")]


def bash(command: str, description: str = "Clean up the database container") -> dict:
    return event(
        "PreToolUse",
        tool_name="Bash",
        tool_input={"command": command, "description": description},
        tool_use_id="toolu_01ABCDxyz",
    )


def test_it_denies_a_command_matching_a_critical_anti_pattern(
    live_server, run_hook, server_client, agent_token
):
    report_anti_pattern(server_client)

    run = run_hook(
        bash("docker exec -it db rm -rf /var/lib/postgresql/data/old"),
        url=live_server.url,
        token=agent_token,
    )

    assert run.returncode == 0, run.stderr
    output = run.json()["hookSpecificOutput"]
    assert output["hookEventName"] == "PreToolUse"
    assert output["permissionDecision"] == "deny"
    reason = output["permissionDecisionReason"]
    assert "Never rm -rf inside a database container" in reason
    assert "(critical)" in reason
    assert "Why it is bad: Wipes the data volume with no undo" in reason
    assert "failed once" in reason
    assert "- Stop the container and snapshot the volume" in reason
    assert "- Use the cleanup job" in reason


def test_the_deny_reason_counts_how_often_the_anti_pattern_failed(
    live_server, run_hook, server_client, agent_token
):
    report_anti_pattern(server_client)
    report_anti_pattern(server_client)  # the same lesson again: an occurrence, not a new one
    report_anti_pattern(server_client)
    # Checks are counted too (their statistics flush synchronously in tests; in production
    # within ANTI_PATTERN_STATS_FLUSH_SECONDS), this one included.
    run_hook(bash("rm -rf /var/lib/postgresql/data"), url=live_server.url, token=agent_token)

    run = run_hook(
        bash("sudo rm -rf /var/lib/postgresql/data"), url=live_server.url, token=agent_token
    )

    reason = run.json()["hookSpecificOutput"]["permissionDecisionReason"]
    assert "failed 3 times" in reason
    assert "flagged 2 times so far" in reason


def test_a_denial_with_its_history_costs_one_request(
    live_server, run_hook, server_client, agent_token
):
    report_anti_pattern(server_client)
    report_anti_pattern(server_client)
    run_hook(bash("rm -rf /var/lib/postgresql/data"), url=live_server.url, token=agent_token)
    before = requests_served()

    run = run_hook(
        bash("rm -rf /var/lib/postgresql/data/x"), url=live_server.url, token=agent_token
    )

    reason = run.json()["hookSpecificOutput"]["permissionDecisionReason"]
    assert "History: failed 2 times (reported lessons); flagged 2 times so far." in reason
    assert requests_between(before, requests_served()) == {"POST check/anti-pattern": 1}


def test_a_warning_level_match_allows_the_call_and_adds_the_warning_as_context(
    live_server, run_hook, server_client, agent_token
):
    report_anti_pattern(
        server_client,
        title="Force-pushing to shared branches",
        context="Rewrites history others have pulled",
        action_taken="git push --force origin main",
        alternatives=["git push --force-with-lease on your own branch"],
        severity="high",
        trigger_pattern=r"git\s+push\s+(-f|--force)\b",
    )

    run = run_hook(bash("git push --force origin main"), url=live_server.url, token=agent_token)

    assert run.returncode == 0
    output = run.json()["hookSpecificOutput"]
    assert "permissionDecision" not in output  # the normal permission flow decides
    assert "Force-pushing to shared branches" in output["additionalContext"]
    assert "Rewrites history others have pulled" in output["additionalContext"]
    assert "git push --force-with-lease" in output["additionalContext"]


def test_a_clear_command_gives_no_output(live_server, run_hook, server_client, agent_token):
    report_anti_pattern(server_client)

    run = run_hook(bash("ls -la /var/lib"), url=live_server.url, token=agent_token)

    assert (run.returncode, run.stdout) == (0, "")


def test_it_denies_an_edit_whose_path_and_new_text_match(
    live_server, run_hook, server_client, agent_token
):
    report_anti_pattern(
        server_client,
        title="Never enable DEBUG in production settings",
        context="Leaks stack traces and settings to every visitor",
        action_taken="Set DEBUG = True in settings/production.py",
        alternatives=["Use settings/local.py for debugging"],
        trigger_pattern=r"settings/production\.py\n(?s:.*)DEBUG\s*=\s*True",
    )
    edit = event(
        "PreToolUse",
        tool_name="Edit",
        tool_input={
            "file_path": "/home/dev/src/payments-api/settings/production.py",
            "old_string": "DEBUG = False",
            "new_string": "DEBUG = True",
        },
        tool_use_id="toolu_01Edit",
    )

    run = run_hook(edit, url=live_server.url, token=agent_token)

    output = run.json()["hookSpecificOutput"]
    assert output["permissionDecision"] == "deny"
    assert "Never enable DEBUG in production settings" in output["permissionDecisionReason"]
    assert "this Edit call" in output["permissionDecisionReason"]

    # The same edit elsewhere is fine.
    edit["tool_input"]["file_path"] = "/home/dev/src/payments-api/settings/local.py"
    assert run_hook(edit, url=live_server.url, token=agent_token).stdout == ""


def test_it_denies_a_write_whose_content_matches(live_server, run_hook, server_client, agent_token):
    report_anti_pattern(
        server_client,
        title="Never commit AWS secret keys",
        context="Keys in the repository are leaked keys",
        action_taken="Write aws_secret_access_key into a config file",
        alternatives=["Read credentials from the environment"],
        trigger_pattern=r"(?i)aws_secret_access_key\s*=",
    )
    write = event(
        "PreToolUse",
        tool_name="Write",
        tool_input={
            "file_path": "/home/dev/src/payments-api/config/aws.ini",
            "content": "[default]\naws_secret_access_key = abc123\n",
        },
        tool_use_id="toolu_01Write",
    )

    run = run_hook(write, url=live_server.url, token=agent_token)

    output = run.json()["hookSpecificOutput"]
    assert output["permissionDecision"] == "deny"
    assert "Never commit AWS secret keys" in output["permissionDecisionReason"]
    assert "Read credentials from the environment" in output["permissionDecisionReason"]


def test_it_checks_mcp_tool_calls_by_name_and_arguments(
    live_server, run_hook, server_client, agent_token
):
    report_anti_pattern(
        server_client,
        title="Never drop tables through the database MCP server",
        context="No backup is taken first",
        action_taken="mcp__postgres__query DROP TABLE",
        trigger_pattern=r"(?i)mcp__postgres__query.*drop\s+table",
    )
    call = event(
        "PreToolUse",
        tool_name="mcp__postgres__query",
        tool_input={"sql": "DROP TABLE payments"},
        tool_use_id="toolu_01Mcp",
    )

    run = run_hook(call, url=live_server.url, token=agent_token)

    assert run.json()["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_an_agent_does_not_see_anti_patterns_outside_its_scopes(
    live_server, run_hook, server_client, scope_tree
):
    report_anti_pattern(server_client)
    other_token = AgentCredentialFactory(
        name="indexer-agent", scopes=[scope_tree["other_project"]]
    ).token

    run = run_hook(bash("rm -rf /var/lib/postgresql/data"), url=live_server.url, token=other_token)

    assert (run.returncode, run.stdout) == (0, "")


def test_a_dead_server_gives_exit_0_and_no_output(run_hook, closed_port_url):
    run = run_hook(bash("rm -rf /var/lib/postgresql/data"), url=closed_port_url)

    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")


def test_a_server_that_never_answers_gives_exit_0_and_no_output(run_hook, silent_server):
    run = run_hook(
        bash("rm -rf /var/lib/postgresql/data"),
        url=silent_server.url,
        MNEMOSYNE_HOOK_TIMEOUT="0.5",
    )

    # It asked, got no answer, and gave up on its own deadline (how fast: bench/bench_hook.py).
    assert len(silent_server.accepted) == 1
    assert (run.returncode, run.stdout) == (0, "")


def test_a_refusing_server_gives_exit_0_and_no_output(live_server, run_hook, server_client):
    report_anti_pattern(server_client)

    run = run_hook(
        bash("rm -rf /var/lib/postgresql/data"), url=live_server.url, token="mnem_not_a_token"
    )

    assert (run.returncode, run.stdout) == (0, "")


def test_garbage_on_stdin_gives_exit_0_and_no_output(hook_bin, closed_port_url):
    import subprocess

    completed = subprocess.run(
        [str(hook_bin / "mnemosyne-hook")],
        input="{not json",
        capture_output=True,
        text=True,
        env={
            "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
            "MNEMOSYNE_URL": closed_port_url,
        },
        timeout=30,
    )

    assert (completed.returncode, completed.stdout) == (0, "")


def test_the_anti_pattern_stays_active_after_the_hook_blocked_it(
    live_server, run_hook, server_client, agent_token
):
    report_anti_pattern(server_client)
    run_hook(bash("rm -rf /var/lib/postgresql/data"), url=live_server.url, token=agent_token)

    anti_pattern = AntiPattern.objects.get()
    assert anti_pattern.active
    assert anti_pattern.times_triggered == 1
