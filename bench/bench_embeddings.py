"""Query-embedding latency, batch throughput, load time and memory of the local backend.

Budget (DESIGN.md §6): one query embedding in process, p95 ≤ 12 ms.

Also prints the CPU time of this thread per text at 10, 50, 110 and 250 tokens (the best of three
rounds): unlike wall time it holds steady on a shared machine, so graphs and settings compare.

    .venv/bin/python bench/bench_embeddings.py [--queries 300] [--threads 1] [--batch 256]

Runs without Django (module defaults: the model under .mnemosyne/models); with
DJANGO_SETTINGS_MODULE set it uses those settings instead. Timings are wall-clock on whatever else
the machine is doing, so compare runs made side by side.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
if str(REPO_ROOT) not in sys.path:  # run as a plain script from anywhere
    sys.path.insert(0, str(REPO_ROOT))

from mnemosyne_site.embeddings import (  # noqa: E402
    build_embedder,
    embedding_dim,
    model_dir,
    setting,
)
from mnemosyne_site.embeddings.onnx_backend import OnnxEmbedder  # noqa: E402

BUDGET_P95_MS = 12.0

_SUBJECTS = [
    "git push",
    "the migration",
    "pip install",
    "the docker build",
    "pytest",
    "the deploy",
    "npm ci",
    "the cron job",
    "terraform apply",
    "the celery worker",
]
_VERBS = ["failed with", "hung on", "was rejected because of", "timed out after", "crashed on"]
_OBJECTS = [
    "a missing environment variable in the CI runner",
    "a stale lock file in the cache",
    "an expired TLS certificate on the internal registry",
    "a schema drift between staging and production databases",
    "too many open files while reading the fixtures",
    "a force-push that rewrote the shared branch history",
]


def query_texts(count: int, *, seed: int = 7) -> list[str]:
    """Agent-like one-sentence queries of roughly 30 tokens."""
    rng = random.Random(seed)
    return [
        f"{rng.choice(_SUBJECTS)} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)}; what should the "
        f"agent try next before retrying step {rng.randint(1, 99)}?"
        for _ in range(count)
    ]


def text_of_tokens(embedder: OnnxEmbedder, tokens: int, *, seed: int) -> str:
    """A query-like text that the model reads as `tokens` tokens ([CLS] and [SEP] included)."""
    words = " ".join(query_texts(40, seed=seed)).split()
    for end in range(1, len(words) + 1):
        text = " ".join(words[:end])
        if len(embedder._tokenizer.encode(text).ids) >= tokens:
            return text
    raise ValueError(f"no text of {tokens} tokens")


def cpu_ms_per_text(embedder: OnnxEmbedder, tokens: int, *, texts: int = 10) -> float:
    samples = [text_of_tokens(embedder, tokens, seed=seed) for seed in range(texts)]
    embedder.embed(samples[:1])
    rounds = []
    for _ in range(3):
        started = time.thread_time()
        for text in samples:
            embedder.embed([text])
        rounds.append((time.thread_time() - started) / texts * 1000)
    return min(rounds)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def peak_rss_mb() -> float:
    # ru_maxrss is in KiB on Linux; it equals VmHWM in /proc/self/status.
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--threads", type=int, default=None, help="ONNX intra-op threads")
    parser.add_argument("--batch", type=int, default=256, help="texts for the throughput run")
    args = parser.parse_args()

    rss_before = peak_rss_mb()
    started = time.perf_counter()
    if args.threads is None:
        embedder = build_embedder(backend="local")
    else:
        embedder = OnnxEmbedder(
            model_dir=model_dir(), dim=embedding_dim(), batch_size=32, threads=args.threads
        )
    load_s = time.perf_counter() - started
    rss_after_load = peak_rss_mb()

    texts = query_texts(args.queries)
    for text in texts[:30]:  # warm-up: allocator arenas, kernel choice
        embedder.embed([text])
    latencies_ms = []
    for text in texts:
        t0 = time.perf_counter()
        embedder.embed([text])
        latencies_ms.append((time.perf_counter() - t0) * 1000)

    batch = query_texts(args.batch, seed=11)
    t0 = time.perf_counter()
    embedder.embed(batch)
    throughput = len(batch) / (time.perf_counter() - t0)

    cpu_by_length = (
        {tokens: cpu_ms_per_text(embedder, tokens) for tokens in (10, 50, 110, 250)}
        if isinstance(embedder, OnnxEmbedder)
        else {}
    )

    p95 = percentile(latencies_ms, 0.95)
    threads = args.threads or setting("EMBEDDING_THREADS", 1)
    print(f"backend              {embedder.name}  threads={threads}")
    print(f"load                 {load_s * 1000:.0f} ms (checksum verified)")
    print(
        f"peak RSS after load  {rss_after_load:.0f} MB (interpreter + imports: {rss_before:.0f} MB)"
    )
    print(f"peak RSS at end      {peak_rss_mb():.0f} MB")
    print(
        f"query latency        p50 {percentile(latencies_ms, 0.50):.2f} ms  p95 {p95:.2f} ms  "
        f"p99 {percentile(latencies_ms, 0.99):.2f} ms  mean {statistics.fmean(latencies_ms):.2f} ms"
        f"  (n={len(latencies_ms)})"
    )
    if cpu_by_length:
        print(
            "CPU per text         "
            + "  ".join(f"{tokens} tok {ms:.1f} ms" for tokens, ms in cpu_by_length.items())
        )
    print(f"batch throughput     {throughput:.0f} texts/s ({len(batch)} texts)")
    print(f"budget p95 <= {BUDGET_P95_MS:.0f} ms  {'OK' if p95 <= BUDGET_P95_MS else 'OVER'}")


if __name__ == "__main__":
    main()
