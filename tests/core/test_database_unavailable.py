"""A lost database is told apart from a failed query, and answered 503 with Retry-After.

The errors here are real: a connection to a socket directory where no server listens, a
connection the server terminated, and a statement the server cancelled."""

import pytest
from django.db import connection, connections, transaction
from django.db.utils import OperationalError
from django.test import RequestFactory

from mnemosyne_site.api import exception_handler
from mnemosyne_site.db.availability import database_unavailable
from mnemosyne_site.embedded import PG_SOCKET_DIR_ENV
from mnemosyne_site.health import server_error

pytestmark = pytest.mark.django_db


@pytest.fixture
def no_server(tmp_path, monkeypatch):
    """A connection whose socket directory has no server in it."""
    monkeypatch.setenv(PG_SOCKET_DIR_ENV, str(tmp_path))
    lost = connections.create_connection("default")
    yield lost
    lost.close()


def _error_of(lost) -> OperationalError:
    with pytest.raises(OperationalError) as caught:
        lost.ensure_connection()
    return caught.value


def test_no_server_to_connect_to_is_an_outage(no_server):
    assert database_unavailable(_error_of(no_server))


def test_a_connection_the_server_terminated_is_an_outage():
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            pid = cursor.fetchone()[0]
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
        with pytest.raises(OperationalError) as caught, other.cursor() as cursor:
            cursor.execute("SELECT 1")
        assert database_unavailable(caught.value)
    finally:
        other.close()


def test_a_cancelled_statement_is_not_an_outage():
    with pytest.raises(OperationalError) as caught, transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL statement_timeout = '10ms'")
            cursor.execute("SELECT pg_sleep(1)")
    assert caught.value.__cause__.sqlstate == "57014"
    assert not database_unavailable(caught.value)
    assert not database_unavailable(ValueError("not a database error"))


def test_the_api_answers_503_with_retry_after_and_the_error_body(no_server):
    response = exception_handler(_error_of(no_server), {"view": None})
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.data == {
        "error": "unavailable",
        "detail": "The database is unavailable; retry shortly.",
        "fields": {},
    }


@pytest.mark.parametrize(
    ("path", "accept", "content_type"),
    [
        ("/review/", "text/html", "text/html; charset=utf-8"),
        ("/api/v1/lessons/", "*/*", "application/json"),
        ("/lessons/report", "application/json", "application/json"),
    ],
)
def test_pages_failing_on_a_lost_database_answer_503(no_server, path, accept, content_type):
    error = _error_of(no_server)
    request = RequestFactory().get(path, HTTP_ACCEPT=accept)
    try:
        raise error
    except OperationalError:
        response = server_error(request)  # as Django calls handler500: inside the except
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response["Content-Type"] == content_type


def test_other_server_errors_stay_500():
    request = RequestFactory().get("/review/")
    try:
        raise RuntimeError("a bug")
    except RuntimeError:
        response = server_error(request)
    assert response.status_code == 500
