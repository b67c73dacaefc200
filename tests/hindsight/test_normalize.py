"""Behaviour of hindsight.normalize: masking, regexes, stack frames, fingerprints."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from hindsight.normalize import fingerprint, normalize, normalize_stack

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("user 123e4567-e89b-12d3-a456-426614174000 not found", "user <UUID> not found"),
        ("connect to 10.0.0.12:5432 refused", "connect to <IP> refused"),
        ("listen on [::1]:8080 failed", "listen on <IP> failed"),
        ("ping fe80::1ff:fe23:4567:890a timed out", "ping <IP> timed out"),
        ("open /home/alice/proj/data.csv failed", "open <PATH> failed"),
        (r"open C:\Users\bob\AppData\x.txt failed", "open <PATH> failed"),
        ("at 2024-05-01T12:30:45.123Z retry", "at <TS> retry"),
        ("since Fri Jul 01 08:16:53 PDT 2005 down", "since <TS> down"),
        ("object at 0x7f3a2b1c4d50 freed", "object at <ADDR> freed"),
        ("commit 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b rejected", "commit <HASH> rejected"),
        ("mail to bob@example.org bounced", "mail to <EMAIL> bounced"),
        ("GET https://api.example.com/v1/items?id=7 -> 503", "GET <URL> -> <NUM>"),
        ("redis at cache:6379 unreachable", "redis at <HOST> unreachable"),
        ("block blk_-6952295868487656571 missing", "block <ID> missing"),
        ("wrote /tmp/pytest-of-ci/pytest-12/t0/out.json", "wrote <PATH>"),
        ("created tmpk3j9x2z_ for the run", "created <TMP> for the run"),
        ("sent 1190 bytes (1.16 KB) in 250ms", "sent <SIZE> in <DURATION>"),
        ("No module named 'numpy'", "No module named <STR>"),
        ("retry 3 of 5, score -1.5e3", "retry <NUM> of <NUM>, score <NUM>"),
        ("dev FF:F2:9F:16:E2:23 reset", "dev <MAC> reset"),
    ],
)
def test_variable_parts_become_typed_placeholders(message: str, expected: str) -> None:
    assert normalize(message).text == expected


def test_python_file_line_and_column_are_masked_but_names_kept() -> None:
    assert normalize('File "/srv/app/main.py", line 42, in run').text == (
        'File "<PATH>", line <LINE>, in run'
    )
    assert normalize("src/app/util.ts:12:7 - error TS2345").text == (
        "<PATH>:<LINE>:<COL> - error TS2345"
    )
    assert normalize("at Foo.java:42").text == "at Foo.java:<LINE>"


def test_names_with_digits_and_apostrophes_are_not_masked() -> None:
    text = normalize("Can't use ssh2 on x86_64 via SOCKS5, v1.2.3").text
    assert text == "Can't use ssh2 on x86_64 via SOCKS5, v1.2.3"


def test_regex_matches_the_original_and_a_variant() -> None:
    original = "Timeout after 30s talking to 10.1.2.3:8080 for job 4411 (/var/run/a.sock)"
    variant = "Timeout after 5s talking to 192.168.0.7:443 for job 7 (/tmp/b.sock)"
    norm = normalize(original)
    assert norm.matches(original)
    assert norm.matches(variant)
    assert not norm.matches("Timeout after 5s talking to 192.168.0.7:443 for task 7 (/tmp/b)")
    assert re.fullmatch(norm.regex, original)


def test_regex_escapes_literal_regex_metacharacters() -> None:
    norm = normalize("a+b (c) [d] costs $5.00?")
    assert norm.matches("a+b (c) [d] costs $7.25?")
    assert not norm.matches("aab (c) [d] costs $7.25?")


def test_original_and_variables_are_kept_for_metadata() -> None:
    norm = normalize("user 42 at 10.0.0.1")
    assert norm.original == "user 42 at 10.0.0.1"
    assert norm.variables == (("NUM", "42"), ("IP", "10.0.0.1"))


PY_TRACE = """Traceback (most recent call last):
  File "/home/{user}/app/main.py", line {a}, in <module>
    main()
  File "/home/{user}/app/jobs.py", line {b}, in main
    raise ValueError("bad")
ValueError: bad"""


def test_python_stack_frames_drop_paths_lines_and_source_echo() -> None:
    frames = normalize_stack(PY_TRACE.format(user="alice", a=10, b=5))
    assert frames[:2] == ["<module> (main.py)", "main (jobs.py)"]
    assert frames == normalize_stack(PY_TRACE.format(user="bob", a=11, b=99))


def test_java_js_and_go_frames_are_normalised() -> None:
    java = (
        "java.lang.IllegalStateException: boom\n"
        "\tat com.acme.Worker.run(Worker.java:42)\n"
        "\tat java.base/java.lang.Thread.run(Thread.java:833)\n"
        "\t... 5 more"
    )
    assert normalize_stack(java)[1:] == [
        "com.acme.Worker.run (Worker.java)",
        "java.base/java.lang.Thread.run (Thread.java)",
    ]
    js = "TypeError: x is undefined\n    at render (/app/src/view.js:10:5)\n    at /app/a.js:3:1"
    assert normalize_stack(js)[1:] == ["render (view.js)", "a.js"]
    go = "goroutine 1 [running]:\nmain.handle(0xc000012345)\n\t/src/app/main.go:12 +0x1d"
    assert normalize_stack(go) == ["main.handle (main.go)"]


def test_recursive_frames_are_collapsed() -> None:
    frame = '  File "/a/r.py", line 3, in f\n    return f(n - 1)\n'
    assert normalize_stack(frame * 50) == ["f (r.py)"]


def test_fingerprint_is_stable_and_ignores_variables() -> None:
    a = normalize("Connection to 10.0.0.1:5432 timed out after 30s")
    b = normalize("Connection to 10.9.8.7:6543 timed out after 12s")
    frames = normalize_stack(PY_TRACE.format(user="alice", a=1, b=2))
    fp_a = fingerprint("TimeoutError", a.text, frames)
    assert fp_a == fingerprint("TimeoutError", b.text, frames)
    assert fp_a == fingerprint("TimeoutError", a.text, list(frames))
    assert re.fullmatch(r"[0-9a-f]{64}", fp_a)


def test_fingerprint_differs_for_different_errors() -> None:
    text = normalize("Connection to 10.0.0.1:5432 timed out").text
    base = fingerprint("TimeoutError", text, ["main (app.py)"])
    assert base != fingerprint("ConnectionError", text, ["main (app.py)"])
    assert base != fingerprint("TimeoutError", text + " again", ["main (app.py)"])
    assert base != fingerprint("TimeoutError", text, ["other (app.py)"])
    # Field boundaries matter: moving text between fields changes the hash.
    assert fingerprint("a b", "c", []) != fingerprint("a", "b c", [])


def test_modules_import_without_django() -> None:
    code = (
        "import sys, hindsight.normalize, hindsight.grouping;"
        "sys.exit(1 if any(m.split('.')[0] == 'django' for m in sys.modules) else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, check=False)
    assert result.returncode == 0
