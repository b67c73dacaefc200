"""`/healthz`: 200 when the database and the broker answer, 503 naming what does not.

Also the site's 500 handler: a page that failed because the database is away answers 503 with
`Retry-After` (the API's own handler does the same for API views), anything else the plain 500.
"""

import sys

from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults

from mnemosyne_site.celery import app
from mnemosyne_site.db.availability import database_unavailable
from mnemosyne_site.errors import Unavailable


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return "ok"
    except Exception as exc:  # any failure means unhealthy; the reason is reported
        connection.close()  # reconnect on the next check rather than reuse a broken connection
        return f"error: {exc.__class__.__name__}"


def _broker() -> str:
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, timeout=2)
        return "ok"
    except Exception as exc:
        return f"error: {exc.__class__.__name__}"


def healthz(request: HttpRequest) -> JsonResponse:
    checks = {"database": _database(), "broker": _broker()}
    healthy = all(value == "ok" for value in checks.values())
    response = JsonResponse(
        {"status": "ok" if healthy else "unavailable", **checks}, status=200 if healthy else 503
    )
    if not healthy:
        response["Retry-After"] = str(Unavailable.retry_after)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """`handler500`: called while the exception is being handled, so it can look at it."""
    if not database_unavailable(sys.exc_info()[1]):
        return defaults.server_error(request)
    error = Unavailable()
    if request.path.startswith("/api/") or "json" in request.headers.get("Accept", ""):
        response: HttpResponse = JsonResponse(
            {"error": error.code, "detail": error.detail, "fields": {}}, status=503
        )
    else:
        response = HttpResponse(
            f"<!doctype html><title>Unavailable</title><p>{error.detail}</p>",
            status=503,
            content_type="text/html; charset=utf-8",
        )
    response["Retry-After"] = str(error.retry_after)
    return response
