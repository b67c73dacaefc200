"""Our client keeps the reports it could not deliver and sends them again, once each.

Against real loopback HTTP servers that misbehave on purpose; the live-server fault tests
(tests/faults/) show the real server storing each spooled report once after an outage."""

import asyncio
import json
import socket
import stat
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from integrations.lesson_reporter import (
    CHECK_FAILED_WARNING,
    MAX_RESEND_ATTEMPTS,
    LessonReporter,
    SyncLessonReporter,
)


class _Handler(BaseHTTPRequestHandler):
    status = 200
    received: list = []

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        type(self).received.append(
            {"path": self.path, "key": self.headers.get("Idempotency-Key"), "body": body}
        )
        status = type(self).status
        payload = json.dumps(
            {"status": "recorded", "lesson_id": "x"} if status == 200 else {"error": "e"}
        ).encode()
        self.send_response(status)
        if status == 503:
            self.send_header("Retry-After", "5")
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


def _serve(port: int = 0):
    httpd = ThreadingHTTPServer(("127.0.0.1", port), _Handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


@pytest.fixture
def server():
    _Handler.status, _Handler.received = 200, []
    httpd = _serve()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def server_later():
    """A loopback port nothing listens on yet (connections are refused at once), and a function
    that starts the server there."""
    _Handler.status, _Handler.received = 200, []
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    started = []
    yield f"http://127.0.0.1:{port}", lambda: started.append(_serve(port))
    for httpd in started:
        httpd.shutdown()
        httpd.server_close()


def _fail(reporter, title):
    return reporter.failure(title=title, context="c", action_taken="a", outcome="o")


def test_a_report_the_server_cannot_take_now_is_spooled_privately_and_sent_once_later(
    server, tmp_path
):
    reporter = SyncLessonReporter("CHRONOS", url=server, spool_dir=tmp_path / "spool")
    _Handler.status = 503
    answer = _fail(reporter, "kept")
    assert answer.status == "spooled" and answer.http_status == 503
    files = reporter.spool.pending()
    assert len(files) == 1
    assert stat.S_IMODE(files[0].stat().st_mode) == 0o600
    assert stat.S_IMODE(reporter.spool.directory.stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "spool").stat().st_mode) == 0o700
    kept = json.loads(files[0].read_text())
    assert kept["key"] == answer.idempotency_key and kept["body"]["title"] == "kept"

    _Handler.status = 200
    assert _fail(reporter, "next").status == "recorded"
    sent = [(r["body"]["title"], r["key"]) for r in _Handler.received]
    # The first try, the new report, then the spooled one again under its own key.
    assert sent == [
        ("kept", answer.idempotency_key),
        ("next", sent[1][1]),
        ("kept", answer.idempotency_key),
    ]
    assert reporter.spool.pending() == []
    _fail(reporter, "third")
    assert [r["body"]["title"] for r in _Handler.received].count("kept") == 2  # not again


def test_reports_made_while_the_server_is_down_are_sent_by_the_next_process(server_later, tmp_path):
    url, start_server = server_later
    down = SyncLessonReporter("CHRONOS", url=url, spool_dir=tmp_path, token="t")
    answers = [_fail(down, f"lesson {i}") for i in range(3)]
    assert [a.status for a in answers] == ["spooled"] * 3
    assert "ConnectError" in answers[0].error

    start_server()
    restarted = SyncLessonReporter("CHRONOS", url=url, spool_dir=tmp_path, token="t")
    assert restarted.resend_spooled() == 3
    assert [r["body"]["title"] for r in _Handler.received] == [f"lesson {i}" for i in range(3)]
    assert [r["key"] for r in _Handler.received] == [a.idempotency_key for a in answers]
    assert restarted.spool.pending() == []


def test_a_queue_belongs_to_one_server_and_token(server, tmp_path):
    _Handler.status = 503
    _fail(SyncLessonReporter("CHRONOS", url=server, spool_dir=tmp_path, token="first"), "mine")
    _Handler.status, _Handler.received = 200, []
    other = SyncLessonReporter("CHRONOS", url=server, spool_dir=tmp_path, token="second")
    _fail(other, "theirs")
    assert [r["body"]["title"] for r in _Handler.received] == ["theirs"]
    same = SyncLessonReporter("AEGIS", url=server, spool_dir=tmp_path, token="first")
    assert same.resend_spooled() == 1


