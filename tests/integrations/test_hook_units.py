"""The hook's pure parts: what is checked for each tool, and the hot path's imports."""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from integrations.hook import proposed_action, redacted_action
from integrations.hook_core import parse_response, split_url

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_each_tool_is_checked_by_what_it_would_change():
    assert proposed_action("Bash", {"command": "make deploy", "description": "x"}) == "make deploy"
    assert (
        proposed_action("Edit", {"file_path": "/a/b.py", "old_string": "x", "new_string": "y"})
        == "Edit /a/b.py\ny"
    )
    assert proposed_action("Write", {"file_path": "/a/c.txt", "content": "hi"}) == (
        "Write /a/c.txt\nhi"
    )
    multi = {
        "file_path": "/a/d.py",
        "edits": [
            {"old_string": "1", "new_string": "one"},
            {"old_string": "2", "new_string": "two"},
        ],
    }
    assert proposed_action("MultiEdit", multi) == "MultiEdit /a/d.py\none\ntwo"
    assert proposed_action("NotebookEdit", {"notebook_path": "/n.ipynb", "new_source": "rm()"}) == (
        "NotebookEdit /n.ipynb\nrm()"
    )
    assert proposed_action("mcp__pg__query", {"sql": "DROP TABLE t"}) == (
        'mcp__pg__query {"sql": "DROP TABLE t"}'
    )


def test_reads_our_own_mcp_tools_and_empty_actions_are_not_checked():
    assert proposed_action("Read", {"file_path": "/etc/passwd"}) is None
    assert proposed_action("mcp__mnemosyne__check_action", {"proposed_action": "x"}) is None
    assert proposed_action("Bash", {"command": "   "}) is None
    assert proposed_action("Bash", "not a dict") is None


def test_a_long_action_is_cut_to_what_the_server_accepts():
    action = proposed_action("Write", {"file_path": "/big", "content": "x" * 50_000})
    assert len(action) == 8000


