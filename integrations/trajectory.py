"""Trajectory capture client: record an agent's tool calls without slowing the agent down.

Standard library only (no Django), so an agent can vendor this one file::

    from integrations.trajectory import TrajectoryRecorder

    recorder = TrajectoryRecorder("http://localhost:8025", token="mnem_…", session="sess-42",
                                  project="payments-api")
    with recorder.tool("Bash", {"command": "make test"}) as call:
        call.result = run("make test")          # an exception is recorded as the error
    recorder.record("Read", arguments={"path": "app.py"}, return_value="…", duration_ms=3.2)
    recorder.end_session("success")             # flushes, then tells the server the outcome
    recorder.close()

How it behaves (the note-taking spec's "trajectory capture latency control"):

- `record()` only appends to an in-memory buffer (p99 well under a millisecond); JSON encoding and
  HTTP happen on a background flusher thread.
- The flusher sends a batch when `batch_size` events (default 10) are waiting or every
  `flush_interval` seconds (default 5).
- A batch that cannot be delivered (server down, timeout, 5xx, 429, 401/403) is written to the
  spool directory (one file per batch, written atomically) and sent again, oldest first, with
  exponential backoff, once the server answers. The server stores each event once (idempotent by
  `event_id`), so a batch resent after a lost reply is harmless. Spooled batches survive a
  restart: a new recorder on the same spool directory sends them.
- A batch the server refuses as invalid (400) cannot succeed by retrying; it is moved to
  `<spool>/rejected/` and logged, never dropped silently. A 413 is split in halves.
- Past `sample_threshold` tool executions a minute (default 100) it keeps only `sample_rate`
  (default 10%) of the successful calls and logs that sampling is active (and when it stops);
  every failed call is always kept.

Settings, as constructor arguments or through `TrajectoryRecorder.from_env()`:
`MNEMOSYNE_URL`, `MNEMOSYNE_TOKEN`, `MNEMOSYNE_SCOPE`, `MNEMOSYNE_TRAJECTORY_BATCH_SIZE`,
`MNEMOSYNE_TRAJECTORY_FLUSH_SECONDS`, `MNEMOSYNE_TRAJECTORY_SPOOL_DIR`,
`MNEMOSYNE_TRAJECTORY_SAMPLE_THRESHOLD` (per minute), `MNEMOSYNE_TRAJECTORY_SAMPLE_RATE`.
"""

from __future__ import annotations

import json
import logging
import os
import random
import threading
import time
import uuid
from collections import deque
from contextlib import contextmanager
from pathlib import Path
from typing import Any

logger = logging.getLogger("mnemosyne.trajectory")

EVENTS_PATH = "/api/v1/trajectories/events"
END_PATH = "/api/v1/trajectories/end"
RETRYABLE_STATUSES = {401, 403, 408, 409, 425, 429, 500, 502, 503, 504}
_MAX_FIELD_CHARS = 32_000  # the server refuses fields over 64 KiB; stay well inside


def default_spool_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mnemosyne" / "trajectory-spool"