def test_the_async_reporter_spools_and_resends_too(server, tmp_path):
    reporter = LessonReporter("CHRONOS", url=server, spool_dir=tmp_path)

    async def scenario():
        _Handler.status = 502
        first = await reporter.discovery(title="found", context="c", discovery="d")
        _Handler.status = 200
        second = await reporter.discovery(title="found again", context="c", discovery="d")
        return first, second

    first, second = asyncio.run(scenario())
    assert first.status == "spooled" and second.status == "recorded"
    assert [r["key"] for r in _Handler.received].count(first.idempotency_key) == 2
    assert reporter.spool.pending() == []


def test_a_refused_report_is_answered_not_spooled(server, tmp_path):
    _Handler.status = 400
    reporter = SyncLessonReporter("CHRONOS", url=server, spool_dir=tmp_path)
    answer = _fail(reporter, "bad")
    assert answer.status == "error" and answer.http_status == 400
    assert reporter.spool.pending() == []


def test_a_spooled_report_the_server_later_refuses_is_set_aside_not_resent(server, tmp_path):
    reporter = SyncLessonReporter("CHRONOS", url=server, spool_dir=tmp_path)
    _Handler.status = 503
    _fail(reporter, "later invalid")
    _Handler.status = 400
    assert reporter.resend_spooled() == 0
    assert reporter.spool.pending() == []
    assert len(list(reporter.spool.rejected.glob("*.json"))) == 1


def test_a_report_failing_with_500_is_set_aside_after_bounded_attempts(server, tmp_path):
    reporter = SyncLessonReporter("CHRONOS", url=server, spool_dir=tmp_path)
    _Handler.status = 500
    _fail(reporter, "poison")
    for _ in range(MAX_RESEND_ATTEMPTS):
        reporter.resend_spooled()
    assert reporter.spool.pending() == []
    assert len(list(reporter.spool.rejected.glob("*.json"))) == 1
    assert len(_Handler.received) == 1 + MAX_RESEND_ATTEMPTS


def test_the_spool_is_bounded_and_says_when_a_report_was_not_kept(server_later, tmp_path):
    closed_port, _ = server_later
    reporter = SyncLessonReporter("CHRONOS", url=closed_port, spool_dir=tmp_path, spool_max_files=2)
    answers = [_fail(reporter, f"lesson {i}") for i in range(3)]
    assert [a.status for a in answers] == ["spooled", "spooled", "error"]
    assert answers[2].spooled is False and "spool full" in answers[2].error
    assert len(reporter.spool.pending()) == 2

    small = SyncLessonReporter("CHRONOS", url=closed_port, spool_dir=tmp_path / "b", token="x")
    small.spool.max_bytes = 100
    assert _fail(small, "too big for 100 bytes").spooled is False


def test_a_spool_directory_others_can_read_is_made_private(server_later, tmp_path):
    closed_port, _ = server_later
    reporter = SyncLessonReporter("CHRONOS", url=closed_port, spool_dir=tmp_path / "spool")
    reporter.spool.directory.mkdir(parents=True)
    reporter.spool.directory.chmod(0o755)
    assert _fail(reporter, "one").status == "spooled"
    assert stat.S_IMODE(reporter.spool.directory.stat().st_mode) == 0o700


def test_checks_never_wait_on_the_spool(server, tmp_path):
    reporter = SyncLessonReporter("CHRONOS", url=server, spool_dir=tmp_path)
    _Handler.status = 503
    for i in range(5):
        _fail(reporter, f"lesson {i}")
    _Handler.received = []
    check = reporter.check_before_action("rm -rf /data", "cleanup")
    assert check.blocked is False and check.warnings == [CHECK_FAILED_WARNING]
    assert [r["path"] for r in _Handler.received] == ["/check/anti-pattern"]
    assert len(reporter.spool.pending()) == 5
