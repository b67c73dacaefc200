"""A niced process's queries (the worker's) on the embedded PostgreSQL run at its priority."""

import os
import threading
from pathlib import Path

import pytest
from django.db import connection, connections

from mnemosyne_site.signals import renice_backend

pytestmark = pytest.mark.django_db(transaction=True)


def _backend_pid(conn) -> int:
    with conn.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def _autogroup_nice(pid: int) -> int:
    # "/autogroup-123 nice 4"
    return int(Path(f"/proc/{pid}/autogroup").read_text().split()[-1])


def test_a_renice_lowers_the_backend_and_its_session_group() -> None:
    conn = connections.create_connection("default")
    try:
        pid = _backend_pid(conn)
        renice_backend(conn, 4)
        assert os.getpriority(os.PRIO_PROCESS, pid) == 4
        assert _autogroup_nice(pid) == 4
    finally:
        conn.close()


def test_a_niced_worker_gets_each_new_backend_at_its_niceness() -> None:
    seen: dict[str, int] = {}

    def niced_worker_thread() -> None:
        # Linux keeps a nice per thread: this one stands for the worker `serve` starts niced.
        os.setpriority(os.PRIO_PROCESS, 0, 6)
        try:
            pid = _backend_pid(connection)  # a new connection: this thread has none yet
            seen["nice"] = os.getpriority(os.PRIO_PROCESS, pid)
            seen["autogroup"] = _autogroup_nice(pid)
        finally:
            connection.close()

    thread = threading.Thread(target=niced_worker_thread)
    thread.start()
    thread.join()
    connection.close()
    web_pid = _backend_pid(connection)  # a new one, in this thread at nice 0: left alone

    assert seen == {"nice": 6, "autogroup": 6}
    assert os.getpriority(os.PRIO_PROCESS, web_pid) == 0
