"""What identifies an error in a tool's output: the line a signature is built from.

A failed command prints much that is not the error: log lines, progress meters, warnings, pip
notices, hints, the echoed source of a traceback, a summary that only repeats the exit status.
Two runs of the same failure differ in all of that and agree on one line, so the signature is
built from that line alone, found in this order:

1. **A Python traceback's exception**: the first unindented line after the last ``Traceback``
   block (chained tracebacks print the cause first, so the last block is what was finally
   raised); also a ``SyntaxError`` printed without a traceback header.
2. **An exception line** in other runtimes' shapes: ``TypeError: ...`` with ``at ...`` frames
   below it (JavaScript, also ``Error [ERR_X]: ...``), ``Exception in thread "main" x.Y: ...``
   and the last ``Caused by: x.Y`` (Java), a test runner's ``FAILED test - message`` or
   ``E   SomeError: ...`` (pytest).
3. **A CLI's error line**: ``error:``/``fatal:``/``ERROR:``/``E:``/``Error:``, with or without the
   program's name before it, and from the innermost severity when a line nests them (``psql:
   error: connection ... failed: FATAL:  database "x" does not exist`` keys on ``FATAL: ...``);
   compiler diagnostics (``file:3:5: error: ...``, whose location is dropped); ``npm ERR!``/
   ``npm error`` (its ``code`` line when there is one, else the first line of its last block,
   which the lines after it explain); ``program: message`` lines such as ``curl: (7) Failed to
   connect`` or ``cat: x: No such file or directory``. Lines that only wrap another error
   (``collect2: error: ld returned 1 exit status``, ``make: *** [...] Error 1``, ``npm ERR! A
   complete log of this run...``) are skipped while a more specific line exists. Among the rest,
   the last one wins: long outputs end with their error.
4. Otherwise the last line that is not noise (warnings, notices, hints, usage lines, progress
   meters, log lines below error level). Boxes drawn around messages and colour codes are
   removed first.

The key line is normalised (:func:`hindsight.normalize.normalize`) with error codes kept (a
number right after ``error:``, ``status``, ``code``, ``HTTP/1.1``, ``[Errno`` or in ``prog: (7)``
identifies the failure: a 404 is not a 500) and with names masked where the line's shape says a
word is a name: a one-word exception message (``ClassNotFoundException: Worker``) and a one-word
part between colons (``bash: line 1: deploy: command not found``).

The type keeps kinds apart that share words but not a cause: an exception's class name (without
the module path, which names the project as often as the library), or the program and the
line's severity (``curl``, ``psql: FATAL``, ``npm: E404``), so a refused connection from curl,
from ``requests`` and from psql are three signatures; an errno named only in the warnings before
a generic last line joins it (``ERROR (ECONNREFUSED)``: pip retrying a refused index). Where
the output has no such structure, the caller's type is kept, minus an exit status (the hook's
``Bash exit 1`` is filed as ``Bash``).

Every pattern is RE2 (linear time); the output is cut to its last 64 KB and 2,000 lines first.
Pure standard library plus RE2, no Django import: the capture service and the tool-result learning
engine both call :func:`extract_error`.
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass

from hindsight.linear import compile_linear, escape
from hindsight.normalize import NormalizedMessage, normalize

__all__ = ["ErrorKey", "extract_error", "key_text"]

MAX_SCAN_CHARS = 65536
MAX_SCAN_LINES = 2000
MAX_TYPE_CHARS = 200
MAX_KEY_CHARS = 2000

_ANSI = compile_linear(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
_EXIT_LINE = compile_linear(r"^\s*Exit code -?\d+\s*$")
# A generic type the hook sends when it found no exception: "Bash exit 1".
_TOOL_EXIT_TYPE = compile_linear(r"^(\S+) exit -?\d+$")

_EXC_NAME = r"(?:[A-Za-z_][\w]*\.)*[A-Z][\w]*"
# `ValueError: bad`, `requests.exceptions.ConnectionError: ...`, `KeyboardInterrupt`,
# `Error [ERR_REQUIRE_ESM]: ...` (JavaScript errors with a code)
_PY_EXCEPTION = compile_linear(
    rf"^(?P<type>{_EXC_NAME})(?: \[(?P<code>[\w-]+)\])?(?::\s?(?P<msg>.*))?$"
)
# How far below its exception line a JavaScript stack may start (after a message that goes
# on over a few lines, or a "Require stack:" list).
_JS_FRAME_WITHIN = 6
_ERROR_SUFFIX = compile_linear(
    r"(?:Error|Exception|Exit|Interrupt|Warning|Failure|Fault|Timeout|Refused|Denied|NotFound)$"
)
_JAVA_THREAD = compile_linear(
    rf"^Exception in thread \"[^\"]*\" (?P<type>{_EXC_NAME})(?::\s?(?P<msg>.*))?$"
)
_JAVA_CAUSED = compile_linear(rf"^Caused by: (?P<type>{_EXC_NAME})(?::\s?(?P<msg>.*))?$")
_JS_FRAME = compile_linear(r"^\s+at \S")
# pytest: `FAILED tests/test_x.py::test_y - assert 3 == 4`, `E       KeyError: 'x'`
_PYTEST_SUMMARY = compile_linear(r"^(?:FAILED|ERROR) \S+::\S+(?: - (?P<msg>\S.*))?$")
_PYTEST_E = compile_linear(rf"^E\s+(?P<line>(?P<type>{_EXC_NAME}): .*)$")
_PY_FRAME_START = compile_linear(r'^\s+File "[^"]*", line \d+')

# `error: x`, `fatal: x`, `psql: error: x`, `ERROR:  x`, `error[E0308]: x`, `E: x`, `Error: x`
_SEV = r"(?P<sev>fatal error|fatal|error|ERROR|FATAL|Error|E|panic)(?:\[(?P<code>[\w-]+)\])?"
_SEVERITY = compile_linear(rf"^(?:(?P<prog>[\w.+-]+): )?{_SEV}:\s*(?P<msg>\S.*)$")
# A severity after another colon is where the innermost error starts: `psql: error: connection
# ... failed: FATAL:  database "x" does not exist`, `psql:setup.sql:3: ERROR:  ...` (the greedy
# prefix finds the last one).
_NESTED_SEVERITY = compile_linear(rf"^(?P<head>.*:\s+){_SEV}:\s*(?P<msg>\S.*)$")
_PROGRAM_PREFIX = compile_linear(r"^(?P<prog>[a-z][\w.+-]{0,40}): ")
# (The RE2 wrapper takes group numbers, not names, for a match's start.)
_SEV_GROUP = {p.pattern: p.groupindex["sev"] for p in (_SEVERITY, _NESTED_SEVERITY)}
# gcc/clang/javac: `src/main.c:3:5: error: 'x' undeclared`
_DIAGNOSTIC = compile_linear(
    r"^(?P<loc>[^\s:]+:\d+(?::\d+)?): (?P<sev>fatal error|error): (?P<msg>\S.*)$"
)
_NPM = compile_linear(r"^npm (?:ERR!|error)(?: (?P<msg>.*))?$")
_NPM_CODE = compile_linear(r"^code (?P<code>\S+)$")
# `curl: (7) Failed to connect`, `cat: x: No such file or directory`, `make: *** No rule ...`
_PROGRAM_LINE = compile_linear(r"^(?P<prog>[a-z][\w.+-]{0,40}): (?P<msg>\S.*)$")
_PROGRAM_LINE_WITHIN = 3  # of the last meaningful lines
# A whole word with an underscore inside, not in brackets: `REDIS_URL`, `line_items`.
_SNAKE = compile_linear(
    r"(?:^|\s)([A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*[A-Za-z0-9])(?:[.,;]?(?:\s|$))"
)
# Lines that are never the error: warnings, notices, hints, progress, log levels below error.
_NOISE = compile_linear(
    r"^\s*(?i:"
    r"warn(?:ing)?\b|\[?notice\]?\b|hint:|note:|info\b|debug\b|deprecat|remote:|"
    r"npm (?:warn|notice)|\(node:\d+\)|"
    r"collecting |downloading |using cached |installing |requirement already|"
    r"[\d.]+\s*%|\S*\s*\d+%\s*\||[━█▏▎▍▌▋▊▉#=>\-\s|]{8,}$|"
    r"receiving objects|resolving deltas|counting objects|compressing objects|"
    r"writing objects|enumerating objects|total \d+|"
    # usage and help hints: "Usage: x [OPTIONS]", "Run 'x --help' for more information"
    r"usage:|(?:run|see|try|use) .*(?:--help|for more information)"
    r")"
    # log lines below error level: "2024-05-01 10:00:00,123 INFO [42] starting"
    r"|^\s*(?:\d{4}-\d{2}-\d{2}[T ][\d:.,]+\S*\s+)?(?:\[[^\]]*\]\s*)?"
    r"(?:INFO|DEBUG|WARNING|WARN|NOTICE|TRACE)\b"
)
# Lines that only wrap the real error; used when nothing more specific was printed.
_WRAPPER = compile_linear(
    r"(?i)(?:^collect2: error: ld returned|^make(?:\[\d+\])?: \*\*\* \[|"
    r"^npm (?:err!|error) (?:a complete log|$|\s*$|to see a list|this is probably not|"
    r"command failed|signal |errno|syscall|path |in: |$)|"
    r"error: could not compile|^error: subprocess-exited-with-error|"
    r"^note: this error originates|for more information about this error|"
    r"^error: aborting due to|^\s*$)"
)


# The errno behind a failure, named in the output by its number, its symbol or its message:
# `[Errno 111] Connection refused`, `ECONNREFUSED`, `Connection refused`.
_ERRNO_BY_TEXT = {os.strerror(number): name for number, name in errno.errorcode.items()}
_ERRNO_BY_NUMBER = dict(errno.errorcode)
_ERRNO = compile_linear(
    r"\[Errno (?P<number>\d+)\]|\b(?P<name>E[A-Z0-9]{2,})\b|(?P<text>"
    + "|".join(escape(text) for text in sorted(_ERRNO_BY_TEXT, key=len, reverse=True))
    + ")"
)


def errno_name(text: str) -> str:
    """The last errno `text` names (``ECONNREFUSED``), or ""."""
    name = ""
    for found in _ERRNO.finditer(text):
        if found.group("number"):
            name = _ERRNO_BY_NUMBER.get(int(found.group("number")), name)
        elif found.group("name"):
            name = found.group("name") if found.group("name") in _ERRNO_NAMES else name
        else:
            name = _ERRNO_BY_TEXT[found.group("text")]
    return name


_ERRNO_NAMES = frozenset(errno.errorcode.values())


@dataclass(frozen=True)
class ErrorKey:
    """The identity of an error: the type to file it under, its key line (raw, at most
    `MAX_KEY_CHARS`) and the spans of the key line that hold names (identifiers)."""

    error_type: str
    key: str
    program: str = ""
    source: str = "message"  # traceback, exception, cli, last-line, message
    names: tuple[tuple[int, int], ...] = ()

    def normalized(self) -> NormalizedMessage:
        """The key line as a pattern: variables and names masked, error codes kept."""
        return normalize(self.key, keep_codes=True, names=self.names)

    @property
    def pattern(self) -> str:
        """The key line's pattern as one line of text (whitespace collapsed)."""
        return " ".join(self.normalized().text.split())


