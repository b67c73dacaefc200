"""The embedded database killed under a running `serve` while reports stream in.

The supervisor is frozen for the outage (SIGSTOP), so it lasts long enough to observe: the API
and pages answer 503 with Retry-After, /healthz says 503, and our client spools what it cannot
deliver. Then the supervisor restarts the database, the same web and worker processes serve
again, the spool is resent, and every report is stored exactly once. A second kill without the
freeze measures how long the supervisor takes on its own."""

import pytest

from tests.faults.conftest import ReportStream, kill_and_reap, wait_until

pytestmark = pytest.mark.integration


def test_reports_made_while_the_database_is_down_are_stored_once_after_it(served, tmp_path):
    served.wait_healthy()
    processes = {name: served.child(name).pid for name in ("web", "worker")}
    web_workers = {p.pid for p in served.child("web").children()}

    with ReportStream(served, tmp_path / "spool", "database fault") as stream:
        stream.wait_for("recorded", 10)
        served.pause_supervisor()
        try:
            kill_and_reap(served.postmaster_pid())
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
        stream.wait_for("recorded", stream.count("recorded") + 10)
    stream.drain()

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
    # The same web and worker processes served on: their connections recovered on their own.
    assert {name: served.child(name).pid for name in ("web", "worker")} == processes
    assert {p.pid for p in served.child("web").children()} == web_workers


def test_the_supervisor_alone_brings_a_killed_database_back(served):
    served.wait_healthy()
    kill_and_reap(served.postmaster_pid())
    wait_until(lambda: served.healthz().status_code == 503, 30, "/healthz to notice")
    recovery = served.wait_healthy(timeout=60)
    print(f"\ndatabase killed, supervisor unpaused: healthy again after {recovery:.1f} s")
    print("\n".join(served.supervisor_lines()))
    assert "embedded PostgreSQL is back after" in served.log_text()
