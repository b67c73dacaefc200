"""/metrics aggregates samples from several processes when PROMETHEUS_MULTIPROC_DIR is set."""

import os
import subprocess
import sys
from pathlib import Path

from prometheus_client import generate_latest

ROOT = Path(__file__).resolve().parents[2]
OBSERVE = (
    "from mnemosyne_site.metrics import REQUEST_LATENCY;"
    "REQUEST_LATENCY.labels(route='probe', method='GET', status=200).observe(0.01)"
)


def test_samples_from_several_processes_are_summed(tmp_path, monkeypatch):
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    for _ in range(3):
        subprocess.run([sys.executable, "-c", OBSERVE], env=env, check=True, timeout=60)
    assert len(list(tmp_path.glob("*.db"))) >= 3  # one file per process

    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    from mnemosyne_site.metrics import registry

    text = generate_latest(registry()).decode()
    line = next(
        row
        for row in text.splitlines()
        if row.startswith("mnemosyne_http_request_duration_seconds_count")
        and 'route="probe"' in row
    )
    assert float(line.rsplit(" ", 1)[1]) == 3.0
