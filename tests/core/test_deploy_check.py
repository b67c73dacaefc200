"""`manage.py check --deploy` is clean with the production settings the README gives, and fails
while anonymous local mode is on. Run as a subprocess, as an operator runs it."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _readme_production_env() -> dict[str, str]:
    """The `NAME=value` lines of the README's production settings block."""
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"<!-- production-env:.*?```ini\n(.*?)```", readme, re.S)
    assert block, "README.md has no production settings block"
    return dict(line.strip().split("=", 1) for line in block.group(1).splitlines() if "=" in line)


def _check_deploy(env: dict[str, str]) -> subprocess.CompletedProcess:
    # The operator's shell: none of this project's settings, nor what the test run set for
    # itself (the browser tests allow Django's async-unsafe calls process-wide).
    keep = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("MNEMOSYNE_", "DATABASE", "DJANGO_"))
    }
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={**keep, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def production_env(tmp_path) -> dict[str, str]:
    env = _readme_production_env()
    assert env["SECRET_KEY"].startswith("<")  # the README asks the reader to generate one
    env["SECRET_KEY"] = secrets.token_urlsafe(60)
    env["MNEMOSYNE_DATA_DIR"] = str(tmp_path / "data")
    env["PROMETHEUS_MULTIPROC_DIR"] = str(tmp_path / "metrics")
    (tmp_path / "metrics").mkdir()  # the README: an empty directory made before the start
    return env


def test_the_readmes_production_settings_pass_check_deploy(production_env):
    result = _check_deploy(production_env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_fails_while_anonymous_local_mode_is_on(production_env):
    result = _check_deploy({**production_env, "MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL": "true"})
    assert result.returncode != 0
    assert "mnemosyne.E001" in result.stderr + result.stdout


def test_check_deploy_warns_about_the_development_defaults(tmp_path):
    result = _check_deploy({"MNEMOSYNE_DATA_DIR": str(tmp_path / "data")})
    assert result.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert warning in result.stderr + result.stdout
