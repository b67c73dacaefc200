"""Capture stays linear in the size of what it is sent: time against input size, on the shapes
that drive backtracking regular expressions into quadratic time.

    python bench/bench_capture_linear.py [--max-kb 1024] [--api]

Part 1 (no database) times what capture does with the text before it touches a row: key-line
extraction, normalisation of the key and of every stack line, context patterns from the stack,
and the grouper, from 1 KB to ``--max-kb`` (beyond the API's limits, to show the code itself is
linear; the API takes 16 KB of message and 64 KB of stack). For each shape it prints the time per
call and the time per kilobyte: linear means the per-kilobyte figure does not grow with size
(it falls where a bounded prefix is all that is read).

Part 2 (``--api``) posts the same shapes through the real API stack in process (DRF, auth, the
capture service, PostgreSQL, the embedding model) up to the API's limits, in its own database
(``MNEMOSYNE_DB_NAME=bench_mn_capture_linear``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
os.environ["MNEMOSYNE_DB_NAME"] = os.environ.get(
    "CAPTURE_LINEAR_BENCH_DB", "bench_mn_capture_linear"
)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mnemosyne_site.settings")

from hindsight.grouping import Grouper  # noqa: E402
from hindsight.pipeline import prepare_error  # noqa: E402


def _fill(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


# name -> size -> (message, stack)
SHAPES: dict[str, Callable[[int], tuple[str, str]]] = {
    "a-a-a- (one line)": lambda n: (_fill("a-", n), ""),
    "one token": lambda n: ("x" * n, ""),
    "8,000-char lines": lambda n: (
        _fill("q" * 7999 + "\n", n),
        _fill("  at " + "y" * 7995 + "\n", n),
    ),
    "dotted run in stack": lambda n: ("ValueError: bad", _fill("a.", n)),
    "traceback, many frames": lambda n: (
        "Traceback (most recent call last):\n"
        + _fill('  File "/srv/app/mod.py", line 12, in handler\n    handler(request)\n', n)
        + "RecursionError: maximum recursion depth exceeded",
        "",
    ),
    "CLI noise then error": lambda n: (
        _fill("Downloading pkg-1.0.tar.gz (12 kB)\nwarning: retrying\n", n)
        + "\nfatal: unable to access the remote",
        "",
    ),
}


def _time(call: Callable[[], object], repeat: int) -> float:
    best = []
    for _ in range(repeat):
        started = time.perf_counter()
        call()
        best.append(time.perf_counter() - started)
    return statistics.median(best) * 1000.0


def pure(max_kb: int, repeat: int) -> None:
    from hindsight.services.capture import context_patterns

    sizes = [1, 4, 16, 64, 256, 1024]
    sizes = [s for s in sizes if s <= max_kb]
    print("part 1: extraction, normalisation, context patterns and grouping (no database)")
    print(f"{'shape':<26}" + "".join(f"{str(s) + ' KB':>16}" for s in sizes))
    for name, make in SHAPES.items():
        cells = []
        for kb in sizes:
            message, stack = make(kb * 1024)

            def call(message=message, stack=stack) -> None:
                error = prepare_error("Bash exit 1", message, stack)
                context_patterns({}, stack)
                Grouper().add_normalized(error.message.text)

            ms = _time(call, repeat)
            cells.append(f"{ms:8.2f}ms {ms / kb * 1000:4.0f}µs/KB")
        print(f"{name:<26}" + "".join(f"{c:>16}" for c in cells))


def api(repeat: int) -> None:
    from django.conf import settings
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    from rest_framework.test import APIClient

    from governance.services import agent_create, scope_ensure_path
    from hindsight import conf
    from mnemosyne_site.embeddings import embed_one

    embed_one("warm up")
    project = scope_ensure_path(path="bench/linear/p0")
    _, token = agent_create(name=f"bench-linear-{time.time_ns()}", scopes=[project], ttl_days=1)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    message_max, stack_max = conf.HINDSIGHT_MAX_MESSAGE_CHARS, conf.HINDSIGHT_MAX_STACK_CHARS
    sizes = [1, 4, 16, 64]
    print("\npart 2: POST /api/v1/hindsight/errors in process (the same error again: linked path)")
    print(f"{'shape':<26}" + "".join(f"{str(s) + ' KB':>12}" for s in sizes))
    for name, make in SHAPES.items():
        cells = []
        for kb in sizes:
            message, stack = make(kb * 1024)
            body = {
                "error_type": "Bash exit 1",
                "message": message[-message_max:],
                "stack": stack[:stack_max],
                "scope": project.path,
            }
            first = client.post("/api/v1/hindsight/errors", body, format="json")
            assert first.status_code in (200, 201), first.content[:300]

            def call(body=body) -> None:
                response = client.post("/api/v1/hindsight/errors", body, format="json")
                assert response.status_code == 200, response.content[:300]

            cells.append(f"{_time(call, repeat):9.1f}ms")
        print(f"{name:<26}" + "".join(f"{c:>12}" for c in cells))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-kb", type=int, default=1024)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--api", action="store_true", help="also time the API in process")
    args = parser.parse_args()
    import django

    django.setup()
    pure(args.max_kb, args.repeat)
    if args.api:
        api(args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
