"""A thin wrapper over the `openai` client for any OpenAI-compatible chat server.

Public API::

    llm_configured() -> bool
    complete_json(*, system, user, schema_hint=None, model=None, timeout=None) -> LLMResult
    complete_text(*, system, user, model=None, timeout=None) -> LLMText

Both return the answer together with the model name the server reports having used (falling back
to the one asked for), so callers can record which model produced a distilled note.

Settings: ``LLM_BASE_URL`` (empty: no LLM configured), ``LLM_MODEL``, ``OPENAI_API_KEY``,
``LLM_TIMEOUT`` (seconds, per attempt: the client retries, so a call may take up to about
``(LLM_MAX_RETRIES + 1) × timeout`` plus short back-offs), ``LLM_MAX_RETRIES``.

Errors, all subclasses of ``LLMError``:

- ``LLMUnavailable``: not configured, connection refused, timeout, 5xx / 429 after the retries,
  or the server refusing our credentials or model (401, 403, 404). Try later or do without.
- ``LLMResponseError``: the server answered but the answer is unusable (no choices, empty or
  non-JSON content, a JSON value that is not an object, a truncated reply) or it rejected the
  request itself (other 4xx, e.g. the prompt is too long).
"""

from __future__ import annotations

import functools
import json
import logging
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.conf import settings

if TYPE_CHECKING:
    import openai

logger = logging.getLogger(__name__)


class LLMError(Exception):
    """Base class for LLM failures."""


class LLMUnavailable(LLMError):
    """No LLM could be reached in time (or none is configured)."""


class LLMResponseError(LLMError):
    """The LLM answered, but not with something usable."""


@dataclass(frozen=True)
class LLMResult:
    data: dict[str, Any]
    model: str


@dataclass(frozen=True)
class LLMText:
    text: str
    model: str


def llm_configured() -> bool:
    return bool(getattr(settings, "LLM_BASE_URL", ""))


def complete_json(
    *,
    system: str,
    user: str,
    schema_hint: str | None = None,
    model: str | None = None,
    timeout: float | None = None,
) -> LLMResult:
    """Ask for one JSON object; `schema_hint` describes its shape to the model."""
    # JSON mode requires the word "JSON" in the messages, and the model needs to know the shape.
    instruction = "Reply with a single JSON object and nothing else."
    if schema_hint:
        instruction += f" It must match this shape:\n{schema_hint}"
    content, used_model = _chat(
        system=f"{system}\n\n{instruction}",
        user=user,
        model=model,
        timeout=timeout,
        json_mode=True,
    )
    return LLMResult(data=_parse_object(content), model=used_model)


def complete_text(
    *, system: str, user: str, model: str | None = None, timeout: float | None = None
) -> LLMText:
    content, used_model = _chat(
        system=system, user=user, model=model, timeout=timeout, json_mode=False
    )
    return LLMText(text=content, model=used_model)


def _chat(
    *, system: str, user: str, model: str | None, timeout: float | None, json_mode: bool
) -> tuple[str, str]:
    if not llm_configured():
        raise LLMUnavailable("no LLM is configured (LLM_BASE_URL is empty)")
    model_name: str = model or settings.LLM_MODEL
    extra: dict[str, Any] = {"response_format": {"type": "json_object"}} if json_mode else {}
    openai = _openai()
    started = time.perf_counter()
    try:
        response = _client().chat.completions.create(
            model=model_name,
            messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
            timeout=timeout if timeout is not None else _timeout(),
            **extra,
        )
    except (
        openai.APIConnectionError,  # includes APITimeoutError
        openai.RateLimitError,
        openai.InternalServerError,
        openai.AuthenticationError,
        openai.PermissionDeniedError,
        openai.NotFoundError,
    ) as exc:
        raise LLMUnavailable(f"LLM unavailable: {exc}") from exc
    except openai.APIStatusError as exc:
        raise LLMResponseError(f"LLM rejected the request: {exc}") from exc
    except openai.APIResponseValidationError as exc:
        raise LLMResponseError(f"LLM reply does not follow the API: {exc}") from exc
    except openai.OpenAIError as exc:
        raise LLMError(f"LLM call failed: {exc}") from exc
    logger.debug("LLM %s answered in %.0f ms", model_name, (time.perf_counter() - started) * 1000)

    if not response.choices:
        raise LLMResponseError("LLM reply has no choices")
    choice = response.choices[0]
    if choice.finish_reason == "length":
        raise LLMResponseError("LLM reply was cut off at the token limit")
    content = choice.message.content
    if not content or not content.strip():
        raise LLMResponseError("LLM reply is empty")
    return content, response.model or model_name


_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)


def _parse_object(content: str) -> dict[str, Any]:
    # Some OpenAI-compatible servers wrap JSON-mode replies in a Markdown fence anyway.
    fenced = _FENCE.match(content)
    text = fenced.group(1) if fenced else content
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LLMResponseError(f"LLM reply is not JSON: {content[:200]!r}") from exc
    if not isinstance(data, dict):
        raise LLMResponseError(f"LLM reply is JSON but not an object: {type(data).__name__}")
    return data


def _openai() -> Any:
    """The `openai` package, imported by the first call: its import costs about 2 s of CPU,
    which each web process's first queued task and each worker start paid for nothing."""
    import openai

    return openai


def _timeout() -> float:
    return float(getattr(settings, "LLM_TIMEOUT", 30.0))


def _client() -> openai.OpenAI:
    return _cached_client(
        base_url=settings.LLM_BASE_URL,
        api_key=getattr(settings, "OPENAI_API_KEY", "") or "unused",
        timeout=_timeout(),
        max_retries=int(getattr(settings, "LLM_MAX_RETRIES", 2)),
    )


@functools.lru_cache(maxsize=8)
def _cached_client(
    *, base_url: str, api_key: str, timeout: float, max_retries: int
) -> openai.OpenAI:
    # One client per configuration: it holds the HTTP connection pool, and it is thread-safe.
    return _openai().OpenAI(
        base_url=base_url, api_key=api_key, timeout=timeout, max_retries=max_retries
    )
