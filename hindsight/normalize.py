"""Normalisation of error messages, log lines and stack frames into patterns.

Method
------
A message is scanned once, left to right, by a single alternation regex built from
an ordered list of *masking rules* (URL, e-mail, UUID, timestamps, IPs, paths, hex,
sizes, durations, numbers, quoted strings, ...). At each position the first rule in
priority order that matches wins, so the specific shapes (an ISO timestamp, an IPv4
with its port) are claimed before the generic ones (a bare number) can split them.
Every match becomes a typed placeholder such as ``<IP>`` or ``<NUM>``; the text in
between is kept verbatim.

From the same scan we emit three things at no extra cost:

* ``text``  - the pattern with placeholders (what grouping and fingerprints use),
* ``regex`` - an anchored regex: literal text escaped for RE2 and each
  placeholder through a short *bounded* sub-pattern (``\\d+``, ``\\S+?``, ...), so it
  matches the original and any other instance of the same pattern,
* ``variables`` - the (kind, value) pairs that were masked, kept for metadata.

``normalize_stack`` reduces each frame of a Python, JavaScript, Java or Go trace to
the part that identifies *code* (function and file base name) and drops what varies
between machines and builds (directories, line and column numbers, addresses).
``fingerprint`` hashes error type + normalised message + frames with SHA-256.

Pure standard library, no Django import: it runs in the capture path and in tools.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hindsight.linear import compile_linear, escape

__all__ = [
    "NormalizedMessage",
    "PLACEHOLDER_RE",
    "fingerprint",
    "normalize",
    "normalize_frame",
    "normalize_stack",
]

# Messages longer than this are only normalised up to the limit: an error that embeds
# a megabyte of JSON should not cost a megabyte of regex work on the capture path.
MAX_MESSAGE_CHARS = 8192
# Stacks likewise: the frames of the first 64 KB, at most 200 of them, identify the code path.
MAX_STACK_CHARS = 65536
MAX_FRAMES = 200
MAX_FRAME_CHARS = 500  # a line kept as a frame ("Caused by: ...") is cut to this
_FRAME_PART_CHARS = 240  # and a frame's function and file name each to this

# A piece of the output: (placeholder kind or None for literal, text).
Piece = tuple[str | None, str]
Render = Callable[[Any], list[Piece]]  # called with an RE2 match

# Bounded sub-patterns a placeholder turns into inside ``NormalizedMessage.regex``.
# They are deliberately loose (any instance of the kind) but never cross whitespace
# unless the kind itself can contain a space.
PLACEHOLDER_REGEX: dict[str, str] = {
    "URL": r"\S+?",
    "EMAIL": r"[^\s@]+@[^\s@]+?",
    "UUID": r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}",
    "TS": r"[\w/.,:+-]+?(?: [\w/.,:+-]+?){0,6}",
    "DATE": r"[\w/.,-]+?(?: [\w,]+?){0,3}",
    "MAC": r"[0-9a-fA-F]{2}(?:[:-][0-9a-fA-F]{2})+",
    "TIME": r"\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?",
    "IP": r"\[?[0-9a-fA-F:.]+\]?(?::\d+)?",
    "HOST": r"[\w.-]+:\d+",
    "PATH": r"\S+?",
    "LINE": r"\d+",
    "COL": r"\d+",
    "TMP": r"\S+?",
    "ID": r"[\w-]+?",
    "HASH": r"[0-9a-fA-F]+",
    "ADDR": r"0x[0-9a-fA-F]+",
    "HEX": r"(?:0x)?[0-9a-fA-F]+",
    "SIZE": r"[<>~]?\d+(?:\.\d+)?\s?[A-Za-z]+(?: \([^)]*\))?",
    "DURATION": r"[<>~]?\d+(?:\.\d+)?\s?[A-Za-zµ]+",
    "NUM": r"[-+]?\d+(?:\.\d+)*(?:[eE][-+]?\d+)?",
    "STR": r"(?:'[^']*'|\"[^\"]*\"|`[^`]*`|‘[^’]*’|“[^”]*”)",
    "NAME": r"\S+?",
    "FLAG": r"--?[\w-]+?",
}

# Matches any placeholder this module emits; the grouper uses it to spot variables.
PLACEHOLDER_RE = compile_linear("<(?:" + "|".join(PLACEHOLDER_REGEX) + ")>")


def _whole(kind: str) -> Render:
    return lambda m: [(kind, m.group(0))]


def _group(m: Any, name: str) -> str:
    """A named group of a mask match ("" when it took no part), by index (the RE2 wrapper
    rebuilds its name table on every lookup by name)."""
    return m.group(_GROUPS[name]) or ""


def _path_with_position(m: Any) -> list[Piece]:
    """``/a/b.py:12:7`` -> ``<PATH>:<LINE>:<COL>`` (the position is not part of the path)."""
    pieces: list[Piece] = [("PATH", _group(m, "p"))]
    if line := _group(m, "pl"):
        pieces += [(None, ":"), ("LINE", line)]
    if column := _group(m, "pc"):
        pieces += [(None, ":"), ("COL", column)]
    return pieces


def _file_position(file: str, line: str, column: str) -> Render:
    """``Foo.java:42`` keeps the file name (it identifies code) and masks the line."""

    def render(m: Any) -> list[Piece]:
        pieces: list[Piece] = [(None, _group(m, file) + ":"), ("LINE", _group(m, line))]
        if col := _group(m, column):
            pieces += [(None, ":"), ("COL", col)]
        return pieces

    return render


def _line_word(m: Any) -> list[Piece]:
    return [(None, _group(m, "lw")), ("LINE", _group(m, "ln"))]


_HEXD = r"[0-9a-fA-F]"
_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t|tember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_DAY = r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)(?:day|sday|nesday|rsday|urday)?"
_PATH_SEG = r"[\w.@+~%$-]+"
_TIME_UNITS = r"(?:ns|us|µs|ms|msec|s|sec|secs|seconds?|mins?|minutes?|h|hrs?|hours?|days?)"
_SIZE_UNITS = r"(?:bytes?|[KMGTP]i?B|B)"
_SRC_EXT = (
    r"(?:py|pyx|js|jsx|mjs|cjs|ts|tsx|vue|java|kt|kts|scala|groovy|go|rs|rb|php|cs"
    r"|c|cc|cpp|cxx|h|hpp|m|mm|swift|ex|exs|erl|clj|lua|pl|sh|sql|ya?ml|json|toml)"
)
_IP6 = (
    rf"(?:{_HEXD}{{1,4}}(?::{_HEXD}{{1,4}}){{7}}"
    rf"|(?:{_HEXD}{{1,4}}:){{1,6}}:(?:{_HEXD}{{1,4}}(?::{_HEXD}{{1,4}})*)?"
    rf"|::(?:{_HEXD}{{1,4}}:)*{_HEXD}{{1,4}})"
)


def _literal(m: Any) -> list[Piece]:
    return [(None, m.group(0))]


def _prefixed_host(m: Any) -> list[Piece]:
    """The single-label host rule consumes the character before the host (RE2 has no
    lookbehind); it is given back as literal text."""
    prefix = _group(m, "hp")
    pieces: list[Piece] = [(None, prefix)] if prefix else []
    return pieces + [("HOST", _group(m, "h"))]


def _slash_ip(m: Any) -> list[Piece]:
    """``/10.0.0.1:50010`` is an address written after a slash, not a file path."""
    return [(None, "/"), ("IP", m.group(0)[1:])]


# Seven or more hex digits with at least one letter among them (seven: git's short SHAs), the
# letter at any position (RE2 has no lookahead to say "contains a letter", so each position of
# the first letter is an alternative). All-digit runs are left to the number rule.
_HEX_MIN = 7
_HEX_WORD = (
    r"\b(?:"
    + "|".join(
        rf"[0-9]{{{k}}}[a-fA-F][0-9a-fA-F]{{{_HEX_MIN - 1 - k},}}" for k in range(_HEX_MIN - 1)
    )
    + rf"|[0-9]{{{_HEX_MIN - 1},}}[a-fA-F][0-9a-fA-F]*)\b"
)


def _hex_word(m: Any) -> list[Piece]:
    """A hex value mixes digits and letters; all letters is a word ("deadbeef", "accede")."""
    text = m.group(0)
    return [("HEX", text)] if any(c.isdigit() for c in text) else [(None, text)]


def _tmp_name(m: Any) -> list[Piece]:
    """``tmpk3j9x2z_``: a generated temporary name carries a digit somewhere."""
    text = m.group(0)
    return [("TMP", text)] if any(c.isdigit() for c in text) else [(None, text)]


# Ordered masking rules: (name, RE2 pattern, renderer). Alternatives are tried leftmost-first:
# the earliest position wins, and at one position the first rule in this list. Word boundaries
# stand in for the lookaround RE2 does not have (see `hindsight.linear`).
_RULES: list[tuple[str, str, Render]] = [
    ("url", r"\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\s'\"<>()\[\]{}]+", _whole("URL")),
    ("email", r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}\b", _whole("EMAIL")),
    (
        "uuid",
        rf"\b{_HEXD}{{8}}-{_HEXD}{{4}}-{_HEXD}{{4}}-{_HEXD}{{4}}-{_HEXD}{{12}}\b",
        _whole("UUID"),
    ),
    (
        "ts",
        r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\b",
        _whole("TS"),
    ),
    # syslog / ctime style: "Fri Jul 01 08:16:53 PDT 2005", "Jun 9 06:06:20"
    (
        "ctime",
        rf"\b(?:{_DAY},? )?{_MONTH} +\d{{1,2}}(?:,? \d{{4}})? \d{{1,2}}:\d{{2}}"
        r"(?::\d{2})?(?:[.,]\d+)?(?: [A-Z]{2,4}T| UTC| GMT| [+-]\d{4})?(?: \d{4})?\b",
        _whole("TS"),
    ),
    (
        "date",
        rf"\b\d{{4}}[-/.]\d{{1,2}}[-/.]\d{{1,2}}\b|\b\d{{1,2}}/\d{{1,2}}/\d{{2,4}}\b"
        rf"|\b(?:{_DAY},? )?{_MONTH} +\d{{1,2}}(?:,? \d{{4}})?\b",
        _whole("DATE"),
    ),
    # Five or more dotted numbers are a version or an OID, never an address.
    ("dotted", r"\b\d+(?:\.\d+){4,}\b", _whole("NUM")),
    ("ip4", r"\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b", _whole("IP")),
    ("mac", r"\b(?:[0-9A-Fa-f]{2}[:-]){5,15}[0-9A-Fa-f]{2}\b", _whole("MAC")),
    ("time", r"\b\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?\b", _whole("TIME")),
    (
        "ip6",
        rf"\[{_IP6}\](?::\d{{1,5}})?|\b(?:{_HEXD}{{1,4}}(?::{_HEXD}{{1,4}}){{7}}"
        rf"|(?:{_HEXD}{{1,4}}:){{1,6}}:(?:{_HEXD}{{1,4}}(?::{_HEXD}{{1,4}})*)?)"
        rf"|\B::(?:{_HEXD}{{1,4}}:)*{_HEXD}{{1,4}}\b",
        _whole("IP"),
    ),
    # "Foo.java:42" would also pass for host:port; a known source extension decides.
    (
        "srcpos",
        rf"(?P<f>\b[\w$-]+\.{_SRC_EXT}):(?P<fl>\d+)(?::(?P<fc>\d+))?\b",
        _file_position("f", "fl", "fc"),
    ),
    ("host", r"\b(?:localhost|(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}):\d{1,5}\b", _whole("HOST")),
    # single-label service names ("db:5432", "redis:6379") only as a whole token
    ("host1", r"(?P<hp>^|[\s/@(\[])(?P<h>[a-z][a-z0-9-]*:\d{2,5})\b", _prefixed_host),
    ("tmp", r"\b(?:tmp|temp)[\w-]{3,}|\bpytest-of-[\w-]+|\bpytest-\d+\b", _tmp_name),
    ("slaship", r"/\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b", _slash_ip),
    (
        "path",
        rf"(?P<p>\b[A-Za-z]:\\[^\s'\"<>|*?:]+|\\\\[^\s'\"<>|*?:]+"
        rf"|\B(?:~|\.{{1,2}})?/+(?:{_PATH_SEG}/+)*{_PATH_SEG}/?"
        rf"|\b{_PATH_SEG}(?:/{_PATH_SEG})+\.[A-Za-z]\w{{0,5}}\b)"
        r"(?::(?P<pl>\d+))?(?::(?P<pc>\d+))?",
        _path_with_position,
    ),
    (
        "filepos",
        r"(?P<f2>\b[\w$-]+\.[A-Za-z]\w{0,5}):(?P<fl2>\d+)(?::(?P<fc2>\d+))?\b",
        _file_position("f2", "fl2", "fc2"),
    ),
    ("linew", r"(?P<lw>\b[Ll]ine )(?P<ln>\d+)\b", _line_word),
    ("blockid", r"\b[A-Za-z]+_-?\d{5,}\b", _whole("ID")),
    ("hash", rf"\b(?:{_HEXD}{{64}}|{_HEXD}{{40}}|{_HEXD}{{32}})\b", _whole("HASH")),
    ("addr", r"\b0x[0-9a-fA-F]{8,16}\b", _whole("ADDR")),
    ("hex", r"\b0x[0-9a-fA-F]+\b", _whole("HEX")),
    ("hexword", _HEX_WORD, _hex_word),
    # "1190 bytes (1.16 KB)": the parenthesised part is the same value, printed again.
    (
        "size",
        rf"(?:[<>~]|\b)\d+(?:\.\d+)?\s?{_SIZE_UNITS}\b(?: \(\d+(?:\.\d+)? ?[KMGTP]i?B\))?",
        _whole("SIZE"),
    ),
    ("duration", rf"(?:[<>~]|\b)\d+(?:\.\d+)?\s?{_TIME_UNITS}\b", _whole("DURATION")),
    # Command-line options ("unknown flag: --tags", "invalid option -x"): arguments, not words.
    ("flag", r"\B--?[A-Za-z][\w-]*", _whole("FLAG")),
    # A digit run glued to letters ("ssh2", "x86_64", "v1.2.3") is part of a name: kept whole.
    ("named", r"\b[A-Za-z_]\w*\d(?:\.\d\w*)+\b", _literal),
    ("num", r"(?:\B[-+])?\b\d+(?:\.\d+)*(?:[eE][-+]?\d+)?\b", _whole("NUM")),
    # Quoted values: only when the quote is not an apostrophe inside a word ("can't"). A quoted
    # path is left to the path rule ('/etc/x' -> '<PATH>'); a slash elsewhere is text ('N/A').
    # Backticks quote identifiers in compiler and Markdown-ish messages ("`foo`").
    (
        "str",
        r"\B'(?:[^'\n\\/.~][^'\n\\]{0,199})?'\B"
        r"|\B\"(?:[^\"\n\\/.~][^\"\n\\]{0,199})?\"\B|`[^`\n]{1,200}`"
        r"|‘(?:[^’\n\\/.~][^’\n\\]{0,199})?’|“(?:[^”\n\\/.~][^”\n\\]{0,199})?”",
        _whole("STR"),
    ),
]

_MASK_RE = compile_linear("|".join(f"(?P<_{name}>{pat})" for name, pat, _ in _RULES))
_GROUPS: dict[str, int] = _MASK_RE.groupindex
# Rule by the index of its group: a match's `lastindex` is its rule's group, since that group
# encloses (and ends with) any group inside it.
_RENDER: dict[int, Render] = {_GROUPS[f"_{name}"]: render for name, _, render in _RULES}


@dataclass(frozen=True, slots=True)
class NormalizedMessage:
    """A message turned into a pattern. ``original`` is kept verbatim for metadata."""

    original: str
    text: str
    regex: str
    variables: tuple[tuple[str, str], ...]

    def matches(self, message: str) -> bool:
        """True when ``message`` is an instance of this pattern."""
        return compile_linear("(?s)" + self.regex).fullmatch(message) is not None


def _pieces(message: str, names: Sequence[tuple[int, int]] = ()) -> list[Piece]:
    """The message as literal text and placeholders; `names` are spans (sorted, disjoint) that
    the caller knows to be names (``<NAME>``), the text between them is masked by the rules."""
    pieces: list[Piece] = []
    start = 0
    for name_start, name_end in [*names, (len(message), len(message))]:
        gap = message[start:name_start]
        pos = 0
        for m in _MASK_RE.finditer(gap):
            if m.start() > pos:
                pieces.append((None, gap[pos : m.start()]))
            pieces.extend(_RENDER[m.lastindex](m))
            pos = m.end()
        if pos < len(gap):
            pieces.append((None, gap[pos:]))
        if name_end > name_start:
            pieces.append(("NAME", message[name_start:name_end]))
        start = name_end
    return pieces


def _literal_regex(text: str) -> str:
    # Runs of whitespace in the original match any whitespace run in an instance:
    # the same error re-wrapped or re-indented is still the same error.
    # (A hand-written split on ASCII whitespace: what RE2's `\s` matches.)
    words = [w for w in text.translate(_ASCII_SPACE).split(" ") if w]
    body = r"\s+".join(escape(w) for w in words)
    if text[:1].isascii() and text[:1].isspace():
        body = r"\s+" + body
    if words and text[-1:].isascii() and text[-1:].isspace():
        body += r"\s+"
    return body


_ASCII_SPACE = str.maketrans("\t\n\v\f\r", "     ")


# Text right before a number that makes the number a code, not a value: `error: 404`,
# `status 500`, `[Errno 111]`, `exit status 2`, `HTTP/1.1 404`, `curl: (7)`.
_CODE_CONTEXT = compile_linear(
    r"(?i)(?:error:? |status:? |status code |code:? |http/[\d.]+ |\[errno |errno |"
    r"exit status |exit code |returned |: \()$"
)


def normalize(
    message: str, *, keep_codes: bool = False, names: Sequence[tuple[int, int]] = ()
) -> NormalizedMessage:
    """Mask the variable parts of ``message``; see the module docstring. With ``keep_codes``,
    numbers that are error or status codes (see `_CODE_CONTEXT`) stay as they are: they tell
    one failure from another. ``names`` are spans the caller knows to hold a name (an
    identifier in an error's key line), masked as ``<NAME>``."""
    source = message[:MAX_MESSAGE_CHARS]
    names = [(a, b) for a, b in names if b <= len(source)]
    text_parts: list[str] = []
    regex_parts: list[str] = []
    variables: list[tuple[str, str]] = []
    for kind, value in _pieces(source, names):
        if keep_codes and kind == "NUM" and _CODE_CONTEXT.search("".join(text_parts[-4:])[-24:]):
            kind = None
        if kind is None:
            text_parts.append(value)
            regex_parts.append(_literal_regex(value))
        else:
            text_parts.append(f"<{kind}>")
            regex_parts.append(f"(?:{PLACEHOLDER_REGEX[kind]})")
            variables.append((kind, value))
    tail = r"(?:.*)" if len(message) > MAX_MESSAGE_CHARS else ""
    return NormalizedMessage(
        original=message,
        text="".join(text_parts),
        regex="^" + "".join(regex_parts) + tail + "$",
        variables=tuple(variables),
    )


# ---------------------------------------------------------------------------- stacks

_PY_FRAME = compile_linear(r'^\s*File "(?P<file>[^"]+)", line \d+(?:, in (?P<func>.+))?\s*$')
_JS_FRAME = compile_linear(
    r"^\s*at (?:(?P<func>.+?) \()?(?P<file>[^()\s]+?)(?::\d+)?(?::\d+)?\)?\s*$"
)
_JAVA_FRAME = compile_linear(r"^\s*at (?P<func>[\w$.<>/]+)\((?P<file>[^):]*)(?::\d+)?\)\s*$")
_GO_FUNC = compile_linear(r"^(?P<func>[\w./*()$%-]+?)\((?:[^()]*)\)\s*$")
_GO_FILE = compile_linear(r"^\s+(?P<file>\S+\.go):\d+(?: \+0x[0-9a-f]+)?\s*$")
_SKIP_LINE = compile_linear(
    r"^\s*(?:Traceback \(most recent call last\):|\.\.\. \d+ more|goroutine \d+ \[.*\]:"
    r"|During handling of the above exception.*|The above exception was the direct.*)\s*$"
)
# Anonymous functions and generated names carry counters or addresses: "$$Lambda$14/0x1".
_GENERATED = compile_linear(r"\$\$Lambda\$\d+/0x[0-9a-f]+|\$\d+|0x[0-9a-fA-F]+|\bline \d+")


def _basename(path: str) -> str:
    path = path.rsplit("?", 1)[0]
    return path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1] or path


