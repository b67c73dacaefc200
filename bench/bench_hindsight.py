"""Latency of hindsight capture and match with 100,000 stored signatures.

    .venv/bin/python bench/bench_hindsight.py [--signatures 100000] [--requests 300] [--loghub DIR]

Budgets (DESIGN.md §6): capture p95 ≤ 50 ms; match p95 ≤ 30 ms with 100,000 signatures.

Runs in its own database (`MNEMOSYNE_DB_NAME=bench_mn_hindsight` in the embedded PostgreSQL),
loaded once and reused by later runs. Loading: a few thousand distinct error texts are embedded
with the real model: the real error outputs of bench/data/errors.jsonl as the hook maps them (or,
with `--loghub DIR`, Loghub-2k's templates with their variables filled in; see
bench/bench_grouping.py for where to get it) and synthetic error messages. The 100,000
signatures reuse those vectors with small Gaussian noise, renormalised (embedding 100,000 texts
on two shared cores would take longer than the whole benchmark budget).
Rows go in with COPY and the HNSW index is built once afterwards.

Requests go through the real API stack in process (DRF, bearer-token auth, the services) with
an agent that reads and writes one of ten projects (10,000 signatures each, so every search is
scope-filtered). Query texts are embedded with the real model inside the request, as in
production. Also prints the semantic recall of the filtered HNSW search against an exact scan.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
os.environ["MNEMOSYNE_DB_NAME"] = os.environ.get("HINDSIGHT_BENCH_DB", "bench_mn_hindsight")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mnemosyne_site.settings")

from bench.bench_grouping import WHERE_TO_GET  # noqa: E402
from integrations.hook_learning import parse_error  # noqa: E402

CORPUS = REPO_ROOT / "bench" / "data" / "errors.jsonl"
PROJECTS = 10
ERROR_TYPES = [
    "KeyError",
    "ValueError",
    "TimeoutError",
    "ConnectionError",
    "OSError",
    "PermissionError",
    "ImportError",
    "RuntimeError",
    "AssertionError",
    "HTTPError",
]
_SUBJECTS = [
    "the payment worker",
    "pytest",
    "the migration",
    "npm ci",
    "the docker build",
    "terraform apply",
    "the cron job",
    "the celery beat",
    "git push",
    "the deploy",
]
_PROBLEMS = [
    "could not connect to {host}:{port}",
    "timed out after {n}s reading {path}",
    "permission denied opening {path}",
    "missing key '{word}' in payload {uuid}",
    "expected {n} rows, got {m}",
    "certificate for {host} expired on {date}",
    "module '{word}' has no attribute '{word2}'",
    "disk quota exceeded on {path}",
    "lock on table {word} held by pid {n}",
    "unexpected status {status} from {host}",
]
_WORDS = [
    "customer_id",
    "ledger",
    "invoice",
    "session",
    "token",
    "orders",
    "users",
    "cache",
    "balance",
    "refund",
    "webhook",
    "tenant",
    "shard",
    "replica",
    "queue",
]


def _fill(rng: random.Random, text: str) -> str:
    return text.format(
        host=f"db-{rng.randint(1, 40)}.internal",
        port=rng.randint(1024, 65000),
        n=rng.randint(1, 999),
        m=rng.randint(1, 999),
        path=f"/srv/app/{rng.choice(_WORDS)}.py",
        word=rng.choice(_WORDS),
        word2=rng.choice(_WORDS),
        status=rng.choice([500, 502, 503]),
        uuid=f"{rng.getrandbits(32):08x}-1111-2222-3333-{rng.getrandbits(48):012x}",
        date=f"2024-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}",
    )


def distinct_texts(rng: random.Random, loghub: Path | None) -> list[tuple[str, str]]:
    """(error type, message) pairs: real error outputs (or Loghub template instances) and
    synthetic errors."""
    texts: list[tuple[str, str]] = []
    if loghub is None:
        for line in CORPUS.open(encoding="utf-8"):
            record = json.loads(line)
            parsed = parse_error(record["tool_name"], record["error"])
            texts.append((parsed["error_type"], parsed["message"]))
    for path in sorted(loghub.glob("*.templates.jsonl")) if loghub else []:
        for line in path.open():
            template = json.loads(line)["template"]
            for _ in range(4):
                filled = template
                while "<*>" in filled:
                    filled = filled.replace(
                        "<*>", rng.choice(_WORDS + [str(rng.randint(1, 9999))]), 1
                    )
                texts.append(("", filled))
    for subject in _SUBJECTS:
        for problem in _PROBLEMS:
            for etype in ERROR_TYPES:
                texts.append((etype, f"{subject}: " + _fill(rng, problem)))
    rng.shuffle(texts)
    return texts


def percentiles(values: list[float]) -> str:
    if len(values) < 2:
        return f"(n={len(values)})"
    q = statistics.quantiles(values, n=100)
    return f"p50 {q[49]:6.1f} ms  p95 {q[94]:6.1f} ms  p99 {q[98]:6.1f} ms  (n={len(values)})"


def load(total: int, rng: random.Random, loghub: Path | None) -> None:
    import numpy as np
    from django.db import connection

    from governance.services import scope_ensure_path
    from hindsight.models import ErrorSignature
    from hindsight.pipeline import prepare_error, template_shape
    from mnemosyne_site.embeddings import embed

    have = ErrorSignature.objects.filter(created_by="bench").count()
    if have >= total:
        print(f"reusing {have} signatures in {connection.settings_dict['NAME']}")
        return
    started = time.perf_counter()
    scopes = [scope_ensure_path(path=f"bench/org/team/p{i}") for i in range(PROJECTS)]
    pairs = distinct_texts(rng, loghub)
    prepared = [prepare_error(t, m) for t, m in pairs]
    vectors = embed([p.embedding_text for p in prepared])
    print(f"embedded {len(pairs)} distinct texts in {time.perf_counter() - started:.0f} s")
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE hindsight_errorsignature CASCADE")
        cursor.execute("DROP INDEX IF EXISTS signature_embedding_hnsw")
    columns = (
        "id",
        "scope_id",
        "status",
        "error_type",
        "message_template",
        "message_pattern",
        "stack_patterns",
        "context_patterns",
        "tool_name",
        "fingerprint",
        "occurrence_count",
        "first_seen_at",
        "last_seen_at",
        "metadata",
        "embedding",
        "created_by",
        "created_at",
        "updated_at",
    )
    now = "2024-06-01 00:00:00+00"
    import uuid

    template_rows = []
    with connection.cursor() as cursor:
        with cursor.copy(f"COPY hindsight_errorsignature ({', '.join(columns)}) FROM STDIN") as cp:
            for i in range(total):
                base = i % len(pairs)
                error = prepared[base]
                noisy = vectors[base] + np.random.default_rng(i).normal(0, 0.015, 384)
                noisy = noisy / np.linalg.norm(noisy)
                sid = uuid.UUID(int=rng.getrandbits(128))
                text = f"{error.message.text} [variant {i // len(pairs)}]"
                scope = scopes[i % PROJECTS]
                cp.write_row(
                    (
                        sid,
                        scope.pk,
                        "active",
                        error.error_type,
                        text,
                        error.message.regex,
                        "[]",
                        "{}",
                        "",
                        hashlib.sha256(f"{i}".encode()).hexdigest(),
                        rng.randint(1, 50),
                        now,
                        now,
                        "{}",
                        "[" + ",".join(f"{x:.6f}" for x in noisy) + "]",
                        "bench",
                        now,
                        now,
                    )
                )
                template_rows.append(
                    (scope.pk, error.error_type, sid, f"k{i}", *template_shape(text), now)
                )
        with cursor.copy(
            "COPY hindsight_signaturetemplate (scope_id, error_type, signature_id, "
            "key, bucket, tokens, spaces, count, created_at) FROM STDIN"
        ) as cp:
            for scope_id, etype, sid, key, bucket, tokens, spaces, created in template_rows:
                cp.write_row(
                    (
                        scope_id,
                        etype,
                        sid,
                        key,
                        bucket,
                        json.dumps(tokens),
                        json.dumps(spaces),
                        1,
                        created,
                    )
                )
    print(f"copied {total} signatures in {time.perf_counter() - started:.0f} s")
    with connection.cursor() as cursor:
        cursor.execute("SET maintenance_work_mem = '512MB'")
        cursor.execute("SET max_parallel_maintenance_workers = 1")
        cursor.execute(
            "CREATE INDEX signature_embedding_hnsw ON hindsight_errorsignature USING hnsw "
            "(embedding vector_cosine_ops) WITH (m = 16, ef_construction = 128)"
        )
        cursor.execute("ANALYZE hindsight_errorsignature")
        cursor.execute("ANALYZE hindsight_signaturetemplate")
    print(f"loaded and indexed in {time.perf_counter() - started:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--signatures", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--loghub", type=Path, default=None, help="Loghub-2k folder (optional)")
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    rng = random.Random(11)
    if args.loghub is not None and not (args.loghub / "HDFS.templates.jsonl").exists():
        raise SystemExit(f"--loghub {args.loghub}: no *.templates.jsonl there. {WHERE_TO_GET}")
    load(args.signatures, rng, args.loghub)

    from rest_framework.test import APIClient

    from governance.selectors import scope_by_path
    from governance.services import agent_create
    from hindsight.models import ErrorSignature
    from mnemosyne_site.embeddings import embed_one

    embed_one("warm up")
    project = scope_by_path("bench/org/team/p0")
    _, token = agent_create(name="bench", scopes=[project], ttl_days=1)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    pairs = distinct_texts(random.Random(99), args.loghub)

    def timed(url: str, body: dict, expect: tuple[int, ...]) -> tuple[float, dict]:
        t0 = time.perf_counter()
        response = client.post(url, body, format="json")
        elapsed = (time.perf_counter() - t0) * 1000.0
        assert response.status_code in expect, (response.status_code, response.content[:300])
        return elapsed, response.json()

    # Warm the code paths (imports, prepared caches) before timing.
    for etype, message in pairs[:5]:
        timed("/api/v1/hindsight/match", {"error_type": etype, "message": message}, (200,))

    match_times, found = [], 0
    for etype, message in pairs[: args.requests]:
        elapsed, body = timed(
            "/api/v1/hindsight/match", {"error_type": etype, "message": message}, (200,)
        )
        match_times.append(elapsed)
        found += bool(body["matches"])
    print(f"match    {percentiles(match_times)}  found {found}/{len(match_times)}")

    capture_new, capture_again = [], []
    run = random.SystemRandom().getrandbits(32)  # a fresh run id: new types every run
    for n, (etype, message) in enumerate(pairs[args.requests : args.requests * 2]):
        # A type never seen before makes this a new signature (the slow path: embedding, nearest
        # signature search, inserts); sending it again is the linked path.
        body = {"error_type": f"{etype or 'Log'}Run{run}x{n}", "message": message}
        elapsed, answer = timed("/api/v1/hindsight/errors", body, (200, 201))
        (capture_new if answer["is_new"] else capture_again).append(elapsed)
        elapsed, answer = timed("/api/v1/hindsight/errors", body, (200,))
        capture_again.append(elapsed)
    print(f"capture (embedding: new shape)   {percentiles(capture_new)}")
    print(f"capture (linked, no embedding)   {percentiles(capture_again)}")
    print(f"capture (all)                    {percentiles(capture_new + capture_again)}")

    # Recall of the matcher's scope-filtered search (the plan it chooses) against an exact scan.
    from django.db import transaction

    from governance.auth import Principal
    from hindsight import conf
    from hindsight.selectors import matching

    conf.HINDSIGHT_MATCH_SIMILARITY = -1.0  # keep every neighbour, to compare the orderings
    principal = Principal(kind="agent", name="bench", read_paths=(project.path,), write_paths=())
    signatures, scope_ids = matching.signatures_visible(principal, None)
    hits = total = 0
    for etype, message in pairs[:50]:
        vector = embed_one(f"{etype}: {message}" if etype else message)
        with transaction.atomic():
            found = {m.signature.pk for m in matching._semantic(signatures, vector, 10)}
        rows = list(
            ErrorSignature.objects.filter(scope=project, status="active").values_list(
                "pk", "embedding"
            )
        )
        import numpy as np

        matrix = np.vstack([np.asarray(e, dtype=np.float32) for _, e in rows])
        exact = {rows[i][0] for i in np.argsort(-(matrix @ vector))[:10]}
        hits += len(found & exact)
        total += len(exact)
    print(
        f"scope-filtered search recall@10 vs exact ({len(rows)} of "
        f"{ErrorSignature.objects.count()} signatures visible): {hits / total:.3f}"
    )


if __name__ == "__main__":
    main()