def key_text(line: str) -> str:
    """A key line's pattern: variables masked, error codes kept, whitespace collapsed."""
    return _key("", line, "", "message").pattern


def _key(error_type: str, line: str, program: str, source: str) -> ErrorKey:
    line = line[:MAX_KEY_CHARS]
    return ErrorKey(error_type.strip()[:MAX_TYPE_CHARS], line, program, source, _names(line))


def _names(line: str) -> tuple[tuple[int, int], ...]:
    """Spans of a key line that name something rather than say something, found by where they
    stand: the message of an exception when it is one word (``ClassNotFoundException: App``),
    a one-word part between colons (``bash: line 1: deploy: command not found``,
    ``tar: backup.tgz: Cannot open: ...``, ``run.sh: line 3: API_KEY: unbound variable``), and a
    word written with underscores (``missing required setting REDIS_URL``, ``for table
    line_items``)."""
    shape = _PY_EXCEPTION.match(line)
    if shape and shape.group("msg") and _exception_name(shape.group("type")):
        message = shape.group("msg").strip()
        if message and " " not in message and _is_name(message):
            start = line.rindex(message)
            return ((start, start + len(message)),)
    spans = []
    parts = line.split(": ")
    offset = len(parts[0]) + 2
    for part in parts[1:-1]:
        if part and " " not in part and _is_name(part):
            spans.append((offset, offset + len(part)))
        offset += len(part) + 2
    # identifiers written with underscores (DATABASE_URL, line_items), where no span covers them
    for found in _SNAKE.finditer(line):
        start, end = found.span(1)
        if not any(a <= start < b for a, b in spans):
            spans.append((start, end))
    return tuple(sorted(spans))


