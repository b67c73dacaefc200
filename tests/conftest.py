"""Shared fixtures: actors (maintainer, member, outsider), agent tokens and API clients.

Tests run on the embedded PostgreSQL (started on first connection, stopped when the run ends).
Celery tasks run eagerly in-process unless a test starts a real worker (tests/core/test_worker.py).
"""

import functools
import importlib.util
import socket
import threading

import pytest
from django.db.backends.postgresql.operations import DatabaseOperations
from rest_framework.test import APIClient

from governance import registry
from tests.clients import token_client
from tests.governance.factories import (
    DEMO_OTHER_PROJECT,
    DEMO_PROJECT,
    AgentCredentialFactory,
    ScopeFactory,
    UserFactory,
)

pytest_plugins = (
    ["tests.openai_loopback"] if importlib.util.find_spec("tests.openai_loopback") else []
)


@pytest.fixture(autouse=True)
def _fast_settings(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL = False
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _fresh_vector_counts():
    """Row counts cached to choose vector search plans must not leak from one test to the next."""
    from mnemosyne_site.vectors import forget_counts

    forget_counts()
    yield
    forget_counts()


@pytest.fixture(scope="session", autouse=True)
def _test_flush_passes_the_audit_trigger():
    """The audit log refuses TRUNCATE by trigger, and Django's flush (run after every
    transactional test) is one TRUNCATE of all tables. Only here, the flush turns that one
    trigger off and on again inside its own transaction, so no other session ever sees it off;
    without this patch (any real deployment) the flush is refused."""
    original = DatabaseOperations.sql_flush

    @functools.wraps(original)
    def sql_flush(self, style, tables, **kwargs):
        sql = original(self, style, tables, **kwargs)
        if "governance_auditlog" not in tables:
            return sql
        toggle = "ALTER TABLE governance_auditlog %s TRIGGER governance_auditlog_no_truncate;"
        return [toggle % "DISABLE", *sql, toggle % "ENABLE"]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DatabaseOperations, "sql_flush", sql_flush)
        yield


@pytest.fixture(autouse=True)
def _lesson_spool(tmp_path, monkeypatch):
    """Reports our client could not deliver are spooled; never into the user's own cache."""
    monkeypatch.setenv("MNEMOSYNE_LESSON_SPOOL_DIR", str(tmp_path / "lesson-spool"))


@pytest.fixture(scope="session", autouse=True)
def _eager_celery():
    from mnemosyne_site.celery import app

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    yield


@pytest.fixture(autouse=True)
def _outside_any_task():
    """Each test starts outside any task. Celery (5.7) marks the whole process as "inside a
    task" around every eager run and restores the previous mark afterwards; eager tasks run
    from several threads at once (the concurrency tests) can restore each other's mark and
    leave it set, after which every later `.get()` raises "Never call result.get() within a
    task"."""
    from celery._state import _set_task_join_will_block

    _set_task_join_will_block(False)


def _point_celery_at(url: str | None) -> None:
    """Point the app at another broker, dropping pooled connections to the old one."""
    from kombu import pools

    from mnemosyne_site.celery import app

    app.conf.broker_url = url
    if app._pool is not None:
        app._pool.force_close_all()
        app._pool = None
    app.amqp._producer_pool = None
    # The result backend is cached per app (or per thread); rebuilt from result_backend on use.
    app._backend_cache = None
    app._local.__dict__.pop("backend", None)
    pools.reset()  # kombu keeps producer pools per connection, globally


@pytest.fixture
def celery_broker():
    """Send tasks for real through a broker: `celery_broker(url)`; restored afterwards."""
    from mnemosyne_site.celery import app

    saved = (app.conf.broker_url, app.conf.result_backend, app.conf.task_always_eager)

    def use(url: str, *, results: bool = False) -> None:
        app.conf.task_always_eager = False
        app.conf.result_backend = url if results else None
        _point_celery_at(url)

    yield use
    app.conf.result_backend, app.conf.task_always_eager = saved[1], saved[2]
    _point_celery_at(saved[0])


@pytest.fixture
def spec_rules(transactional_db):
    """Transactional tests start from a flushed database: put back the spec's escalation rules
    that a migration seeds (get_or_create, so a seeded database is left as it is). Used instead
    of serialized rollback, which clashes with content types recreated after a flush."""
    from importlib import import_module

    from django.apps import apps

    from lessons.services.reporting import forget_rules

    import_module("lessons.migrations.0002_anti_pattern_version_and_rules").seed_rules(apps, None)
    forget_rules()


@pytest.fixture
def scope_tree(db):
    """acme (company) / platform (org) / payments (team) / api (project), plus a sibling team."""
    project = ScopeFactory(path=DEMO_PROJECT)
    other = ScopeFactory(path=DEMO_OTHER_PROJECT)
    return {
        "company": project.parent.parent.parent,
        "org": project.parent.parent,
        "team": project.parent,
        "project": project,
        "other_team": other.parent,
        "other_project": other,
    }


# The shared actors: people with one role in the demo team, and an outsider in the sibling team.


@pytest.fixture
def maintainer(scope_tree):
    return UserFactory(username="maintainer", roles={scope_tree["team"]: "maintainer"})


@pytest.fixture
def supervisor(scope_tree):
    return UserFactory(username="supervisor", roles={scope_tree["team"]: "supervisor"})


@pytest.fixture
def member(scope_tree):
    return UserFactory(username="member", roles={scope_tree["team"]: "member"})


@pytest.fixture
def outsider(scope_tree):
    return UserFactory(username="outsider", roles={scope_tree["other_team"]: "member"})


@pytest.fixture
def agent_client(scope_tree):
    """An API client authenticated as a writing agent of the demo project."""
    return token_client(AgentCredentialFactory().token)


@pytest.fixture
def registries():
    """Lets a test register appliers, describers and dashboard providers, then forgets them."""
    tables = (registry._APPLIERS, registry._DESCRIBERS, registry._DASHBOARD_PROVIDERS)
    saved = [dict(table) for table in tables]
    yield registry
    for table, old in zip(tables, saved, strict=True):
        table.clear()
        table.update(old)


@pytest.fixture
def api_client():
    return APIClient()


@pytest.fixture
def closed_port_url() -> str:
    """A loopback URL nobody listens on (connection refused)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


class SilentServer:
    """A loopback server that accepts connections and reads, but never answers."""

    def __init__(self) -> None:
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.accepted: list[socket.socket] = []  # connections held open, oldest first
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        self.listener.settimeout(0.2)
        while not self._stop.is_set():
            try:
                connection, _ = self.listener.accept()
            except OSError:
                continue
            self.accepted.append(connection)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2)
        for connection in self.accepted:
            connection.close()
        self.listener.close()


@pytest.fixture
def silent_server():
    server = SilentServer()
    yield server
    server.close()


@pytest.fixture
def silent_server_url(silent_server) -> str:
    return silent_server.url
