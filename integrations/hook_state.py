"""The hook's local record of a session: one JSON line per tool call, under the state folder.

PostToolUse hooks run as separate, possibly concurrent processes; each appends one short line
with O_APPEND, so lines never interleave. SessionEnd reads the record to decide the session's
outcome and which lessons to report, then deletes it. Records older than a week are swept at
SessionStart (sessions that never ended: a crash, a killed terminal).
"""

from __future__ import annotations

import json
import os
import re
import time

_STALE_SECONDS = 7 * 86400


def private_dir(path: str) -> str:
    """Create `path` (and its parents) readable by its owner only: the hook's files hold tool
    calls. (`integrations.trajectory` does the same for its spool; it stays a one-file client.)"""
    os.makedirs(path, mode=0o700, exist_ok=True)
    try:
        os.chmod(path, 0o700)  # an existing folder, or a umask that kept more
    except OSError:
        pass
    return path


def write_private(path: str, text: str) -> None:
    """Write `path` atomically (a temporary file renamed over it) with mode 0600."""
    temporary = f"{path}.{os.getpid()}.tmp"
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(temporary, path)


def _folder(config, name: str) -> str:
    # The state folder itself private too (makedirs gives the folders it adds the umask's mode).
    return private_dir(os.path.join(private_dir(config.state_dir), name))


def session_path(config, session: str) -> str:
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", session)[:120] or "unknown"
    return os.path.join(_folder(config, "sessions"), f"{safe}.jsonl")


def session_append(config, session: str, record: dict) -> None:
    try:
        line = json.dumps({**record, "t": time.time()}, default=str) + "\n"
        descriptor = os.open(
            session_path(config, session), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600
        )
        try:
            os.write(descriptor, line.encode())
        finally:
            os.close(descriptor)
    except OSError:
        pass  # a read-only home must not break the hook; the session report is best effort


def session_read(config, session: str) -> list[dict]:
    try:
        with open(session_path(config, session), encoding="utf-8") as handle:
            lines = handle.readlines()
    except OSError:
        return []
    records = []
    for line in lines:
        try:
            records.append(json.loads(line))
        except ValueError:
            continue
    return records


def session_discard(config, session: str) -> None:
    try:
        os.unlink(session_path(config, session))
    except OSError:
        pass


def sweep_stale(config) -> None:
    try:
        entries = list(os.scandir(_folder(config, "sessions")))
    except OSError:
        return
    cutoff = time.time() - _STALE_SECONDS
    for entry in entries:
        try:
            if entry.stat().st_mtime < cutoff:
                os.unlink(entry.path)
        except OSError:
            continue
