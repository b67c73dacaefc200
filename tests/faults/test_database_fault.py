"""The embedded database killed under a running `serve` while reports stream in.

The supervisor is frozen for the outage (SIGSTOP), so it lasts long enough to observe: the API
and pages answer 503 with Retry-After, /healthz says 503, our client spools what it cannot
deliver, and the worker's tasks that meet the outage are retried. Then the supervisor restarts
the database, the same web and worker processes serve again, the spool is resent, every report
is stored exactly once and every lesson processed. A second kill without the freeze measures
how long the supervisor takes on its own."""

import re

import pytest

from tests.faults.conftest import ReportStream, kill_and_reap, wait_until

pytestmark = pytest.mark.integration


def test_reports_made_while_the_database_is_down_are_stored_once_after_it(served, tmp_path):
    served.wait_healthy()
    processes = {name: served.child(name).pid for name in ("web", "worker")}
    web_workers = {p.pid for p in served.child("web").children()}

    worker = [served.child("worker"), *served.child("worker").children()]
    with ReportStream(served, tmp_path / "spool", "database fault") as stream:
        stream.wait_for("recorded", 10)
        # The worker is consuming (on a loaded machine it can be ready well after the web).
        first = [a.lesson_id for _, a in stream.answers if a.get("status") == "recorded"][:1]
        wait_until(
            lambda: served.sql(
                "SELECT 1 FROM lessons_lessonprocessing WHERE lesson_id::text = ANY(%s)",
                [first],
            ),
            120,
            "the worker to process a first lesson",
        )
        # Freeze the worker so the next reports' tasks are still queued when the database dies.
        for process in worker:
            process.suspend()
        stream.wait_for("recorded", stream.count("recorded") + 3)
        served.pause_supervisor()
        try:
            kill_and_reap(served.postmaster_pid())
            for process in worker:
                process.resume()  # it runs those tasks now, against a lost database
            stream.wait_for("spooled", 10)

            health = served.healthz()
            assert health.status_code == 503 and health.headers["Retry-After"] == "5"
            assert health.json()["database"].startswith("error")
            api = served.http.get("/api/v1/lessons/lessons")
            assert api.status_code == 503 and api.headers["Retry-After"] == "5"
            assert api.json() == {
                "error": "unavailable",
                "detail": "The database is unavailable; retry shortly.",
                "fields": {},
            }
            # A signed-in person's page: the session itself is read from the database.
            page = served.http.get(
                "/review/", headers={"Accept": "text/html", "Cookie": "sessionid=somebody"}
            )
            assert page.status_code == 503 and page.headers["Retry-After"] == "5"
            during = stream.count("spooled")
        finally:
            served.resume_supervisor()
        recovery = served.wait_healthy(timeout=120)
        back = len(stream.answers)
        stream.wait_for("recorded", stream.count("recorded") + 10)
    stream.drain()
    after = [a.lesson_id for _, a in stream.answers[back:] if a.get("status") == "recorded"]

    titles = stream.titles()
    stored = served.sql(
        "SELECT title, occurrence_count FROM lessons_lesson WHERE title LIKE %s",
        ["database fault %"],
    )
    print(
        f"\ndatabase fault: {len(titles)} reports sent, {during}+ spooled during the outage, "
        f"{len(stored)} stored; back {recovery:.1f} s after the supervisor resumed"
    )
    assert stream.count("error") == 0
    assert sorted(title for title, _ in stored) == sorted(titles)  # none lost, none twice
    assert {count for _, count in stored} == {1}  # no resend became a second occurrence
    keys = [a.idempotency_key for _, a in stream.answers if a.get("status") == "spooled"]
    assert len(keys) >= 10
    receipts = served.sql("SELECT count(*) FROM lessons_reportreceipt WHERE key = ANY(%s)", [keys])
    assert receipts == [(len(keys),)]
    # The same web and worker processes served on: their connections recovered on their own,
    # and the worker processes what was reported after the outage.
    assert {name: served.child(name).pid for name in ("web", "worker")} == processes
    assert {p.pid for p in served.child("web").children()} == web_workers
    wait_until(
        lambda: (
            served.sql(
                "SELECT count(*) FROM lessons_lessonprocessing WHERE lesson_id::text = ANY(%s)",
                [after],
            )
            == [(len(after),)]
        ),
        120,
        "the worker to process the lessons reported after the outage",
    )
    # Tasks that found the database away were retried, not failed: every lesson is processed.
    ids = [a.lesson_id for _, a in stream.answers if a.get("status") == "recorded"]
    wait_until(
        lambda: (
            served.sql(
                "SELECT count(*) FROM lessons_lessonprocessing WHERE lesson_id::text = ANY(%s)",
                [ids],
            )
            == [(len(ids),)]
        ),
        120,
        "every lesson recorded, including those whose task met the outage, to be processed",
    )
    log = served.log_text()
    assert re.search(r"Task lessons\.lesson_process\[[^]]+\] retry: Retry in 5s", log)
    assert not re.search(r"Task lessons\.lesson_process\[[^]]+\] raised unexpected", log)


def test_the_supervisor_alone_brings_a_killed_database_back(served):
    served.wait_healthy()
    kill_and_reap(served.postmaster_pid())
    # The supervisor may bring it back between two polls of /healthz (the test above pauses it
    # to watch the outage): wait for the supervisor to notice instead.
    wait_until(
        lambda: "embedded PostgreSQL is down" in served.log_text(), 30, "the supervisor to notice"
    )
    recovery = served.wait_healthy(timeout=60)
    print(f"\ndatabase killed, supervisor unpaused: healthy again after {recovery:.1f} s")
    print("\n".join(served.supervisor_lines()))
    assert "embedded PostgreSQL is back after" in served.log_text()
