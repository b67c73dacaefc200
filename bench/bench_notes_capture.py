"""Latency the capture client adds to a tool call: `TrajectoryRecorder.record()`.

Budget (DESIGN.md §6): the record call p99 ≤ 1 ms.

    .venv/bin/python bench/bench_notes_capture.py [--calls 50000]

No Django: the recorder flushes in the background to a loopback HTTP server that accepts every
batch (so encoding and sending really happen while the agent records), then to a port where
nothing listens (so batches go to the spool). The agent thread records calls back to back — far
more than an agent makes — with realistic arguments and outputs of a few hundred bytes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from integrations.trajectory import TrajectoryRecorder  # noqa: E402

BUDGET_P99_MS = 1.0


class _Accept(BaseHTTPRequestHandler):
    received = 0

    def do_POST(self) -> None:  # noqa: N802
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        _Accept.received += len(json.loads(body).get("events", []))
        reply = b'{"stored": 0}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *args) -> None:
        pass


def percentiles(samples_ms: list[float]) -> str:
    ordered = sorted(samples_ms)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]

    return (
        f"p50 {at(0.5) * 1000:.1f} µs  p95 {at(0.95) * 1000:.1f} µs  p99 {at(0.99) * 1000:.1f} µs"
        f"  max {ordered[-1]:.2f} ms  mean {statistics.fmean(ordered) * 1000:.1f} µs"
    )


def measure(recorder: TrajectoryRecorder, calls: int, pace_s: float = 0.0) -> list[float]:
    output = "collected 12 items\n" + "tests/test_settlement.py ........ [100%]\n" * 4
    samples = []
    for i in range(calls):
        arguments = {"command": f"pytest -x tests/test_{i % 97}.py -q", "cwd": "/repo"}
        t = time.perf_counter()
        recorder.record(
            "Bash",
            arguments=arguments,
            return_value=output,
            duration_ms=120.0,
            error="exit status 1" if i % 50 == 0 else None,
        )
        samples.append((time.perf_counter() - t) * 1000)
        if pace_s:
            time.sleep(pace_s)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=50000)
    args = parser.parse_args()

    server = ThreadingHTTPServer(("127.0.0.1", 0), _Accept)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    print(f"record() latency, {args.calls} calls per run")
    with tempfile.TemporaryDirectory() as spool:
        no_sampling = dict(sample_threshold=10**9, spool_dir=spool)
        with TrajectoryRecorder(url, batch_size=10, flush_interval=5, **no_sampling) as rec:
            samples = measure(rec, args.calls)
            rec.flush(timeout=30)
        sent = rec.stats.sent
        verdict = (
            "OK"
            if sorted(samples)[int(0.99 * (len(samples) - 1))] <= BUDGET_P99_MS
            else ("OVER BUDGET")
        )
        print(
            f"  server up, no sampling:   {percentiles(samples)}  [{verdict} vs p99 ≤ 1 ms]"
            f"  ({sent} events delivered in batches)"
        )

        with TrajectoryRecorder(url, batch_size=10, flush_interval=5, spool_dir=spool) as rec:
            samples = measure(rec, args.calls)
            kept = rec.stats.captured
        print(
            f"  server up, sampling:      {percentiles(samples)}  "
            f"({kept} of {args.calls} kept, sampling active: {rec.sampling_active})"
        )

        dead = "http://127.0.0.1:9"  # nothing listens: every batch goes to the spool
        with TrajectoryRecorder(
            dead, batch_size=10, flush_interval=0.05, timeout=1, **no_sampling
        ) as rec:
            samples = measure(rec, min(args.calls, 10000))
        spooled = rec.stats.spooled  # after close: the last batches are spooled too
        print(
            f"  server down, spooling:    {percentiles(samples)}  "
            f"({spooled} events spooled to disk)"
        )
    server.shutdown()


if __name__ == "__main__":
    main()
