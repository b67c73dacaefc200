"""The LLM wrapper against the loopback server, through the real `openai` client."""

from __future__ import annotations

import openai
import pytest

from mnemosyne_site.llm import (
    LLMResponseError,
    LLMUnavailable,
    complete_json,
    complete_text,
    llm_configured,
)
from tests.openai_loopback import CHAT_PATH, OpenAILoopback


@pytest.fixture
def llm(settings, openai_server: OpenAILoopback) -> OpenAILoopback:
    settings.LLM_BASE_URL = openai_server.base_url
    settings.LLM_MODEL = "test-model"
    settings.OPENAI_API_KEY = "sk-test"
    settings.LLM_TIMEOUT = 2.0
    settings.LLM_MAX_RETRIES = 0
    return openai_server


def test_it_parses_a_json_reply_and_reports_the_model(llm: OpenAILoopback) -> None:
    llm.queue_chat({"title": "Use --force-with-lease", "confidence": 0.9}, model="test-model-2024")

    result = complete_json(system="Summarise.", user="git push --force broke main")

    assert result.data == {"title": "Use --force-with-lease", "confidence": 0.9}
    assert result.model == "test-model-2024"
    sent = llm.requests_to(CHAT_PATH)[0]
    assert sent.json["model"] == "test-model"
    assert sent.json["response_format"] == {"type": "json_object"}
    assert sent.headers["authorization"] == "Bearer sk-test"


def test_it_passes_the_schema_hint_and_asks_for_json(llm: OpenAILoopback) -> None:
    llm.queue_chat({"ok": True})

    complete_json(system="Classify.", user="x", schema_hint='{"kind": "bug|feature"}', model="m2")

    sent = llm.requests_to(CHAT_PATH)[0].json
    system = sent["messages"][0]["content"]
    assert sent["model"] == "m2"
    assert "JSON" in system and '{"kind": "bug|feature"}' in system
    assert sent["messages"][1] == {"role": "user", "content": "x"}


def test_it_accepts_json_wrapped_in_a_markdown_fence(llm: OpenAILoopback) -> None:
    llm.queue_chat('```json\n{"a": 1}\n```')

    assert complete_json(system="s", user="u").data == {"a": 1}


def test_it_returns_plain_text(llm: OpenAILoopback) -> None:
    llm.queue_chat("Prefer --force-with-lease.")

    result = complete_text(system="s", user="u")

    assert result.text == "Prefer --force-with-lease."
    assert "response_format" not in llm.requests_to(CHAT_PATH)[0].json


def test_it_raises_unavailable_when_the_answer_comes_after_the_timeout(
    settings, llm: OpenAILoopback
) -> None:
    settings.LLM_TIMEOUT = 0.3
    llm.queue_delay(CHAT_PATH, 5.0)  # a good answer, had the client waited for it

    with pytest.raises(LLMUnavailable) as raised:
        complete_json(system="s", user="u")

    assert isinstance(raised.value.__cause__, openai.APITimeoutError)
    assert len(llm.requests_to(CHAT_PATH)) == 1  # no retry (LLM_MAX_RETRIES is 0 here)


def test_a_per_call_timeout_overrides_the_setting(settings, llm: OpenAILoopback) -> None:
    settings.LLM_TIMEOUT = 30.0  # the setting alone would wait for the late answer
    llm.queue_delay(CHAT_PATH, 5.0)

    with pytest.raises(LLMUnavailable) as raised:
        complete_text(system="s", user="u", timeout=0.3)

    assert isinstance(raised.value.__cause__, openai.APITimeoutError)


def test_it_raises_response_error_on_non_json_content(llm: OpenAILoopback) -> None:
    llm.queue_chat("Sure! Here is the JSON you asked for: {oops")

    with pytest.raises(LLMResponseError):
        complete_json(system="s", user="u")


def test_it_raises_response_error_on_a_json_array(llm: OpenAILoopback) -> None:
    llm.queue_chat("[1, 2, 3]")

    with pytest.raises(LLMResponseError):
        complete_json(system="s", user="u")


def test_it_raises_response_error_on_empty_content(llm: OpenAILoopback) -> None:
    llm.queue_chat(None)

    with pytest.raises(LLMResponseError):
        complete_json(system="s", user="u")


def test_it_raises_response_error_on_a_truncated_reply(llm: OpenAILoopback) -> None:
    llm.queue_chat('{"title": "cut', finish_reason="length")

    with pytest.raises(LLMResponseError):
        complete_json(system="s", user="u")


def test_it_retries_a_500_and_then_succeeds(settings, llm: OpenAILoopback) -> None:
    settings.LLM_MAX_RETRIES = 1
    llm.queue_error(CHAT_PATH, 500)
    llm.queue_chat({"ok": "second try"})

    result = complete_json(system="s", user="u")

    assert result.data == {"ok": "second try"}
    assert len(llm.requests_to(CHAT_PATH)) == 2


def test_it_raises_unavailable_when_5xx_outlasts_the_retries(settings, llm: OpenAILoopback) -> None:
    settings.LLM_MAX_RETRIES = 1
    llm.queue_error(CHAT_PATH, 503)
    llm.queue_error(CHAT_PATH, 503)

    with pytest.raises(LLMUnavailable):
        complete_json(system="s", user="u")

    assert len(llm.requests_to(CHAT_PATH)) == 2


def test_a_rejected_request_is_a_response_error(llm: OpenAILoopback) -> None:
    llm.queue_error(CHAT_PATH, 400, message="context length exceeded")

    with pytest.raises(LLMResponseError):
        complete_json(system="s", user="u")


def test_it_raises_unavailable_when_nothing_listens(settings) -> None:
    # Bind then close a port, so nothing listens there.
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    settings.LLM_BASE_URL = f"http://127.0.0.1:{port}/v1"
    settings.LLM_MAX_RETRIES = 0

    with pytest.raises(LLMUnavailable):
        complete_text(system="s", user="u")


def test_it_raises_unavailable_when_not_configured(settings) -> None:
    settings.LLM_BASE_URL = ""

    assert not llm_configured()
    with pytest.raises(LLMUnavailable):
        complete_json(system="s", user="u")
