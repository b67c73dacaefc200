"""The embedded services are shared by processes, survive a second start and stale handles."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mnemosyne_site import embedded

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_a_second_process_attaches_to_the_running_database():
    code = (
        "import django, os;"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'mnemosyne_site.settings');"
        "django.setup(); from django.db import connection;"
        "c = connection.cursor(); c.execute('SELECT 1'); print(c.fetchone()[0])"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("1")
    # The server is still up for this process after the other one detached.
    assert embedded.postgres().get_postmaster_info().is_running()


def test_dead_handles_are_pruned(tmp_path):
    handles = tmp_path / ".handle_pids.json"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    handles.write_text(json.dumps([os.getpid(), dead.pid]))
    embedded._prune_dead_handles(tmp_path)
    assert json.loads(handles.read_text()) == [os.getpid()]


def test_the_broker_answers_and_a_second_attach_reuses_it():
    first = embedded.redis()
    assert first.ping()
    code = (
        "from mnemosyne_site import embedded; r = embedded.redis(); "
        "r.set('mnemosyne:probe', 'ok'); print(r.socket_file)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == first.socket_file
    assert first.get("mnemosyne:probe") == b"ok"
    assert first.ping()  # still up after the other process exited
