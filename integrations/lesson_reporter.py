"""MNEMOSYNE lesson reporter: the spec's `LessonReporter`, async and sync, for any Python agent.

Usage (the spec's)::

    from integrations.lesson_reporter import LessonReporter, SyncLessonReporter

    reporter = LessonReporter("CHRONOS")
    await reporter.failure(
        title="PostgreSQL permission denied on /var/lib/postgresql/data",
        context="Running backup after container restart",
        action_taken="Attempted to run pg_dump",
        outcome="Permission denied error",
        root_cause="Container UID mismatch after postgres upgrade",
        solution="Run: docker exec <container> chown -R postgres:postgres /var/lib/postgresql/data",
        tags=["docker", "postgres", "permissions"],
    )
    result = await reporter.check_before_action(
        "docker exec -it container rm -rf /data", context="Cleaning up old data"
    )
    if result.blocked:                  # or result["blocked"]: answers are dicts with attributes
        print(f"BLOCKED: {result.warnings}")
        print(f"Try instead: {result.alternatives}")

    SyncLessonReporter("CHRONOS").failure(...)   # the same methods, without await

Configuration, from the environment as in the spec: `MNEMOSYNE_URL` (default
`http://localhost:8025`), `LEARNING_ENABLED` (default true) and, new here, `MNEMOSYNE_TOKEN`, sent
as `Authorization: Bearer …` when set. Every call has a timeout (10 s for reports, 5 s for the
check and the query, as in the spec).

Fail-open, as the spec shows: a check that fails returns
`{"blocked": False, "warnings": ["Check failed - proceed with caution"]}`; a failed query returns
`[]`. A reporter never raises into the agent. This module imports no Django code; it needs only
`httpx`.

Nothing reported is lost while the server is away. A report that could not be delivered (no
connection, a timeout, 408, 425, 429, 5xx, or 409 with `Retry-After`) is kept in a local spool and
answered `{"status": "spooled", "idempotency_key": …}`; the spool is sent again, oldest first,
after the next report that gets through (also from a new reporter on the same spool, so after a
restart), or when `resend_spooled()` is called. Every report carries an `Idempotency-Key` that its
resends keep, so the server stores it once even when a reply was lost. The spool is one JSON file
per report (the report, its key and path; never the token), 0600 in 0700 directories: one queue per
server and token (so a report is only ever resent as its sender) under `MNEMOSYNE_LESSON_SPOOL_DIR`
(default `~/.cache/mnemosyne/lesson-spool`), each bounded to `spool_max_files` files and
`spool_max_bytes` bytes: past that a report is answered
`{"status": "error", "spooled": False}` and logged, never dropped silently. A resend the server
refuses (400, 403, …) or that failed with 500 `MAX_RESEND_ATTEMPTS` times is moved to `rejected/`
beside it, and logged. Checks and queries never touch the spool, so they stay fast.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

logger = logging.getLogger("mnemosyne.lesson_reporter")

DEFAULT_URL = "http://localhost:8025"
REPORT_TIMEOUT = 10.0
CHECK_TIMEOUT = 5.0
CHECK_FAILED_WARNING = "Check failed - proceed with caution"
REPORT_PATH = "/lessons/report"
# Worth sending again: the server is away, overloaded, or failed for now.
RETRY_STATUSES = {408, 425, 429, 500, 502, 503, 504}
SPOOL_MAX_FILES = 1000
SPOOL_MAX_BYTES = 20 * 1024 * 1024
MAX_RESEND_ATTEMPTS = 10  # a report answered 500 this often is set aside, not retried forever
RESEND_BATCH = 50  # at most this many spooled reports per call, within the report timeout

# The spec's agent → domain map.
DOMAIN_MAP = {
    "CHRONOS": "infrastructure",
    "HADES": "infrastructure",
    "AEGIS": "security",
    "HERMES": "notifications",
    "ARGUS": "monitoring",
    "PANOPTES": "security",
    "ASCLEPIUS": "health",
    "SCHOLAR": "research",
    "CHIRON": "business",
    "CONSUL": "project_management",
    "DAEDALUS": "infrastructure",
    "MUSE": "creative",
    "QUILL": "creative",
    "STAGE": "creative",
    "REEL": "creative",
    "CRITIC": "creative",
    "VARYS": "oversight",
    "ARIA": "assistant",
    "CLAUDE_CODE": "development",
}


class Answer(dict):
    """A JSON object answer that also reads as attributes (`result.blocked`), as the spec's
    docstring uses it; a missing key reads as None."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return self.get(name)


