"""Where each hot path spends its time: CPU per request, queries per request, a profile.

    .venv/bin/python bench/profile_paths.py [--db mn_bench_http_quick] [--requests 40]
        [--only report] [--explain] [--top 25]

Runs on a database `bench/http_bench.py` loaded, through the whole Django stack in this process
(middleware, DRF, auth, services; no socket), so figures are CPU time and query counts, which a
loaded machine does not distort the way it distorts wall time. For each path: CPU ms per request
(process time), the database server's CPU for it (its backend process, when the server runs on
this machine) and the shared buffers its queries touched, the share spent embedding, queries
per request, and the functions with the most cumulative time under cProfile. `--explain`
prints EXPLAIN ANALYZE of each distinct query of one request. Also the worker's processing of
reports (`lesson_process`), called directly. Profiles count CPU time unless `--wall` is given.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path
from uuid import UUID

import psutil

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from bench.http_bench import PROJECT, Bodies, agent_token, setup_django  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="mn_bench_http_quick")
    parser.add_argument("--requests", type=int, default=40)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--explain", action="store_true")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--worker-reports", type=int, default=20)
    parser.add_argument("--seed", type=int, help="the same request mix in runs to compare")
    parser.add_argument(
        "--worker-batch",
        type=int,
        default=0,
        help="lessons per lessons_process call (default: each report's task as queued, in order)",
    )
    parser.add_argument(
        "--wall",
        action="store_true",
        help="profile wall time (default: this process's CPU time, which waiting on a busy "
        "machine or on the database does not inflate)",
    )
    args = parser.parse_args(argv)
    clock = () if args.wall else (time.process_time,)
    import os

    os.environ.setdefault("MNEMOSYNE_DEFAULT_SCOPE", PROJECT)
    os.environ.setdefault("MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL", "true")
    setup_django(args.db)
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from lessons.models import Lesson
    from lessons.services.processing import lesson_process, lessons_process, lessons_unprocessed
    from mnemosyne_site import embeddings

    settings.ALLOWED_HOSTS = ["*"]
    token = agent_token("bench-profile")
    bodies = Bodies(seed=int(time.time()) % 100_000 if args.seed is None else args.seed)
    auth = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    paths = {
        "report": ("/lessons/report", bodies.report, auth),
        "relevant short token": (
            "/query/relevant",
            lambda: bodies.relevant(long=False, domain=None),
            auth,
        ),
        "relevant 600 anonymous": (
            "/query/relevant",
            lambda: bodies.relevant(long=True, domain=None),
            {},
        ),
        "relevant domain": (
            "/query/relevant",
            lambda: bodies.relevant(long=False, domain="domain07"),
            auth,
        ),
        "relevant domain anonymous": (
            "/query/relevant",
            lambda: bodies.relevant(long=False, domain="domain07"),
            {},
        ),
        "check": ("/check/anti-pattern", bodies.check, auth),
        "capture": ("/api/v1/hindsight/errors", bodies.capture, auth),
        "tool-result": ("/api/v1/tool-results", bodies.tool_result, auth),
        "match": ("/api/v1/hindsight/match", bodies.match, auth),
        "notes": ("/api/v1/notes/search", bodies.note_search, auth),
    }
    if args.only:
        paths = {k: v for k, v in paths.items() if any(k.startswith(p) for p in args.only)}

    # Time spent embedding, counted around the one function every path calls.
    spent = {"embed": 0.0}
    original = embeddings.embed

    def timed_embed(texts):
        started = time.process_time()
        try:
            return original(texts)
        finally:
            spent["embed"] += time.process_time() - started

    embeddings.embed = timed_embed
    for module in list(sys.modules.values()):
        if getattr(module, "embed", None) is original and module is not embeddings:
            module.embed = timed_embed

    def database_cpu() -> float:
        """CPU seconds the database server's backend for this connection has used (0 when the
        server is not on this machine)."""
        connection.ensure_connection()
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            pid = cursor.fetchone()[0]
        try:
            times = psutil.Process(pid).cpu_times()
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            return 0.0
        return times.user + times.system

    def database_buffers() -> int:
        """Shared buffers (hits and reads) this database's backends have touched: the cost of
        a query that a busy machine does not distort. Its own backend's pending statistics are
        flushed first (by the end of the statement asking for it)."""
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_stat_force_next_flush()")
            cursor.execute(
                "SELECT blks_hit + blks_read FROM pg_stat_database "
                "WHERE datname = current_database()"
            )
            return cursor.fetchone()[0]

    client = Client()
    for name, (path, make_body, headers) in paths.items():
        for _ in range(3):  # warm: imports, the guard's index, the model
            client.post(path, make_body(), content_type="application/json", **headers)
        spent["embed"] = 0.0
        profile = cProfile.Profile(*clock)
        queries = 0
        statuses: dict[int, int] = {}
        cpu_started, wall_started = time.process_time(), time.perf_counter()
        database_started, buffers_started = database_cpu(), database_buffers()
        last_queries: list = []
        for _ in range(args.requests):
            body = make_body()
            with CaptureQueriesContext(connection) as captured:
                profile.enable()
                response = client.post(path, body, content_type="application/json", **headers)
                profile.disable()
            queries += len(captured.captured_queries)
            last_queries = captured.captured_queries
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        cpu = (time.process_time() - cpu_started) * 1000 / args.requests
        wall = (time.perf_counter() - wall_started) * 1000 / args.requests
        database = (database_cpu() - database_started) * 1000 / args.requests
        buffers = (database_buffers() - buffers_started) / args.requests
        embedding = spent["embed"] * 1000 / args.requests
        # The same number of requests again, unprofiled: the CPU a request costs without
        # cProfile's own (which about doubles it).
        bare_started = time.process_time()
        for _ in range(args.requests):
            client.post(path, make_body(), content_type="application/json", **headers)
        bare = (time.process_time() - bare_started) * 1000 / args.requests
        print(f"\n=== {name}: {path}  statuses {statuses}")
        print(
            f"CPU {bare:.1f} ms/request unprofiled ({cpu:.1f} profiled; wall {wall:.1f} ms), "
            "database "
            f"{database:.1f} ms ({buffers:.0f} shared buffers), embedding "
            f"{embedding:.1f} ms, "
            f"{queries / args.requests:.1f} queries/request"
        )
        for query in last_queries:
            print(f"  [{query['time']}s] {query['sql'][:240]}")
        out = io.StringIO()
        stats = pstats.Stats(profile, stream=out).sort_stats("cumulative")
        stats.print_stats(args.top)
        print("\n".join(out.getvalue().splitlines()[6 : 6 + args.top + 4]))
        out = io.StringIO()  # the project's own functions, by cumulative time
        stats.stream = out
        stats.print_stats(r"/(lessons|governance|hindsight|notes|mnemosyne_site)/", args.top)
        print("\n".join(out.getvalue().splitlines()[6 : 6 + args.top + 4]))
        if args.explain:
            explain(last_queries)

    if not args.only or "worker" in args.only:

        def fresh_reports(count: int) -> tuple[list[str], dict]:
            """Fresh reports (not measured), so each run measures first-time processing rather
            than the idempotent re-run of lessons an earlier run already processed."""
            ids = []
            for _ in range(count):
                response = client.post(
                    "/lessons/report", bodies.report(), content_type="application/json", **auth
                )
                ids.append(response.json()["lesson_id"])
            ids = list(dict.fromkeys(ids))
            occurred = dict(Lesson.objects.filter(pk__in=ids).values_list("pk", "last_occurred"))
            return ids, occurred

        def process(ids: list[str], occurred: dict) -> None:
            if args.worker_batch:
                for start in range(0, len(ids), args.worker_batch):
                    lessons_process(lesson_ids=ids[start : start + args.worker_batch])
            else:  # the tasks the reports queued, in order, as a worker that fell behind runs them
                for lesson_id in ids:
                    lesson_process(lesson_id=lesson_id, occurred=occurred[UUID(lesson_id)])

        warm, _ = fresh_reports(3)
        for lesson_id in warm:  # warm: imports, URL resolvers, the first rebuilds
            lesson_process(lesson_id=lesson_id)
        # Unprofiled first (cProfile about doubles the CPU), then as many again under the profile.
        ids, occurred = fresh_reports(args.worker_reports)
        cpu_started, database_started = time.process_time(), database_cpu()
        buffers_started = database_buffers()
        process(ids, occurred)
        count = max(len(ids), 1)
        cpu = (time.process_time() - cpu_started) * 1000 / count
        database = (database_cpu() - database_started) * 1000 / count
        buffers = (database_buffers() - buffers_started) / count
        ids, occurred = fresh_reports(args.worker_reports)
        profile = cProfile.Profile(*clock)
        with CaptureQueriesContext(connection) as captured:
            profile.enable()
            process(ids, occurred)
            profile.disable()
        how = f"{args.worker_batch} per call" if args.worker_batch else "each report's task"
        print(
            f"\n=== worker: {count} reports, {how}: CPU {cpu:.1f} ms each unprofiled "
            f"(this process), database {database:.1f} ms ({buffers:.0f} shared buffers), "
            f"{len(captured.captured_queries) / max(len(ids), 1):.1f} queries each"
        )
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(args.top)
        print("\n".join(out.getvalue().splitlines()[6 : 6 + args.top + 4]))
        if args.explain:
            explain(captured.captured_queries)
        # What the beat's sweep reads every 5 minutes to find lessons whose task never ran.
        cpu_started, database_started = time.process_time(), database_cpu()
        buffers_started = database_buffers()
        swept = lessons_unprocessed()
        print(
            f"\n=== sweep lookup: {len(swept)} lessons to process: CPU "
            f"{(time.process_time() - cpu_started) * 1000:.1f} ms, database "
            f"{(database_cpu() - database_started) * 1000:.1f} ms "
            f"({database_buffers() - buffers_started} shared buffers)"
        )
    return 0


def explain(queries: list) -> None:
    from django.db import connection

    seen = set()
    for query in queries:
        sql = query["sql"]
        if sql in seen or not sql.lstrip().upper().startswith("SELECT"):
            continue
        seen.add(sql)
        # A vector search sends its ef_search setting and its query together: explain the query
        # under the setting.
        setting, _, query = sql.rpartition("; SELECT ")
        prefix = f"{setting}; " if setting else ""
        query = f"SELECT {query}" if setting else sql
        with connection.cursor() as cursor:
            cursor.execute(f"{prefix}EXPLAIN (ANALYZE, BUFFERS) {query}")
            if setting:
                cursor.nextset()
            plan = "\n    ".join(row[0] for row in cursor.fetchall())
        print(f"  -- {sql[:160]}\n    {plan}")


if __name__ == "__main__":
    raise SystemExit(main())
