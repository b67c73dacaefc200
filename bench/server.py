"""Start Mnemosyne for a benchmark exactly as `make run` does, on its own database and port.

`make run` is `manage.py serve`: migrate, collect static files, export the embedding model, seed
the demo (unless `--no-demo`), declare the beat schedule, then gunicorn, a Celery worker and
Celery beat in the foreground. This harness runs that same command with its own
`MNEMOSYNE_DB_NAME` and `MNEMOSYNE_PORT` on 127.0.0.1, waits for `/healthz`, and on exit stops the
whole process group (web, worker, beat) and waits for it.

    from bench.server import MnemosyneServer

    with MnemosyneServer(db_name="mn_bench_eval", fresh=True) as server:
        httpx.get(f"{server.url}/healthz")
        server.manage("createagent", "bench", "--scope", "bench/eval")

    python bench/server.py [--db NAME] [--port N] [--fresh] [--no-demo]   # serve until Ctrl-C

The embedded PostgreSQL and Redis under `.mnemosyne/` are shared with the worktree's other
processes (as under `make run`); the database is the harness's own. `fresh=True` drops it first.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

REPO_ROOT = Path(__file__).resolve().parents[1]
PYTHON = REPO_ROOT / ".venv" / "bin" / "python"
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class ServerFailed(RuntimeError):
    pass


class MnemosyneServer:
    def __init__(
        self,
        *,
        db_name: str = "mn_bench_server",
        port: int | None = None,
        fresh: bool = False,
        demo: bool = True,
        env: dict[str, str] | None = None,
        start_timeout: float = 300.0,
        log_path: Path | None = None,
    ):
        if not db_name.replace("_", "").isalnum():
            raise ValueError("db_name: letters, digits and underscores only")
        self.db_name = db_name
        self.port = port or free_port()
        self.fresh = fresh
        self.demo = demo
        self.start_timeout = start_timeout
        self.log_path = log_path or Path(tempfile.gettempdir()) / f"mnemosyne-{db_name}.log"
        self.env = {
            **os.environ,
            "MNEMOSYNE_DB_NAME": db_name,
            "MNEMOSYNE_PORT": str(self.port),
            "MNEMOSYNE_HOST": HOST,
            **(env or {}),
        }
        self.process: subprocess.Popen | None = None
        self._log = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def manage(self, *args: str, timeout: float = 300.0) -> str:
        """Run a management command against this server's database; returns its stdout."""
        done = subprocess.run(
            [str(PYTHON), "manage.py", *args],
            cwd=REPO_ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if done.returncode != 0:
            raise ServerFailed(f"manage.py {' '.join(args)} failed:\n{done.stderr[-3000:]}")
        return done.stdout

    def _drop_database(self) -> None:
        if self.env.get("DATABASE_URL"):
            raise ServerFailed("fresh=True drops only databases of the embedded PostgreSQL")
        # Attaching from another database keeps ours free of connections while it is dropped.
        code = (
            "from mnemosyne_site import embedded\n"
            f"embedded.postgres().psql('DROP DATABASE IF EXISTS {self.db_name} WITH (FORCE);')\n"
        )
        env = {**self.env, "MNEMOSYNE_DB_NAME": "postgres"}
        subprocess.run([str(PYTHON), "-c", code], cwd=REPO_ROOT, env=env, check=True, timeout=120)

    def start(self) -> MnemosyneServer:
        if self.fresh:
            self._drop_database()
        if not _port_free(self.port):
            raise ServerFailed(f"port {self.port} on {HOST} is already in use")
        self._log = open(self.log_path, "w")  # noqa: SIM115 - closed in stop()
        command = [str(PYTHON), "manage.py", "serve"] + ([] if self.demo else ["--no-demo"])
        self.process = subprocess.Popen(
            command,
            cwd=REPO_ROOT,
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: web, worker and beat stop with it
        )
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.stop()
                raise ServerFailed(f"serve exited with {self.process.returncode}; {self._tail()}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        self.stop()
        raise ServerFailed(f"/healthz did not answer 200 within {self.start_timeout:.0f}s")

    def _tail(self) -> str:
        try:
            return "log: " + self.log_path.read_text()[-3000:]
        except OSError:
            return ""

    def stop(self, timeout: float = 40.0) -> None:
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)  # serve stops its children, then itself
            try:
                process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                pass
        if process is not None:
            _kill_group(process.pid)
            process.wait(timeout=10)
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self) -> MnemosyneServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def _port_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind((HOST, port))
        except OSError:
            return False
    return True


def _kill_group(pgid: int) -> None:
    """Whatever of the group is still alive (a worker child that outlived its parent) goes."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(pgid, sig)
        except ProcessLookupError:
            return
        time.sleep(1.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="mn_bench_server")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--fresh", action="store_true", help="drop the database first")
    parser.add_argument("--no-demo", action="store_true")
    args = parser.parse_args(argv)
    server = MnemosyneServer(
        db_name=args.db, port=args.port or None, fresh=args.fresh, demo=not args.no_demo
    )
    with server:
        print(f"Mnemosyne ({args.db}) at {server.url}; log {server.log_path}; Ctrl-C stops it")
        try:
            while server.process is not None and server.process.poll() is None:
                time.sleep(1)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
