"""Untrusted text never takes hindsight down: every regular expression run on it is RE2 (linear
time), each one answers right on a megabyte of adversarial text, and what capture stores fits its
columns by design.

The adversarial inputs are the shapes that drive a backtracking engine into quadratic or
exponential time (``"a-" * 500_000``, long runs that almost match, 8,000-character lines). The
timing itself is measured by ``bench/bench_capture_linear.py``, not asserted here.
"""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest
import re2

import hindsight
from hindsight import context, extract, grouping, normalize
from hindsight.extract import extract_error
from hindsight.grouping import Grouper, tokenize
from hindsight.linear import compile_linear
from hindsight.models import ErrorSignature, SignatureTemplate
from hindsight.normalize import MAX_MESSAGE_CHARS, normalize_stack
from hindsight.services import notes

MB = 1_000_000
CAPTURE = "/api/v1/hindsight/errors"


def _rule(name: str):
    """One masking rule of `hindsight.normalize`, compiled on its own."""
    pattern = next(p for n, p, _ in normalize._RULES if n == name)
    return compile_linear(pattern)


def _search(pattern, text):
    found = pattern.search(text)
    return None if found is None else found.span()


def _fullmatch(pattern, text):
    return pattern.fullmatch(text) is not None


def _match(pattern, text):
    return pattern.match(text) is not None


