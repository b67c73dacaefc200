"""What the real-error generator needs to run real tools safely: a shell runner that keeps stdout,
stderr and their interleaving, a clean environment, throwaway project folders, and loopback
services (an HTTP server that also speaks the PyPI simple index and the npm registry protocol, a
closed port, a port that never answers, a port that hangs up, a PostgreSQL on a unix socket).

Nothing here reaches beyond 127.0.0.1: package managers are pointed at loopback indexes, and the
tools that would phone home (pip's version check, npm's update notifier and audit, Terraform's
checkpoint) are switched off in the environment.
"""

from __future__ import annotations

import base64
import hashlib
import http.server
import io
import json
import os
import random
import selectors
import shutil
import signal
import socket
import subprocess
import tarfile
import tempfile
import threading
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = REPO_ROOT / ".venv" / "bin"
WORK_ROOT = Path(tempfile.gettempdir()) / "mnemosyne-corpus"
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
RUN_TIMEOUT_S = 90.0
LOOPBACK = "127.0.0.1"


@dataclass
class Result:
    exit_code: int
    stdout: str
    stderr: str
    output: str  # stdout and stderr interleaved in arrival order, as one pipe would carry them
    duration_ms: int
    timed_out: bool = False


def run_shell(command: str, *, cwd: Path, env: dict[str, str], timeout: float) -> Result:
    """Run `bash -c command` (as an agent's shell tool does) and keep both streams apart and
    together. The whole process group is killed at the deadline."""
    started = time.monotonic()
    proc = subprocess.Popen(
        ["bash", "-c", command],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    out_fd, err_fd = proc.stdout.fileno(), proc.stderr.fileno()
    streams = {out_fd: bytearray(), err_fd: bytearray()}
    combined = bytearray()
    selector = selectors.DefaultSelector()
    for fd in streams:
        os.set_blocking(fd, False)
        selector.register(fd, selectors.EVENT_READ)
    timed_out = False
    deadline = started + timeout
    open_fds = set(streams)
    while open_fds:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            timed_out = True
            break
        for key, _ in selector.select(timeout=min(remaining, 0.5)):
            chunk = os.read(key.fd, 65536)
            if not chunk:
                selector.unregister(key.fd)
                open_fds.discard(key.fd)
                continue
            streams[key.fd] += chunk
            combined += chunk
    if timed_out:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    exit_code = proc.wait()
    selector.close()
    proc.stdout.close()
    proc.stderr.close()

    def text(data: bytes) -> str:
        return data.decode("utf-8", errors="replace")

    return Result(
        exit_code=exit_code,
        stdout=text(bytes(streams[out_fd])),
        stderr=text(bytes(streams[err_fd])),
        output=text(bytes(combined)),
        duration_ms=int((time.monotonic() - started) * 1000),
        timed_out=timed_out,
    )


def base_env(home: Path, *, with_venv: bool = True) -> dict[str, str]:
    """A clean environment, built from nothing: what a fresh shell on a developer's machine has,
    minus anything that would reach the network or read this machine's own configuration."""
    path = f"{VENV_BIN}:{SYSTEM_PATH}" if with_venv else SYSTEM_PATH
    cargo = Path("/root/.cargo/bin")
    if cargo.is_dir():
        path = f"{path}:{cargo}"
    env = {
        "PATH": path,
        "HOME": str(home),
        "USER": "root",
        "LOGNAME": "root",
        "SHELL": "/bin/bash",
        "LANG": "C.UTF-8",
        "TERM": "dumb",
        "TMPDIR": str(home / "tmp"),
        # pip: no config files from this machine, no version check against PyPI
        "PIP_CONFIG_FILE": os.devnull,
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "PIP_NO_INPUT": "1",
        # npm: nothing leaves loopback, even by accident
        "npm_config_registry": f"http://{LOOPBACK}:9/",
        "npm_config_update_notifier": "false",
        "npm_config_audit": "false",
        "npm_config_fund": "false",
        # Terraform's checkpoint call home
        "CHECKPOINT_DISABLE": "1",
        # rustup and cargo live under /root, not under the throwaway HOME; cargo stays offline
        "RUSTUP_HOME": "/root/.rustup",
        "CARGO_HOME": "/root/.cargo",
        "CARGO_NET_OFFLINE": "true",
        "RUSTUP_AUTO_INSTALL": "0",
        # git: no system or global configuration, an author unless a kind removes it
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Dev",
        "GIT_AUTHOR_EMAIL": "dev@example.com",
        "GIT_COMMITTER_NAME": "Dev",
        "GIT_COMMITTER_EMAIL": "dev@example.com",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    return env


def template_venv() -> Path:
    """A virtualenv with pip, made once per generator run and copied into projects. A copy is a
    working virtualenv when used as `.venv/bin/python -m pip` (its python finds its own
    pyvenv.cfg); the console scripts' shebangs would still name the template."""
    target = WORK_ROOT / "venv-template"
    if not (target / "bin" / "python").exists():
        subprocess.run(
            [str(VENV_BIN / "python"), "-m", "venv", str(target)],
            check=True,
            env={"PATH": SYSTEM_PATH, "HOME": str(WORK_ROOT), "PIP_CONFIG_FILE": os.devnull},
            timeout=300,
        )
    return target


# ---------------------------------------------------------------------------------------------
# Loopback services


def port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.2)
        return probe.connect_ex((LOOPBACK, port)) != 0 and _bindable(port)


def _bindable(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((LOOPBACK, port))
        except OSError:
            return False
    return True


def seeded_port(rng: random.Random, low: int = 20000, high: int = 32000) -> int:
    """A port chosen by the seeded generator (so runs repeat), skipping any in use here.
    Below Linux's ephemeral range, so no outgoing connection takes it meanwhile."""
    for _ in range(200):
        port = rng.randint(low, high)
        if port_is_free(port):
            return port
    raise RuntimeError("no free loopback port found")


def make_wheel(name: str, version: str, requires: list[str] | tuple[str, ...] = ()) -> bytes:
    """A minimal pure-Python wheel: enough for pip's resolver to read its metadata."""
    dist = name.replace("-", "_")
    info = f"{dist}-{version}.dist-info"
    files = {
        f"{dist}/__init__.py": f'__version__ = "{version}"\n',
        f"{info}/METADATA": "Metadata-Version: 2.1\n"
        f"Name: {name}\nVersion: {version}\n" + "".join(f"Requires-Dist: {r}\n" for r in requires),
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: mnemosyne-corpus\n"
        "Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, content in files.items():
            data = content.encode()
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            record.append(f"{path},sha256={digest.decode()},{len(data)}")
            archive.writestr(zipfile.ZipInfo(path, (2024, 1, 1, 0, 0, 0)), data)
        record.append(f"{info}/RECORD,,")
        archive.writestr(
            zipfile.ZipInfo(f"{info}/RECORD", (2024, 1, 1, 0, 0, 0)), "\n".join(record)
        )
    return buffer.getvalue()


def make_npm_tarball(name: str, version: str) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        data = json.dumps({"name": name, "version": version}).encode()
        info = tarfile.TarInfo("package/package.json")
        info.size = len(data)
        info.mtime = 1704067200
        archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


@dataclass
class Registry:
    """Packages the loopback server offers: wheels for pip, packuments for npm."""

    wheels: dict[str, dict[str, bytes]] = field(default_factory=dict)  # name -> filename -> data
    npm: dict[str, dict[str, dict]] = field(default_factory=dict)  # name -> version -> manifest
    npm_tarballs: dict[str, bytes] = field(default_factory=dict)

    def add_wheel(self, name: str, version: str, requires: tuple[str, ...] = ()) -> None:
        filename = f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
        self.wheels.setdefault(name, {})[filename] = make_wheel(name, version, requires)

    def add_npm(self, name: str, version: str, **fields) -> None:
        self.npm.setdefault(name, {})[version] = dict(fields)
        self.npm_tarballs[f"{name}-{version}.tgz"] = make_npm_tarball(name, version)


class _Handler(http.server.SimpleHTTPRequestHandler):
    server: _LoopbackServer

    def log_message(self, format, *args):  # noqa: A002 - the base class's signature
        pass

    def _send(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_GET(self):  # noqa: N802 - http.server's naming
        path = self.path.split("?", 1)[0]
        registry = self.server.registry
        if path.startswith("/status/"):
            code = int(path.split("/")[2])
            self.send_error(code)
            return
        if path.startswith("/simple/"):
            name = path[len("/simple/") :].strip("/").lower()
            files = registry.wheels.get(name)
            if files is None:
                self.send_error(404)
                return
            links = "".join(
                f'<a href="/files/{fn}#sha256={hashlib.sha256(data).hexdigest()}">{fn}</a><br>\n'
                for fn, data in sorted(files.items())
            )
            body = f"<!DOCTYPE html><html><body>\n{links}</body></html>\n".encode()
            self._send(200, body, "text/html")
            return
        if path.startswith("/files/"):
            filename = path[len("/files/") :]
            for files in registry.wheels.values():
                if filename in files:
                    self._send(200, files[filename], "application/octet-stream")
                    return
            self.send_error(404)
            return
        if path.startswith("/npm/"):
            self._npm(path[len("/npm/") :])
            return
        super().do_GET()

    def _npm(self, rest: str) -> None:
        registry = self.server.registry
        base = f"http://{LOOPBACK}:{self.server.server_address[1]}/npm"
        if rest.startswith("-/"):
            data = registry.npm_tarballs.get(rest[2:])
            if data is None:
                self._send(404, b'{"error":"Not found"}', "application/json")
            else:
                self._send(200, data, "application/octet-stream")
            return
        name = rest.replace("%2f", "/").replace("%2F", "/")
        versions = registry.npm.get(name)
        if versions is None:
            self._send(404, b'{"error":"Not found"}', "application/json")
            return
        manifests = {}
        for version, fields in versions.items():
            tarball = registry.npm_tarballs[f"{name}-{version}.tgz"]
            manifests[version] = {
                "name": name,
                "version": version,
                **fields,
                "dist": {
                    "tarball": f"{base}/-/{name}-{version}.tgz",
                    "shasum": hashlib.sha1(tarball).hexdigest(),  # noqa: S324 - npm's format
                    "integrity": "sha512-"
                    + base64.b64encode(hashlib.sha512(tarball).digest()).decode(),
                },
            }
        latest = sorted(versions, key=lambda v: [int(x) for x in v.split(".")])[-1]
        packument = {"name": name, "dist-tags": {"latest": latest}, "versions": manifests}
        self._send(200, json.dumps(packument).encode(), "application/json")


class _LoopbackServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    registry: Registry


class LoopbackHTTP:
    """An HTTP server on 127.0.0.1 serving a folder (404 for what is not there), `/status/N`
    (that status), a PEP 503 index under `/simple/` and an npm registry under `/npm/`."""

    def __init__(self, port: int, root: Path, registry: Registry | None = None):
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        handler = _handler_for(root)
        self.server = _LoopbackServer((LOOPBACK, port), handler)
        self.server.registry = registry or Registry()
        self.port = port
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def registry(self) -> Registry:
        return self.server.registry

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _handler_for(root: Path):
    class Handler(_Handler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(root), **kwargs)

    return Handler


class RawListener:
    """A loopback port that accepts connections and then either never answers (`hang`) or
    closes them at once without a byte (`close`)."""

    def __init__(self, port: int, mode: str):
        self.port = port
        self.mode = mode
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((LOOPBACK, port))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.held: list[socket.socket] = []
        self.running = True
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while self.running:
            try:
                conn, _ = self.sock.accept()
            except (TimeoutError, OSError):
                continue
            if self.mode == "close":
                # Read the request first: closing with unread data would send a reset
                # ("Connection reset by peer") instead of the empty reply this mode stands for.
                conn.settimeout(1.0)
                try:
                    conn.recv(65536)
                except OSError:
                    pass
                conn.close()
            else:
                self.held.append(conn)

    def close(self) -> None:
        self.running = False
        self.thread.join(2)
        for conn in self.held:
            conn.close()
        self.sock.close()


class Postgres:
    """A throwaway PostgreSQL (pgserver's bundled build) on a unix socket in its own folder."""

    def __init__(self, folder: Path):
        import pgserver  # the project's own dependency; imported only when a kind needs it

        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        self.server = pgserver.get_server(folder, cleanup_mode="stop")
        self.socket_dir = str(self.server.get_postmaster_info().socket_dir)

    def sql(self, statement: str, database: str = "postgres") -> str:
        """Run setup SQL through psql; setup must succeed."""
        done = subprocess.run(
            ["psql", "-X", "-v", "ON_ERROR_STOP=1", "-h", self.socket_dir, "-U", "postgres"]
            + ["-d", database, "-c", statement],
            capture_output=True,
            text=True,
            timeout=60,
            env={"PATH": SYSTEM_PATH, "LANG": "C.UTF-8"},
        )
        if done.returncode != 0:
            raise RuntimeError(f"setup SQL failed: {statement}\n{done.stderr}")
        return done.stdout

    def close(self) -> None:
        self.server.cleanup()
