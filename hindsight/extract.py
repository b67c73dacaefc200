"""What identifies an error in a tool's output: the line a signature is built from.

A failed command prints much that is not the error: log lines, progress meters, warnings, pip
notices, hints, the echoed source of a traceback, a summary that only repeats the exit status.
Two runs of the same failure differ in all of that and agree on one line, so the signature is
built from that line alone, found in this order:

1. **A Python traceback's exception**: the first unindented line after the last ``Traceback``
   block (chained tracebacks print the cause first, so the last block is what was finally
   raised); also a ``SyntaxError`` printed without a traceback header. Its type is the
   exception's name as printed (``requests.exceptions.ConnectionError``).
2. **An exception line** in other runtimes' shapes: ``TypeError: ...`` followed by ``at ...``
   frames (JavaScript), ``Exception in thread "main" x.Y: ...`` and the last ``Caused by: x.Y``
   (Java).
3. **A CLI's error line**: ``error:``/``fatal:``/``ERROR:``/``E:``/``Error:``, with or without the
   program's name before it (``psql: error: ...``), compiler diagnostics (``file:3:5: error:
   ...``, whose location is dropped), ``npm ERR!``/``npm error`` (its ``code`` line when there is
   one), and ``program: message`` lines such as ``curl: (7) Failed to connect`` or ``cat: x: No
   such file or directory``. Lines that only wrap another error (``collect2: error: ld returned
   1 exit status``, ``make: *** [...] Error 1``, ``npm ERR! A complete log of this run...``) are
   skipped while a more specific line exists. Among the rest, the last one wins: long outputs end
   with their error.
4. Otherwise the last line that is not noise.

The key line is then normalised (:func:`hindsight.normalize.normalize`) with error codes kept:
a number right after ``error:``, ``status``, ``code``, ``HTTP/1.1``, ``[Errno`` or in ``prog:
(7)`` identifies the failure (a 404 is not a 500), every other number is a variable.

The type keeps kinds apart that share words but not a cause: an exception's name, or the
program's name with the line's severity (``curl``, ``git: fatal``, ``npm: E404``), so a refused
connection from curl, from ``requests`` and from psql are three signatures.

Every pattern is RE2 (linear time); the output is cut to its last 64 KB and 2,000 lines first.
Pure standard library plus RE2, no Django import: the capture service and the tool-result learning
engine both call :func:`extract_error`.
"""

from __future__ import annotations

from dataclasses import dataclass

from hindsight.linear import compile_linear
from hindsight.normalize import normalize

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
# `ValueError: bad`, `requests.exceptions.ConnectionError: ...`, `KeyboardInterrupt`
_PY_EXCEPTION = compile_linear(rf"^(?P<type>{_EXC_NAME})(?::\s?(?P<msg>.*))?$")
_ERROR_SUFFIX = compile_linear(
    r"(?:Error|Exception|Exit|Interrupt|Warning|Failure|Fault|Timeout|Refused|Denied|NotFound)$"
)
_JAVA_THREAD = compile_linear(
    rf"^Exception in thread \"[^\"]*\" (?P<type>{_EXC_NAME})(?::\s?(?P<msg>.*))?$"
)
_JAVA_CAUSED = compile_linear(rf"^Caused by: (?P<type>{_EXC_NAME})(?::\s?(?P<msg>.*))?$")
_JS_FRAME = compile_linear(r"^\s+at \S")
_PY_FRAME_START = compile_linear(r'^\s+File "[^"]*", line \d+')