# (name, pattern, how it is run, adversarial text of about 1 MB, the right answer)
CASES = [
    # hindsight.normalize: the masking rules, one by one
    ("normalize.url", _rule("url"), _search, "a" * MB + ":/", None),
    ("normalize.email", _rule("email"), _search, "a." * (MB // 2), None),
    ("normalize.uuid", _rule("uuid"), _search, "0" * MB, None),
    ("normalize.ts", _rule("ts"), _search, "2024-01-01T" * (MB // 11), None),
    ("normalize.ctime", _rule("ctime"), _search, "Jan " * (MB // 4), None),
    ("normalize.date", _rule("date"), _search, "1/" * (MB // 2), None),
    ("normalize.dotted", _rule("dotted"), _search, "1." * (MB // 2), (0, MB - 1)),
    ("normalize.ip4", _rule("ip4"), _search, "1." * (MB // 2), (0, 7)),
    ("normalize.mac", _rule("mac"), _search, "aa:" * (MB // 3), (0, 47)),
    ("normalize.time", _rule("time"), _search, "1:" * (MB // 2), None),
    ("normalize.ip6", _rule("ip6"), _search, "1:" * (MB // 2), (0, 15)),
    ("normalize.srcpos", _rule("srcpos"), _search, "a" * MB + ".py:", None),
    ("normalize.host", _rule("host"), _search, "a." * (MB // 2) + ":", None),
    ("normalize.host1", _rule("host1"), _search, "a:" * (MB // 2), None),
    ("normalize.tmp", _rule("tmp"), _search, "tmp" + "-" * (MB - 3), (0, MB)),
    ("normalize.slaship", _rule("slaship"), _search, "/1" * (MB // 2), None),
    ("normalize.path", _rule("path"), _search, "/a" * (MB // 2), (0, MB)),
    ("normalize.filepos", _rule("filepos"), _search, "a." * (MB // 2) + ":1", None),
    ("normalize.linew", _rule("linew"), _search, "line " * (MB // 5), None),
    ("normalize.blockid", _rule("blockid"), _search, "a_" * (MB // 2), None),
    ("normalize.hash", _rule("hash"), _search, "a" * MB, None),
    ("normalize.addr", _rule("addr"), _search, "0x" + "0" * (MB - 2), None),
    ("normalize.hex", _rule("hex"), _search, "0x" + "f" * (MB - 2), (0, MB)),
    ("normalize.hexword", _rule("hexword"), _search, "a" * (MB - 1) + "1", (0, MB)),
    ("normalize.size", _rule("size"), _search, "1" * MB, None),
    ("normalize.duration", _rule("duration"), _search, "1 " * (MB // 2), None),
    ("normalize.flag", _rule("flag"), _search, "a-" * (MB // 2), None),
    ("normalize.named", _rule("named"), _search, "a1" + ".1" * (MB // 2 - 1), (0, MB)),
    ("normalize.num", _rule("num"), _search, "1." * (MB // 2), (0, MB - 1)),
    ("normalize.str", _rule("str"), _search, "'" + "a" * (MB - 1), None),
    ("normalize._MASK_RE", normalize._MASK_RE, _search, "a-" * (MB // 2), None),
    ("normalize.PLACEHOLDER_RE", normalize.PLACEHOLDER_RE, _search, "<" * MB, None),
    (
        "normalize._CODE_CONTEXT",
        normalize._CODE_CONTEXT,
        _search,
        "error: " * (MB // 7),
        (MB // 7 * 7 - 7, MB // 7 * 7),
    ),
    ("normalize._PY_FRAME", normalize._PY_FRAME, _match, '  File "' + "a" * MB, False),
    ("normalize._JS_FRAME", normalize._JS_FRAME, _match, "    at " + "a (" * (MB // 3), False),
    ("normalize._JAVA_FRAME", normalize._JAVA_FRAME, _match, "\tat " + "a" * MB + "(", False),
    ("normalize._GO_FUNC", normalize._GO_FUNC, _match, "a(" * (MB // 2), False),
    ("normalize._GO_FILE", normalize._GO_FILE, _match, "\t" + "a" * MB + ".go:", False),
    ("normalize._SKIP_LINE", normalize._SKIP_LINE, _match, "goroutine 1 [" + "a" * MB, False),
    ("normalize._GENERATED", normalize._GENERATED, _search, "$$Lambda$" * (MB // 9), None),
    # hindsight.grouping: token shapes
    ("grouping._CONSTANT_CASE", grouping._CONSTANT_CASE, _fullmatch, "A" * MB, True),
    ("grouping._QUALIFIED", grouping._QUALIFIED, _fullmatch, "a." * (MB // 2), False),
    ("grouping._ERROR_NAME", grouping._ERROR_NAME, _fullmatch, "A" + "a" * MB, False),
    ("grouping._DOTTED", grouping._DOTTED, _fullmatch, "a." * (MB // 2), False),
    # hindsight.extract: finding the key line
    ("extract._ANSI", extract._ANSI, _search, "\x1b[" + "1;" * (MB // 2), None),
    ("extract._EXIT_LINE", extract._EXIT_LINE, _match, "Exit code " + "1" * MB, True),
    ("extract._TOOL_EXIT_TYPE", extract._TOOL_EXIT_TYPE, _match, "a exit " + "-" * MB, False),
    ("extract._PY_EXCEPTION", extract._PY_EXCEPTION, _match, "a." * (MB // 2) + "A", True),
    ("extract._ERROR_SUFFIX", extract._ERROR_SUFFIX, _search, "Error" * (MB // 5) + "x", None),
    (
        "extract._JAVA_THREAD",
        extract._JAVA_THREAD,
        _match,
        'Exception in thread "' + "a" * MB,
        False,
    ),
    ("extract._JAVA_CAUSED", extract._JAVA_CAUSED, _match, "Caused by: " + "a." * (MB // 2), False),
    ("extract._JS_FRAME", extract._JS_FRAME, _match, " " * MB + "at", False),
    ("extract._PY_FRAME_START", extract._PY_FRAME_START, _match, '  File "' + "a" * MB, False),
    ("extract._SEVERITY", extract._SEVERITY, _match, "a: " * (MB // 3) + "error", False),
    ("extract._DIAGNOSTIC", extract._DIAGNOSTIC, _match, "a:1" * (MB // 3), False),
    (
        "extract._NESTED_SEVERITY",
        extract._NESTED_SEVERITY,
        _match,
        "a: " * (MB // 3) + "error:",
        False,
    ),
    ("extract._PROGRAM_PREFIX", extract._PROGRAM_PREFIX, _match, "a" * MB + ": ", False),
    ("extract._ERRNO", extract._ERRNO, _search, "Connection refuse" * (MB // 17), None),
    ("extract._SNAKE", extract._SNAKE, _search, "a_" * (MB // 2), None),
    ("extract._NPM", extract._NPM, _match, "npm ERR! " + "a" * MB, True),
    ("extract._NPM_CODE", extract._NPM_CODE, _match, "code " + "a" * MB, True),
    ("extract._PROGRAM_LINE", extract._PROGRAM_LINE, _match, "a" * MB + ": x", False),
    ("extract._NOISE", extract._NOISE, _match, "-" * MB, True),
    ("extract._NOISE (log)", extract._NOISE, _match, "2024-01-01 " + "1" * MB, False),
    (
        "extract._PYTEST_SUMMARY",
        extract._PYTEST_SUMMARY,
        _match,
        "FAILED " + "a:" * (MB // 2),
        False,
    ),
    ("extract._PYTEST_E", extract._PYTEST_E, _match, "E " + "a." * (MB // 2), False),
    ("extract._WRAPPER", extract._WRAPPER, _search, "a" * MB, None),
    # hindsight.context: context patterns from a stack
    ("context._PY_PACKAGE", context._PY_PACKAGE, _search, "site-packages" + "/" * MB, None),
    ("context._NODE_PACKAGE", context._NODE_PACKAGE, _search, "node_modules/" + "@" * MB, None),
    ("context._FILE_EXT", context._FILE_EXT, _search, "a." * (MB // 2), None),
    ("context._FILE_NAME", context._FILE_NAME, _search, "a" * MB, None),
    # hindsight.services.notes
    ("notes._STEP_BREAK", notes._STEP_BREAK, _search, "a" * MB, None),
    ("notes._STEP_BULLET", notes._STEP_BULLET, _match, " " * MB, False),
]


@pytest.mark.parametrize(
    ("name", "pattern", "run", "text", "expected"), CASES, ids=[c[0] for c in CASES]
)
def test_each_pattern_answers_right_on_a_megabyte_of_adversarial_text(
    name, pattern, run, text, expected
):
    assert run(pattern, text) == expected


def _hindsight_modules():
    for info in pkgutil.walk_packages(hindsight.__path__, "hindsight."):
        if ".migrations" not in info.name:
            yield importlib.import_module(info.name)


def test_no_backtracking_pattern_is_left_in_hindsight():
    backtracking = [
        f"{module.__name__}.{name}"
        for module in _hindsight_modules()
        for name, value in vars(module).items()
        if isinstance(value, re.Pattern)
    ]
    assert backtracking == []


def test_every_pattern_in_hindsight_has_an_adversarial_case():
    tested = {id(case[1]) for case in CASES}
    untested = [
        f"{module.__name__}.{name}"
        for module in _hindsight_modules()
        for name, value in vars(module).items()
        if isinstance(value, re2._Regexp) and id(value) not in tested
    ]
    assert untested == []
    assert {f"normalize.{name}" for name, _, _ in normalize._RULES} <= {c[0] for c in CASES}


# --- the functions around the patterns, on the same shapes -------------------------------------


def test_normalize_masks_only_its_bounded_prefix_of_a_megabyte():
    result = normalize.normalize("a-" * (MB // 2))
    assert result.text == ("a-" * (MB // 2))[:MAX_MESSAGE_CHARS]
    assert result.regex.endswith("(?:.*)$")
    assert result.matches("a-" * (MB // 2))


def test_normalize_of_a_megabyte_token_is_one_placeholder():
    assert normalize.normalize("/" + "a" * MB).text == "<PATH>"
    assert normalize.normalize("0x" + "f" * MB).text == "<HEX>"


def test_stacks_with_long_lines_keep_their_frames():
    long_line = "x" * 8000
    stack = (
        "Traceback (most recent call last):\n"
        f'  File "/srv/app/main.py", line 3, in run\n    {long_line}\n'
        f"    at {long_line} ({long_line}\n"
        f"ValueError: {long_line}"
    )
    frames = normalize_stack(stack)
    assert frames[0] == "run (main.py)"
    assert len(frames) == 3 and all(len(f) <= 500 for f in frames)
    assert normalize_stack("a-" * (MB // 2) + "\n" + "  at x (" * 1000)[0].startswith("a-a-")


def test_the_grouper_takes_a_megabyte_single_token():
    grouper = Grouper()
    first, second = grouper.add("a" * MB), grouper.add("b" * MB)
    assert first.is_new and second.is_new and first.key != second.key
    assert grouper.add("a" * MB).key == first.key
    assert all(len(t.bucket) <= 80 for t in grouper.store)
    tokens, _ = tokenize("(" * 100_000 + "x=")
    assert tokens[-1] == "<*>" and len(tokens) == 100_003


def test_extraction_reads_a_megabyte_of_output():
    noise = "a-" * (MB // 2)
    key = extract_error("Bash exit 1", noise + "\nfatal: not a git repository")
    assert key.key == "fatal: not a git repository" and key.error_type == "fatal"
    key = extract_error("", "Traceback (most recent call last):\n" + " " * MB + "\nKeyError: 'x'")
    assert (key.error_type, key.key) == ("KeyError", "KeyError: 'x'")
    key = extract_error("", "x" * MB)
    assert key.key == "x" * extract.MAX_KEY_CHARS


def test_context_patterns_of_an_adversarial_stack():
    derived = context.context_patterns(
        {}, "a." * (MB // 2) + ' "/srv/app/site-packages/django/x.py"'
    )
    assert derived["file_types"] == [".py"]
    assert derived["dependencies"] == ["django"]
    assert derived["frameworks"] == ["django"]


def test_note_steps_of_a_long_description():
    steps = notes._steps("Do x. " * 2000 + "\n- then y")
    assert steps[0] == "Do x." and steps[-1] == "then y" and len(steps) == 2001


# --- through the API: what is stored fits its columns -------------------------------------------


@pytest.mark.django_db
def test_a_four_thousand_character_one_line_message_captures(agent_client):
    message = "E" + "x" * 3999
    first = agent_client.post(CAPTURE, {"error_type": "X", "message": message}, format="json")
    assert first.status_code == 201, first.content
    again = agent_client.post(CAPTURE, {"error_type": "X", "message": message}, format="json")
    assert again.status_code == 200  # the same error again: counted on its signature
    assert again.json()["signature"]["id"] == first.json()["signature"]["id"]
    assert all(len(t.bucket) <= 300 for t in SignatureTemplate.objects.all())


@pytest.mark.django_db
def test_a_first_token_over_three_hundred_characters_captures(agent_client):
    token = "ConnectionResetByPeer" + "-segment" * 60  # ~500 characters, no space
    responses = [
        agent_client.post(
            CAPTURE,
            {"error_type": "", "message": f"{token} while reading reply {n} from the upstream"},
            format="json",
        )
        for n in (1, 2)
    ]
    assert [r.status_code for r in responses] == [201, 200], responses[1].content
    assert responses[0].json()["signature"]["id"] == responses[1].json()["signature"]["id"]
    bucket = SignatureTemplate.objects.get().bucket
    assert bucket.startswith("8 ConnectionResetByPeer-segment") and len(bucket) < 100


@pytest.mark.django_db
def test_the_longest_message_and_type_the_api_takes_capture(agent_client):
    from hindsight import conf

    body = {
        "error_type": "E" * 200,
        "message": (
            'Traceback (most recent call last):\n  File "x.py", line 1, in f\n'
            + "q." * 100
            + "Q" * 300
            + "Error: "
            + "z" * (conf.HINDSIGHT_MAX_MESSAGE_CHARS - 1000)
        ),
    }
    response = agent_client.post(CAPTURE, body, format="json")
    assert response.status_code == 201, response.content
    signature = ErrorSignature.objects.get()
    assert signature.error_type == ("Q" * 300 + "Error")[:200]  # the class name, cut to fit
    assert signature.message_template.startswith("QQQ")