def _is_name(word: str) -> bool:
    """A word that could be an identifier: a letter in it, no quotes or brackets around it,
    not a severity."""
    return (
        any(c.isalpha() for c in word)
        and word[0] not in "'\"`([{<‘“"
        and word not in _SEVERITY_WORDS
    )


_SEVERITY_WORDS = frozenset(
    "fatal error ERROR FATAL Error E panic warning WARNING Warning note".split()
)


def _lines(text: str) -> list[str]:
    text = _ANSI.sub("", text[-MAX_SCAN_CHARS:])
    lines = text.splitlines()[-MAX_SCAN_LINES:]
    if lines and _EXIT_LINE.match(lines[0]):
        lines = lines[1:]
    return [_unframed(line.rstrip()) for line in lines]


def _unframed(line: str) -> str:
    """A line without the box some tools draw around their messages (``│ Error: ...``)."""
    if line[:1] in _BOX:
        return line.lstrip("".join(_BOX) + " ")
    return line


_BOX = frozenset(chr(c) for c in range(0x2500, 0x2580))


def _is_noise(line: str) -> bool:
    return not line.strip() or bool(_NOISE.match(line))


def _could_be_exception(line: str) -> bool:
    """A cheap test before `_PY_EXCEPTION`: an exception line starts with a name."""
    return bool(line) and (line[0].isalpha() or line[0] == "_")