def test_the_hot_path_imports_no_django_httpx_or_numpy():
    probe = (
        "import sys, json, integrations.hook; "
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    loaded = json.loads(
        subprocess.run(
            [sys.executable, "-c", probe],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONPATH": str(REPO_ROOT)},
        ).stdout
    )
    assert not {"django", "httpx", "numpy", "rest_framework", "http", "urllib"} & set(loaded)


@pytest.mark.parametrize(
    "url",
    [
        "http://localhost:8025",
        "http://127.0.0.1:8025/",
        "https://Mnemosyne.Example.org/base/path/?x=1#top",
        "http://agent:secret@memory.internal:9000/api",
        "http://[::1]:8025/prefix",
        "https://[2001:DB8::1]",
        "HTTP://memory.internal",
        "http://:8025",
    ],
)
def test_the_server_url_is_read_as_urllib_reads_it(url):
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    assert split_url(url) == (parts.scheme, parts.hostname or "", parts.port, parts.path)


@pytest.mark.parametrize("url", ["http://host:80a", "http://host:99999", "http://[::1]:x"])
def test_a_server_url_with_a_bad_port_is_refused_as_urllib_refuses_it(url):
    from urllib.parse import urlsplit

    with pytest.raises(ValueError):
        urlsplit(url).port  # noqa: B018 (reading it raises)
    with pytest.raises(ValueError):
        split_url(url)


def test_a_proposed_action_is_sent_without_its_secrets():
    assert redacted_action("psql postgres://app:s3cr3t@db/app") == (
        "psql postgres://app:[REDACTED]@db/app"
    )
    assert redacted_action("git push origin main") == "git push origin main"


def test_a_db_pass_is_redacted_before_a_pre_tool_use_sends_it():
    assert redacted_action("DB_PASS=hunter2 ./migrate") == "DB_PASS=[REDACTED] ./migrate"


def _names_redact_knows():
    """Every secret name the rules know, in the spellings agents use."""
    from integrations import redact as rules

    words = [*rules._SECRET_WORDS, *(f"{a}_{b}" for a, b in rules._SECRET_PAIRS)]
    words += [*rules._HEADER_NAMES, *(f"{a.title()}{b.title()}" for a, b in rules._SECRET_PAIRS)]
    return [spelling for word in words for spelling in (word, word.upper())]


@pytest.mark.parametrize("name", _names_redact_knows())
def test_only_text_without_a_secret_skips_loading_the_redaction_rules(name):
    from integrations.hook_core import may_hold_secret
    from integrations.redact import redact, redact_value

    texts = [f"{name}=s3cr3tvalue run", f"cmd --{name} s3cr3tvalue", f'{{"{name}": "s3cr3t"}}']
    for text in texts:
        if redact(text) != text:
            assert may_hold_secret(text), text
    value = {name: "s3cr3tvalue"}
    if redact_value(value) != value:
        assert may_hold_secret(json.dumps(value)), value
    assert not may_hold_secret("pytest -x tests/ && ls -la /tmp")


def test_work_after_the_answer_is_done_by_a_detached_child_the_hook_does_not_wait_for(tmp_path):
    marker = tmp_path / "done.json"
    script = (
        "import json, os, sys, time\n"
        "from integrations.hook_core import Config, after_answer, run_after_answer\n"
        "def work(detached):\n"
        "    time.sleep(0.5)  # the hook has exited by now\n"
        "    record = {'detached': detached, 'pid': os.getpid(), 'sid': os.getsid(0),\n"
        "              'stdout': os.readlink('/proc/self/fd/1')}\n"
        f"    open({str(marker)!r}, 'w').write(json.dumps(record))\n"
        "after_answer(work)\n"
        "print('answer', flush=True)\n"
        "run_after_answer(Config())\n"
    )
    hook = subprocess.Popen(
        [sys.executable, "-c", script, "0"],
        stdout=subprocess.PIPE,
        text=True,
        env={"PYTHONPATH": str(REPO_ROOT)},
    )
    output, _ = hook.communicate(timeout=30)  # the pipe closes with the hook, not the child
    assert (hook.returncode, output, marker.exists()) == (0, "answer\n", False)

    for _ in range(100):
        if marker.exists() and marker.read_text():
            break
        time.sleep(0.1)
    done = json.loads(marker.read_text())
    assert done["detached"] is True
    assert done["pid"] != hook.pid
    assert done["sid"] == done["pid"]  # a session of its own: the hook's group may be ended
    assert done["stdout"] == "/dev/null"


def test_an_answer_is_read_by_its_length_its_chunks_or_the_connection_end():
    whole = b'HTTP/1.1 201 Created\r\nContent-Length: 12\r\n\r\n{"ok": true}HTTP/1.1 400'
    assert parse_response(whole) == (201, b'{"ok": true}')  # the length says where it ends
    chunked = (
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        b'4\r\n{"a"\r\n3;x=1\r\n: 1\r\n1\r\n}\r\n0\r\n\r\n'
    )
    assert parse_response(chunked) == (200, b'{"a": 1}')
    assert parse_response(b"HTTP/1.0 404 Not Found\r\n\r\nnope") == (404, b"nope")


def test_a_partial_answer_waits_for_more_or_fails_once_the_connection_ended():
    head = b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n"
    assert parse_response(head + b"12345", ended=False) is None
    assert parse_response(b"HTTP/1.1 200 OK\r\nContent-Le", ended=False) is None
    assert parse_response(b"HTTP/1.1 200 OK\r\n\r\n{}", ended=False) is None  # ends at close
    for cut in (head + b"12345", b"HTTP/1.1 200 OK\r\nContent-Le", b"SSH-2.0-OpenSSH\r\n\r\n"):
        with pytest.raises(ValueError):
            parse_response(cut)


def _run_probe(probe: str, arg, url: str, tmp_path, **env: str) -> subprocess.CompletedProcess:
    """Run a probe script in a fresh interpreter (so `sys.modules` shows what the hook loaded),
    its hook pointed at `url` and at a state folder of its own."""
    return subprocess.run(
        [sys.executable, "-c", probe, json.dumps(arg)],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
        env={
            "PYTHONPATH": str(REPO_ROOT),
            "MNEMOSYNE_URL": url,
            "MNEMOSYNE_HOOK_STATE_DIR": str(tmp_path / "state"),
            **env,
        },
    )


def test_a_pre_tool_use_sends_without_the_socket_or_threading_modules(closed_port_url, tmp_path):
    # Their imports (the socket module's enums, threads) cost more than the rest of the check.
    probe = (
        "import io, json, sys\n"
        "from integrations import hook\n"
        "sys.stdin = io.StringIO(sys.argv[1])\n"
        "hook.main([])\n"
        "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    )
    event = {"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "ls"}}
    done = _run_probe(probe, event, closed_port_url, tmp_path, MNEMOSYNE_HOOK_DEBUG="1")
    *debug, modules = done.stderr.splitlines()
    assert "Connection refused" in "\n".join(debug)  # it did try to connect
    loaded = set(json.loads(modules))
    assert "_socket" in loaded
    assert not {"socket", "threading", "http.client", "ssl"} & loaded


def test_the_hooks_send_without_loading_http_client_email_or_urllib(closed_port_url, tmp_path):
    probe = (
        "import io, json, sys\n"
        "from integrations import hook, hook_core\n"
        "hook_core.run_after_answer = lambda config: None  # the child's send is not measured\n"
        "for event in json.loads(sys.argv[1]):\n"
        "    sys.stdin = io.StringIO(json.dumps(event))\n"
        "    hook.main([])\n"
        "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    )
    events = [
        {"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "ls"}},
        {
            "hook_event_name": "PostToolUseFailure",
            "tool_name": "Bash",
            "tool_input": {"command": "make"},
            "error": "Exit code 2\nmake: *** No targets.  Stop.",
            "session_id": "s",
            "tool_use_id": "toolu_1",
        },
    ]
    done = _run_probe(
        probe,
        events,
        closed_port_url,
        tmp_path,
        MNEMOSYNE_TRAJECTORY_SPOOL_DIR=str(tmp_path / "spool"),
    )
    loaded = set(json.loads(done.stderr.splitlines()[-1]))
    assert "integrations.trajectory" in loaded  # the failure's event was spooled
    assert not {"http.client", "email", "urllib.request", "ssl"} & loaded
