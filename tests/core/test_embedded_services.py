"""The embedded services are shared by processes, survive a second start and stale handles."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
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
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
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


def test_the_last_process_stops_the_server_after_another_left_without_detaching(tmp_path):
    env = {**os.environ, "MNEMOSYNE_DATA_DIR": str(tmp_path)}
    last = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from mnemosyne_site import embedded; server = embedded.postgres();"
            "print(server.get_postmaster_info().pid, flush=True); input();"
            "embedded.forget_dead_handles()",
        ],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    postmaster = int(last.stdout.readline())
    # Attaches after `last` and leaves through os._exit, skipping atexit, as Celery's pool
    # processes do: its handle stays listed.
    subprocess.run(
        [
            sys.executable,
            "-c",
            "import os; from mnemosyne_site import embedded; embedded.postgres(); os._exit(0)",
        ],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=120,
    )

    last.communicate("\n", timeout=120)

    for _ in range(150):  # pg_ctl stop waits for the server; bounded here
        if not psutil.pid_exists(postmaster):
            break
        time.sleep(0.2)
    assert not psutil.pid_exists(postmaster)


def test_the_broker_answers_and_a_second_attach_reuses_it():
    first = embedded.redis()
    assert first.ping()
    code = (
        "from mnemosyne_site import embedded; r = embedded.redis(); "
        "r.set('mnemosyne:probe', 'ok'); print(r.socket_file)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == first.socket_file
    assert first.get("mnemosyne:probe") == b"ok"
    assert first.ping()  # still up after the other process exited


def test_the_database_starts_again_after_a_crash(tmp_path):
    """A process that dies without cleaning up, then a killed server: the stale postmaster.pid
    and handle list are recognised and the next process starts a fresh server."""
    env = {**os.environ, "MNEMOSYNE_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    crash = (
        "import os; from mnemosyne_site import embedded;"
        "print(embedded.postgres().get_postmaster_info().pid, flush=True);"
        "os._exit(0)"  # no atexit: the server and this process's handle are left behind
    )
    done = subprocess.run(
        [sys.executable, "-c", crash], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    postmaster = int(done.stdout.split()[-1])
    os.kill(postmaster, signal.SIGKILL)
    for _ in range(100):  # wait until the killed server is gone
        try:
            os.kill(postmaster, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    assert (tmp_path / "pg" / "postmaster.pid").exists()  # stale, as after a crash

    again = (
        "from mnemosyne_site import embedded;"
        "server = embedded.postgres();"
        "print(server.get_postmaster_info().pid);"
        "print(server.psql('SELECT 41 + 1;').split()[2])"
    )
    done = subprocess.run(
        [sys.executable, "-c", again], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    new_pid, answer = done.stdout.split()[-2:]
    assert int(new_pid) != postmaster
    assert answer == "42"


def _settings_in_a_process(env: dict, *names: str) -> list[str]:
    shows = ",".join(f"embedded.postgres().psql('SHOW {name};').split()[2]" for name in names)
    code = f"from mnemosyne_site import embedded; print({shows})"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()[-len(names) :]


def _shared_buffers_in_a_process(env: dict) -> str:
    return _settings_in_a_process(env, "shared_buffers")[0]


def test_a_new_database_starts_with_its_shared_buffers_sized(tmp_path):
    env = {**os.environ, "MNEMOSYNE_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    assert _shared_buffers_in_a_process({**env, "MNEMOSYNE_PG_SHARED_BUFFERS_MB": "200"}) == "200MB"
    # Changed while no one is attached: the next process to attach restarts it with the new size.
    assert _shared_buffers_in_a_process({**env, "MNEMOSYNE_PG_SHARED_BUFFERS_MB": "144"}) == "144MB"


def test_checkpoints_are_spaced_out_and_their_wal_size_follows_the_setting(tmp_path, monkeypatch):
    monkeypatch.delenv("MNEMOSYNE_PG_MAX_WAL_SIZE_MB", raising=False)
    env = {
        **os.environ,
        "MNEMOSYNE_DATA_DIR": str(tmp_path),
        "PYTHONPATH": str(ROOT),
        "MNEMOSYNE_PG_SHARED_BUFFERS_MB": "128",  # initdb's own: no restart
    }
    names = ("max_wal_size", "checkpoint_timeout")
    assert _settings_in_a_process(env, *names) == ["4GB", "15min"]
    changed = {**env, "MNEMOSYNE_PG_MAX_WAL_SIZE_MB": "2048"}
    assert _settings_in_a_process(changed, *names) == ["2GB", "15min"]


def test_a_server_in_use_keeps_its_buffers_until_it_next_starts(tmp_path):
    env = {**os.environ, "MNEMOSYNE_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from mnemosyne_site import embedded; server = embedded.postgres();"
            "print(server.get_postmaster_info().pid, flush=True); input()",
        ],
        cwd=ROOT,
        env={**env, "MNEMOSYNE_PG_SHARED_BUFFERS_MB": "200"},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        postmaster = int(holder.stdout.readline())
        # Another process wanting another size does not restart a server someone is using.
        size = _shared_buffers_in_a_process({**env, "MNEMOSYNE_PG_SHARED_BUFFERS_MB": "144"})
        assert size == "200MB"
        assert psutil.pid_exists(postmaster)
        assert "shared_buffers = '144MB'" in (tmp_path / "pg" / "postgresql.auto.conf").read_text()
        # The checkpoint settings need no restart: the server in use has them at once.
        wal = {
            **env,
            "MNEMOSYNE_PG_SHARED_BUFFERS_MB": "200",
            "MNEMOSYNE_PG_MAX_WAL_SIZE_MB": "3072",
        }
        assert _settings_in_a_process(wal, "max_wal_size") == ["3GB"]
        assert psutil.pid_exists(postmaster)
    finally:
        holder.communicate("\n", timeout=120)


def test_shared_buffers_default_to_a_quarter_of_memory_within_bounds(monkeypatch):
    monkeypatch.delenv("MNEMOSYNE_PG_SHARED_BUFFERS_MB", raising=False)
    quarter = psutil.virtual_memory().total // 4 // 2**20
    assert embedded.shared_buffers_mb() == min(max(quarter, 128), 1024)
    monkeypatch.setenv("MNEMOSYNE_PG_SHARED_BUFFERS_MB", "lots")
    with pytest.raises(ValueError, match="MNEMOSYNE_PG_SHARED_BUFFERS_MB"):
        embedded.shared_buffers_mb()


def test_max_wal_size_defaults_to_4gb_and_takes_an_override(monkeypatch):
    monkeypatch.delenv("MNEMOSYNE_PG_MAX_WAL_SIZE_MB", raising=False)
    assert embedded.max_wal_size_mb() == 4096
    monkeypatch.setenv("MNEMOSYNE_PG_MAX_WAL_SIZE_MB", "512")
    assert embedded.max_wal_size_mb() == 512
    monkeypatch.setenv("MNEMOSYNE_PG_MAX_WAL_SIZE_MB", "much")
    with pytest.raises(ValueError, match="MNEMOSYNE_PG_MAX_WAL_SIZE_MB"):
        embedded.max_wal_size_mb()