def _exception_name(name: str) -> bool:
    last = name.rsplit(".", 1)[-1]
    return bool(_ERROR_SUFFIX.search(last)) or last in {"KeyboardInterrupt", "StopIteration"}


def _python_exception(lines: list[str]) -> tuple[str, str] | None:
    """(type, line) of the exception a Python traceback ends with."""
    start = None
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].strip() == "Traceback (most recent call last):":
            start = i + 1
            break
    if start is None:
        # A SyntaxError (and its kin) is printed with a frame but no traceback header.
        for i in range(len(lines) - 1, 0, -1):
            if not _could_be_exception(lines[i]):
                continue
            found = _PY_EXCEPTION.match(lines[i])
            if found and _exception_name(found.group("type")):
                if any(_PY_FRAME_START.match(line) for line in lines[max(0, i - 6) : i]):
                    return found.group("type"), lines[i]
        return None
    for line in lines[start:]:
        if not line or line[0] in " \t":
            continue  # frames, echoed source, carets
        found = _PY_EXCEPTION.match(line)
        if found:
            return found.group("type"), line
        break
    return None


def _other_exception(lines: list[str]) -> tuple[str, str] | None:
    """Java's last `Caused by:` or uncaught exception, or a JavaScript error above its frames."""
    for i in range(len(lines) - 1, -1, -1):
        line = lines[i]
        if line.startswith(("Caused by: ", "Exception in thread ")):
            found = _JAVA_CAUSED.match(line) or _JAVA_THREAD.match(line)
            if found:
                return found.group("type"), f"{found.group('type')}: {found.group('msg') or ''}"
        if (
            _could_be_exception(line)
            and any(_is_js_frame(below) for below in lines[i + 1 : i + 1 + _JS_FRAME_WITHIN])
            and (found := _PY_EXCEPTION.match(line))
            and found.group("msg") is not None
            and _exception_name(found.group("type"))
        ):
            code = found.group("code")
            return (f"{found.group('type')} [{code}]" if code else found.group("type")), line
    return None


def _is_js_frame(line: str) -> bool:
    return line[:1] in " \t" and line.lstrip().startswith("at ") and bool(_JS_FRAME.match(line))


def _test_failure(lines: list[str]) -> tuple[str, str] | None:
    """A test runner's failure (pytest): the message of its last ``FAILED test - message``
    summary line, or else its last ``E   SomeError: message`` line. A bare ``assert ...`` is an
    AssertionError."""
    for line in reversed(lines):
        found = line.startswith(("FAILED ", "ERROR ")) and _PYTEST_SUMMARY.match(line)
        if found and found.group("msg"):
            return _as_exception(found.group("msg"))
    for line in reversed(lines):
        found = line.startswith("E ") and _PYTEST_E.match(line)
        if found and _exception_name(found.group("type")):
            return found.group("type"), found.group("line")
    return None


def _as_exception(message: str) -> tuple[str, str] | None:
    shape = _PY_EXCEPTION.match(message)
    if shape and shape.group("msg") is not None and _exception_name(shape.group("type")):
        return shape.group("type"), message
    if message.startswith("assert"):
        return "AssertionError", f"AssertionError: {message}"
    return None