def private_dir(path: Path) -> Path:
    """Create `path` (and its parents) readable by its owner only: spooled events hold tool
    inputs and outputs."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        os.chmod(path, 0o700)  # an existing folder, or a umask that kept more
    except OSError:
        pass  # not ours to change: the files inside are still 0600
    return path


def write_private(path: Path, text: str) -> None:
    """Write `path` atomically (a temporary file renamed over it) with mode 0600."""
    temporary = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(temporary, path)  # atomic: a reader never sees half a file


class RecorderStats:
    # A plain class, not a dataclass: importing `dataclasses` (with `inspect`) cost the
    # PostToolUseFailure hook, which records one event, more than recording it.
    def __init__(self) -> None:
        self.recorded = 0  # calls to record() (tool executions seen)
        self.captured = 0  # events kept (after sampling)
        self.sampled_out = 0
        self.sent = 0  # events the server acknowledged
        self.spooled = 0  # events written to the spool (a resend counts again)
        self.rejected = 0  # events in batches the server refused as invalid
        self.batch_sizes: list[int] = []  # the last 100 batches sent


class _Delivery(Exception):
    """A batch could not be delivered now; `retryable` says whether resending can help."""

    def __init__(self, message: str, *, retryable: bool, status: int | None = None):
        super().__init__(message)
        self.retryable = retryable
        self.status = status


class ToolCall:
    """What `recorder.tool(...)` yields: set `.result` to record the return value."""

    def __init__(self, event_id: str):
        self.event_id = event_id
        self.result: Any = None


class TrajectoryRecorder:
    def __init__(
        self,
        base_url: str,
        *,
        token: str | None = None,
        session: str | None = None,
        user: str = "",
        project: str = "",
        scope: str = "",
        batch_size: int = 10,
        flush_interval: float = 5.0,
        spool_dir: str | os.PathLike | None = None,
        sample_threshold: int = 100,
        sample_rate: float = 0.1,
        timeout: float = 5.0,
        max_batch: int = 500,
        max_backoff: float = 60.0,
        rng: random.Random | None = None,
        start: bool = True,
    ) -> None:
        if batch_size < 1 or max_batch < batch_size:
            raise ValueError("need 1 <= batch_size <= max_batch")
        if not 0.0 <= sample_rate <= 1.0:
            raise ValueError("sample_rate must lie in [0, 1]")
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.session = session or str(uuid.uuid4())
        self.user = user
        self.project = project
        self.scope = scope
        self.batch_size = batch_size
        self.flush_interval = flush_interval
        self.spool_dir = Path(spool_dir) if spool_dir else default_spool_dir()
        private_dir(self.spool_dir)
        self.sample_threshold = sample_threshold
        self.sample_rate = sample_rate
        self.timeout = timeout
        self.max_batch = max_batch
        self.max_backoff = max_backoff
        self.stats = RecorderStats()

        self._rng = rng or random.Random()
        self._lock = threading.Lock()  # guards the buffer, the rate window and the counters
        self._buffer: deque[dict] = deque()
        self._recent: deque[float] = deque()  # monotonic times of executions in the last minute
        self._sampling = False
        self._seq = 0
        self._send_lock = threading.Lock()  # one delivery cycle at a time
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._backoff = 0.0
        self._retry_at = 0.0
        self._thread: threading.Thread | None = None
        if start:
            self.start()

    @classmethod
    def from_env(cls, **overrides: Any) -> TrajectoryRecorder:
        env = os.environ.get
        options: dict[str, Any] = {
            "token": env("MNEMOSYNE_TOKEN") or None,
            "scope": env("MNEMOSYNE_SCOPE", ""),
            "batch_size": int(env("MNEMOSYNE_TRAJECTORY_BATCH_SIZE", "10")),
            "flush_interval": float(env("MNEMOSYNE_TRAJECTORY_FLUSH_SECONDS", "5")),
            "spool_dir": env("MNEMOSYNE_TRAJECTORY_SPOOL_DIR") or None,
            "sample_threshold": int(env("MNEMOSYNE_TRAJECTORY_SAMPLE_THRESHOLD", "100")),
            "sample_rate": float(env("MNEMOSYNE_TRAJECTORY_SAMPLE_RATE", "0.1")),
        }
        options.update(overrides)
        return cls(env("MNEMOSYNE_URL", "http://localhost:8025"), **options)

    # --- recording (the agent's thread) -------------------------------------------------------

    @property
    def sampling_active(self) -> bool:
        return self._sampling

    def record(
        self,
        tool_name: str,
        *,
        arguments: Any = None,
        return_value: Any = None,
        error: str | BaseException | None = None,
        started_at: float | None = None,
        duration_ms: float = 0.0,
        parent_event_id: str | None = None,
        context: dict | None = None,
        event_id: str | None = None,
        session: str | None = None,
    ) -> str | None:
        """Buffer one tool call; returns its event id, or None when sampling left it out.

        The values are kept by reference and encoded on the flusher thread: do not mutate them
        after recording.
        """
        now = time.monotonic()
        failed = error is not None and error != ""
        with self._lock:
            self.stats.recorded += 1
            recent = self._recent
            recent.append(now)
            while recent and recent[0] < now - 60.0:
                recent.popleft()
            over = len(recent) > self.sample_threshold
            if over != self._sampling:
                self._sampling = over
                if over:
                    logger.warning(
                        "trajectory sampling active: %d tool executions in the last minute "
                        "(threshold %d); keeping %.0f%% of successful calls and every failure",
                        len(recent),
                        self.sample_threshold,
                        self.sample_rate * 100,
                    )
                else:
                    logger.info(
                        "trajectory sampling inactive: execution rate back under %d/min",
                        self.sample_threshold,
                    )
            if over and not failed and self._rng.random() >= self.sample_rate:
                self.stats.sampled_out += 1
                return None
            self._seq += 1
            event_id = event_id or str(uuid.uuid4())
            self._buffer.append(
                {
                    "event_id": event_id,
                    "session": session or self.session,
                    "tool_name": tool_name,
                    "arguments": arguments,
                    "return_value": return_value,
                    "error": error,
                    "started_at": started_at if started_at is not None else time.time(),
                    "duration_ms": duration_ms,
                    "parent_event_id": parent_event_id,
                    "context": context,
                    "seq": self._seq,
                }
            )
            self.stats.captured += 1
            full = len(self._buffer) >= self.batch_size
        if full:
            self._wake.set()
        return event_id

    @contextmanager
    def tool(
        self,
        tool_name: str,
        arguments: Any = None,
        *,
        parent_event_id: str | None = None,
        context: dict | None = None,
    ):
        """Time a tool call and record it; an exception is recorded as its error and re-raised."""
        call = ToolCall(str(uuid.uuid4()))
        started_at, t0 = time.time(), time.perf_counter()
        try:
            yield call
        except BaseException as exc:
            self.record(
                tool_name,
                arguments=arguments,
                error=exc,
                started_at=started_at,
                duration_ms=(time.perf_counter() - t0) * 1000,
                event_id=call.event_id,
                parent_event_id=parent_event_id,
                context=context,
            )
            raise
        self.record(
            tool_name,
            arguments=arguments,
            return_value=call.result,
            started_at=started_at,
            duration_ms=(time.perf_counter() - t0) * 1000,
            event_id=call.event_id,
            parent_event_id=parent_event_id,
            context=context,
        )

    # --- lifecycle ----------------------------------------------------------------------------

    def start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._stopping.clear()
            self._thread = threading.Thread(
                target=self._run, name="mnemosyne-trajectory-flusher", daemon=True
            )
            self._thread.start()

    def flush(self, timeout: float | None = None) -> bool:
        """Try to deliver everything now (buffer and spool); True when nothing is left over."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            self._retry_at = 0.0  # an explicit flush does not wait out the backoff
            self._cycle()
            if self.pending() == 0:
                return True
            if deadline is not None and time.monotonic() >= deadline:
                return False
            time.sleep(min(0.2, self.flush_interval))

    def pending(self) -> int:
        """Events not yet acknowledged: buffered plus spooled batches (counted as files)."""
        with self._lock:
            buffered = len(self._buffer)
        return buffered + len(self._spooled_files())

    def spool_buffered(self) -> Path | None:
        """Write what is buffered to the spool now, as one batch; its file, or None when the
        buffer was empty. A short-lived process (a hook) spools its own events first, so a
        timeout or a crash after this loses nothing, then sends them with `send_spooled`."""
        with self._lock:
            events = list(self._buffer)
            self._buffer.clear()
        if not events:
            return None
        return self._spool(EVENTS_PATH, self._batch_body(events))

    def send_spooled(self, file: Path) -> bool:
        """Try once to deliver one spooled file (none of the others); True when it was stored
        and removed. Undeliverable now: it stays for a later drain. Refused: set aside."""
        try:
            entry = json.loads(file.read_text())
        except (OSError, ValueError):
            return False
        path, body = entry.get("path", EVENTS_PATH), entry.get("body", {})
        try:
            self._post(path, body)
        except _Delivery as exc:
            if not exc.retryable:
                file.unlink(missing_ok=True)
                self._reject(path, body, exc)
            return False
        file.unlink(missing_ok=True)
        if path == EVENTS_PATH:
            self._note_success(len(body.get("events", [])))
        return True

    def backlog(self) -> int:
        """Spooled files waiting for delivery."""
        return len(self._spooled_files())

    def end_session(self, outcome: str, *, timeout: float = 10.0) -> dict | None:
        """Flush, then report the session's outcome ("success" or "failure"). The end request
        is spooled like a batch when the server cannot be reached, so it is sent later, after
        the session's events."""
        self.flush(timeout=timeout)
        body = {"session": self.session, "outcome": outcome}
        if self.scope:
            body["scope"] = self.scope
        if self._spooled_files():
            self._spool(END_PATH, body)
            return None
        try:
            return self._post(END_PATH, body)
        except _Delivery as exc:
            if exc.retryable:
                self._spool(END_PATH, body)
            else:
                logger.error("the server refused the session end: %s", exc)
            return None

    def close(self, timeout: float = 10.0) -> None:
        """Stop the flusher after a last delivery attempt; what cannot be sent is spooled."""
        self._stopping.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
        self._cycle(final=True)

    def __enter__(self) -> TrajectoryRecorder:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    # --- delivery (the flusher thread) --------------------------------------------------------

    def _run(self) -> None:
        while not self._stopping.is_set():
            self._wake.wait(self.flush_interval)
            self._wake.clear()
            try:
                self._cycle()
            except Exception:  # the flusher must outlive any one bad cycle
                logger.exception("trajectory flush cycle failed")

    def _cycle(self, *, final: bool = False) -> None:
        with self._send_lock:
            self._drain_spool(final=final)
            while True:
                with self._lock:
                    if not self._buffer:
                        return
                    count = min(len(self._buffer), self.max_batch)
                    events = [self._buffer.popleft() for _ in range(count)]
                body = self._batch_body(events)
                if self._spooled_files() or time.monotonic() < self._retry_at:
                    # The server is known to be away: queue behind the older batches.
                    self._spool(EVENTS_PATH, body)
                    continue
                self._deliver(body)

    def _batch_body(self, events: list[dict]) -> dict:
        body: dict[str, Any] = {"events": [self._encodable(e) for e in events]}
        if self.user:
            body["user"] = self.user
        if self.project:
            body["project"] = self.project
        if self.scope:
            body["scope"] = self.scope
        return body

    @staticmethod
    def _encodable(event: dict) -> dict:
        out = dict(event)
        error = out["error"]
        if isinstance(error, BaseException):
            out["error"] = f"{type(error).__name__}: {error}"[:_MAX_FIELD_CHARS]
        elif error is not None:
            out["error"] = str(error)[:_MAX_FIELD_CHARS]
        for name in ("arguments", "return_value", "context"):
            value = out[name]
            if value is None:
                continue
            try:
                text = json.dumps(value, default=str)
            except (TypeError, ValueError):
                text = json.dumps(str(value))
            if len(text) > _MAX_FIELD_CHARS:
                out[name] = {
                    "truncated": True,
                    "chars": len(text),
                    "head": text[: _MAX_FIELD_CHARS // 2],
                }
            else:
                out[name] = json.loads(text)  # plain JSON now: encoding cannot fail later
        if out["context"] is not None and not isinstance(out["context"], dict):
            out["context"] = {"value": out["context"]}
        return out

    def _deliver(self, body: dict) -> None:
        events = body["events"]
        try:
            self._post(EVENTS_PATH, body)
        except _Delivery as exc:
            if exc.status == 413 and len(events) > 1:
                half = len(events) // 2
                for part in (events[:half], events[half:]):
                    self._deliver({**body, "events": part})
                return
            if exc.retryable:
                self._note_failure(exc)
                self._spool(EVENTS_PATH, body)
            else:
                self._reject(EVENTS_PATH, body, exc)
            return
        self._note_success(len(events))

    def _post(self, path: str, body: dict) -> dict:
        # Loaded when a batch is sent, not on import: a hook that only spools its event (its
        # agent waiting for the answer) does not pay for the HTTP stack.
        import urllib.error
        import urllib.request

        data = json.dumps(body, default=str).encode()
        request = urllib.request.Request(
            self.base_url + path,
            data=data,
            method="POST",
            headers={"Content-Type": "application/json", "Accept": "application/json"},
        )
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as exc:
            detail = exc.read()[:500].decode(errors="replace")
            raise _Delivery(
                f"HTTP {exc.code}: {detail}",
                status=exc.code,
                retryable=exc.code in RETRYABLE_STATUSES,
            ) from None
        except (urllib.error.URLError, OSError, TimeoutError) as exc:
            raise _Delivery(f"unreachable: {exc}", retryable=True) from None
        try:
            return json.loads(raw) if raw else {}
        except ValueError:
            return {}

    def _note_success(self, count: int) -> None:
        with self._lock:
            self.stats.sent += count
            self.stats.batch_sizes = [*self.stats.batch_sizes[-99:], count]
        self._backoff = 0.0
        self._retry_at = 0.0

    def _note_failure(self, exc: _Delivery) -> None:
        self._backoff = min(self.max_backoff, max(0.5, self._backoff * 2))
        self._retry_at = time.monotonic() + self._backoff
        logger.warning(
            "trajectory batch not delivered (%s); spooled, retry in %.1f s", exc, self._backoff
        )

    # --- the spool ------------------------------------------------------------------------------

    def _spooled_files(self) -> list[Path]:
        return sorted(self.spool_dir.glob("*.json"))

    def _spool(self, path: str, body: dict) -> Path:
        name = f"{time.time_ns():020d}-{uuid.uuid4().hex[:8]}.json"
        write_private(self.spool_dir / name, json.dumps({"path": path, "body": body}, default=str))
        if path == EVENTS_PATH:
            with self._lock:
                self.stats.spooled += len(body.get("events", []))
        return self.spool_dir / name

    def _reject(self, path: str, body: dict, exc: _Delivery) -> None:
        rejected = private_dir(self.spool_dir / "rejected")
        name = f"{time.time_ns():020d}-{uuid.uuid4().hex[:8]}.json"
        write_private(
            rejected / name,
            json.dumps({"path": path, "body": body, "error": str(exc)}, default=str),
        )
        with self._lock:
            self.stats.rejected += len(body.get("events", []))
        logger.error("the server refused a trajectory batch (%s); kept in %s", exc, rejected / name)

    def _drain_spool(self, *, final: bool = False) -> None:
        if not final and time.monotonic() < self._retry_at:
            return
        for file in self._spooled_files():
            try:
                entry = json.loads(file.read_text())
            except (OSError, ValueError):
                continue  # being written by another recorder, or not ours
            path, body = entry.get("path", EVENTS_PATH), entry.get("body", {})
            try:
                self._post(path, body)
            except _Delivery as exc:
                if exc.status == 413 and path == EVENTS_PATH and len(body.get("events", [])) > 1:
                    file.unlink(missing_ok=True)
                    self._deliver(body)
                    continue
                if not exc.retryable:
                    file.unlink(missing_ok=True)
                    self._reject(path, body, exc)
                    continue
                self._note_failure(exc)
                return  # still away: keep the order, try again later
            file.unlink(missing_ok=True)
            if path == EVENTS_PATH:
                self._note_success(len(body.get("events", [])))
