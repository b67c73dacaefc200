"""The error kinds' registry and the context a kind prepares its failing command in.

A kind is a function decorated with `@kind(...)`: given a `Ctx` (a throwaway project folder and
home, a seeded random generator, loopback services on demand) it writes the files and runs the
setup the failure needs, and returns the one command that fails. The generator runs that command
for real and records what it printed. A kind declares:

- `program`: the tool that fails (the split is stratified by it);
- `family`: kinds that share a fix but not a cause share a family (a refused connection from curl,
  urllib, httpx, psql, ssh, kubectl, pip, npm...): a signature must still keep them apart;
- `fix`: one short instruction a person would record as the resolution of this kind.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bench.corpus.errkit import (
    RUN_TIMEOUT_S,
    WORK_ROOT,
    LoopbackHTTP,
    Postgres,
    RawListener,
    Registry,
    base_env,
    run_shell,
    seeded_port,
    template_venv,
)

SEED = "mnemosyne-real-errors-v1"

USERS = ["alice", "dev", "ci", "runner", "mkhan", "jsmith", "build", "ubuntu", "deploy", "sam"]
PROJECTS = [
    "payments-api",
    "billing-worker",
    "checkout",
    "inventory-svc",
    "web-frontend",
    "data-pipeline",
    "auth-gateway",
    "reporting",
    "notifier",
    "search-indexer",
    "ledger",
    "shipping-rates",
]
PACKAGES = ["billing", "inventory", "orders", "accounts", "ingest", "reports", "payouts", "catalog"]
TABLES = ["orders", "invoices", "customers", "shipments", "payments", "sessions", "line_items"]
COLUMNS = ["email", "customer_id", "total_cents", "created_at", "status", "sku", "currency"]
ROLES = ["deploy", "app_ro", "reporting", "etl_user", "analytics", "svc_billing"]
DATABASES = ["shop_dev", "billing_test", "inventory", "app_staging", "ledger_local", "crm"]
BRANCHES = [
    "feature/refund-flow",
    "fix/null-currency",
    "release/2.4",
    "feature/search-v2",
    "chore/bump-deps",
    "hotfix/login-timeout",
]
SERVICES = ["ledger", "rates", "inventory", "auth", "search", "billing"]
ENVS = ["dev", "staging", "test", "local", "qa"]


@dataclass
class Kind:
    name: str
    program: str
    family: str
    fix: str
    about: str
    make: Callable[[Ctx], str]
    variants: int = 5


KINDS: list[Kind] = []


def kind(name: str, *, program: str, family: str, fix: str, about: str, variants: int = 5):
    def register(make: Callable[[Ctx], str]) -> Callable[[Ctx], str]:
        if any(k.name == name for k in KINDS):
            raise ValueError(f"duplicate kind {name}")
        KINDS.append(Kind(name, program, family, fix, about, make, variants))
        return make

    return register


class SetupFailed(RuntimeError):
    pass


@dataclass
class Ctx:
    """One variant's world: its folders, environment, generator and services."""

    kind: str
    variant: int
    postgres: Callable[[int], Postgres]
    rng: random.Random = field(init=False)
    user: str = field(init=False)
    project: str = field(init=False)
    home: Path = field(init=False)
    cwd: Path = field(init=False)
    env: dict[str, str] = field(init=False)
    timeout: float = RUN_TIMEOUT_S
    _closers: list[Callable[[], None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"{SEED}:{self.kind}:{self.variant}")
        self.user = self.rng.choice(USERS)
        self.project = self.rng.choice(PROJECTS)
        self.home = WORK_ROOT / self.user
        shutil.rmtree(self.home, ignore_errors=True)
        self.cwd = self.home / "src" / self.project
        self.cwd.mkdir(parents=True)
        (self.home / "tmp").mkdir()
        self.env = base_env(self.home)
        # Commits get seeded dates, so their SHAs repeat from run to run.
        stamp = 1_700_000_000 + self.rng.randint(0, 30_000_000)
        self.env["GIT_AUTHOR_DATE"] = self.env["GIT_COMMITTER_DATE"] = f"@{stamp} +0000"

    # choices -----------------------------------------------------------------------------
    def pick(self, values):
        return self.rng.choice(list(values))

    def sample(self, values, k: int):
        return self.rng.sample(list(values), k)

    def randint(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    # files and setup ---------------------------------------------------------------------
    def write(self, relative: str, text: str | bytes, *, executable: bool = False) -> Path:
        path = self.cwd / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text)
        if executable:
            path.chmod(0o755)
        return path

    def setup(self, command: str, *, cwd: Path | None = None) -> str:
        """Run a setup command; it must succeed (a failing setup is a generator bug)."""
        result = run_shell(command, cwd=cwd or self.cwd, env=self.env, timeout=120)
        if result.exit_code != 0:
            raise SetupFailed(f"{self.kind}/{self.variant}: {command}\n{result.output}")
        return result.stdout

    def git_repo(self, path: Path | None = None, *, files: dict[str, str] | None = None) -> Path:
        """A repository with one commit on main."""
        where = path or self.cwd
        where.mkdir(parents=True, exist_ok=True)
        for name, text in (files or {"README.md": f"# {self.project}\n"}).items():
            target = where / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
        self.setup(
            "git init -q -b main && git add -A && git commit -qm 'Initial commit'", cwd=where
        )
        return where

    # loopback services -------------------------------------------------------------------
    def port(self) -> int:
        return seeded_port(self.rng)

    def closed_port(self) -> int:
        """A loopback port nothing listens on."""
        return seeded_port(self.rng)

    def http(self, registry: Registry | None = None) -> LoopbackHTTP:
        server = LoopbackHTTP(self.port(), self.home / "www", registry)
        self._closers.append(server.close)
        return server

    def listener(self, mode: str) -> int:
        server = RawListener(self.port(), mode)
        self._closers.append(server.close)
        return server.port

    def venv(self) -> None:
        """A virtualenv with pip at .venv: a copy of one made once (making one takes seconds)."""
        shutil.copytree(template_venv(), self.cwd / ".venv", symlinks=True)

    def pg(self) -> Postgres:
        return self.postgres(self.variant)

    def close(self) -> None:
        for closer in reversed(self._closers):
            closer()
        self._closers.clear()
        shutil.rmtree(self.home, ignore_errors=True)


def python_prelude(ctx: Ctx, *, doc: str, imports: list[str]) -> tuple[str, bool]:
    """The top of a module: a docstring, imports, in half the variants logging set up, and a
    seeded number of comment lines, so line numbers differ between variants as they do in real
    projects. Returns the text and whether the module logs."""
    lines = [f'"""{doc}"""', ""]
    lines += sorted(set(imports))
    logs = ctx.rng.random() < 0.5
    if logs:
        lines += [
            "import logging",
            "",
            "logging.basicConfig(",
            '    level=logging.INFO, format="%(asctime)s %(levelname)s [%(process)d] %(message)s"',
            ")",
            "log = logging.getLogger(__name__)",
        ]
    lines.append("")
    for _ in range(ctx.randint(0, 6)):
        lines.append(ctx.pick(["# TODO: move to settings", "# see docs/architecture.md", ""]))
    return "\n".join(lines) + "\n", logs


def log_line(logs: bool, message: str, indent: str = "    ") -> str:
    """A log statement the program runs before it fails, in the variants that log."""
    return f"{indent}log.info({message!r})\n" if logs else ""
