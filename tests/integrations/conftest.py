"""Fixtures of the integration tests: the real `mnemosyne-hook` console script, a live server,
a dead port and a server that accepts but never answers.

The console script is the one pip generates from `pyproject.toml` (built once per run into a
temporary folder, from a copy of the project's metadata only); it runs with the repository root
on PYTHONPATH, so the code under test is this worktree's.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from lessons import conf as lessons_conf
from lessons import matching
from tests.governance.factories import AgentCredentialFactory, PolicyFactory

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def hook_bin(tmp_path_factory) -> Path:
    """The folder holding the pip-generated `mnemosyne-hook` and `mnemosyne-mcp` scripts."""
    src = tmp_path_factory.mktemp("hook-src")
    shutil.copy(REPO_ROOT / "pyproject.toml", src / "pyproject.toml")
    shutil.copy(REPO_ROOT / "README.md", src / "README.md")
    (src / "integrations").mkdir()
    (src / "integrations" / "__init__.py").write_text("")
    target = tmp_path_factory.mktemp("hook-site")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--target",
            str(target),
            str(src),
        ],
        check=True,
        capture_output=True,
    )
    assert (target / "bin" / "mnemosyne-hook").exists()
    return target / "bin"


@pytest.fixture(autouse=True)
def _fresh_lessons_state(monkeypatch):
    monkeypatch.setattr(lessons_conf, "ANTI_PATTERN_STATS_FLUSH_SECONDS", 0.0)
    matching.reset_index()
    matching.forget_action_vectors()
    yield
    matching.reset_index()


@pytest.fixture
def agent_token(scope_tree) -> str:
    token = AgentCredentialFactory(name="claude-code").token
    # The team trusts its own Claude Code: what it reports as blocking blocks at once.
    PolicyFactory(scope=scope_tree["company"], trusted_agents=["claude-code"])
    return token


@pytest.fixture
def server_client(agent_token) -> APIClient:
    """An in-process client as the same agent the hook runs as (for arranging data)."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {agent_token}")
    return client


class HookRun:
    def __init__(self, completed: subprocess.CompletedProcess):
        self.returncode = completed.returncode
        self.stdout = completed.stdout
        self.stderr = completed.stderr

    def json(self) -> dict:
        return json.loads(self.stdout)


@pytest.fixture
def run_hook(hook_bin, tmp_path):
    """Run the console script with an event on stdin: `run_hook(event, url=..., **env)`."""
    state = tmp_path / "hook-state"

    def run(event: dict, *, url: str, token: str = "", timeout: float = 30, **env) -> HookRun:
        environment = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": str(tmp_path),
            "PYTHONPATH": str(REPO_ROOT),
            "MNEMOSYNE_URL": url,
            "MNEMOSYNE_TOKEN": token,
            "MNEMOSYNE_HOOK_STATE_DIR": str(state),
            "MNEMOSYNE_TRAJECTORY_SPOOL_DIR": str(tmp_path / "spool"),
        }
        environment.update({k: str(v) for k, v in env.items()})
        completed = subprocess.run(
            [str(hook_bin / "mnemosyne-hook")],
            input=json.dumps(event),
            capture_output=True,
            text=True,
            env=environment,
            timeout=timeout,
        )
        return HookRun(completed)

    run.state_dir = state
    return run
