"""Shared set-up of the notes benchmarks: Django on its own database in the embedded server.

Run alone it only prepares (creates and migrates) that database:

    .venv/bin/python bench/bench_notes_setup.py

The benchmarks use the database `bench_mn_notes` (override with BENCH_NOTES_DB), never the
development or test databases, and leave their data there so a second run can skip loading.
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]


def setup_django() -> None:
    if str(REPO_ROOT) not in sys.path:
        sys.path.insert(0, str(REPO_ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mnemosyne_site.settings")
    os.environ["MNEMOSYNE_DB_NAME"] = os.environ.get("BENCH_NOTES_DB", "bench_mn_notes")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ.setdefault("MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL", "false")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def bench_agent(scope_path: str):
    """A writing agent on `scope_path` and an APIClient carrying its token."""
    from rest_framework.test import APIClient

    from governance.models import AgentCredential
    from governance.services import agent_create, scope_ensure_path

    scope = scope_ensure_path(path=scope_path)
    AgentCredential.objects.filter(name=f"bench:{scope_path}").delete()
    _, token = agent_create(name=f"bench:{scope_path}", scopes=[scope], ttl_days=1)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return scope, client


def percentiles(samples_ms: list[float]) -> str:
    ordered = sorted(samples_ms)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]

    return (
        f"p50 {at(0.50):.2f} ms  p95 {at(0.95):.2f} ms  p99 {at(0.99):.2f} ms  "
        f"mean {statistics.fmean(ordered):.2f} ms  (n={len(ordered)})"
    )


if __name__ == "__main__":
    setup_django()
    print(f"database {os.environ['MNEMOSYNE_DB_NAME']} ready")
