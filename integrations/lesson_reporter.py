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

Fail-open, as the spec shows: a report that cannot be delivered returns
`{"status": "error", "error": …}`; a check that fails returns
`{"blocked": False, "warnings": ["Check failed - proceed with caution"]}`; a failed query returns
`[]`. A reporter never raises into the agent. This module imports no Django code; it needs only
`httpx`.
"""

from __future__ import annotations

import logging
import os
import uuid
from typing import Any

import httpx

logger = logging.getLogger("mnemosyne.lesson_reporter")

DEFAULT_URL = "http://localhost:8025"
REPORT_TIMEOUT = 10.0
CHECK_TIMEOUT = 5.0
CHECK_FAILED_WARNING = "Check failed - proceed with caution"

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


class _Reporter:
    """What the async and sync reporters share: configuration and the lessons they send."""

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
    ) -> None:
        self.agent_name = agent_name
        self.mnemosyne_url = (url or os.environ.get("MNEMOSYNE_URL", DEFAULT_URL)).rstrip("/")
        self.token = token if token is not None else os.environ.get("MNEMOSYNE_TOKEN", "")
        self.enabled = os.environ.get("LEARNING_ENABLED", "true").lower() == "true"
        self.domain = domain or self._infer_domain()
        self.timeout = timeout
        self.check_timeout = check_timeout
        self._transport = transport

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
        try:
            response = await self._post(
                "/lessons/report", lesson, self.timeout, idempotency_key=str(uuid.uuid4())
            )
        except Exception as exc:  # fail-open: never raise into the agent
            return self._report_failed(exc)
        return self._report_answer(response)

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
        try:
            response = self._post(
                "/lessons/report", lesson, self.timeout, idempotency_key=str(uuid.uuid4())
            )
        except Exception as exc:
            return self._report_failed(exc)
        return self._report_answer(response)

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


__all__ = ["Answer", "LessonReporter", "SyncLessonReporter", "quick_lesson", "quick_lesson_sync"]
