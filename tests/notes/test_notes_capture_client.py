"""The capture client against a real HTTP server that the tests stop and start again."""

import json
import logging
import random
import time

import pytest
from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test.testcases import LiveServerThread, QuietWSGIRequestHandler

from integrations.trajectory import TrajectoryRecorder
from notes import conf
from notes.models import Trajectory, TrajectoryEvent
from tests.governance.factories import AgentCredentialFactory


class _RestartableServerThread(LiveServerThread):
    """Django's live server, rebindable to the same port right after a stop."""

    def _create_server(self, connections_override=None):
        return ThreadedWSGIServer(
            (self.host, self.port),
            QuietWSGIRequestHandler,
            allow_reuse_address=True,
            connections_override=connections_override,
        )


class LiveAPI:
    def __init__(self):
        self.port = 0
        self.thread = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.thread = _RestartableServerThread("127.0.0.1", StaticFilesHandler, port=self.port)
        self.thread.daemon = True
        self.thread.start()
        self.thread.is_ready.wait()
        if self.thread.error:
            raise self.thread.error
        self.port = self.thread.port

    def stop(self) -> None:
        if self.thread is not None:
            self.thread.terminate()
            self.thread = None


@pytest.fixture
def live_api(transactional_db):
    api = LiveAPI()
    api.start()
    yield api
    api.stop()


@pytest.fixture
def token(scope_tree):
    return AgentCredentialFactory(name="capture-agent").token