# `error: x`, `fatal: x`, `psql: error: x`, `ERROR:  x`, `error[E0308]: x`, `E: x`, `Error: x`
_SEVERITY = compile_linear(
    r"^(?:(?P<prog>[\w.+-]+): )?(?P<sev>fatal error|fatal|error|ERROR|FATAL|Error|E|panic)"
    r"(?:\[(?P<code>[\w-]+)\])?:\s*(?P<msg>\S.*)$"
)
# gcc/clang/javac: `src/main.c:3:5: error: 'x' undeclared`
_DIAGNOSTIC = compile_linear(
    r"^(?P<loc>[^\s:]+:\d+(?::\d+)?): (?P<sev>fatal error|error): (?P<msg>\S.*)$"
)
_NPM = compile_linear(r"^npm (?:ERR!|error) (?P<msg>.*)$")
_NPM_CODE = compile_linear(r"^code (?P<code>\S+)$")
# `curl: (7) Failed to connect`, `cat: x: No such file or directory`, `make: *** No rule ...`
_PROGRAM_LINE = compile_linear(r"^(?P<prog>[a-z][\w.+-]{0,40}): (?P<msg>\S.*)$")
# Lines that are never the error: warnings, notices, hints, progress, log levels below error.
_NOISE = compile_linear(
    r"(?i)^\s*(?:"
    r"warn(?:ing)?\b|\[?notice\]?\b|hint:|note:|info\b|debug\b|deprecat|remote:|"
    r"npm (?:warn|notice)|\(node:\d+\)|"
    r"collecting |downloading |using cached |installing |requirement already|"
    r"[\d.]+\s*%|\S*\s*\d+%\s*\||[━█▏▎▍▌▋▊▉#=>\-\s|]{8,}$|"
    r"receiving objects|resolving deltas|counting objects|compressing objects|"
    r"writing objects|enumerating objects|total \d+"
    r")"
)
_LOG_PREFIX = compile_linear(
    r"^\s*(?:\d{4}-\d{2}-\d{2}[T ][\d:.,]+\S*\s+)?(?:\[[^\]]*\]\s*)?"
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


@dataclass(frozen=True)
class ErrorKey:
    """The identity of an error: the type to file it under and its key line (raw, at most
    `MAX_KEY_CHARS`); `key_text` gives the line's pattern."""

    error_type: str
    key: str
    program: str = ""
    source: str = "message"  # traceback, exception, cli, last-line, message


def key_text(line: str) -> str:
    """A key line's pattern: variables masked, error codes kept, whitespace collapsed."""
    return " ".join(normalize(line, keep_codes=True).text.split())


def _key(error_type: str, line: str, program: str, source: str) -> ErrorKey:
    return ErrorKey(error_type.strip()[:MAX_TYPE_CHARS], line[:MAX_KEY_CHARS], program, source)


def _lines(text: str) -> list[str]:
    text = _ANSI.sub("", text[-MAX_SCAN_CHARS:])
    lines = text.splitlines()[-MAX_SCAN_LINES:]
    if lines and _EXIT_LINE.match(lines[0]):
        lines = lines[1:]
    return [line.rstrip() for line in lines]


def _is_noise(line: str) -> bool:
    return not line.strip() or bool(_NOISE.match(line)) or bool(_LOG_PREFIX.match(line))


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
            i + 1 < len(lines)
            and _could_be_exception(line)
            and _JS_FRAME.match(lines[i + 1])
            and (found := _PY_EXCEPTION.match(line))
            and found.group("msg") is not None
            and _exception_name(found.group("type"))
        ):
            return found.group("type"), line
    return None


def _cli_line(lines: list[str]) -> tuple[str, str, str] | None:
    """(type, program, line) of the most specific CLI error line; the last one wins."""
    best: tuple[int, int, str, str, str] | None = None  # (specific, index, type, prog, line)
    npm_code = ""
    for i, line in enumerate(lines):
        # Every shape below has a colon or is npm's: a cheap test before the patterns.
        if (":" not in line and not line.startswith("npm ")) or _is_noise(line):
            continue
        found = _NPM.match(line)
        if found:
            code = _NPM_CODE.match(found.group("msg"))
            if code and not npm_code:
                npm_code = code.group("code")
                best = (2, i, f"npm: {npm_code}", "npm", line)
                continue
            if not npm_code:
                candidate = (0 if _WRAPPER.search(line) else 1, i, "npm", "npm", line)
                if best is None or candidate[:2] >= best[:2]:
                    best = candidate
            continue
        typed: tuple[str, str] | None = None
        found = _DIAGNOSTIC.match(line)
        if found:
            typed = (found.group("sev"), found.group("sev") + ": " + found.group("msg"))
            line = typed[1]
            program = ""
        else:
            found = _SEVERITY.match(line)
            if found:
                program = found.group("prog") or ""
                severity = found.group("sev")
                code = found.group("code")
                label = f"{severity}[{code}]" if code else severity
                typed = (f"{program}: {label}" if program else label, line)
            else:
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
    return best[2], best[3], best[4]


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
        kind, line = found
        return _key(kind, line, "python", "traceback")
    found = _other_exception(lines)
    if found is not None:
        kind, line = found
        return _key(kind, line, "", "exception")
    cli = _cli_line(lines)
    if cli is not None:
        kind, program, line = cli
        return _key(kind, line, program, "cli")
    meaningful = [line for line in lines if not _is_noise(line)]
    whole = (message or "").strip()
    if meaningful and (len(meaningful) > 1 or meaningful[0].strip() != whole):
        line, source = meaningful[-1], "last-line"
    else:
        line, source = whole, "message"
    kind = _generic_type(given)
    shape = _PY_EXCEPTION.match(line.strip())
    if (
        (not given or kind != given)  # the caller named no type, or only its tool
        and shape
        and shape.group("msg") is not None
        and _exception_name(shape.group("type"))
    ):
        kind = shape.group("type")
    return _key(kind, line, "", source)
