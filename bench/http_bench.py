"""The hot paths as users get them: HTTP to the server `make run` starts, with realistic volumes.

    make bench                 # 10k anti-patterns, 100k lessons, signatures and notes
    make bench ARGS=--quick    # smaller volumes, under 5 minutes on a quiet machine
    make bench ARGS=--peer     # also mem0 OSS on the same lessons and questions
    .venv/bin/python bench/http_bench.py --help

What it does, in order:
1. Loads its own database (`mn_bench_http`, or `mn_bench_http_quick`) from a seeded generator,
   kept between runs (`--reload` starts over): anti-patterns, lessons, error signatures and notes.
   A few thousand distinct texts are embedded with the real model (cached under
   `.mnemosyne/bench/`); the volumes reuse those vectors plus small Gaussian noise, renormalised
   (embedding 100,000 texts on two cores would take longer than the whole benchmark may). Rows
   go in by binary COPY (bulk_create for anti-patterns) and each HNSW index is built once after.
2. Starts the server with `manage.py serve` — gunicorn, the Celery worker and beat, exactly as
   `make run` — on its own database and a free loopback port (bench/server.py).
3. While reports stream in at `--stream-rate` per second (distinct lessons, so the worker has
   their after-commit processing to do), times every hot path over HTTP with distinct bodies
   (no request repeats, so no cache answers twice), with 1 client and with 8 clients (each a
   kept-alive connection): lesson report, relevant lessons (cross-domain and one domain; short
   and 600-character contexts; with a token, and without one as the spec's client sends it),
   anti-pattern check, hindsight capture and match, note search; then the real `mnemosyne-hook`
   console script for PreToolUse and PostToolUseFailure.
4. Recall@10 of every filtered vector search the server makes (lessons cross-domain and by
   domain, signatures by scope, notes by layer) against an exact scan of the same rows.
5. Prints a Markdown table (p50/p95/p99, throughput, budget) and writes JSON (`--json`).

Every loop is bounded in count and in seconds. Traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

import httpx
import numpy as np

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from bench.server import MnemosyneServer  # noqa: E402

HOOK = REPO_ROOT / ".venv" / "bin" / "mnemosyne-hook"
ERRORS = REPO_ROOT / "bench" / "data" / "errors.jsonl"

COMPANY = "bench"
TEAM = "bench/org/team"
PROJECT = "bench/org/team/p0"  # the agent's project: signatures live in p0..p9
SIBLING = "bench/org/team/p1"
AGENT = "bench-http"
CLIENTS = 8


@dataclass(frozen=True)
class Volumes:
    anti_patterns: int
    lessons: int
    signatures: int
    notes: int
    requests: int  # per scenario at 1 client
    concurrent_requests: int  # per scenario at 8 clients
    hook_runs: int
    scenario_seconds: float  # a scenario stops at whichever bound comes first


FULL = Volumes(10_000, 100_000, 100_000, 100_000, 400, 800, 100, 90.0)
QUICK = Volumes(1_000, 10_000, 10_000, 10_000, 100, 200, 30, 20.0)

# Budgets (DESIGN.md §6, issue 14), p95 in ms.
BUDGETS = {
    "report": 50,
    "relevant": 30,
    "check": 20,
    "capture": 50,
    "match": 30,
    "notes": 30,
    "hook PreToolUse": 150,
    "hook PostToolUseFailure": 250,
}


# --- loading ----------------------------------------------------------------------------------


def setup_django(db_name: str) -> None:
    os.environ["MNEMOSYNE_DB_NAME"] = db_name
    os.environ["HINDSIGHT_BENCH_DB"] = db_name  # bench_hindsight's loader reads it on import
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mnemosyne_site.settings")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django

    django.setup()


def _raw_params() -> dict:
    from django.db import connection

    connection.ensure_connection()
    params = connection.get_connection_params()
    for name in ("cursor_factory", "context", "prepare_threshold"):
        params.pop(name, None)
    return params


def load(volumes: Volumes, reload: bool) -> dict:
    """Fill the database to `volumes` (what is there already at the right count stays)."""
    from django.conf import settings

    from bench import bench_lessons_data as data
    from governance.services import scope_ensure_path
    from hindsight.models import ErrorSignature
    from lessons.models import AntiPattern, Lesson
    from notes.models import KnowledgeItem

    cache = Path(settings.DATA_DIR) / "bench"
    scopes = {
        path: scope_ensure_path(path=path).pk
        for path in (COMPANY, "bench/org", TEAM, PROJECT, SIBLING)
    }
    seconds = {}

    started = time.perf_counter()
    lessons = Lesson.objects.filter(source_agent="BENCH")
    if reload or lessons.count() != volumes.lessons:
        print(f"loading {volumes.lessons} lessons …", flush=True)
        Lesson.objects.filter(scope__path__startswith=COMPANY).delete()
        texts = data.lesson_texts(min(4000, volumes.lessons))
        real = data.cached_vectors([f"{t} {c} {o}" for t, c, o in texts], cache, "lessons")
        vectors, parents = data.noisy_copies(real, volumes.lessons)
        # 80 % in the agent's project, 10 % in its team (both visible), 10 % in a sibling.
        data.copy_lessons(
            connection_params=_raw_params(),
            scope_ids=[scopes[PROJECT], scopes[TEAM], scopes[SIBLING]],
            weights=[0.8, 0.1, 0.1],
            texts=texts,
            vectors=vectors,
            parents=parents,
        )
    lessons_settle()
    seconds["lessons"] = time.perf_counter() - started

    started = time.perf_counter()
    anti = AntiPattern.objects.filter(scope_id=scopes[COMPANY], domain="bench")
    if reload or anti.count() != volumes.anti_patterns:
        print(f"loading {volumes.anti_patterns} anti-patterns …", flush=True)
        anti.delete()
        load_anti_patterns(volumes.anti_patterns, scopes[COMPANY], cache)
    seconds["anti_patterns"] = time.perf_counter() - started

    started = time.perf_counter()
    signatures = ErrorSignature.objects.filter(created_by="bench")
    if reload or signatures.count() != volumes.signatures:
        from bench import bench_hindsight

        signatures.delete()
        print(f"loading {volumes.signatures} signatures …", flush=True)
        bench_hindsight.load(volumes.signatures, random.Random(11), None)
    seconds["signatures"] = time.perf_counter() - started

    started = time.perf_counter()
    notes = KnowledgeItem.objects.filter(created_by=NOTES_MARK)
    if reload or notes.count() != volumes.notes:
        print(f"loading {volumes.notes} notes …", flush=True)
        load_notes(volumes.notes, scopes)
    seconds["notes"] = time.perf_counter() - started

    started = time.perf_counter()
    vacuum_loaded()
    seconds["vacuum"] = time.perf_counter() - started
    return {name: round(value, 1) for name, value in seconds.items()}


def vacuum_loaded() -> None:
    """VACUUM (ANALYZE) the loaded tables, as autovacuum keeps a deployment at this volume: the
    index-only scans read the visibility map, and the planner the statistics. A bulk load (and
    the rows earlier runs added) leaves both behind until autovacuum gets there mid-run."""
    from django.db import connection

    from hindsight.models import ErrorSignature
    from lessons.models import AntiPattern, Lesson
    from notes.models import KnowledgeItem

    with connection.cursor() as cursor:
        for model in (Lesson, AntiPattern, ErrorSignature, KnowledgeItem):
            cursor.execute(f"VACUUM (ANALYZE) {model._meta.db_table}")


def lessons_settle() -> None:
    """Mark every lesson processed at its latest occurrence, as a deployment at this volume has
    them: the seeded lessons, and those earlier runs reported after their worker stopped. Else
    the beat's sweep works through them under the drain lock for the whole run."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "WITH settled AS (DELETE FROM lessons_lessonpending RETURNING lesson_id, occurred)"
            " INSERT INTO lessons_lessonprocessing AS mark (lesson_id, processed_at)"
            " SELECT lesson_id, occurred FROM settled"
            " ON CONFLICT (lesson_id) DO UPDATE SET processed_at = EXCLUDED.processed_at"
            " WHERE mark.processed_at < EXCLUDED.processed_at"
        )


