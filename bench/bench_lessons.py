"""Latency of the lessons hot path: the anti-pattern check, the relevance query and the report.

Budgets (the lessons issue, DESIGN.md §6), p95 on this machine with the embedded services:
- `POST /check/anti-pattern` with 10,000 active anti-patterns: ≤ 20 ms
- `POST /query/relevant` with 100,000 lessons, including the query embedding: ≤ 30 ms
- `POST /lessons/report`: ≤ 50 ms

    .venv/bin/python bench/bench_lessons.py [--requests 300] [--lessons 100000]
                                            [--anti-patterns 10000] [--reload]

Requests go through the whole Django stack in process (`django.test.Client`: middleware, bearer
token authentication, DRF, services, the embedded PostgreSQL; the report's after-commit task is
published to the embedded Redis, not run). Every request embeds its text with the real model:
each query and action is distinct and the per-process embedding cache is off. Data lives in its
own database (`mn_bench_lessons`) and is loaded once (see bench_lessons_data.py: a few thousand
real MiniLM vectors, the rest noisy copies of them); later runs reuse it, `--reload` rebuilds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

BUDGETS_MS = {"check": 20.0, "relevant": 30.0, "report": 50.0}
BENCH_DB = "mn_bench_lessons"
TEAM = "bench/platform/lessons"


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mnemosyne_site.settings")
    os.environ["MNEMOSYNE_DB_NAME"] = BENCH_DB
    os.environ["CHECK_EMBEDDING_CACHE_SIZE"] = "0"  # every request pays for its embedding
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    if not os.environ.get("CELERY_BROKER_URL"):
        from mnemosyne_site import embedded

        # The embedded Redis, on a queue database of its own, purged at the end.
        os.environ["CELERY_BROKER_URL"] = f"{embedded.broker_url()}?virtual_host=13"
    import django

    django.setup()


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)

    def pick(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]

    return {
        "p50": pick(0.50),
        "p95": pick(0.95),
        "p99": pick(0.99),
        "mean": statistics.fmean(ordered),
    }


def _load(args) -> None:
    import bench_lessons_data as data
    from django.conf import settings
    from django.db import connection

    from governance.services import scope_ensure_path
    from lessons.models import AntiPattern, Lesson

    cache_dir = Path(settings.DATA_DIR) / "bench"
    project = scope_ensure_path(path=f"{TEAM}/p0")
    small = scope_ensure_path(path=f"{TEAM}/p1")
    lessons = Lesson.objects.filter(scope__path__startswith=f"{TEAM}/", source_agent="BENCH")
    if args.reload or lessons.count() != args.lessons:
        print(f"loading {args.lessons} lessons …")
        Lesson.objects.filter(scope__path__startswith=f"{TEAM}/").delete()
        texts = data.lesson_texts(args.distinct)
        real = data.cached_vectors([f"{t} {c} {o}" for t, c, o in texts], cache_dir, "lessons")
        vectors, parents = data.noisy_copies(real, args.lessons)
        connection.ensure_connection()
        params = connection.get_connection_params()
        params.pop("cursor_factory", None)
        params.pop("context", None)
        params.pop("prepare_threshold", None)
        data.copy_lessons(
            connection_params=params,
            scope_ids=[project.pk, small.pk],
            weights=[0.9, 0.1],
            texts=texts,
            vectors=vectors,
            parents=parents,
        )
    anti = AntiPattern.objects.filter(scope__path=TEAM, active=True)
    stale = not anti.exclude(command_trigger={}).exists()  # loaded before command triggers
    if args.reload or stale or anti.count() != args.anti_patterns:
        print(f"loading {args.anti_patterns} anti-patterns …")
        AntiPattern.objects.filter(scope__path__startswith=TEAM).delete()
        team = scope_ensure_path(path=TEAM)
        # Every tool early in the list, so the first 1,000 combinations cover all of them.
        combos = [
            (tool, sub, component)
            for component in data.COMPONENTS
            for tool, subs in data.TOOLS.items()
            for sub in subs
        ]
        combos = combos[: min(len(combos), 1000)]
        titles = [f"Never run {tool} {sub} on {component}" for tool, sub, component in combos]
        real = data.cached_vectors(titles, cache_dir, "anti-patterns")
        vectors, parents = data.noisy_copies(real, args.anti_patterns, seed=9)
        import re2

        from lessons.command_triggers import CommandTriggerError
        from lessons.command_triggers import validate as validate_command_trigger

        rows = []
        for i, (vector, parent) in enumerate(zip(vectors, parents, strict=True)):
            tool, sub, component = combos[parent]
            trigger, command_trigger = "", {}
            if i % 100 == 99:  # a few explicit regexes, with no literal to gate them
                trigger = rf"(?i)(?:prod|production)\S*\s.*(?:password|secret){i}"
            elif i % 100 == 98:  # and a few gated ones
                trigger = rf"(?i){re2.escape(tool)}\s+{re2.escape(sub)}{i % 30}"
            else:  # the rest as reports give them now: a command trigger
                try:
                    command_trigger = validate_command_trigger(
                        {"commands": [f"{tool} {sub} env{i % 1000}"]}
                    )
                except CommandTriggerError:
                    trigger = rf"(?i){re2.escape(tool)}\s+{re2.escape(sub)}{i % 30}"
            severity = ["critical", "high", "high", "medium", "low"][i % 5]
            rows.append(
                AntiPattern(
                    scope=team,
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


def _measure(client, path: str, bodies: list, headers: dict) -> list[float]:
    timings = []
    for body in bodies:
        started = time.perf_counter()
        response = client.post(path, json.dumps(body), content_type="application/json", **headers)
        timings.append((time.perf_counter() - started) * 1000)
        if response.status_code != 200:
            raise SystemExit(f"{path} answered {response.status_code}: {response.content[:300]}")
    return timings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--lessons", type=int, default=100_000)
    parser.add_argument("--anti-patterns", type=int, default=10_000)
    parser.add_argument("--distinct", type=int, default=3000, help="real-embedded lesson texts")
    parser.add_argument("--reload", action="store_true")
    args = parser.parse_args()
    args.requests = min(args.requests, 2000)

    started = time.perf_counter()
    _setup_django()
    import bench_lessons_data as data
    from django.core.management import call_command
    from django.test import Client

    from governance.models import AgentCredential
    from governance.selectors import scope_by_path
    from governance.services import agent_create
    from lessons import matching
    from lessons.models import Lesson
    from mnemosyne_site.celery import app
    from mnemosyne_site.embeddings import embed_one

    call_command("migrate", interactive=False, verbosity=0)
    _load(args)
    print(
        f"data ready in {time.perf_counter() - started:.0f} s: "
        f"{Lesson.objects.filter(source_agent='BENCH').count()} lessons, "
        f"{args.anti_patterns} active anti-patterns"
    )

    AgentCredential.objects.filter(name="bench-agent").update(is_active=False)
    _, token = agent_create(
        name="bench-agent", domain="bench", scopes=[scope_by_path(TEAM)], ttl_days=1
    )
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}", "REMOTE_ADDR": "127.0.0.1"}
    client = Client()
    n = args.requests

    embed_one("warm up the model")
    built = time.perf_counter()
    matching.current_index()
    print(
        f"anti-pattern index built in {(time.perf_counter() - built) * 1000:.0f} ms "
        f"(once per process per change)"
    )

    actions = data.check_actions(n + 20)
    checks = [
        {"proposed_action": a, "context": "bench", "domain": "bench", "agent": "BENCH"}
        for a in actions
    ]
    queries = [{"context": q, "domain": "domain07"} for q in data.query_texts(n + 20)]
    texts = data.lesson_texts(n + 20, seed=97)
    reports = [
        {
            "lesson_type": "failure",
            "domain": f"domain{i % 50:02d}",
            "category": "bench",
            "title": f"{t} (report {i}, {time.time_ns()})",
            "context": c,
            "action_taken": "bench",
            "outcome": o,
            "severity": "medium",
            "tags": ["bench-report"],
            "source_agent": "BENCH_R",
            "scope": f"{TEAM}/p0",
        }
        for i, (t, c, o) in enumerate(texts)
    ]

    endpoints = [
        ("check", "/check/anti-pattern", checks),
        ("relevant", "/query/relevant", queries),
        ("report", "/lessons/report", reports),
    ]
    for _, path, bodies in endpoints:  # warm-up: connections, count caches
        _measure(client, path, bodies[:20], headers)
    # Interleaved, so every endpoint sees the same load from whatever else the machine runs.
    wall: dict[str, list[float]] = {name: [] for name, _, _ in endpoints}
    cpu: dict[str, list[float]] = {name: [] for name, _, _ in endpoints}
    load_before = os.getloadavg()[0]
    for i in range(20, 20 + n):
        for name, path, bodies in endpoints:
            started_cpu = time.process_time()
            wall[name] += _measure(client, path, [bodies[i]], headers)
            cpu[name].append((time.process_time() - started_cpu) * 1000)
    load_after = os.getloadavg()[0]
    results = {name: _percentiles(samples) for name, samples in wall.items()}

    blocked = sum(
        client.post(
            "/check/anti-pattern", json.dumps(b), content_type="application/json", **headers
        ).json()["blocked"]
        for b in checks[20:60]
    )
    Lesson.objects.filter(source_agent="BENCH_R").delete()
    app.control.purge()
    matching.hits_flush()

    print(
        f"\n{n} requests per endpoint, interleaved, in process, embedded PostgreSQL; "
        f"{blocked}/40 sampled checks blocked; 1-min load average {load_before:.1f} before, "
        f"{load_after:.1f} after (2 cores, shared)"
    )
    print(f"{'endpoint':<26}{'p50':>8}{'p95':>8}{'p99':>8}{'mean':>8}{'cpu p50':>9}   budget p95")
    ok = True
    for name, label in [
        ("check", "POST /check/anti-pattern"),
        ("relevant", "POST /query/relevant"),
        ("report", "POST /lessons/report"),
    ]:
        r = results[name]
        passed = r["p95"] <= BUDGETS_MS[name]
        ok &= passed
        print(
            f"{label:<26}{r['p50']:>7.1f} {r['p95']:>7.1f} {r['p99']:>7.1f} {r['mean']:>7.1f}"
            f" {statistics.median(cpu[name]):>8.1f}   ≤ {BUDGETS_MS[name]:.0f} ms "
            f"{'ok' if passed else 'OVER'}"
        )
    print("(milliseconds; cpu: this process's CPU time per request, PostgreSQL's not included)")
    print(f"(milliseconds; total run {time.perf_counter() - started:.0f} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