def _wait_for(predicate, timeout=15.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def _stored_ids() -> set[str]:
    return {str(i) for i in TrajectoryEvent.objects.values_list("event_id", flat=True)}


def _recorder(live_api, token, tmp_path, **options):
    defaults = dict(
        token=token,
        session="sess-1",
        batch_size=10,
        flush_interval=60.0,
        spool_dir=tmp_path / "spool",
        sample_threshold=100_000,
        timeout=2.0,
        max_backoff=0.2,
    )
    return TrajectoryRecorder(live_api.url, **{**defaults, **options})


@pytest.mark.integration
def test_the_flusher_sends_full_batches_and_the_rest_on_the_interval(live_api, token, tmp_path):
    # With an hour's interval only a batch's size can send it before close.
    by_size = _recorder(live_api, token, tmp_path, flush_interval=3600.0)
    try:
        for i in range(10):
            by_size.record("Bash", arguments={"i": i}, duration_ms=1.0)
        assert _wait_for(lambda: by_size.stats.sent == 10)
        assert by_size.stats.batch_sizes == [10]
    finally:
        by_size.close()
    # A part batch never reaches the size: only the interval sends it.
    by_interval = _recorder(
        live_api, token, tmp_path, session="sess-2", flush_interval=0.2, spool_dir=tmp_path / "s2"
    )
    try:
        for i in range(3):
            by_interval.record("Bash", arguments={"i": i}, duration_ms=1.0)
        assert _wait_for(lambda: by_interval.stats.sent == 3)
        assert by_interval.stats.batch_sizes == [3]
    finally:
        by_interval.close()
    stored = TrajectoryEvent.objects.order_by("trajectory__session_key", "seq")
    assert [(e.trajectory.session_key, e.arguments["i"]) for e in stored] == [
        *(("sess-1", i) for i in range(10)),
        *(("sess-2", i) for i in range(3)),
    ]


@pytest.mark.integration
def test_no_event_is_lost_when_the_server_stops_mid_run(live_api, token, tmp_path, caplog):
    """Record, stop the server, keep recording, restart it: every event arrives exactly once."""
    recorder = _recorder(live_api, token, tmp_path, batch_size=5, flush_interval=0.1)
    recorded = []
    try:
        for i in range(20):
            recorded.append(recorder.record("Read", arguments={"i": i}))
        assert _wait_for(lambda: TrajectoryEvent.objects.count() == 20)

        live_api.stop()
        with caplog.at_level(logging.WARNING, logger="mnemosyne.trajectory"):
            for i in range(20, 60):
                recorded.append(
                    recorder.record(
                        "Bash", arguments={"i": i}, error="exit 1" if i % 7 == 0 else None
                    )
                )
                time.sleep(0.005)
            assert _wait_for(lambda: recorder.stats.spooled >= 40, timeout=10)
        assert TrajectoryEvent.objects.count() == 20  # nothing got through meanwhile
        assert any("spooled" in r.getMessage() for r in caplog.records)
        assert list((tmp_path / "spool").glob("*.json"))

        live_api.start()  # same port
        assert recorder.flush(timeout=20)
    finally:
        recorder.close()

    assert len(recorded) == len(set(recorded)) == 60
    assert _stored_ids() == set(recorded)
    assert TrajectoryEvent.objects.count() == 60  # exactly once
    trajectory = Trajectory.objects.get()
    assert trajectory.event_count == 60  # counters never counted a resend twice
    assert trajectory.failed_count == len([i for i in range(20, 60) if i % 7 == 0])
    assert not list((tmp_path / "spool").glob("*.json"))


@pytest.mark.integration
def test_a_resent_batch_after_a_lost_reply_is_stored_once(live_api, token, tmp_path):
    recorder = _recorder(live_api, token, tmp_path, start=False)
    ids = [recorder.record("Read", arguments={"i": i}) for i in range(4)]
    body = recorder._batch_body([dict(e) for e in recorder._buffer])
    recorder._post("/api/v1/trajectories/events", body)  # delivered, but say the reply was lost
    recorder._spool("/api/v1/trajectories/events", body)
    recorder._buffer.clear()
    assert recorder.flush(timeout=10)
    assert _stored_ids() == set(ids)
    assert Trajectory.objects.get().event_count == 4


@pytest.mark.integration
def test_spooled_batches_survive_a_restart_of_the_agent(live_api, token, tmp_path):
    live_api.stop()
    first = _recorder(live_api, token, tmp_path)
    ids = [first.record("Read", arguments={"i": i}) for i in range(7)]
    first.close()  # the server is down: everything goes to the spool
    assert len(list((tmp_path / "spool").glob("*.json"))) == 1

    live_api.start()
    second = _recorder(live_api, token, tmp_path)
    try:
        assert second.flush(timeout=10)
    finally:
        second.close()
    assert _stored_ids() == set(ids)


@pytest.mark.integration
def test_the_session_end_is_sent_after_the_events_even_when_the_server_was_away(
    live_api, token, tmp_path, settings
):
    settings.LLM_BASE_URL = ""
    recorder = _recorder(live_api, token, tmp_path)
    start = time.time() - 120
    for i in range(3):
        recorder.record("Edit", arguments={"i": i}, started_at=start + 20 * i)
    live_api.stop()
    assert recorder.end_session("success", timeout=0.5) is None  # spooled
    live_api.start()
    try:
        assert recorder.flush(timeout=15)
    finally:
        recorder.close()
    trajectory = Trajectory.objects.get()
    assert trajectory.event_count == 3
    assert trajectory.outcome == "success" and trajectory.ended_at is not None


@pytest.mark.integration
def test_a_batch_too_large_for_the_server_is_split(live_api, token, tmp_path, monkeypatch):
    monkeypatch.setattr(conf, "TRAJECTORY_MAX_BATCH_EVENTS", 4)
    recorder = _recorder(live_api, token, tmp_path, start=False)
    ids = [recorder.record("Read", arguments={"i": i}) for i in range(10)]
    assert recorder.flush(timeout=10)
    assert _stored_ids() == set(ids)
    assert max(recorder.stats.batch_sizes) <= 4


@pytest.mark.integration
def test_a_batch_the_server_refuses_is_kept_aside_not_dropped(live_api, token, tmp_path):
    recorder = _recorder(live_api, token, tmp_path, start=False)
    recorder.record("x" * 300)  # the server refuses tool names over 200 characters
    assert recorder.flush(timeout=5)
    rejected = list((tmp_path / "spool" / "rejected").glob("*.json"))
    assert len(rejected) == 1
    kept = json.loads(rejected[0].read_text())
    assert kept["body"]["events"][0]["tool_name"] == "x" * 300
    assert "400" in kept["error"]
    assert recorder.stats.rejected == 1


# --- no server needed ---------------------------------------------------------------------------


def test_past_the_threshold_it_samples_but_keeps_every_failure(tmp_path, caplog):
    recorder = TrajectoryRecorder(
        "http://127.0.0.1:9",
        spool_dir=tmp_path,
        start=False,
        sample_threshold=20,
        sample_rate=0.1,
        rng=random.Random(3),
    )
    with caplog.at_level(logging.INFO, logger="mnemosyne.trajectory"):
        kept = [recorder.record("Bash", error="boom" if i % 10 == 0 else None) for i in range(220)]
    failures = [i for i in range(220) if i % 10 == 0]
    assert all(kept[i] is not None for i in failures)  # every failure captured
    assert all(kept[i] is not None for i in range(20))  # under the threshold: everything
    sampled_successes = [i for i in range(20, 220) if i % 10 and kept[i] is not None]
    assert 5 <= len(sampled_successes) <= 40  # about 10% of 180
    assert recorder.sampling_active
    assert recorder.stats.sampled_out == 220 - len([k for k in kept if k])
    assert any("sampling active" in r.getMessage() for r in caplog.records)


def test_sampling_stops_when_the_rate_falls(tmp_path, caplog, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    recorder = TrajectoryRecorder(
        "http://127.0.0.1:9", spool_dir=tmp_path, start=False, sample_threshold=5, sample_rate=0.0
    )
    for _ in range(6):
        recorder.record("Read")
    assert recorder.sampling_active and recorder.record("Read") is None
    clock[0] += 61
    with caplog.at_level(logging.INFO, logger="mnemosyne.trajectory"):
        assert recorder.record("Read") is not None
    assert not recorder.sampling_active
    assert any("sampling inactive" in r.getMessage() for r in caplog.records)


def test_the_tool_context_manager_times_the_call_and_records_errors(tmp_path):
    recorder = TrajectoryRecorder("http://127.0.0.1:9", spool_dir=tmp_path, start=False)
    with recorder.tool("Read", {"path": "a.py"}) as call:
        call.result = "print('hi')"
        time.sleep(0.01)
    with pytest.raises(ValueError), recorder.tool("Bash", {"command": "false"}):
        raise ValueError("exit status 1")
    ok, failed = list(recorder._buffer)
    assert ok["return_value"] == "print('hi')" and ok["error"] is None
    assert ok["duration_ms"] >= 10 and ok["event_id"] == call.event_id
    encoded = recorder._encodable(failed)
    assert encoded["error"] == "ValueError: exit status 1"


def test_record_does_not_wait_for_the_network(tmp_path, silent_server):
    # The flusher's first delivery is held by a server that never answers; recording goes on.
    recorder = TrajectoryRecorder(
        silent_server.url,
        spool_dir=tmp_path,
        batch_size=1,
        flush_interval=0.01,
        timeout=60,
        sample_threshold=100_000,
    )
    try:
        recorder.record("Read", arguments={"i": 0})
        assert _wait_for(lambda: silent_server.accepted)
        for i in range(1, 201):
            recorder.record("Read", arguments={"i": i})
        # All 200 calls returned while that delivery was still waiting for its answer.
        assert recorder.stats.captured == 201
        assert recorder.stats.sent == 0 and recorder.stats.spooled == 0
        assert len(silent_server.accepted) == 1
    finally:
        recorder._stopping.set()


def test_the_client_imports_no_django():
    import subprocess
    import sys

    code = "import sys, integrations.trajectory; print('django' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
