"""Real error outputs: run real tools on this machine and record what they print when they fail.

Every byte of every recorded output comes from a real run: small Python projects that raise,
pip against a loopback package index, git against remotes on disk, psql against a throwaway
PostgreSQL on a unix socket, npm against a loopback registry, curl against refused, silent and
404-answering loopback ports, the docker and kubectl CLIs with no engine or cluster, make, the
shell, compilers, Terraform, systemctl, ssh, sqlite3, jq, tar. Each kind runs in several variants
that differ the way real failures do (names, paths, line numbers, ports, SHAs, PIDs, durations,
log and progress lines), chosen by a seeded generator. Nothing is sent beyond 127.0.0.1.

    python bench/corpus/real_errors.py [--kinds a,b] [--variants N] [--list]

Writes (JSON Lines, one object per line):
- `bench/data/errors.jsonl`: one failing run per line: `id` ("kind/variant"), `kind`, `variant`,
  `split`, `program`, `family`, `tool_name` ("Bash"), `command`, `cwd`, `exit_code`, `stdout`,
  `stderr`, `output` (both streams interleaved as one pipe carries them), `error` (what Claude
  Code's PostToolUseFailure event carries in its `error` field for a failed Bash call: "Exit code
  N", a newline, then the output), `duration_ms`;
- `bench/data/error_kinds.jsonl`: one kind per line: `kind`, `split`, `program`, `family`
  (kinds sharing a family share a fix but not a cause), `about`, `fix` (the resolution a person
  would record), `variants`;
- `bench/data/errors_meta.json`: when and with which tool versions the data was made.

The split is by kind (`bench/corpus/split.py`, stratified by program): held-out kinds are kinds
nothing was tuned on. `--kinds` regenerates only those kinds and keeps the others' rows.
"""

from __future__ import annotations

import argparse
import datetime
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.corpus import kinds_python, kinds_tools, kinds_vcs_db  # noqa: F401 - they register
from bench.corpus.errkit import WORK_ROOT, Postgres, base_env, run_shell
from bench.corpus.errors_core import KINDS, Ctx, Kind
from bench.corpus.split import split_halves

DATA_DIR = Path(__file__).resolve().parents[1] / "data"
ERRORS_FILE = DATA_DIR / "errors.jsonl"
KINDS_FILE = DATA_DIR / "error_kinds.jsonl"
META_FILE = DATA_DIR / "errors_meta.json"
TOOL_VERSIONS = {
    "python": "python3 --version",
    "pip": "python -m ensurepip --version",  # the pip of the virtualenvs pip kinds run in
    "git": "git --version",
    "psql": "psql --version",
    "node": "node --version",
    "npm": "npm --version",
    "curl": "curl --version | head -1",
    "docker": "docker --version",
    "kubectl": "kubectl version --client 2>/dev/null | head -1",
    "terraform": "terraform version | head -1",
    "make": "make --version | head -1",
    "gcc": "gcc --version | head -1",
    "javac": "javac -version 2>&1",
    "cargo": "cargo --version",
    "sqlite3": "sqlite3 --version",
    "jq": "jq --version",
    "bash": "bash --version | head -1",
}


def claude_code_error(exit_code: int, output: str) -> str:
    """The `error` string of a PostToolUseFailure event for a failed Bash call: "Exit code N",
    then the command's output (Claude Code truncates the middle of outputs past 30,000
    characters; none here is that long)."""
    body = output.rstrip("\n")
    return f"Exit code {exit_code}\n{body}" if body else f"Exit code {exit_code}"


CLUSTER_NAMES = ["pgdata", "pg16", "postgres-data", "db-local", "pgsql", "data-pg"]


class Clusters:
    """One throwaway PostgreSQL per variant number, shared by that variant of every psql kind
    (so socket paths differ between variants), started on first use."""

    def __init__(self) -> None:
        self.servers: dict[int, Postgres] = {}

    def __call__(self, variant: int) -> Postgres:
        if variant not in self.servers:
            name = CLUSTER_NAMES[variant % len(CLUSTER_NAMES)] + "-" * (
                variant // len(CLUSTER_NAMES)
            )
            self.servers[variant] = Postgres(WORK_ROOT / "pg" / name)
        return self.servers[variant]

    def close(self) -> None:
        for server in self.servers.values():
            server.close()
        self.servers.clear()


