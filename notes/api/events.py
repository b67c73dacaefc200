"""Validation of trajectory event batches, by hand.

A DRF serializer would describe the same shape, but at thousands of events a second its
per-field machinery costs more than the database does; this validator does the same checks in a
few microseconds per event, names the failing field as `events[3].started_at`, and encodes each
JSON field once (the size check and the INSERT share the encoding). The OpenAPI schema uses
`TrajectoryEventBatchSerializer`, which mirrors it.
"""

from __future__ import annotations

import json
import re
import uuid
from datetime import UTC, datetime

from django.utils.dateparse import parse_datetime
from rest_framework import exceptions

from integrations.redact import redact, redact_value
from mnemosyne_site.errors import PayloadTooLarge
from notes import conf
from notes.services.trajectories import ParsedEvent

_MAX_ERRORS = 20
_MAX_TEXT = 200
_MAX_DURATION_MS = 7 * 86400 * 1000  # a week: no tool call runs longer
_LATEST = datetime(3000, 1, 1, tzinfo=UTC)  # beyond this a timestamp is a bug, not a date
_NUMBER = re.compile(r"[0-9]{1,12}(\.[0-9]{1,9})?")


class _Errors:
    def __init__(self) -> None:
        self.fields: dict[str, list[str]] = {}

    def add(self, name: str, message: str) -> None:
        if len(self.fields) < _MAX_ERRORS:
            self.fields.setdefault(name, []).append(message)

    def raise_if_any(self) -> None:
        if self.fields:
            raise exceptions.ValidationError(self.fields)


