"""What every API endpoint shares: the error shape, domain errors, pagination, the JSON parser
and the checks every request passes before any view sees it.

Every error leaves as `{"error": code, "detail": text, "fields": {field: [messages]}}` with the
right status; nothing leaks a stack trace.
"""

import logging
from datetime import UTC

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import OperationalError
from django.http import Http404, JsonResponse
from django_filters import IsoDateTimeFilter
from rest_framework import exceptions, pagination, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from mnemosyne_site.db.availability import database_unavailable
from mnemosyne_site.errors import Busy, DomainError, PayloadTooLarge, Unavailable, fields_summary

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
    if database_unavailable(exc):
        logger.warning("database unavailable in %s: %s", context.get("view"), exc)
        return _domain_response(Unavailable())
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


NUL_MESSAGE = "Must not contain NUL characters."


class EdgeMiddleware:
    """Refuses a path or query string holding NUL (PostgreSQL text cannot hold U+0000) before any
    view, page or API, turns it into a query: a 400 naming the parameter."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        fields: dict[str, list[str]] = {}
        if "\x00" in request.path:
            fields["path"] = [NUL_MESSAGE]
        if "%00" in request.META.get("QUERY_STRING", ""):
            for name, values in request.GET.lists():
                if "\x00" in name or any("\x00" in value for value in values):
                    fields[name] = [NUL_MESSAGE]
        if fields:
            return JsonResponse(
                {"error": "invalid", "detail": fields_summary(fields), "fields": fields},
                status=400,
            )
        return self.get_response(request)


class UtcIsoDateTimeFilter(IsoDateTimeFilter):
    """An ISO 8601 date filter whose value reaches SQL in UTC: PostgreSQL refuses offsets beyond
    ±15:59, which Python (and so the query string) allows up to ±23:59."""

    def filter(self, qs, value):
        return super().filter(qs, value.astimezone(UTC) if value else value)


_ERROR_STATUSES = {
    "400": "Bad input: `fields` names each field and its problem.",
    "401": "No valid credential.",
    "403": "The caller may not do this (or anonymous local mode refused the request).",
    "404": "No such object, or none the caller may see.",
    "409": "The object changed state, or someone else holds it (with `Retry-After`).",
    "413": "The request body is too large.",
    "414": "The request line is too long.",
    "429": "Too many requests (with `Retry-After`).",
    "503": "A dependency is down; retry later (with `Retry-After`).",
}


def document_errors(result, generator, request, public):
    """drf-spectacular postprocessing hook: every operation documents the error statuses the
    shared handler and server can answer, each with the one error shape."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["ErrorResponse"] = {
        "type": "object",
        "properties": {
            "error": {"type": "string", "description": "a stable code"},
            "detail": {"type": "string"},
            "fields": {"type": "object", "additionalProperties": {}},
        },
        "required": ["error", "detail"],
    }
    body = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}}
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            for code, description in _ERROR_STATUSES.items():
                if code == "409" and method == "get":
                    continue
                operation["responses"].setdefault(
                    code, {"description": description, "content": body}
                )
    return result