def load_anti_patterns(count: int, scope_id: int, cache: Path) -> None:
    """As reports make them: most with a command trigger, a few with an explicit regex."""
    import re2

    from bench import bench_lessons_data as data
    from lessons.command_triggers import CommandTriggerError
    from lessons.command_triggers import validate as validate_command_trigger
    from lessons.models import AntiPattern

    combos = anti_pattern_combos()
    titles = [f"Never run {tool} {sub} on {component}" for tool, sub, component in combos]
    real = data.cached_vectors(titles, cache, "anti-patterns")
    vectors, parents = data.noisy_copies(real, count, seed=9)
    rows = []
    for i, (vector, parent) in enumerate(zip(vectors, parents, strict=True)):
        tool, sub, component = combos[parent]
        trigger, command_trigger = "", {}
        if i % 100 == 99:
            trigger = rf"(?i)(?:prod|production)\S*\s.*(?:password|secret){i}"
        elif i % 100 == 98:
            trigger = rf"(?i){re2.escape(tool)}\s+{re2.escape(sub)}{i % 30}"
        else:
            try:
                command_trigger = validate_command_trigger(
                    {"commands": [f"{tool} {sub} env{i % 1000}"]}
                )
            except CommandTriggerError:
                trigger = rf"(?i){re2.escape(tool)}\s+{re2.escape(sub)}{i % 30}"
        severity = ["critical", "high", "high", "medium", "low"][i % 5]
        rows.append(
            AntiPattern(
                scope_id=scope_id,
                trigger_pattern=trigger,
                command_trigger=command_trigger,
                embedding=vector,
                domain="bench",
                title=f"{titles[parent]} ({i})",
                why_bad=f"It broke {component} before",
                example=f"{tool} {sub}",
                alternatives=[f"Ask first ({i % 7})", "Use the runbook"],
                severity=severity,
                block_action=severity == "critical",
            )
        )
    AntiPattern.objects.bulk_create(rows, batch_size=1000)


