"""Telling a lost database from a failed query, so callers answer 503 and retry, not 500.

PostgreSQL being away shows up as an `OperationalError` or `InterfaceError` whose driver error
has no SQLSTATE (the client could not connect, or the connection broke or was closed) or one of
the connection-exception states: class 08, and 57P01-57P03 (shut down, crashed, starting up).
Lock timeouts, cancelled statements and deadlocks carry other states and are not outages.
"""

from django.db import InterfaceError, OperationalError

_OUTAGE_STATES = {"57P01", "57P02", "57P03"}


def database_unavailable(exc: BaseException | None) -> bool:
    if not isinstance(exc, OperationalError | InterfaceError):
        return False
    sqlstate = getattr(exc.__cause__, "sqlstate", None)
    return sqlstate is None or sqlstate.startswith("08") or sqlstate in _OUTAGE_STATES
