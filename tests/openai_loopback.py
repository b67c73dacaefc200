"""A loopback server speaking the OpenAI wire format, for tests through the real `openai` client.

It answers ``POST /v1/chat/completions`` and ``POST /v1/embeddings`` on 127.0.0.1 at an
ephemeral port. Each test scripts the replies it wants and inspects what the server received::

    def test_it_parses_json(openai_server, settings):
        settings.LLM_BASE_URL = openai_server.base_url
        openai_server.queue_chat('{"title": "x"}')
        ...
        assert openai_server.requests[0].json["response_format"] == {"type": "json_object"}

Scripted replies are used in order, per endpoint; once a queue is empty, chat answers
``{"ok": true}`` and embeddings answer deterministic unit vectors of the requested
``dimensions`` (1536 if none), derived from a hash of each input, so the same text always gets
the same vector. Both ``encoding_format`` "float" and "base64" (the client's default) are served.

The ``openai_server`` fixture starts one server per test and stops it afterwards; delayed replies
wake up at shutdown, so it stops promptly. Register the fixture with
``pytest_plugins = ["tests.openai_loopback"]`` in tests/conftest.py, or import it into a test
module: ``from tests.openai_loopback import openai_server  # noqa: F401``.
"""

from __future__ import annotations

import base64
import hashlib
import json
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np
import pytest

CHAT_PATH = "/v1/chat/completions"
EMBEDDINGS_PATH = "/v1/embeddings"
DEFAULT_EMBEDDING_DIMENSIONS = 1536


@dataclass(frozen=True)
class Reply:
    """One scripted HTTP reply. `body` is JSON-encoded unless it is bytes; None means the
    endpoint's default answer (so a bare `Reply(delay=2)` is a good answer that comes late)."""

    status: int = 200
    body: Any = None
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ReceivedRequest:
    method: str
    path: str
    headers: dict[str, str]
    json: Any


def unit_vector(text: str, dimensions: int) -> np.ndarray:
    """The vector the server returns for `text`: pseudo-random, unit length, deterministic."""
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")
    vector = np.random.default_rng(seed).standard_normal(dimensions).astype(np.float32)
    return vector / np.linalg.norm(vector)


class OpenAILoopback:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queues: dict[str, deque[Reply]] = {CHAT_PATH: deque(), EMBEDDINGS_PATH: deque()}
        self._requests: list[ReceivedRequest] = []
        self._stopping = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        # Join handler threads on close (they end quickly: delays wake up on `_stopping`).
        self._httpd.daemon_threads = False
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    @property
    def requests(self) -> list[ReceivedRequest]:
        with self._lock:
            return list(self._requests)

    def requests_to(self, path: str) -> list[ReceivedRequest]:
        return [r for r in self.requests if r.path == path]

    # --- scripting ---------------------------------------------------------------------------
    def queue(self, path: str, reply: Reply) -> None:
        with self._lock:
            self._queues[path].append(reply)

    def queue_chat(
        self,
        content: str | dict[str, Any] | None,
        *,
        model: str = "loopback-model",
        finish_reason: str = "stop",
        delay: float = 0.0,
    ) -> None:
        """A chat completion whose message content is `content` (a dict is JSON-encoded)."""
        if isinstance(content, dict):
            content = json.dumps(content)
        self.queue(
            CHAT_PATH,
            Reply(body=chat_body(content, model=model, finish_reason=finish_reason), delay=delay),
        )

    def queue_error(
        self, path: str, status: int, *, message: str = "scripted error", delay: float = 0.0
    ) -> None:
        """An HTTP error in the OpenAI error shape. `retry-after-ms: 1` keeps retries fast."""
        body = {"error": {"message": message, "type": "server_error", "code": None}}
        self.queue(
            path, Reply(status=status, body=body, delay=delay, headers={"retry-after-ms": "1"})
        )

    def queue_delay(self, path: str, seconds: float) -> None:
        """A reply that arrives only after `seconds`, to push a client past its timeout."""
        self.queue(path, Reply(delay=seconds))

    # --- lifecycle ---------------------------------------------------------------------------
    def start(self) -> OpenAILoopback:
        self._thread.start()
        return self

    def close(self) -> None:
        self._stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    # --- serving (called from handler threads) ------------------------------------------------
    def _record(self, request: ReceivedRequest) -> Reply | None:
        with self._lock:
            self._requests.append(request)
            queue = self._queues.get(request.path)
            return queue.popleft() if queue else None

    def _default_reply(self, request: ReceivedRequest) -> Reply:
        if request.path == CHAT_PATH:
            return Reply(body=chat_body('{"ok": true}', model=request.json.get("model", "")))
        if request.path == EMBEDDINGS_PATH:
            return Reply(body=embeddings_body(request.json))
        return Reply(status=404, body={"error": {"message": f"no route {request.path}"}})

    def _wait(self, seconds: float) -> None:
        self._stopping.wait(seconds)


def chat_body(
    content: str | None, *, model: str = "loopback-model", finish_reason: str = "stop"
) -> dict[str, Any]:
    return {
        "id": "chatcmpl-loopback",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": finish_reason,
            }
        ],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


def embeddings_body(payload: dict[str, Any]) -> dict[str, Any]:
    inputs = payload.get("input", [])
    if isinstance(inputs, str):
        inputs = [inputs]
    dimensions = int(payload.get("dimensions") or DEFAULT_EMBEDDING_DIMENSIONS)
    as_base64 = payload.get("encoding_format") == "base64"
    data = []
    for index, text in enumerate(inputs):
        vector = unit_vector(str(text), dimensions)
        encoded: Any = (
            base64.b64encode(vector.astype("<f4").tobytes()).decode()
            if as_base64
            else vector.tolist()
        )
        data.append({"object": "embedding", "index": index, "embedding": encoded})
    return {
        "object": "list",
        "data": data,
        "model": payload.get("model", ""),
        "usage": {"prompt_tokens": len(inputs), "total_tokens": len(inputs)},
    }


def _handler_for(server: OpenAILoopback) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        # HTTP/1.0: one request per connection, so no idle keep-alive thread outlives a test.
        protocol_version = "HTTP/1.0"

        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                payload = json.loads(raw) if raw else None
            except json.JSONDecodeError:
                payload = None
            request = ReceivedRequest(
                method="POST",
                path=self.path.split("?")[0],
                headers={k.lower(): v for k, v in self.headers.items()},
                json=payload,
            )
            reply = server._record(request) or Reply()
            if reply.body is None:
                reply = replace(reply, body=server._default_reply(request).body)
            if reply.delay:
                server._wait(reply.delay)
            self._send(reply)

        def _send(self, reply: Reply) -> None:
            body = reply.body if isinstance(reply.body, bytes) else json.dumps(reply.body).encode()
            try:
                self.send_response(reply.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout) before the delayed reply was ready

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass  # keep test output quiet

    return Handler


@pytest.fixture
def openai_server() -> Iterator[OpenAILoopback]:
    server = OpenAILoopback().start()
    try:
        yield server
    finally:
        server.close()