def with_version_bump() -> None:
    """Move the guard's index version as a deletion does, so that any web process still running
    rebuilds its index from every row that was loaded (migration lessons 0008)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT lessons_anti_pattern_next_version(true)")


def anti_pattern_combos() -> list[tuple[str, str, str]]:
    """(tool, subcommand, component) of the anti-patterns: the i-th is combination i % 1000,
    its command trigger `{tool} {sub} env{i % 1000}`, critical (blocking) when i % 5 == 0."""
    from bench import bench_lessons_data as data

    return [
        (tool, sub, component)
        for component in data.COMPONENTS
        for tool, subs in data.TOOLS.items()
        for sub in subs
    ][:1000]


def blocked_command(n: int, anti_patterns: int) -> str:
    """A command that one of the critical anti-patterns blocks, inside a longer command line."""
    combos = anti_pattern_combos()
    i = (n * 5) % min(len(combos), anti_patterns)
    tool, sub, _ = combos[i]
    return f"cd /srv/app{n % 97} && sudo {tool} {sub} env{i} --verbose | tee -a log{n % 89}"


NOTES_MARK = "bench-http-notes"


def load_notes(total: int, scopes: dict[str, int]) -> None:
    """Notes over the agent's layers: 60 % its project, 10 % team, 5 % org, 5 % company, 20 % a
    sibling project; 70 % accepted, 20 % draft, 10 % deprecated."""
    from django.db import connection
    from pgvector.psycopg import register_vector
    from psycopg.types.json import Jsonb

    from bench import bench_notes_search as notes_data

    distinct = notes_data.texts()
    vectors = notes_data.base_vectors(distinct)
    rng = np.random.default_rng(17)
    layout = [
        (scopes[PROJECT], 0.6),
        (scopes[TEAM], 0.1),
        (scopes["bench/org"], 0.05),
        (scopes[COMPANY], 0.05),
        (scopes[SIBLING], 0.2),
    ]
    with connection.cursor() as cursor:
        cursor.execute(
            "DELETE FROM notes_noteretrieval WHERE note_id IN "
            "(SELECT id FROM notes_knowledgeitem WHERE created_by = %s)",
            [NOTES_MARK],
        )
        cursor.execute("DELETE FROM notes_knowledgeitem WHERE created_by = %s", [NOTES_MARK])
        cursor.execute("DROP INDEX IF EXISTS knowledge_embedding_hnsw")
    columns = (
        "id, kind, scope_id, status, title, content, metadata, tags, embedding, retrieval_count, "
        "usefulness_score, reference_count, use_count, low_quality, promotion_path, created_by, "
        "created_at, updated_at, source, relevance_score"
    )
    types = ["uuid", "text", "bigint", "text", "text", "text", "jsonb", "jsonb", "vector"]
    types += ["integer", "double precision", "integer", "integer", "boolean", "jsonb", "text"]
    types += ["timestamptz", "timestamptz", "text", "double precision"]
    statuses = ["accepted"] * 7 + ["draft"] * 2 + ["deprecated"]
    from django.utils import timezone

    now = timezone.now()
    connection.ensure_connection()
    raw = connection.connection
    register_vector(raw)
    index = 0
    with (
        raw.cursor() as cursor,
        cursor.copy(f"COPY notes_knowledgeitem ({columns}) FROM STDIN (FORMAT BINARY)") as copy,
    ):
        copy.set_types(types)
        for scope_id, share in layout:
            count = round(total * share)
            picks = rng.integers(0, len(distinct), size=count)
            noisy = vectors[picks] + rng.normal(0, 0.02, size=(count, vectors.shape[1]))
            noisy /= np.linalg.norm(noisy, axis=1, keepdims=True)
            for pick, vector in zip(picks, noisy.astype(np.float32), strict=True):
                text = distinct[pick]
                copy.write_row(
                    (
                        uuid.uuid4(),
                        "pattern",
                        scope_id,
                        statuses[index % 10],
                        text[:300],
                        text,
                        Jsonb({}),
                        Jsonb([]),
                        vector,
                        0,
                        0.0,
                        1,
                        0,
                        False,
                        Jsonb([]),
                        NOTES_MARK,
                        now,
                        now,
                        "",
                        1.0,
                    )
                )
                index += 1
    if not raw.autocommit:
        raw.commit()
    with connection.cursor() as cursor:
        cursor.execute("SET maintenance_work_mem = '512MB'")
        cursor.execute(
            'CREATE INDEX "knowledge_embedding_hnsw" ON "notes_knowledgeitem" USING hnsw '
            '("embedding" vector_cosine_ops) WITH (m = 16, ef_construction = 128)'
        )
        cursor.execute("RESET maintenance_work_mem")
        cursor.execute("ANALYZE notes_knowledgeitem")


def agent_token(name: str = AGENT) -> str:
    """A fresh token for `name`, reading and writing the project (earlier ones revoked)."""
    from governance.models import AgentCredential
    from governance.selectors import scope_by_path
    from governance.services import agent_create

    AgentCredential.objects.filter(name=name).update(is_active=False)
    _, token = agent_create(name=name, domain="bench", scopes=[scope_by_path(PROJECT)], ttl_days=1)
    return token


# --- request bodies (all distinct) -------------------------------------------------------------


class Bodies:
    def __init__(self, seed: int):
        from bench import bench_lessons_data as data
        from bench import bench_notes_search as notes_data
        from bench.bench_hindsight import distinct_texts

        self.rng = random.Random(seed)
        self.run = f"{seed:x}{uuid.uuid4().hex[:6]}"
        self.counter = itertools.count()
        self.data = data
        self.questions = data.query_texts(20_000, seed=seed)
        self.actions = data.check_actions(20_000, seed=seed)
        self.note_queries = notes_data.queries(20_000, seed=seed)
        self.errors = distinct_texts(random.Random(seed), None)
        self.q = itertools.count()

    def _n(self) -> int:
        return next(self.counter)

    def report(self) -> dict:
        n, rng, data = self._n(), self.rng, self.data
        lesson_type = rng.choice(data.TYPES)
        tool = rng.choice(list(data.TOOLS))
        component, problem = rng.choice(data.COMPONENTS), rng.choice(data.PROBLEMS)
        body = {
            "lesson_type": lesson_type,
            "domain": rng.choice(data.DOMAINS),
            "title": f"{component} hit {problem} (run {self.run} #{n})",
            "context": f"Running {tool} {rng.choice(data.TOOLS[tool])} on {component} "
            f"{rng.choice(data.MOMENTS)}, step {n}",
            "action_taken": f"{tool} {rng.choice(data.TOOLS[tool])} target{n}",
            "outcome": f"{problem.capitalize()} after {rng.randint(1, 600)} s",
            "severity": rng.choice(data.SEVERITIES),
            "source_agent": "BENCH-LIVE",
            "tags": ["bench-live"],
        }
        if lesson_type == "anti_pattern":
            body["related_commands"] = [f"{tool} {rng.choice(data.TOOLS[tool])} env{n}"]
        return body

    def question(self, *, long: bool) -> str:
        text = self.questions[next(self.q) % len(self.questions)] + f" [{self._n()}]"
        if long:  # the spec client sends the whole task description: ~600 characters
            while len(text) < 600:
                text += " " + self.questions[self.rng.randrange(len(self.questions))]
            text = text[:600]
        return text

    def relevant(self, *, long: bool, domain: str | None) -> dict:
        body: dict = {"context": self.question(long=long), "max_results": 10}
        if domain:
            body["domain"] = domain
            body["include_cross_domain"] = False
        return body

    def check(self) -> dict:
        n = self._n()
        return {
            "proposed_action": f"{self.actions[n % len(self.actions)]} #{n}",
            "context": "bench",
            "domain": "bench",
        }

    def error(self) -> tuple[str, str]:
        n = self._n()
        etype, message = self.errors[n % len(self.errors)]
        return etype, f"{message} (attempt {n})"

    def capture(self) -> dict:
        etype, message = self.error()
        return {"error_type": etype or "Error", "message": message, "tool_name": "Bash"}

    def tool_result(self) -> dict:
        """A failed Bash call as the PostToolUseFailure hook sends it to the learning engine."""
        etype, message = self.error()
        n = self._n()
        return {
            "tool_name": "Bash",
            "params": {"command": f"make test-{n % 50}"},
            "error": f"{etype or 'Error'}: {message}",
            "session": f"bench-session-{n % 20}",
        }

    def match(self) -> dict:
        etype, message = self.error()
        return {"error_type": etype or "Error", "message": message}

    def note_search(self) -> dict:
        n = self._n()
        return {"query": f"{self.note_queries[n % len(self.note_queries)]} ({n})", "top_k": 5}


# --- measuring ----------------------------------------------------------------------------------


def percentiles(samples: list[float]) -> dict:
    if not samples:
        return {"n": 0}
    ordered = sorted(samples)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

    return {
        "n": len(ordered),
        "p50": pick(0.50),
        "p95": pick(0.95),
        "p99": pick(0.99),
        "mean": round(statistics.fmean(ordered), 1),
    }


@dataclass
class Result:
    name: str
    budget_key: str
    clients: int
    stats: dict
    throughput: float  # requests per second over the scenario
    errors: int
    bodies: list | None = None  # what was sent (kept for the peer, not written out)


def run_scenario(
    *,
    url: str,
    name: str,
    budget_key: str,
    path: str,
    make_body,
    headers: dict,
    clients: int,
    count: int,
    seconds: float,
    expect: tuple[int, ...] = (200, 201),
) -> Result:
    """`count` requests (or `seconds`, whichever ends first) over `clients` kept-alive clients."""
    bodies = [make_body() for _ in range(count)]
    deadline = time.monotonic() + seconds
    lock = threading.Lock()
    samples: list[float] = []
    errors = [0]
    queue = iter(bodies)

    def worker() -> None:
        with httpx.Client(base_url=url, headers=headers, timeout=120) as client:
            client.get("/healthz")  # open the connection before timing
            while time.monotonic() < deadline:
                with lock:
                    body = next(queue, None)
                if body is None:
                    return
                started = time.perf_counter()
                try:
                    response = client.post(path, json=body)
                    problem = "" if response.status_code in expect else response.text[:200]
                    problem = problem and f"{response.status_code} {problem}"
                except httpx.HTTPError as exc:  # counted, and the scenario goes on
                    problem = f"{type(exc).__name__} {exc}"
                elapsed = (time.perf_counter() - started) * 1000
                with lock:
                    samples.append(elapsed)
                    if problem:
                        errors[0] += 1
                        if errors[0] <= 3:
                            print(f"  {name}: {problem}")

    started = time.monotonic()
    with ThreadPoolExecutor(clients) as pool:
        for future in [pool.submit(worker) for _ in range(clients)]:
            future.result()
    wall = time.monotonic() - started
    sent = bodies[: len(samples)]
    stats = percentiles(samples)
    return Result(name, budget_key, clients, stats, len(samples) / wall, errors[0], sent)


class ReportStream:
    """Reports at `rate` per second from a thread of its own, until stopped (bounded by time)."""

    def __init__(self, url: str, headers: dict, bodies: Bodies, rate: float, max_seconds: float):
        self.url, self.headers, self.bodies = url, headers, bodies
        self.rate, self.max_seconds = rate, max_seconds
        self.samples: list[float] = []
        self.errors = 0
        self.stop_event = threading.Event()
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        if self.rate <= 0:
            return
        # Every lesson type, anti-patterns included: each one reported moves every web process's
        # guard index (an update that reads the changed row, lessons/matching).
        bodies = [self.bodies.report() for _ in range(20_000)]
        interval = 1.0 / self.rate
        ends = time.monotonic() + self.max_seconds
        clients = threading.local()

        def send(body: dict) -> None:
            if not hasattr(clients, "client"):
                clients.client = httpx.Client(base_url=self.url, headers=self.headers, timeout=30)
            started = time.perf_counter()
            try:
                failed = clients.client.post("/lessons/report", json=body).status_code not in (
                    200,
                    201,
                )
            except httpx.HTTPError:
                failed = True
            with self.lock:
                self.samples.append((time.perf_counter() - started) * 1000)
                self.errors += failed

        # A few senders, so a slow answer does not lower the rate: reports arrive on schedule.
        with ThreadPoolExecutor(4) as pool:
            next_at = time.monotonic()
            for body in bodies:
                if self.stop_event.is_set() or time.monotonic() > ends:
                    break
                pool.submit(send, body)
                next_at += interval
                self.stop_event.wait(max(0.0, next_at - time.monotonic()))

    def __enter__(self) -> ReportStream:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop_event.set()
        self.thread.join(timeout=60)


def hook_runs(
    *, event: str, runs: int, seconds: float, env: dict, bodies: Bodies, anti_patterns: int
) -> Result:
    """The real console script, one process per event, as Claude Code runs it."""
    records = [json.loads(line) for line in ERRORS.open(encoding="utf-8")]
    samples: list[float] = []
    errors = answered = 0  # answered: denied (PreToolUse) or a known fix given (Failure)
    deadline = time.monotonic() + seconds
    for n in range(runs):
        if time.monotonic() > deadline:
            break
        if event == "PreToolUse":
            command = bodies.check()["proposed_action"]
            if n % 2 == 0:  # half of them hit a blocking anti-pattern
                command = blocked_command(n, anti_patterns)
            payload = {"tool_name": "Bash", "tool_input": {"command": command}}
        else:
            record = records[n % len(records)]
            payload = {
                "tool_name": record["tool_name"],
                "tool_input": {"command": f"{record['command']} # run {bodies.run}-{n}"},
                "error": f"{record['error']}\n(run {bodies.run}-{n})",
            }
        payload |= {
            "session_id": f"bench-{bodies.run}",
            "transcript_path": "/tmp/bench.jsonl",
            "cwd": str(REPO_ROOT),
            "hook_event_name": event,
            "tool_use_id": f"toolu_{bodies.run}_{n}",
        }
        started = time.perf_counter()
        done = subprocess.run(
            [str(HOOK)], input=json.dumps(payload), capture_output=True, text=True, env=env,
            timeout=30,
        )  # fmt: skip
        samples.append((time.perf_counter() - started) * 1000)
        errors += done.returncode != 0
        answered += '"deny"' in done.stdout or "additionalContext" in done.stdout
    wall = sum(samples) / 1000 or 1.0
    what = "denied" if event == "PreToolUse" else "with a known fix"
    name = f"hook {event} ({answered}/{len(samples)} {what})"
    return Result(name, f"hook {event}", 1, percentiles(samples), len(samples) / wall, errors)


def worker_backlog(run: str, *, quick: bool) -> dict:
    """Of the lessons this run reported, how many the worker had processed when the stream
    stopped (it runs at a lower priority: under load it falls behind and catches up later)."""
    from django.db import connections

    from lessons.models import Lesson

    reported = Lesson.objects.filter(source_agent="BENCH-LIVE", title__contains=f"(run {run} #")
    figures = {
        "reported": reported.count(),
        "processed": reported.filter(processing__isnull=False).count(),
        "tasks_waiting": tasks_waiting(quick=quick),
    }
    connections.close_all()
    return figures


# The embedded broker is one Redis per checkout: the bench's server queues on a database of its
# own (one per volume), so its tasks never reach a `make run` worker of the same checkout, nor
# the other volume's, and a run never starts behind what an interrupted one left queued.
BENCH_BROKER_DB = {False: 14, True: 15}


def bench_broker(*, quick: bool) -> dict[str, str]:
    """The server's broker setting: its own queue database, emptied now (None: external)."""
    if os.environ.get("CELERY_BROKER_URL"):
        return {}
    left = bench_queue(quick=quick)
    dropped = left.llen("celery")
    left.flushdb()
    if dropped:
        print(f"broker: dropped {dropped} tasks an earlier bench run left queued", flush=True)
    from mnemosyne_site import embedded

    return {"CELERY_BROKER_URL": f"{embedded.broker_url()}?virtual_host={BENCH_BROKER_DB[quick]}"}


