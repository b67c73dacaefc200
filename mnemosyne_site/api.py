"""What every API endpoint shares: the error shape, domain errors and pagination.

Every error leaves as `{"error": code, "detail": text, "fields": {field: [messages]}}` with the
right status; nothing leaks a stack trace.
"""

import logging

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import OperationalError
from django.http import Http404
from rest_framework import exceptions, pagination, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

logger = logging.getLogger(__name__)


class DomainError(exceptions.APIException):
    """A request that is well formed but cannot be carried out in the current state."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "invalid_state"
    default_detail = "The request cannot be carried out."

    def __init__(self, detail=None, code=None, *, fields: dict | None = None):
        super().__init__(detail, code)
        self.fields = fields or {}


class Conflict(DomainError):
    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"
    default_detail = "The object changed state; reload and try again."


class Busy(DomainError):
    """Someone else holds the row; the caller should retry shortly."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "busy"
    default_detail = "The object is being changed by someone else; retry shortly."
    retry_after = 1


class PayloadTooLarge(DomainError):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "payload_too_large"
    default_detail = "The request is too large."


def _fields(detail) -> dict:
    if isinstance(detail, dict):
        return {
            key: value if isinstance(value, list | dict) else [value]
            for key, value in detail.items()
        }
    if isinstance(detail, list):
        return {"non_field_errors": detail}
    return {}


def _summary(fields: dict) -> str:
    parts = []
    for name, messages in fields.items():
        first = messages[0] if isinstance(messages, list) and messages else messages
        if isinstance(first, dict):
            first = next(iter(first.values()), "")
            first = first[0] if isinstance(first, list) and first else first
        parts.append(f"{name}: {first}")
    return "; ".join(parts) or "Invalid input."


def exception_handler(exc, context):
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(
            exc.message_dict if hasattr(exc, "error_dict") else exc.messages
        )
    elif isinstance(exc, RequestDataTooBig):
        exc = PayloadTooLarge()
    elif isinstance(exc, OperationalError) and "lock" in str(exc).lower():
        exc = Busy()

    response = drf_exception_handler(exc, context)
    if response is None:
        logger.exception("unhandled error in %s", context.get("view"), exc_info=exc)
        return Response(
            {"error": "server_error", "detail": "Internal error.", "fields": {}},
            status=status.HTTP_500_INTERNAL_SERVER_ERROR,
        )

    if isinstance(exc, exceptions.ValidationError):
        fields = _fields(exc.detail)
        body = {"error": "invalid", "detail": _summary(fields), "fields": fields}
    elif isinstance(exc, exceptions.ParseError):
        body = {"error": "malformed_request", "detail": str(exc.detail), "fields": {}}
    else:
        code = exc.get_codes() if isinstance(exc, exceptions.APIException) else "error"
        body = {
            "error": code if isinstance(code, str) else "error",
            "detail": str(exc.detail) if hasattr(exc, "detail") else str(exc),
            "fields": getattr(exc, "fields", {}),
        }
    retry_after = getattr(exc, "retry_after", None)
    if retry_after:
        response["Retry-After"] = str(retry_after)
    response.data = body
    return response


class CursorPagination(pagination.CursorPagination):
    ordering = "-created_at"
    page_size_query_param = "page_size"
    max_page_size = 500


def _has_nul(value) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_has_nul(v) for v in value)
    return False


class InputSerializer(serializers.Serializer):
    """Base of input serializers: PostgreSQL text and jsonb cannot hold U+0000, so a NUL anywhere
    in a field (free-form dictionaries included) is a 400 naming that field, never a 500."""

    def validate(self, attrs):
        bad = {
            name: ["Must not contain NUL characters."] for name, v in attrs.items() if _has_nul(v)
        }
        if bad:
            raise serializers.ValidationError(bad)
        return super().validate(attrs)
