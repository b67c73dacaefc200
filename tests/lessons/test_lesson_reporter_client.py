"""The Python client's fail-open behaviour against real loopback servers that misbehave."""

import asyncio
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from integrations.lesson_reporter import (
    CHECK_FAILED_WARNING,
    LessonReporter,
    SyncLessonReporter,
    quick_lesson_sync,
)


class _Handler(BaseHTTPRequestHandler):
    behaviour = "ok"
    seen: list = []

    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        body = json.loads(self.rfile.read(length) or b"null")
        type(self).seen.append((self.path, dict(self.headers), body))
        if self.behaviour == "slow":
            time.sleep(1.5)
        status, answer = {
            "ok": (200, {"status": "recorded", "lesson_id": "x", "blocked": True}),
            "slow": (200, {"status": "recorded"}),
            "broken": (500, {"error": "server_error", "detail": "Internal error."}),
            "html": (502, None),
        }[self.behaviour]
        payload = b"<html>bad gateway</html>" if answer is None else json.dumps(answer).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
        except (BrokenPipeError, ConnectionResetError):
            pass


@pytest.fixture
def server():
    _Handler.seen = []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd, f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_it_sends_the_token_and_the_spec_payload(server, monkeypatch):
    _, url = server
    _Handler.behaviour = "ok"
    monkeypatch.setenv("MNEMOSYNE_TOKEN", "mnem_abc_def")
    reporter = SyncLessonReporter("AEGIS", url=url)
    assert (
        reporter.failure(title="t", context="c", action_taken="a", outcome="o", tags=["x"]).status
        == "recorded"
    )
    path, headers, body = _Handler.seen[0]
    assert path == "/lessons/report"
    assert headers["Authorization"] == "Bearer mnem_abc_def"
    assert headers["Idempotency-Key"]
    assert body == {
        "lesson_type": "failure",
        "domain": "security",
        "category": "security",
        "source_agent": "AEGIS",
        "title": "t",
        "context": "c",
        "action_taken": "a",
        "outcome": "o",
        "root_cause": None,
        "solution": None,
        "alternatives": [],
        "severity": "medium",
        "tags": ["x"],
        "related_commands": [],
        "confidence": 0.8,
    }


def test_a_slow_server_times_out_and_the_check_fails_open(server):
    _, url = server
    _Handler.behaviour = "slow"
    reporter = LessonReporter("CHRONOS", url=url, timeout=0.3, check_timeout=0.3)
    check = asyncio.run(reporter.check_before_action("rm -rf /data", "cleanup"))
    assert check.blocked is False and check.warnings == [CHECK_FAILED_WARNING]
    report = asyncio.run(reporter.success(title="t", context="c", action_taken="a", outcome="o"))
    assert report.status == "spooled"  # kept for a resend (tests/lessons/test_lesson_spool.py)


@pytest.mark.parametrize("behaviour", ["broken", "html"])
def test_server_errors_never_raise_into_the_agent(server, behaviour):
    _, url = server
    _Handler.behaviour = behaviour
    reporter = SyncLessonReporter("CHRONOS", url=url)
    assert reporter.discovery(title="t", context="c", discovery="d").status == "spooled"
    assert reporter.check_before_action("x", "y").warnings == [CHECK_FAILED_WARNING]
    assert reporter.get_relevant_lessons("x") == []


def test_learning_disabled_sends_nothing(server, monkeypatch):
    _, url = server
    monkeypatch.setenv("LEARNING_ENABLED", "false")
    assert SyncLessonReporter("CHRONOS", url=url).success(
        title="t", context="c", action_taken="a", outcome="o"
    ) == {"status": "disabled"}
    assert _Handler.seen == []


def test_quick_lesson_maps_its_arguments_onto_each_kind(server, monkeypatch):
    _, url = server
    _Handler.behaviour = "ok"
    monkeypatch.setenv("MNEMOSYNE_URL", url)
    quick_lesson_sync("CHRONOS", "workaround", title="t", context="the problem", outcome="the fix")
    quick_lesson_sync("CHRONOS", "discovery", title="t2", context="c", outcome="found")
    bodies = [body for _, _, body in _Handler.seen]
    assert bodies[0]["lesson_type"] == "workaround" and bodies[0]["action_taken"] == "the fix"
    assert bodies[1]["lesson_type"] == "discovery" and bodies[1]["outcome"] == "found"


def test_the_client_imports_no_django():
    import subprocess
    import sys

    code = (
        "import sys, integrations.lesson_reporter; "
        "sys.exit(1 if any(m == 'django' or m.startswith('django.') for m in sys.modules) else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