def bench_queue(*, quick: bool):
    from redis import Redis

    from mnemosyne_site import embedded

    return Redis(unix_socket_path=embedded.redis_socket(), db=BENCH_BROKER_DB[quick])


def tasks_waiting(*, quick: bool) -> int | None:
    """Tasks waiting in the bench server's queue (None with an external broker)."""
    if os.environ.get("CELERY_BROKER_URL"):
        return None
    return int(bench_queue(quick=quick).llen("celery"))


# --- recall ---------------------------------------------------------------------------------------


def recall_figures(queries: int, seed: int) -> dict:
    """Recall of the plan `nearest()` chooses against an exact scan of the same search (the top
    10, or the limit and similarity cut-off a hot path asks for), for each filtered search the
    hot paths make, with the agent's principal."""
    from django.db import transaction

    from bench import bench_lessons_data as data
    from bench import bench_notes_search as notes_data
    from bench.bench_hindsight import distinct_texts
    from governance.auth import Principal
    from governance.selectors import readable, readable_scope_ids
    from hindsight import conf as hindsight_conf
    from hindsight.selectors import matching
    from lessons.models import Lesson
    from mnemosyne_site.embeddings import embed
    from mnemosyne_site.vectors import forget_counts, nearest
    from notes.selectors.notes import NOTE_KINDS, RETRIEVABLE_STATUSES, knowledge_nearest

    forget_counts()
    principal = Principal(kind="agent", name=AGENT, read_paths=(PROJECT,), write_paths=(PROJECT,))
    rng = random.Random(seed)
    questions = embed(data.query_texts(queries, seed=seed + 1))
    errors = distinct_texts(random.Random(seed + 2), None)
    error_vectors = embed([f"{t}: {m}" if t else m for t, m in rng.sample(errors, queries)])
    note_vectors = embed(notes_data.queries(queries, seed=seed + 3))
    lessons = readable(Lesson.objects.all(), principal)
    signatures, _ = matching.signatures_visible(principal, None)

    def compare(search) -> dict:
        hits = wanted = 0
        plans: dict[str, int] = {}
        for vector in search.vectors:
            with transaction.atomic():
                got, plan = search.run(vector, None)
                exact, _ = search.run(vector, "exact")
            plans[plan] = plans.get(plan, 0) + 1
            hits += len(set(got) & set(exact))
            wanted += len(exact)
        return {"recall": round(hits / max(wanted, 1), 3), "plans": plans}

    class Search:
        def __init__(self, vectors, run):
            self.vectors, self.run = vectors, run

    def lesson_search(queryset, limit=10, max_distance=None):
        def run(vector, plan):
            rows, used = nearest(
                queryset, vector, limit=limit, max_distance=max_distance, plan=plan
            )
            return [r[0] for r in rows], used

        return run

    def note_search(vector, plan):
        hits, used = knowledge_nearest(
            embedding=vector,
            kinds=NOTE_KINDS,
            statuses=RETRIEVABLE_STATUSES,
            scope_ids=readable_scope_ids(principal),  # a search without a scope, as the bench's
            limit=10,
            threshold=-1.0,
            plan=plan,
        )
        return [h.id for h in hits], used

    searches = {
        "lessons, cross-domain (the agent's layers)": Search(questions, lesson_search(lessons)),
        "lessons, one domain": Search(
            questions, lesson_search(lessons.filter(domain=data.DOMAINS[rng.randrange(50)]))
        ),
        # Every signature search cuts at a similarity; matching and capture ask for this many.
        "signatures, the agent's scopes (as matched)": Search(
            error_vectors,
            lesson_search(
                signatures,
                limit=matching.semantic_limit(hindsight_conf.HINDSIGHT_MATCH_TOP_K),
                max_distance=1.0 - hindsight_conf.HINDSIGHT_MATCH_SIMILARITY,
            ),
        ),
        "signatures, the agent's scopes (top 10, no cut-off)": Search(
            error_vectors, lesson_search(signatures)
        ),
        "notes, the agent's layers": Search(note_vectors, note_search),
    }
    return {name: compare(search) for name, search in searches.items()}