def _answer(value: Any) -> Any:
    if isinstance(value, dict):
        return Answer({k: _answer(v) for k, v in value.items()})
    if isinstance(value, list):
        return [_answer(v) for v in value]
    return value


def default_spool_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mnemosyne" / "lesson-spool"


class Spool:
    """Reports waiting to be sent again: one JSON file each, oldest first by name."""

    def __init__(self, directory: Path, *, max_files: int, max_bytes: int) -> None:
        self.directory = directory
        self.rejected = directory / "rejected"
        self.max_files = max_files
        self.max_bytes = max_bytes

    def _private_dir(self, directory: Path) -> bool:
        """Create it 0700; refuse a directory someone else owns or can read."""
        if directory == self.directory:
            if not self._private_dir(directory.parent):  # the spool's base, shared by senders
                return False
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = directory.stat()
        if info.st_uid == os.getuid() and info.st_mode & 0o077:
            directory.chmod(0o700)
            info = directory.stat()
        if info.st_uid != os.getuid() or info.st_mode & 0o077:
            logger.warning("spool directory %s is not private to this user; not used", directory)
            return False
        return True

    def _files(self) -> list[Path]:
        files = list(self.directory.glob("*.json"))
        if self.rejected.is_dir():
            files += self.rejected.glob("*.json")
        return files

    def pending(self) -> list[Path]:
        if not self.directory.is_dir():
            return []
        return sorted(self.directory.glob("*.json"))

    def _write(self, file: Path, entry: dict[str, Any]) -> None:
        staging = file.with_name(f".{file.name}.{os.getpid()}.tmp")
        handle = os.open(staging, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(handle, "w") as out:
            json.dump(entry, out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(staging, file)  # atomic: a reader never sees half a report

    def add(self, path: str, body: Any, key: str) -> str | None:
        """Keep a report; returns why it could not be kept, or None."""
        entry = {
            "path": path,
            "key": key,
            "body": body,
            "created_at": datetime.now(UTC).isoformat(),
            "attempts": 0,
        }
        try:
            size = len(json.dumps(entry))
            if not self._private_dir(self.directory):
                return "spool directory not private"
            files = self._files()
            used = sum(f.stat().st_size for f in files if f.exists())
            if len(files) >= self.max_files or used + size > self.max_bytes:
                return f"spool full ({len(files)} reports, {used} bytes)"
            self._write(self.directory / f"{time.time_ns()}-{key}.json", entry)
        except (OSError, TypeError, ValueError) as exc:
            return f"spool not writable: {exc}"
        return None

    def load(self, file: Path) -> dict[str, Any] | None:
        try:
            entry = json.loads(file.read_text())
            if isinstance(entry, dict) and {"path", "key", "body"} <= entry.keys():
                return entry
        except FileNotFoundError:
            return None  # another reporter sent it meanwhile
        except (OSError, ValueError):
            pass
        self.reject(file, "unreadable")
        return None

    def remove(self, file: Path) -> None:
        file.unlink(missing_ok=True)

    def failed(self, file: Path, entry: dict[str, Any]) -> None:
        entry["attempts"] = int(entry.get("attempts", 0)) + 1
        if entry["attempts"] >= MAX_RESEND_ATTEMPTS:
            self.reject(file, f"failed {entry['attempts']} times")
            return
        try:
            self._write(file, entry)
        except OSError:
            pass

    def reject(self, file: Path, reason: str) -> None:
        logger.warning("spooled report %s set aside in %s: %s", file.name, self.rejected, reason)
        try:
            self._private_dir(self.rejected)
            os.replace(file, self.rejected / file.name)
        except OSError:
            pass


class _Reporter:
    """What the async and sync reporters share: configuration, the lessons they send, and the
    spool of reports that could not be delivered."""

    def __init__(
        self,
        agent_name: str,
        *,
        url: str | None = None,
        token: str | None = None,
        domain: str | None = None,
        timeout: float = REPORT_TIMEOUT,
        check_timeout: float = CHECK_TIMEOUT,
        transport: httpx.BaseTransport | httpx.AsyncBaseTransport | None = None,
        spool_dir: str | os.PathLike | None = None,
        spool_max_files: int = SPOOL_MAX_FILES,
        spool_max_bytes: int = SPOOL_MAX_BYTES,
    ) -> None:
        self.agent_name = agent_name
        self.mnemosyne_url = (url or os.environ.get("MNEMOSYNE_URL", DEFAULT_URL)).rstrip("/")
        self.token = token if token is not None else os.environ.get("MNEMOSYNE_TOKEN", "")
        self.enabled = os.environ.get("LEARNING_ENABLED", "true").lower() == "true"
        self.domain = domain or self._infer_domain()
        self.timeout = timeout
        self.check_timeout = check_timeout
        self._transport = transport
        base = spool_dir or os.environ.get("MNEMOSYNE_LESSON_SPOOL_DIR") or default_spool_dir()
        # One queue per server and credential: a report is only ever resent as its sender.
        sender = hashlib.sha256(f"{self.mnemosyne_url}\n{self.token}".encode()).hexdigest()[:16]
        self.spool = Spool(
            Path(base) / sender, max_files=spool_max_files, max_bytes=spool_max_bytes
        )
        self._resending = threading.Lock()  # one resend at a time per reporter

    def _infer_domain(self) -> str:
        return DOMAIN_MAP.get(self.agent_name, "general")

    def _headers(self, *, idempotency_key: str | None = None) -> dict[str, str]:
        headers = {"Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        if idempotency_key:
            headers["Idempotency-Key"] = idempotency_key
        return headers

    def _lesson(self, lesson_type: str, category: str | None, **fields: Any) -> dict[str, Any]:
        return {
            "lesson_type": lesson_type,
            "domain": self.domain,
            "category": category or self.domain,
            "source_agent": self.agent_name,
            **fields,
        }

    def _success(self, title, context, action_taken, outcome, tags, category, confidence):
        return self._lesson(
            "success",
            category,
            title=title,
            context=context,
            action_taken=action_taken,
            outcome=outcome,
            severity="medium",
            tags=list(tags or []),
            confidence=confidence,
        )

    def _failure(
        self,
        title,
        context,
        action_taken,
        outcome,
        root_cause,
        solution,
        alternatives,
        tags,
        category,
        severity,
        related_commands,
    ):
        return self._lesson(
            "failure",
            category,
            title=title,
            context=context,
            action_taken=action_taken,
            outcome=outcome,
            root_cause=root_cause,
            solution=solution,
            alternatives=list(alternatives or []),
            severity=severity,
            tags=list(tags or []),
            related_commands=list(related_commands or []),
            confidence=0.8,
        )

    def _anti_pattern(self, title, why_bad, example, alternatives, severity, tags, category):
        return self._lesson(
            "anti_pattern",
            category,
            title=title,
            context=why_bad,
            action_taken=example,
            outcome="BLOCKED - Known anti-pattern",
            alternatives=list(alternatives or []),
            severity=severity,
            tags=list(tags or []) + ["anti-pattern", "blocked"],
            confidence=1.0,
        )

    def _workaround(self, title, problem, workaround, permanent_fix, tags, category):
        return self._lesson(
            "workaround",
            category,
            title=title,
            context=problem,
            action_taken=workaround,
            outcome="Issue mitigated",
            solution=permanent_fix,
            severity="medium",
            tags=list(tags or []) + ["workaround"],
            confidence=0.85,
        )

    def _discovery(self, title, context, discovery, implications, tags, category):
        return self._lesson(
            "discovery",
            category,
            title=title,
            context=context,
            action_taken="Investigation/observation",
            outcome=discovery,
            alternatives=list(implications or []),
            severity="medium",
            tags=list(tags or []) + ["discovery"],
            confidence=0.7,
        )

    def _check_body(self, proposed_action: str, context: str) -> dict[str, Any]:
        return {
            "proposed_action": proposed_action,
            "context": context,
            "domain": self.domain,
            "agent": self.agent_name,
        }

    def _query_body(self, context: str, max_results: int) -> dict[str, Any]:
        return {
            "context": context,
            "domain": self.domain,
            "agent": self.agent_name,
            "max_results": max_results,
        }

    # --- interpreting answers (fail-open) ------------------------------------------------------

    def _report_answer(self, response: httpx.Response) -> Answer:
        try:
            body = response.json()
        except ValueError:
            body = {"detail": response.text[:500]}
        if response.is_success:
            return _answer(body)
        detail = body.get("detail") if isinstance(body, dict) else str(body)
        logger.warning(
            "[%s] lesson not recorded (%s): %s", self.agent_name, response.status_code, detail
        )
        return Answer(
            status="error",
            error=detail,
            http_status=response.status_code,
            fields=body.get("fields", {}) if isinstance(body, dict) else {},
        )

    def _report_failed(self, exc: Exception) -> Answer:
        logger.warning("[%s] Failed to report lesson: %s", self.agent_name, exc)
        return Answer(status="error", error=str(exc))

    @staticmethod
    def _retryable(response: httpx.Response) -> bool:
        return response.status_code in RETRY_STATUSES or (
            response.status_code == 409 and "Retry-After" in response.headers
        )

    def _keep(self, lesson: dict[str, Any], key: str, reason: str, status: int | None) -> Answer:
        """The report could not be delivered now: spool it for a later resend."""
        refused = self.spool.add(REPORT_PATH, lesson, key)
        if refused:
            logger.error(
                "[%s] lesson not delivered (%s) and not spooled: %s",
                self.agent_name,
                reason,
                refused,
            )
            return Answer(status="error", error=f"{reason}; {refused}", spooled=False)
        logger.warning("[%s] lesson not delivered (%s); spooled", self.agent_name, reason)
        return Answer(
            status="spooled", spooled=True, idempotency_key=key, error=reason, http_status=status
        )

    def _resend_done(self, file: Path, entry: dict[str, Any], response: httpx.Response) -> bool:
        """Settle one resent report; False when the server is still away (stop for now)."""
        if response.is_success:
            self.spool.remove(file)
            return True
        if response.status_code == 500:
            self.spool.failed(file, entry)  # maybe this report: go on with the others
            return True
        if self._retryable(response):
            return False
        self.spool.reject(file, f"HTTP {response.status_code}: {response.text[:200]}")
        return True

    def _check_answer(self, response: httpx.Response) -> Answer:
        if response.is_success:
            try:
                return _answer(response.json())
            except ValueError:
                pass
        logger.warning(
            "[%s] Anti-pattern check failed: HTTP %s", self.agent_name, response.status_code
        )
        return self._check_failed(None)

    def _check_failed(self, exc: Exception | None) -> Answer:
        if exc is not None:
            logger.warning("[%s] Anti-pattern check failed: %s", self.agent_name, exc)
        # Don't block on check failure, but warn (the spec).
        return Answer(
            blocked=False, matching_patterns=[], alternatives=[], warnings=[CHECK_FAILED_WARNING]
        )

    def _query_answer(self, response: httpx.Response) -> list:
        if response.is_success:
            try:
                body = response.json()
            except ValueError:
                body = None
            if isinstance(body, list):
                return _answer(body)
        logger.warning("[%s] Failed to get lessons: HTTP %s", self.agent_name, response.status_code)
        return []


class LessonReporter(_Reporter):
    """The spec's reporter: async methods with the spec's names and arguments."""

    def _client(self, timeout: float) -> httpx.AsyncClient:
        transport = self._transport
        if transport is not None and not isinstance(transport, httpx.AsyncBaseTransport):
            raise TypeError("LessonReporter needs an httpx.AsyncBaseTransport")
        return httpx.AsyncClient(timeout=timeout, transport=transport)

    async def _post(self, path: str, body: Any, timeout: float, **headers: Any) -> httpx.Response:
        async with self._client(timeout) as client:
            return await client.post(
                f"{self.mnemosyne_url}{path}", json=body, headers=self._headers(**headers)
            )

    async def _report(self, lesson: dict[str, Any]) -> dict[str, Any]:
        if not self.enabled:
            return Answer(status="disabled")
        key = str(uuid.uuid4())
        try:
            response = await self._post(REPORT_PATH, lesson, self.timeout, idempotency_key=key)
        except httpx.TransportError as exc:  # no connection, a timeout: keep it for later
            return self._keep(lesson, key, f"{type(exc).__name__}: {exc}", None)
        except Exception as exc:  # fail-open: never raise into the agent
            return self._report_failed(exc)
        if self._retryable(response):
            return self._keep(lesson, key, f"HTTP {response.status_code}", response.status_code)
        if response.is_success:
            await self.resend_spooled()
        return self._report_answer(response)

    async def resend_spooled(self) -> int:
        """Send spooled reports again, oldest first, within one report timeout; returns how many
        were delivered. Stops at the first that still cannot be delivered."""
        if not self._resending.acquire(blocking=False):
            return 0
        sent = 0
        try:
            deadline = time.monotonic() + self.timeout
            for file in self.spool.pending()[:RESEND_BATCH]:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                entry = self.spool.load(file)
                if entry is None:
                    continue
                try:
                    response = await self._post(
                        entry["path"], entry["body"], remaining, idempotency_key=entry["key"]
                    )
                except Exception as exc:
                    logger.info("[%s] spool resend stopped: %s", self.agent_name, exc)
                    break
                if not self._resend_done(file, entry, response):
                    break
                if response.is_success:
                    sent += 1
        finally:
            self._resending.release()
        return sent

    async def success(
        self,
        title: str,
        context: str,
        action_taken: str,
        outcome: str,
        tags: list[str] | None = None,
        category: str | None = None,
        confidence: float = 0.9,
    ) -> dict[str, Any]:
        """Report a successful approach."""
        return await self._report(
            self._success(title, context, action_taken, outcome, tags, category, confidence)
        )

    async def failure(
        self,
        title: str,
        context: str,
        action_taken: str,
        outcome: str,
        root_cause: str | None = None,
        solution: str | None = None,
        alternatives: list[str] | None = None,
        tags: list[str] | None = None,
        category: str | None = None,
        severity: str = "medium",
        related_commands: list[str] | None = None,
    ) -> dict[str, Any]:
        """Report a failure and what was learned."""
        return await self._report(
            self._failure(
                title,
                context,
                action_taken,
                outcome,
                root_cause,
                solution,
                alternatives,
                tags,
                category,
                severity,
                related_commands,
            )
        )

    async def anti_pattern(
        self,
        title: str,
        why_bad: str,
        example: str,
        alternatives: list[str],
        severity: str = "high",
        tags: list[str] | None = None,
        category: str | None = None,
    ) -> dict[str, Any]:
        """Report something that should NEVER be done."""
        return await self._report(
            self._anti_pattern(title, why_bad, example, alternatives, severity, tags, category)
        )

    async def workaround(
        self,
        title: str,
        problem: str,
        workaround: str,
        permanent_fix: str | None = None,
        tags: list[str] | None = None,
        category: str | None = None,
    ) -> dict[str, Any]:
        """Report a workaround for a known issue."""
        return await self._report(
            self._workaround(title, problem, workaround, permanent_fix, tags, category)
        )

    async def discovery(
        self,
        title: str,
        context: str,
        discovery: str,
        implications: list[str] | None = None,
        tags: list[str] | None = None,
        category: str | None = None,
    ) -> dict[str, Any]:
        """Report a new discovery or insight."""
        return await self._report(
            self._discovery(title, context, discovery, implications, tags, category)
        )

    async def check_before_action(self, proposed_action: str, context: str) -> dict[str, Any]:
        """Check whether a proposed action matches known anti-patterns. Call before risky
        actions; a failed check never blocks (fail-open) but warns."""
        try:
            response = await self._post(
                "/check/anti-pattern",
                self._check_body(proposed_action, context),
                self.check_timeout,
            )
        except Exception as exc:
            return self._check_failed(exc)
        return self._check_answer(response)

    async def get_relevant_lessons(self, context: str, max_results: int = 10) -> list[dict]:
        """Lessons relevant to the current task."""
        try:
            response = await self._post(
                "/query/relevant", self._query_body(context, max_results), self.check_timeout
            )
        except Exception as exc:
            logger.warning("[%s] Failed to get lessons: %s", self.agent_name, exc)
            return []
        return self._query_answer(response)


class SyncLessonReporter(_Reporter):
    """The same reporter for code without an event loop."""

    def _post(self, path: str, body: Any, timeout: float, **headers: Any) -> httpx.Response:
        transport = self._transport
        if transport is not None and not isinstance(transport, httpx.BaseTransport):
            raise TypeError("SyncLessonReporter needs an httpx.BaseTransport")
        with httpx.Client(timeout=timeout, transport=transport) as client:
            return client.post(
                f"{self.mnemosyne_url}{path}", json=body, headers=self._headers(**headers)
            )

    def _report(self, lesson: dict[str, Any]) -> dict[str, Any]:
        if not self.enabled:
            return Answer(status="disabled")
        key = str(uuid.uuid4())
        try:
            response = self._post(REPORT_PATH, lesson, self.timeout, idempotency_key=key)
        except httpx.TransportError as exc:
            return self._keep(lesson, key, f"{type(exc).__name__}: {exc}", None)
        except Exception as exc:
            return self._report_failed(exc)
        if self._retryable(response):
            return self._keep(lesson, key, f"HTTP {response.status_code}", response.status_code)
        if response.is_success:
            self.resend_spooled()
        return self._report_answer(response)

    def resend_spooled(self) -> int:
        """Send spooled reports again (see `LessonReporter.resend_spooled`)."""
        if not self._resending.acquire(blocking=False):
            return 0
        sent = 0
        try:
            deadline = time.monotonic() + self.timeout
            for file in self.spool.pending()[:RESEND_BATCH]:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                entry = self.spool.load(file)
                if entry is None:
                    continue
                try:
                    response = self._post(
                        entry["path"], entry["body"], remaining, idempotency_key=entry["key"]
                    )
                except Exception as exc:
                    logger.info("[%s] spool resend stopped: %s", self.agent_name, exc)
                    break
                if not self._resend_done(file, entry, response):
                    break
                if response.is_success:
                    sent += 1
        finally:
            self._resending.release()
        return sent

    def success(
        self,
        title: str,
        context: str,
        action_taken: str,
        outcome: str,
        tags: list[str] | None = None,
        category: str | None = None,
        confidence: float = 0.9,
    ) -> dict[str, Any]:
        return self._report(
            self._success(title, context, action_taken, outcome, tags, category, confidence)
        )

    def failure(
        self,
        title: str,
        context: str,
        action_taken: str,
        outcome: str,
        root_cause: str | None = None,
        solution: str | None = None,
        alternatives: list[str] | None = None,
        tags: list[str] | None = None,
        category: str | None = None,
        severity: str = "medium",
        related_commands: list[str] | None = None,
    ) -> dict[str, Any]:
        return self._report(
            self._failure(
                title,
                context,
                action_taken,
                outcome,
                root_cause,
                solution,
                alternatives,
                tags,
                category,
                severity,
                related_commands,
            )
        )

    def anti_pattern(
        self,
        title: str,
        why_bad: str,
        example: str,
        alternatives: list[str],
        severity: str = "high",
        tags: list[str] | None = None,
        category: str | None = None,
    ) -> dict[str, Any]:
        return self._report(
            self._anti_pattern(title, why_bad, example, alternatives, severity, tags, category)
        )

    def workaround(
        self,
        title: str,
        problem: str,
        workaround: str,
        permanent_fix: str | None = None,
        tags: list[str] | None = None,
        category: str | None = None,
    ) -> dict[str, Any]:
        return self._report(
            self._workaround(title, problem, workaround, permanent_fix, tags, category)
        )

    def discovery(
        self,
        title: str,
        context: str,
        discovery: str,
        implications: list[str] | None = None,
        tags: list[str] | None = None,
        category: str | None = None,
    ) -> dict[str, Any]:
        return self._report(
            self._discovery(title, context, discovery, implications, tags, category)
        )

    def check_before_action(self, proposed_action: str, context: str) -> dict[str, Any]:
        try:
            response = self._post(
                "/check/anti-pattern",
                self._check_body(proposed_action, context),
                self.check_timeout,
            )
        except Exception as exc:
            return self._check_failed(exc)
        return self._check_answer(response)

    def get_relevant_lessons(self, context: str, max_results: int = 10) -> list[dict]:
        try:
            response = self._post(
                "/query/relevant", self._query_body(context, max_results), self.check_timeout
            )
        except Exception as exc:
            logger.warning("[%s] Failed to get lessons: %s", self.agent_name, exc)
            return []
        return self._query_answer(response)


def _quick_arguments(
    lesson_type: str, title: str, context: str, outcome: str, kwargs: dict[str, Any]
) -> tuple[str, dict[str, Any]]:
    """The spec's `quick_lesson` passes (title, context, outcome) to any method; map them onto
    the arguments each method really takes (an unknown type reports a discovery)."""
    if lesson_type in ("success", "failure"):
        return lesson_type, {
            "title": title,
            "context": context,
            "outcome": outcome,
            "action_taken": kwargs.pop("action_taken", ""),
            **kwargs,
        }
    if lesson_type == "workaround":
        return lesson_type, {"title": title, "problem": context, "workaround": outcome, **kwargs}
    if lesson_type == "anti_pattern":
        return lesson_type, {
            "title": title,
            "why_bad": context,
            "example": kwargs.pop("example", outcome),
            "alternatives": kwargs.pop("alternatives", []),
            **kwargs,
        }
    return "discovery", {"title": title, "context": context, "discovery": outcome, **kwargs}


async def quick_lesson(
    agent: str, lesson_type: str, title: str, context: str, outcome: str, **kwargs: Any
) -> dict[str, Any]:
    """Quick one-off lesson report."""
    name, arguments = _quick_arguments(lesson_type, title, context, outcome, kwargs)
    return await getattr(LessonReporter(agent), name)(**arguments)


def quick_lesson_sync(
    agent: str, lesson_type: str, title: str, context: str, outcome: str, **kwargs: Any
) -> dict[str, Any]:
    name, arguments = _quick_arguments(lesson_type, title, context, outcome, kwargs)
    return getattr(SyncLessonReporter(agent), name)(**arguments)


__all__ = [
    "Answer",
    "LessonReporter",
    "Spool",
    "SyncLessonReporter",
    "quick_lesson",
    "quick_lesson_sync",
]