def _cli_line(lines: list[str], noise: list[bool]) -> tuple[str, str, str, int] | None:
    """(type, program, line, index) of the most specific CLI error line; the last one wins."""
    best: tuple[int, int, str, str, str] | None = None  # (specific, index, type, prog, line)
    npm_code = ""
    npm_block = -2  # index of the last npm line; npm explains its first line in the lines after
    npm_chosen = False
    # A `program: message` line counts only near the end: early ones are headers (`rootdir: x`).
    meaningful = [i for i, is_noise in enumerate(noise) if not is_noise]
    late = meaningful[-_PROGRAM_LINE_WITHIN] if len(meaningful) >= _PROGRAM_LINE_WITHIN else 0
    for i, line in enumerate(lines):
        # Every shape below has a colon or is npm's: a cheap test before the patterns.
        if (":" not in line and not line.startswith("npm ")) or noise[i]:
            continue
        found = _NPM.match(line)
        if found:
            if npm_block != i - 1:
                npm_chosen = False  # a new block of npm lines
            npm_block = i
            code = _NPM_CODE.match(found.group("msg") or "")
            if code and not npm_code:
                npm_code = code.group("code")
                best = (2, i, f"npm: {npm_code}", "npm", line)
                continue
            if not npm_code and not npm_chosen and not _WRAPPER.search(line):
                best, npm_chosen = (1, i, "npm", "npm", line), True
            continue
        typed: tuple[str, str] | None = None
        found = _DIAGNOSTIC.match(line)
        if found:
            typed = (found.group("sev"), found.group("sev") + ": " + found.group("msg"))
            line = typed[1]
            program = ""
        else:
            found = _NESTED_SEVERITY.match(line) or _SEVERITY.match(line)
            if found:
                prefix = _PROGRAM_PREFIX.match(line)
                program = prefix.group("prog") if prefix else ""
                severity = found.group("sev")
                code = found.group("code")
                label = f"{severity}[{code}]" if code else severity
                if program == severity:
                    program = ""
                typed = (
                    f"{program}: {label}" if program else label,
                    line[found.start(_SEV_GROUP[found.re.pattern]) :],
                )
            elif i >= late:
                found = _PROGRAM_LINE.match(line)
                if found:
                    program = found.group("prog")
                    typed = (program, line)
        if typed is None:
            continue
        candidate = (0 if _WRAPPER.search(line) else 1, i, typed[0], program, typed[1])
        if npm_code and candidate[2] in {"npm", f"npm: {npm_code}"}:
            continue
        if best is None or candidate[:2] >= best[:2]:
            best = candidate
    if best is None:
        return None
    return best[2], best[3], best[4], best[1]


def _with_cause(error_type: str, line: str, warnings: list[str]) -> str:
    """A generic last line ("No matching distribution found for x") hides its cause when the
    warnings before it named an errno (pip's retries: "Connection refused"): the errno joins
    the type, so a refused index and a missing package are two signatures."""
    if errno_name(line):
        return error_type
    cause = errno_name("\n".join(warnings))
    return f"{error_type} ({cause})" if cause else error_type


def _exception_key(name: str, line: str, program: str, source: str) -> ErrorKey:
    """An exception is filed under its class name without the module path, which names the
    project as often as the library (``billing.settings.ConfigError``); the key line drops it
    too."""
    short = name.rsplit(".", 1)[-1]
    if line.startswith(name):
        line = short + line[len(name) :]
    return _key(short, line, program, source)


def _generic_type(error_type: str) -> str:
    """The caller's type, minus what varies between runs of one failure (an exit status)."""
    found = _TOOL_EXIT_TYPE.match(error_type)
    return found.group(1) if found else error_type


def extract_error(error_type: str, message: str, stack: str = "") -> ErrorKey:
    """The key line of an error and the type to file it under; see the module docstring.

    The key comes from `message` (the output, or the caller's description of the error); the
    stack is the caller's to keep as frames, never a source of a different key line."""
    given = (error_type or "").strip()
    lines = _lines(message or "")
    found = _python_exception(lines)
    if found is not None:
        return _exception_key(*found, "python", "traceback")
    found = _other_exception(lines)
    if found is not None:
        return _exception_key(*found, "", "exception")
    found = _test_failure(lines)
    if found is not None:
        return _exception_key(*found, "pytest", "exception")
    noise = [_is_noise(line) for line in lines]

    def warnings_before(index: int) -> list[str]:
        return [line for line, is_noise in zip(lines[:index], noise, strict=False) if is_noise]

    cli = _cli_line(lines, noise)
    if cli is not None:
        kind, program, line, index = cli
        return _key(_with_cause(kind, line, warnings_before(index)), line, program, "cli")
    meaningful = [i for i, is_noise in enumerate(noise) if not is_noise]
    whole = (message or "").strip()
    if meaningful and (len(meaningful) > 1 or lines[meaningful[0]].strip() != whole):
        index = meaningful[-1]
        line, source, warnings = lines[index], "last-line", warnings_before(index)
    else:
        line, source, warnings = whole, "message", []
    kind = _with_cause(_generic_type(given), line, warnings)
    shape = _PY_EXCEPTION.match(line.strip())
    if (
        (not given or kind != given)  # the caller named no type, or only its tool
        and shape
        and shape.group("msg") is not None
        and _exception_name(shape.group("type"))
    ):
        kind = shape.group("type")
    return _key(kind, line, "", source)