def _frame(func: str | None, file: str | None) -> str:
    func = _GENERATED.sub("<*>", func.strip()[:_FRAME_PART_CHARS]) if func else ""
    base = _basename(file)[:_FRAME_PART_CHARS] if file else ""
    if func and base:
        return f"{func} ({base})"
    return func or base


def normalize_frame(line: str) -> str | None:
    """One frame line -> ``"function (file)"``; ``None`` when the line is no frame."""
    for pattern in (_PY_FRAME, _JAVA_FRAME, _JS_FRAME):
        m = pattern.match(line)
        if m:
            return _frame(m.group("func"), m.group("file"))
    return None


def normalize_stack(stack: str) -> list[str]:
    """Normalise every frame of a Python, JavaScript, Java or Go trace.

    Source lines echoed by Python, ``... N more`` and goroutine headers are dropped;
    other lines that are not frames (``Caused by: ...``) are kept in normalised form
    because they tell chained errors apart. Consecutive identical frames (recursion)
    are collapsed so the recursion depth does not change the fingerprint.
    """
    frames: list[str] = []
    lines = stack[:MAX_STACK_CHARS].splitlines()
    expect_py_source = False
    i = 0
    while i < len(lines) and len(frames) < MAX_FRAMES:
        line = lines[i]
        i += 1
        if not line.strip() or _SKIP_LINE.match(line):
            continue
        frame = normalize_frame(line)
        if frame is not None:
            expect_py_source = line.lstrip().startswith("File ")
            frames.append(frame)
            continue
        if expect_py_source and line.startswith((" ", "\t")):
            expect_py_source = False  # the echoed source line of the frame above
            continue
        expect_py_source = False
        go = _GO_FUNC.match(line)
        go_file = _GO_FILE.match(lines[i]) if go and i < len(lines) else None
        if go and go_file:
            frames.append(_frame(go.group("func"), go_file.group("file")))
            i += 1
            continue
        frames.append(normalize(line.strip()[:MAX_FRAME_CHARS]).text)
    return [f for j, f in enumerate(frames) if j == 0 or f != frames[j - 1]]


def fingerprint(error_type: str, normalized_message: str, normalized_frames: list[str]) -> str:
    """Stable SHA-256 hex digest (64 chars) of an error's normalised identity.

    Fields are joined with control characters that never occur in normal text, so
    ("a b", "c") and ("a", "b c") cannot collide by concatenation.
    """
    payload = "\x1e".join(
        [error_type.strip(), " ".join(normalized_message.split()), "\x1f".join(normalized_frames)]
    )
    return hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()
