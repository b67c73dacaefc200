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
from rest_framework.views import set_rollback

from mnemosyne_site.errors import Busy, DomainError, PayloadTooLarge, fields_summary

logger = logging.getLogger(__name__)


def _fields(detail) -> dict:
    if isinstance(detail, dict):
        return {
            key: value if isinstance(value, list | dict) else [value]
            for key, value in detail.items()
        }
    if isinstance(detail, list):
        return {"non_field_errors": detail}
    return {}


def _domain_response(exc: DomainError) -> Response:
    set_rollback()
    fields = _fields(exc.fields)
    response = Response(
        {"error": exc.code, "detail": str(exc.detail), "fields": fields}, status=exc.status_code
    )
    if exc.retry_after:
        response["Retry-After"] = str(exc.retry_after)
    return response


def exception_handler(exc, context):
    if isinstance(exc, DomainError):
        return _domain_response(exc)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(
            exc.message_dict if hasattr(exc, "error_dict") else exc.messages
        )
    elif isinstance(exc, RequestDataTooBig):
        return _domain_response(PayloadTooLarge())
    elif isinstance(exc, OperationalError) and "lock" in str(exc).lower():
        return _domain_response(Busy())

    response = drf_exception_handler(exc, context)
    if response is None:
        logger.exception("unhandled error in %s", context.get("view"), exc_info=exc)
        return Response(
            {"error": "server_error", "detail": "Internal error.", "fields": {}},
            status=status.HTTP_500_INTERNAL_SERVER_ERROR,
        )

    if isinstance(exc, exceptions.ValidationError):
        fields = _fields(exc.detail)
        body = {"error": "invalid", "detail": fields_summary(fields), "fields": fields}
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