def run_kind(kind: Kind, variants: int, clusters: Clusters) -> list[dict]:
    rows = []
    for variant in range(variants):
        ctx = Ctx(kind=kind.name, variant=variant, postgres=clusters)
        try:
            command = kind.make(ctx)
            result = run_shell(command, cwd=ctx.cwd, env=ctx.env, timeout=ctx.timeout)
        finally:
            ctx.close()
        if result.timed_out or result.exit_code == 0:
            raise RuntimeError(
                f"{kind.name}/{variant}: expected a failure, got exit {result.exit_code}"
                f" (timed out: {result.timed_out}): {command}\n{result.output}"
            )
        rows.append(
            {
                "id": f"{kind.name}/{variant}",
                "kind": kind.name,
                "variant": variant,
                "program": kind.program,
                "family": kind.family,
                "tool_name": "Bash",
                "command": command,
                "cwd": str(ctx.cwd),
                "exit_code": result.exit_code,
                "stdout": result.stdout,
                "stderr": result.stderr,
                "output": result.output,
                "error": claude_code_error(result.exit_code, result.output),
                "duration_ms": result.duration_ms,
            }
        )
    return rows


def tool_versions() -> dict[str, str]:
    versions = {}
    for name, command in TOOL_VERSIONS.items():
        done = subprocess.run(
            ["bash", "-c", command],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
            env=base_env(WORK_ROOT),  # the PATH the kinds ran with
        )
        lines = (done.stdout or done.stderr).strip().splitlines()
        versions[name] = lines[0] if lines else ""
    return versions


def read_jsonl(path: Path) -> list[dict]:
    if not path.exists():
        return []
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def write_jsonl(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kinds", default="", help="only these kinds (comma-separated)")
    parser.add_argument("--variants", type=int, default=0, help="override the variant count")
    parser.add_argument("--list", action="store_true", help="list the kinds and exit")
    parser.add_argument("--out", type=Path, default=DATA_DIR)
    args = parser.parse_args(argv)

    split = split_halves((k.name, k.program) for k in KINDS)
    if args.list:
        for k in KINDS:
            print(f"{split[k.name]:8} {k.program:10} {k.family:22} {k.name}")
        print(f"{len(KINDS)} kinds")
        return 0
    wanted = {name for name in args.kinds.split(",") if name}
    unknown = wanted - {k.name for k in KINDS}
    if unknown:
        parser.error(f"unknown kinds: {', '.join(sorted(unknown))}")
    selected = [k for k in KINDS if not wanted or k.name in wanted]

    errors_file = args.out / ERRORS_FILE.name
    kept = [r for r in read_jsonl(errors_file) if wanted and r["kind"] not in wanted]
    shutil.rmtree(WORK_ROOT, ignore_errors=True)
    WORK_ROOT.mkdir(parents=True)
    clusters = Clusters()
    new_rows: list[dict] = []
    started = time.monotonic()
    try:
        for k in selected:
            t0 = time.monotonic()
            rows = run_kind(k, args.variants or k.variants, clusters)
            new_rows += rows
            codes = sorted({r["exit_code"] for r in rows})
            print(f"{k.name:34} {len(rows)} runs, exit {codes}, {time.monotonic() - t0:5.1f}s")
    finally:
        clusters.close()
        shutil.rmtree(WORK_ROOT, ignore_errors=True)

    order = {k.name: i for i, k in enumerate(KINDS)}
    rows = sorted(kept + new_rows, key=lambda r: (order.get(r["kind"], 1 << 30), r["variant"]))
    for row in rows:
        row["split"] = split[row["kind"]]
    fields = ["id", "kind", "variant", "split"]
    rows = [{**{f: r[f] for f in fields}, **r} for r in rows]
    write_jsonl(errors_file, rows)
    present = {r["kind"] for r in rows}
    counts = {name: sum(1 for r in rows if r["kind"] == name) for name in present}
    write_jsonl(
        args.out / KINDS_FILE.name,
        [
            {
                "kind": k.name,
                "split": split[k.name],
                "program": k.program,
                "family": k.family,
                "about": k.about,
                "fix": k.fix,
                "variants": counts[k.name],
            }
            for k in KINDS
            if k.name in present
        ],
    )
    meta = {
        "generated_at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "generator": "bench/corpus/real_errors.py",
        "kinds": len(present),
        "runs": len(rows),
        "tools": tool_versions(),
    }
    (args.out / META_FILE.name).write_text(json.dumps(meta, indent=2) + "\n")
    print(f"{len(rows)} runs of {len(present)} kinds in {time.monotonic() - started:.0f}s")
    print(f"wrote {errors_file}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
