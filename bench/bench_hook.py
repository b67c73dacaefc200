"""Latency of the Claude Code `PreToolUse` hook process, start to exit (budget: p95 ≤ 150 ms).

    .venv/bin/python bench/bench_hook.py [--runs 200] [--anti-patterns 1000] [--reload]

What is timed is what Claude Code waits for: spawning the real `mnemosyne-hook` console script
(the one pip generates from pyproject.toml, built into a temporary folder), writing a PreToolUse
payload to its stdin, and its exit. The server is the real one: gunicorn with the project's
config (2 workers × 4 threads) on a loopback port, over its own database (`mn_bench_hook`) with
`--anti-patterns` active anti-patterns (RE2 triggers and real MiniLM vectors), the agent's bearer
token, the embedded PostgreSQL. Each command is distinct, so every check pays for its embedding.

Scenarios: a clear Bash command (the common case), a Bash command denied by a critical
anti-pattern (one more GET for the history), a clear Edit; the server down (a closed port); a
server that accepts and never answers (bounded by MNEMOSYNE_HOOK_TIMEOUT, default 2 s, under the
5 s hook timeout in hooks.json). The bare interpreter start and the hook module's import are
printed for reference. Runs are sequential, bounded in count; loopback only.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

BENCH_DB = "mn_bench_hook"
SCOPE = "bench/hook/project"
BUDGET_MS = 150.0


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)

    def pick(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]

    return {"p50": pick(0.5), "p95": pick(0.95), "p99": pick(0.99), "max": ordered[-1]}


def _report(name: str, samples: list[float], budget: float | None = None) -> None:
    p = _percentiles(samples)
    verdict = ""
    if budget is not None:
        verdict = f"  {'OK' if p['p95'] <= budget else 'OVER'} (budget p95 ≤ {budget:.0f} ms)"
    print(
        f"{name:<34} n={len(samples):<4} p50 {p['p50']:7.1f}  p95 {p['p95']:7.1f}  "
        f"p99 {p['p99']:7.1f}  max {p['max']:7.1f} ms{verdict}"
    )


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mnemosyne_site.settings")
    os.environ["MNEMOSYNE_DB_NAME"] = BENCH_DB
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django

    django.setup()


def _load(count: int, reload: bool) -> str:
    """Anti-patterns in the bench scope (kept between runs); returns a fresh agent token."""
    from governance.models import AgentCredential
    from governance.services import agent_create, scope_ensure_path
    from lessons.models import AntiPattern
    from mnemosyne_site.embeddings import embed

    scope = scope_ensure_path(path=SCOPE)
    existing = AntiPattern.objects.filter(scope=scope, active=True)
    if reload or existing.count() != count + 1:
        print(f"loading {count} anti-patterns …")
        AntiPattern.objects.filter(scope=scope).delete()
        tools = ["docker", "kubectl", "terraform", "git", "psql", "helm", "aws", "gcloud"]
        verbs = ["delete", "destroy", "reset", "drop", "purge", "force", "wipe", "prune"]
        targets = ["production", "the shared cluster", "main", "the payments database"]
        titles = [
            f"Never {verbs[i % 8]} with {tools[(i // 8) % 8]} on {targets[i % 4]} ({i})"
            for i in range(count)
        ]
        vectors = embed(titles) if titles else []
        rows = [
            AntiPattern(
                scope=scope,
                trigger_pattern=rf"(?i){tools[(i // 8) % 8]}\s+{verbs[i % 8]}\S*\s+x{i}\b",
                embedding=vectors[i],
                domain="bench",
                title=title,
                why_bad="It broke production before",
                example=f"{tools[(i // 8) % 8]} {verbs[i % 8]}",
                alternatives=["Use the runbook"],
                severity=["critical", "high", "medium", "low"][i % 4],
                block_action=i % 4 == 0,
            )
            for i, title in enumerate(titles)
        ]
        rows.append(
            AntiPattern(
                scope=scope,
                trigger_pattern=r"(?i)\brm\s+-rf\s+/var/lib/postgresql",
                embedding=embed(["Never rm -rf inside a database container"])[0],
                domain="bench",
                title="Never rm -rf inside a database container",
                why_bad="Wipes the data volume with no undo",
                example="docker exec db rm -rf /var/lib/postgresql/data",
                alternatives=["Stop the container and snapshot the volume"],
                severity="critical",
                block_action=True,
            )
        )
        AntiPattern.objects.bulk_create(rows, batch_size=1000)
    AgentCredential.objects.filter(name="bench-hook").update(is_active=False)
    _, token = agent_create(name="bench-hook", domain="bench", scopes=[scope], ttl_days=1)
    return token


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _console_script(folder: Path) -> Path:
    src = folder / "src"
    (src / "integrations").mkdir(parents=True)
    shutil.copy(REPO_ROOT / "pyproject.toml", src / "pyproject.toml")
    shutil.copy(REPO_ROOT / "README.md", src / "README.md")
    (src / "integrations" / "__init__.py").write_text("")
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
            str(folder / "site"),
            str(src),
        ],
        check=True,
        capture_output=True,
    )
    return folder / "site" / "bin" / "mnemosyne-hook"


def _start_server(port: int, metrics_dir: Path) -> subprocess.Popen:
    env = dict(os.environ)
    env.update(
        {
            "MNEMOSYNE_DB_NAME": BENCH_DB,
            "MNEMOSYNE_PORT": str(port),
            "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir),
            # Check statistics stay in the web process: no worker runs during the bench.
            "ANTI_PATTERN_STATS_FLUSH_SECONDS": "3600",
            "CHECK_EMBEDDING_CACHE_SIZE": "0",
            "LOG_LEVEL": "WARNING",
        }
    )
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "-c",
            "python:mnemosyne_site.gunicorn_conf",
            "mnemosyne_site.wsgi",
        ],
        cwd=REPO_ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.2)
    process.terminate()
    raise SystemExit("gunicorn did not start within 60 s")


def _pre_tool_use(tool_name: str, tool_input: dict) -> str:
    return json.dumps(
        {
            "session_id": "bench-session",
            "transcript_path": "/tmp/bench.jsonl",
            "cwd": str(REPO_ROOT),
            "hook_event_name": "PreToolUse",
            "tool_name": tool_name,
            "tool_input": tool_input,
            "tool_use_id": "toolu_bench",
        }
    )


def _time_runs(script: Path, payloads: list[str], env: dict, expect: str | None) -> list[float]:
    timings = []
    for payload in payloads:
        started = time.perf_counter()
        completed = subprocess.run(
            [str(script)], input=payload, capture_output=True, text=True, env=env, timeout=30
        )
        timings.append((time.perf_counter() - started) * 1000)
        if completed.returncode != 0:
            raise SystemExit(f"the hook exited {completed.returncode}: {completed.stderr[:300]}")
        if expect == "" and completed.stdout:
            raise SystemExit(f"expected no output, got {completed.stdout[:300]}")
        if expect and expect not in completed.stdout:
            raise SystemExit(f"expected {expect!r} in the output, got {completed.stdout[:300]!r}")
    return timings


def _silent_server() -> tuple[str, threading.Event]:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    stop = threading.Event()
    held = []

    def accept():
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except OSError:
                continue
        for conn in held:
            conn.close()
        listener.close()

    threading.Thread(target=accept, daemon=True).start()
    return f"http://127.0.0.1:{listener.getsockname()[1]}", stop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200, help="runs of the main scenario")
    parser.add_argument("--anti-patterns", type=int, default=1000)
    parser.add_argument("--reload", action="store_true")
    args = parser.parse_args()
    runs = max(10, min(args.runs, 1000))

    _setup_django()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    token = _load(min(args.anti_patterns, 10_000), args.reload)

    with tempfile.TemporaryDirectory(prefix="bench-hook-") as tmp:
        folder = Path(tmp)
        script = _console_script(folder)
        (folder / "metrics").mkdir()
        port = _free_port()
        server = _start_server(port, folder / "metrics")
        base_env = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": str(folder),
            "PYTHONPATH": str(REPO_ROOT),
            "MNEMOSYNE_HOOK_STATE_DIR": str(folder / "state"),
        }
        up = {**base_env, "MNEMOSYNE_URL": f"http://127.0.0.1:{port}", "MNEMOSYNE_TOKEN": token}
        try:
            python = [sys.executable]
            print(f"server: gunicorn on 127.0.0.1:{port}, {args.anti_patterns + 1} anti-patterns")
            _report(
                "python -c pass (reference)",
                _time_cmd(python + ["-c", "pass"], 30, base_env),
            )
            _report(
                "import integrations.hook (ref.)",
                _time_cmd(python + ["-c", "import integrations.hook"], 30, base_env),
            )
            # Warm both gunicorn workers: model load and index build happen once per process.
            _time_runs(
                script, [_pre_tool_use("Bash", {"command": f"ls w{i}"}) for i in range(8)], up, None
            )
            clear = [
                _pre_tool_use(
                    "Bash",
                    {
                        "command": f"pytest tests/test_mod{i}.py -k case{i} -q",
                        "description": "Run the tests",
                    },
                )
                for i in range(runs)
            ]
            _report("PreToolUse Bash, clear", _time_runs(script, clear, up, ""), BUDGET_MS)
            deny = [
                _pre_tool_use("Bash", {"command": f"rm -rf /var/lib/postgresql/data/{i}"})
                for i in range(max(10, runs // 4))
            ]
            _report("PreToolUse Bash, denied", _time_runs(script, deny, up, '"deny"'), BUDGET_MS)
            edits = [
                _pre_tool_use(
                    "Edit",
                    {
                        "file_path": f"/src/app/module{i}.py",
                        "old_string": "x = 1",
                        "new_string": f"x = {i}",
                    },
                )
                for i in range(max(10, runs // 4))
            ]
            _report("PreToolUse Edit, clear", _time_runs(script, edits, up, ""), BUDGET_MS)
        finally:
            server.terminate()
            server.wait(15)
        down = {**base_env, "MNEMOSYNE_URL": f"http://127.0.0.1:{_free_port()}"}
        _report(
            "server down (closed port)",
            _time_runs(script, clear[: max(10, runs // 4)], down, ""),
            BUDGET_MS,
        )
        url, stop = _silent_server()
        silent = {**base_env, "MNEMOSYNE_URL": url}
        timings = _time_runs(script, clear[:5], silent, "")
        stop.set()
        _report("server silent (timeout 2 s)", timings)
        print(f"  every silent run ended within {max(timings) / 1000:.2f} s (hook timeout: 5 s)")


def _time_cmd(command: list[str], count: int, env: dict) -> list[float]:
    timings = []
    for _ in range(count):
        started = time.perf_counter()
        subprocess.run(command, env=env, check=True, cwd=REPO_ROOT)
        timings.append((time.perf_counter() - started) * 1000)
    return timings


if __name__ == "__main__":
    main()
