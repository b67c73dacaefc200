"""Trajectory event ingest throughput: `POST /api/v1/trajectories/events`.

Budget (DESIGN.md §6): the server ingests ≥ 2,000 events per second.

    .venv/bin/python bench/bench_notes_ingest.py [--events 20000] [--batch 100]

The requests go through the whole Django stack in this process (middleware, bearer-token auth,
DRF, validation, one transaction per batch) on the embedded PostgreSQL; only the HTTP socket is
left out. Events look like an agent's: a shell command or a file path as arguments, a few hundred
bytes of output, a context snapshot on the first call of a session, one call in ten failing.
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_notes_setup import bench_agent, percentiles, setup_django  # noqa: E402

BUDGET_EVENTS_PER_S = 2000
TOOLS = ["Bash", "Read", "Edit", "Grep", "Write", "Glob", "WebFetch"]


def make_batch(rng: random.Random, size: int, session: str, t0: float) -> dict:
    events = []
    for i in range(size):
        tool = rng.choice(TOOLS)
        failed = rng.random() < 0.1
        events.append(
            {
                "event_id": str(uuid.uuid4()),
                "tool_name": tool,
                "arguments": {"command": f"pytest -x tests/test_{rng.randint(1, 500)}.py -q"}
                if tool == "Bash"
                else {"file_path": f"src/module_{rng.randint(1, 900)}.py"},
                "return_value": None if failed else "ok " + "x" * rng.randint(100, 600),
                "error": "exit status 1: AssertionError in test_settlement" if failed else None,
                "started_at": t0 + i * 0.5,
                "duration_ms": rng.uniform(5, 3000),
                "context": {"task": "fix the settlement job", "cwd": "/repo"} if i == 0 else {},
                "seq": i,
            }
        )
    return {"session": session, "user": "bench", "project": "bench-api", "events": events}


def run(
    total: int, batch: int, client, rng: random.Random, clients: int = 1
) -> tuple[float, list[float]]:
    """Send `total` events in batches of `batch` from `clients` threads (one connection each)."""
    from django.db import connection

    batches = [
        make_batch(rng, batch, f"bench-{uuid.uuid4().hex[:8]}-{n // 20}", time.time())
        for n in range(total // batch)
    ]
    latencies: list[float] = []
    failures: list[str] = []

    def send(share: list[dict]) -> None:
        try:
            for body in share:
                t = time.perf_counter()
                response = client.post("/api/v1/trajectories/events", body, format="json")
                latencies.append((time.perf_counter() - t) * 1000)
                if response.status_code != 200:
                    failures.append(f"{response.status_code} {response.content[:300]!r}")
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(batches[i::clients],)) for i in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    if failures:
        raise SystemExit(f"ingest failed: {failures[0]}")
    return len(batches) * batch / elapsed, latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=20000)
    parser.add_argument("--batch", type=int, default=100)
    args = parser.parse_args()

    setup_django()
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE notes_trajectoryevent, notes_trajectory CASCADE")
    _, client = bench_agent("bench/platform/payments/api")
    rng = random.Random(11)
    run(1000, args.batch, client, rng)  # warm-up: connections, caches, JIT-free but still
    print(f"event ingest through the Django stack, {args.events} events per run")
    # (batch size, concurrent clients): the client's default batch is 10, many agents at once.
    for size, clients in ((args.batch, 1), (500, 1), (10, 1), (10, 4), (args.batch, 4)):
        total = args.events if size != 10 else max(2000, args.events // 5)
        rate, latencies = run(total, size, client, rng, clients)
        verdict = "OK" if rate >= BUDGET_EVENTS_PER_S else "below"
        print(
            f"  batches of {size:>3}, {clients} client(s): {rate:6.0f} events/s [{verdict} vs "
            f"{BUDGET_EVENTS_PER_S}/s]  per batch: {percentiles(latencies)}"
        )


if __name__ == "__main__":
    main()