def run_peer(results: list[Result], *, quick: bool) -> dict:
    """mem0 on the lessons the 1-client report scenario sent and the questions of the 1-client
    relevance scenarios (cross-domain short, one domain short), with the p95s side by side."""

    from bench import peer_mem0

    def one(prefix: str) -> Result:
        return next(r for r in results if r.name.startswith(prefix) and r.clients == 1)

    report = one("report")
    everything = one("relevant cross-domain, short")
    domain = one("relevant one domain, short")
    lessons = (report.bodies or [])[: 300 if quick else 2000]
    questions = [
        {"context": body["context"], "domain": filtered["domain"]}
        for body, filtered in zip(everything.bodies or [], domain.bodies or [], strict=False)
    ][: 100 if quick else 200]
    params = _raw_params()
    conninfo = " ".join(
        f"{key}={params[name]}"
        for key, name in (("dbname", "dbname"), ("host", "host"), ("port", "port"))
        if params.get(name)
    ) + (f" user={params['user']}" if params.get("user") else "")
    print(f"peer: mem0 on {len(lessons)} lessons and {len(questions)} questions …", flush=True)
    return peer_mem0.compare(
        conninfo=conninfo,
        lessons=lessons,
        questions=questions,
        mnemosyne={
            "add": report.stats.get("p95"),
            "search": everything.stats.get("p95"),
            "search_filtered": domain.stats.get("p95"),
        },
    )


