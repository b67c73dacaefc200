"""The Chromium the browser tests drive: find one, or provision one (`make test` runs this).

Looked for in this order, and the first that exists is used, both here and by the e2e conftest:
``MNEMOSYNE_CHROMIUM`` when set; ``chromium`` (or ``chromium-browser``, ``google-chrome``) on
``PATH``; Playwright's own download. When none is there, provisioning tries Playwright's
``python -m playwright install chromium``, then, on Debian as root, ``apt-get install chromium``,
and says what it did and what failed. Exit status 0 when a browser is there afterwards, else 1.

    python -m tests.e2e.browser          # find or provision, and report
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ENV_VAR = "MNEMOSYNE_CHROMIUM"
NAMES_ON_PATH = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
# Flags for running as root in a container, without background traffic to the outside.
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PLAYWRIGHT_INSTALL_TIMEOUT_S = 900


@dataclass(frozen=True)
class Chromium:
    path: str
    how: str  # how it was found, for the report


def _playwright_chromium() -> str | None:
    """Where Playwright keeps its own Chromium, if it has downloaded one."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    with sync_playwright() as playwright:
        path = playwright.chromium.executable_path
    return path if path and Path(path).is_file() else None


def find_chromium(notes: list[str] | None = None) -> Chromium | None:
    """The first Chromium there is, in the documented order; what was missing goes to `notes`."""
    notes = notes if notes is not None else []
    configured = os.environ.get(ENV_VAR)
    if configured:
        if Path(configured).is_file() and os.access(configured, os.X_OK):
            return Chromium(configured, f"{ENV_VAR}")
        notes.append(f"{ENV_VAR}={configured} is not an executable file")
    for name in NAMES_ON_PATH:
        found = shutil.which(name)
        if found:
            return Chromium(found, f"`{name}` on PATH")
    notes.append(f"none of {', '.join(NAMES_ON_PATH)} is on PATH")
    own = _playwright_chromium()
    if own:
        return Chromium(own, "Playwright's own download")
    notes.append("Playwright has not downloaded a Chromium")
    return None


def _run(command: list[str], *, timeout: float, env: dict | None = None) -> tuple[bool, str]:
    """Run a provisioning step, its output shown as it goes; (succeeded, why not)."""
    print(f"browser: running {' '.join(command)}", flush=True)
    try:
        completed = subprocess.run(command, timeout=timeout, check=False, env=env)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, str(exc)
    return completed.returncode == 0, f"exit status {completed.returncode}"


def provision() -> Chromium | None:
    notes: list[str] = []
    found = find_chromium(notes)
    if found:
        print(f"browser: using Chromium at {found.path} ({found.how})")
        return found
    print(f"browser: no Chromium yet ({'; '.join(notes)})")

    failures: list[str] = []
    ok, why = _run(
        [sys.executable, "-m", "playwright", "install", "chromium"],
        timeout=PLAYWRIGHT_INSTALL_TIMEOUT_S,
    )
    found = find_chromium() if ok else None
    if found:
        print(f"browser: installed Playwright's Chromium at {found.path}")
        return found
    failures.append(f"`playwright install chromium` failed ({why})")

    if not Path("/etc/debian_version").is_file():
        failures.append("apt-get not tried: not a Debian system")
    elif os.geteuid() != 0:
        failures.append("apt-get not tried: needs root (run `sudo apt-get install chromium`)")
    elif shutil.which("apt-get") is None:
        failures.append("apt-get not tried: it is not on PATH")
    else:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        ok, why = _run(["apt-get", "update", "-qq"], timeout=600, env=env)
        if ok:
            ok, why = _run(["apt-get", "install", "-y", "-qq", "chromium"], timeout=900, env=env)
        found = find_chromium() if ok else None
        if ok and found is None:
            why = "installed, but no `chromium` on PATH afterwards"
        if found:
            print(f"browser: installed Debian's chromium at {found.path}")
            return found
        failures.append(f"`apt-get install chromium` failed ({why})")

    print("browser: FAILED to provision a Chromium; the browser tests (tests/e2e) will fail:")
    for failure in failures:
        print(f"browser:   - {failure}")
    print(f"browser: install Chromium yourself, or point {ENV_VAR} at one, and run again")
    return None


if __name__ == "__main__":
    sys.exit(0 if provision() else 1)
