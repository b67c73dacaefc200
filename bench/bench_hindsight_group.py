"""Grouping accuracy and speed of the production grouping pipeline on Loghub-2k.

    .venv/bin/python bench/bench_hindsight_group.py --data DIR [--no-semantic]

Runs `hindsight.pipeline.InMemoryGrouping` — the code behind `manage.py hindsight_group` and
the capture endpoint — with one configuration for all eight datasets, and prints per dataset:
grouping accuracy (GA: a message is correct when the set of messages grouped with it equals its
ground-truth group exactly), the number of groups found against the truth, and throughput. The
published GA of tuned Drain is printed alongside. DIR: Loghub-2k as `<System>.jsonl` files (see
bench/bench_grouping.py for where to get it and the format; it is not part of this repository).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mnemosyne_site.settings")

from bench.bench_grouping import WHERE_TO_GET  # noqa: E402

DATASETS = ["HDFS", "BGL", "HPC", "HealthApp", "Apache", "Proxifier", "OpenSSH", "Zookeeper"]
DRAIN = {
    "HDFS": 0.998,
    "BGL": 0.963,
    "HPC": 0.887,
    "HealthApp": 0.780,
    "Apache": 1.0,
    "Proxifier": 0.527,
    "OpenSSH": 0.788,
    "Zookeeper": 0.967,
}


def grouping_accuracy(predicted: list[str], truth: list[str]) -> float:
    by_pred: dict[str, set[int]] = defaultdict(set)
    by_true: dict[str, set[int]] = defaultdict(set)
    for i, (p, t) in enumerate(zip(predicted, truth, strict=True)):
        by_pred[p].add(i)
        by_true[t].add(i)
    correct = sum(1 for i, p in enumerate(predicted) if by_pred[p] == by_true[truth[i]])
    return correct / len(predicted)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=None, help="folder of <System>.jsonl")
    parser.add_argument("--no-semantic", action="store_true")
    args = parser.parse_args()
    if args.data is None:
        print(f"bench_hindsight_group: skipped. {WHERE_TO_GET}")
        return
    missing = [name for name in DATASETS if not (args.data / f"{name}.jsonl").exists()]
    if missing:
        raise SystemExit(f"{args.data} lacks {', '.join(missing)}. {WHERE_TO_GET}")

    import django

    django.setup()
    from hindsight import conf
    from hindsight.pipeline import InMemoryGrouping
    from mnemosyne_site.embeddings import embed_one

    embed = None if args.no_semantic else embed_one
    if embed is not None:
        embed("warm up")
    print(f"semantic dedup: {'off' if embed is None else conf.HINDSIGHT_DEDUP_SIMILARITY}")
    print(
        f"{'dataset':<10} {'GA':>6} {'Drain':>6} {'groups':>7} {'truth':>6} {'msg/s':>8} "
        f"{'p50 µs':>7} {'p95 µs':>7} {'p99 µs':>7}"
    )
    scores, rates = [], []
    for name in DATASETS:
        rows = [json.loads(line) for line in open(Path(args.data) / f"{name}.jsonl")]
        grouping = InMemoryGrouping(embed=embed, dedup_similarity=conf.HINDSIGHT_DEDUP_SIMILARITY)
        keys, times = [], []
        started = time.perf_counter()
        for row in rows:
            t0 = time.perf_counter()
            keys.append(grouping.add(row["content"]))
            times.append((time.perf_counter() - t0) * 1e6)
        elapsed = time.perf_counter() - started
        ga = grouping_accuracy(keys, [row["event_id"] for row in rows])
        q = statistics.quantiles(times, n=100)
        scores.append(ga)
        rates.append(len(rows) / elapsed)
        print(
            f"{name:<10} {ga:>6.3f} {DRAIN[name]:>6.3f} {len(set(keys)):>7} "
            f"{len({r['event_id'] for r in rows}):>6} {len(rows) / elapsed:>8.0f} "
            f"{q[49]:>7.0f} {q[94]:>7.0f} {q[98]:>7.0f}"
        )
    print(
        f"{'mean':<10} {statistics.mean(scores):>6.3f} {statistics.mean(DRAIN.values()):>6.3f}"
        f" {'':>7} {'':>6} {statistics.mean(rates):>8.0f}"
    )


if __name__ == "__main__":
    main()