# --- the run --------------------------------------------------------------------------------------


def markdown(results: list[Result], recall: dict, stream: dict, peer: dict | None) -> str:
    lines = [
        "| path | clients | n | p50 ms | p95 ms | p99 ms | req/s | budget p95 | errors |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        s = r.stats
        budget = BUDGETS.get(r.budget_key)
        verdict = ""
        if budget is not None and s.get("p95") is not None:
            verdict = f"{budget} {'ok' if s['p95'] <= budget else '**over**'}"
        lines.append(
            f"| {r.name} | {r.clients} | {s.get('n', 0)} | {s.get('p50', '-')} | "
            f"{s.get('p95', '-')} | {s.get('p99', '-')} | {r.throughput:.1f} | {verdict} | "
            f"{r.errors} |"
        )
    backlog = (
        f"; worker processed {stream.get('processed')} of {stream.get('reported')} reports; "
        f"tasks waiting: {stream.get('tasks_waiting_at_start')} at start, "
        f"{stream.get('tasks_waiting')} at the end"
    )
    lines.append(
        f"| report stream (background, {stream['rate']}/s{backlog}) | 1 | "
        f"{stream['stats'].get('n', 0)} | "
        f"{stream['stats'].get('p50', '-')} | {stream['stats'].get('p95', '-')} | "
        f"{stream['stats'].get('p99', '-')} | {stream['rate']} | 50 | {stream['errors']} |"
    )
    lines += ["", "| filtered vector search | recall vs exact | plans |", "|---|---:|---|"]
    for name, figures in recall.items():
        lines.append(f"| {name} | {figures['recall']} | {figures['plans']} |")
    if peer:
        lines += ["", peer.get("markdown") or f"peer: {peer.get('error')}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller volumes, < 5 minutes")
    parser.add_argument("--peer", action="store_true", help="also mem0 OSS (bench/peer_mem0.py)")
    parser.add_argument("--reload", action="store_true", help="reload the volumes")
    parser.add_argument("--stream-rate", type=float, default=10.0, help="reports per second")
    parser.add_argument(
        "--only", action="append", default=[], help="scenario name prefix (repeatable; 'hook')"
    )
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100_000)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    volumes = QUICK if args.quick else FULL
    db_name = "mn_bench_http_quick" if args.quick else "mn_bench_http"
    json_path = args.json or REPO_ROOT / ".mnemosyne" / "bench" / f"{db_name}.json"
    begun = time.monotonic()

    # The schema first, by the same command the server runs; then the data, in this process.
    server = MnemosyneServer(
        db_name=db_name,
        env={
            "MNEMOSYNE_DEFAULT_SCOPE": PROJECT,  # token-less calls read as the agent's project
            "LOG_LEVEL": "WARNING",
            **bench_broker(quick=args.quick),
        },
    )
    print(f"database {db_name}: migrating …", flush=True)
    server.manage("migrate", "--verbosity", "0", timeout=600)
    setup_django(db_name)
    load_seconds = load(volumes, args.reload)
    token = agent_token()
    with_version_bump()
    from django.db import connections

    connections.close_all()
    bodies = Bodies(args.seed)
    recall = recall_figures(queries=50 if args.quick else 200, seed=args.seed)
    connections.close_all()
    print(f"loaded ({load_seconds} s) and recall measured; starting the server …", flush=True)

    results: list[Result] = []
    auth = {"Authorization": f"Bearer {token}"}
    anonymous: dict = {}
    scenarios = [
        ("report", "report", "/lessons/report", bodies.report, auth),
        (
            "relevant cross-domain, short, token",
            "relevant",
            "/query/relevant",
            lambda: bodies.relevant(long=False, domain=None),
            auth,
        ),
        (
            "relevant cross-domain, 600 chars, no token (spec client)",
            "relevant",
            "/query/relevant",
            lambda: bodies.relevant(long=True, domain=None),
            anonymous,
        ),
        (
            "relevant one domain, short, no token",
            "relevant",
            "/query/relevant",
            lambda: bodies.relevant(long=False, domain=random.choice(bodies.data.DOMAINS)),
            anonymous,
        ),
        (
            "relevant one domain, 600 chars, token",
            "relevant",
            "/query/relevant",
            lambda: bodies.relevant(long=True, domain=random.choice(bodies.data.DOMAINS)),
            auth,
        ),
        ("check anti-pattern", "check", "/check/anti-pattern", bodies.check, auth),
        ("hindsight capture", "capture", "/api/v1/hindsight/errors", bodies.capture, auth),
        ("hindsight match", "match", "/api/v1/hindsight/match", bodies.match, auth),
        ("notes search", "notes", "/api/v1/notes/search", bodies.note_search, auth),
    ]
    only = args.only
    if only:
        scenarios = [s for s in scenarios if any(s[0].startswith(p) for p in only)]
    stream_seconds = volumes.scenario_seconds * (len(scenarios) * 2 + 4) + 120
    with server, tempfile.TemporaryDirectory() as state:
        url = server.url
        with httpx.Client(base_url=url, headers=auth, timeout=600) as warm:
            # First requests build the guard's index and load the model in each web process.
            for _ in range(6):
                warm.post("/check/anti-pattern", json=bodies.check())
                warm.post("/query/relevant", json=bodies.relevant(long=False, domain=None))
        waiting_at_start = tasks_waiting(quick=args.quick)
        with ReportStream(url, auth, bodies, args.stream_rate, stream_seconds) as stream:
            for name, key, path, make_body, headers in scenarios:
                if key == "check":
                    # The report scenario's anti-patterns moved the guard's index version: each
                    # web process rebuilds its index on its next check. Shown on its own row.
                    rebuild = run_scenario(
                        url=url, name="check, first after anti-patterns were reported (rebuild)",
                        budget_key="", path=path, make_body=make_body, headers=headers,
                        clients=CLIENTS, count=CLIENTS, seconds=600,
                    )  # fmt: skip
                    results.append(rebuild)
                for clients, count in (
                    (1, volumes.requests),
                    (CLIENTS, volumes.concurrent_requests),
                ):
                    result = run_scenario(
                        url=url, name=name, budget_key=key, path=path, make_body=make_body,
                        headers=headers, clients=clients, count=count,
                        seconds=volumes.scenario_seconds,
                    )  # fmt: skip
                    results.append(result)
                    print(f"  {name} ×{clients}: {result.stats}", flush=True)
            if not only or any(p.startswith("hook") for p in only):
                # A pip install leaves the hook's modules compiled; an editable one compiles them
                # on the first run, unless PYTHONDONTWRITEBYTECODE is set (it is on the machines
                # this runs on), and then every hook process compiles them again (+30% of a
                # PreToolUse's instructions). Compiled once here, as users run them.
                subprocess.run(
                    [sys.executable, "-m", "compileall", "-q", str(REPO_ROOT / "integrations")],
                    check=True,
                    stdout=subprocess.DEVNULL,
                )
                env = {
                    **os.environ,
                    "MNEMOSYNE_URL": url,
                    "MNEMOSYNE_TOKEN": token,
                    "MNEMOSYNE_SCOPE": PROJECT,
                    "MNEMOSYNE_DOMAIN": "bench",  # the anti-patterns' domain: they apply to it
                    "MNEMOSYNE_HOOK_STATE_DIR": state,
                    "MNEMOSYNE_TRAJECTORY_SPOOL_DIR": state,
                }
                for event in ("PreToolUse", "PostToolUseFailure"):
                    result = hook_runs(
                        event=event, runs=volumes.hook_runs, seconds=volumes.scenario_seconds,
                        env=env, bodies=bodies, anti_patterns=volumes.anti_patterns,
                    )  # fmt: skip
                    results.append(result)
                    print(f"  hook {event}: {result.stats}", flush=True)
        stream_figures = {
            "rate": args.stream_rate,
            "stats": percentiles(stream.samples),
            "errors": stream.errors,
            **worker_backlog(bodies.run, quick=args.quick),
            "tasks_waiting_at_start": waiting_at_start,
        }
    peer = run_peer(results, quick=args.quick) if args.peer else None
    report = {
        "volumes": asdict(volumes),
        "database": db_name,
        "seed": args.seed,
        "load_seconds": load_seconds,
        "results": [{k: v for k, v in asdict(r).items() if k != "bodies"} for r in results],
        "report_stream": stream_figures,
        "recall": recall,
        "peer": peer,
        "seconds": round(time.monotonic() - begun, 1),
    }
    json_path.parent.mkdir(parents=True, exist_ok=True)
    json_path.write_text(json.dumps(report, indent=2) + "\n")
    print()
    print(markdown(results, recall, stream_figures, peer))
    print(f"\nJSON: {json_path}  ({report['seconds']} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