def _strip_nul(value):
    # PostgreSQL text and jsonb cannot hold U+0000.
    if isinstance(value, str):
        return value.replace("\x00", "")
    if isinstance(value, dict):
        return {_strip_nul(k): _strip_nul(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_strip_nul(v) for v in value]
    return value


def _encode(value) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    if "\\u0000" in text:
        text = json.dumps(_strip_nul(value), ensure_ascii=False, separators=(",", ":"))
    return text


def _text(raw, name: str, errors: _Errors, *, required: bool, limit: int = _MAX_TEXT) -> str:
    if raw is None or raw == "":
        if required:
            errors.add(name, "This field is required.")
        return ""
    if not isinstance(raw, str):
        errors.add(name, "Must be a string.")
        return ""
    if len(raw) > limit:
        errors.add(name, f"At most {limit} characters.")
        return ""
    return raw.replace("\x00", "")


def _uuid(raw, name: str, errors: _Errors, *, required: bool) -> uuid.UUID | None:
    if raw is None or raw == "":
        if required:
            errors.add(name, "This field is required.")
        return None
    try:
        return uuid.UUID(str(raw))
    except (ValueError, AttributeError, TypeError):
        errors.add(name, "Must be a UUID.")
        return None


def _timestamp(raw, name: str, errors: _Errors) -> datetime | None:
    if raw is None or raw == "":
        errors.add(name, "This field is required.")
        return None
    if isinstance(raw, bool):
        errors.add(name, "Must be epoch seconds or an ISO 8601 date-time.")
        return None
    if isinstance(raw, int | float):
        try:
            parsed = datetime.fromtimestamp(raw, tz=UTC)
        except (OverflowError, OSError, ValueError):
            parsed = None
        if parsed is None or parsed >= _LATEST or raw < 0:
            errors.add(name, "Epoch seconds out of range.")
            return None
        return parsed
    if isinstance(raw, str) and _NUMBER.fullmatch(raw.strip()):
        # Epoch seconds sent as a string, as some clients serialise every value.
        return _timestamp(float(raw), name, errors)
    if isinstance(raw, str):
        try:
            parsed = parse_datetime(raw)
        except ValueError:
            parsed = None
        if parsed is not None:
            # In UTC: PostgreSQL refuses offsets beyond ±15:59, which Python allows.
            parsed = parsed.astimezone(UTC) if parsed.tzinfo else parsed.replace(tzinfo=UTC)
            if parsed.year < 1970 or parsed >= _LATEST:
                errors.add(name, "Date-time out of range (1970 to 2999).")
                return None
            return parsed
    errors.add(name, "Must be epoch seconds or an ISO 8601 date-time.")
    return None


def _json(raw, name: str, errors: _Errors, *, default) -> str | None:
    value = default if raw is None else raw
    if value is None:
        return None
    try:
        text = _encode(value)
    except (TypeError, ValueError):
        errors.add(name, "Must be JSON (no NaN or infinity).")
        return None
    if len(text.encode()) > conf.TRAJECTORY_MAX_FIELD_BYTES:
        errors.add(name, f"At most {conf.TRAJECTORY_MAX_FIELD_BYTES} bytes as JSON.")
        return None
    return text


def parse_event_batch(data) -> tuple[str, list[ParsedEvent]]:
    """Validate a batch body; returns (scope path or '', events). Raises 400 naming the field, or
    413 for a batch over the limit (refused whole, before anything is stored)."""
    if not isinstance(data, dict):
        raise exceptions.ValidationError({"non_field_errors": ["Expected a JSON object."]})
    raw_events = data.get("events")
    if not isinstance(raw_events, list) or not raw_events:
        raise exceptions.ValidationError({"events": ["A non-empty list of events is required."]})
    if len(raw_events) > conf.TRAJECTORY_MAX_BATCH_EVENTS:
        raise PayloadTooLarge(
            f"A batch holds at most {conf.TRAJECTORY_MAX_BATCH_EVENTS} events, not "
            f"{len(raw_events)}; nothing was stored. Send smaller batches.",
            fields={"events": [f"At most {conf.TRAJECTORY_MAX_BATCH_EVENTS} events."]},
        )
    errors = _Errors()
    scope = _text(data.get("scope"), "scope", errors, required=False, limit=600)
    default_session = _text(data.get("session"), "session", errors, required=False)
    default_user = _text(data.get("user"), "user", errors, required=False)
    default_project = _text(data.get("project"), "project", errors, required=False)
    events: list[ParsedEvent] = []
    seen: set[uuid.UUID] = set()
    for index, raw in enumerate(raw_events):
        p = f"events[{index}]"
        if not isinstance(raw, dict):
            errors.add(p, "Expected an object.")
            continue
        event_id = _uuid(raw.get("event_id"), f"{p}.event_id", errors, required=True)
        session = _text(raw.get("session"), f"{p}.session", errors, required=False)
        session = session or default_session
        if not session:
            errors.add(f"{p}.session", "This field is required (on the event or the batch).")
        duration = raw.get("duration_ms", 0)
        if (
            isinstance(duration, bool)
            or not isinstance(duration, int | float)
            or not 0 <= duration <= _MAX_DURATION_MS
        ):
            errors.add(f"{p}.duration_ms", "Must be a number of milliseconds, 0 to a week.")
            duration = 0
        seq = raw.get("seq", 0)
        if isinstance(seq, bool) or not isinstance(seq, int) or not -(2**63) <= seq < 2**63:
            errors.add(f"{p}.seq", "Must be an integer.")
            seq = 0
        context = raw.get("context")
        if context is not None and not isinstance(context, dict):
            errors.add(f"{p}.context", "Must be an object.")
            context = None
        error_text = raw.get("error")
        if error_text is not None and not isinstance(error_text, str):
            errors.add(f"{p}.error", "Must be a string or null.")
            error_text = None
        if error_text and len(error_text.encode()) > conf.TRAJECTORY_MAX_FIELD_BYTES:
            errors.add(f"{p}.error", f"At most {conf.TRAJECTORY_MAX_FIELD_BYTES} bytes.")
        if event_id is not None:
            if event_id in seen:
                errors.add(f"{p}.event_id", "Repeated within the batch.")
            seen.add(event_id)
        user = _text(raw.get("user"), f"{p}.user", errors, required=False) or default_user
        project = (
            _text(raw.get("project"), f"{p}.project", errors, required=False) or default_project
        )
        tool_name = _text(raw.get("tool_name"), f"{p}.tool_name", errors, required=True)
        # Tool inputs and outputs are stored without the secrets they show (integrations.redact).
        arguments_json = _json(
            redact_value(raw.get("arguments")), f"{p}.arguments", errors, default={}
        )
        return_json = _json(
            redact_value(raw.get("return_value")), f"{p}.return_value", errors, default=None
        )
        started_at = _timestamp(raw.get("started_at"), f"{p}.started_at", errors)
        parent_event_id = _uuid(
            raw.get("parent_event_id"), f"{p}.parent_event_id", errors, required=False
        )
        context_json = _json(redact_value(context), f"{p}.context", errors, default={})
        if event_id is None or arguments_json is None or started_at is None or context_json is None:
            continue  # each was reported to `errors`, which refuses the batch below
        event = ParsedEvent(
            event_id=event_id,
            session=session,
            user=user,
            project=project,
            tool_name=tool_name,
            arguments_json=arguments_json,
            return_json=return_json,
            error=redact((error_text or "").replace("\x00", "")),
            started_at=started_at,
            duration_ms=float(duration),
            parent_event_id=parent_event_id,
            context_json=context_json,
            seq=seq,
        )
        events.append(event)
    errors.raise_if_any()
    return scope, events
