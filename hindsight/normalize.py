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
* ``regex`` - an anchored regex: literal text through ``re.escape`` and each
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
import re
from collections.abc import Callable
from dataclasses import dataclass

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

# A piece of the output: (placeholder kind or None for literal, text).
Piece = tuple[str | None, str]
Render = Callable[[re.Match[str]], list[Piece]]

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
    "STR": r"(?:'[^']*'|\"[^\"]*\"|`[^`]*`)",
}

# Matches any placeholder this module emits; the grouper uses it to spot variables.
PLACEHOLDER_RE = re.compile("<(?:" + "|".join(PLACEHOLDER_REGEX) + ")>")


def _whole(kind: str) -> Render:
    return lambda m: [(kind, m.group(0))]


def _path_with_position(m: re.Match[str]) -> list[Piece]:
    """``/a/b.py:12:7`` -> ``<PATH>:<LINE>:<COL>`` (the position is not part of the path)."""
    pieces: list[Piece] = [("PATH", m.group("p"))]
    if m.group("pl"):
        pieces += [(None, ":"), ("LINE", m.group("pl"))]
    if m.group("pc"):
        pieces += [(None, ":"), ("COL", m.group("pc"))]
    return pieces


def _file_position(m: re.Match[str]) -> list[Piece]:
    """``Foo.java:42`` keeps the file name (it identifies code) and masks the line."""
    g = m.groupdict()
    suffix = "" if g.get("f") else "2"
    pieces: list[Piece] = [(None, g["f" + suffix] + ":"), ("LINE", g["fl" + suffix])]
    if g["fc" + suffix]:
        pieces += [(None, ":"), ("COL", g["fc" + suffix])]
    return pieces


def _line_word(m: re.Match[str]) -> list[Piece]:
    return [(None, m.group("lw")), ("LINE", m.group("ln"))]


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

# Ordered masking rules: (name, pattern, renderer). Order is priority at a position.
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
        r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?(?:[.,]\d+)?"
        r"(?:Z|[+-]\d{2}:?\d{2})?(?![\w:])",
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
    ("ip4", r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?(?![\w]|\.\d)", _whole("IP")),
    ("mac", r"\b(?:[0-9A-Fa-f]{2}[:-]){5,15}[0-9A-Fa-f]{2}\b", _whole("MAC")),
    ("time", r"(?<![\w:.])\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?(?![\w:])", _whole("TIME")),
    (
        "ip6",
        rf"(?<![\w:.])\[?(?:(?:{_HEXD}{{1,4}}:){{7}}{_HEXD}{{1,4}}"
        rf"|(?:{_HEXD}{{1,4}}:){{1,6}}:(?:{_HEXD}{{1,4}}(?::{_HEXD}{{1,4}})*)?"
        rf"|::(?:{_HEXD}{{1,4}}:)*{_HEXD}{{1,4}})\]?(?::\d{{1,5}})?(?![\w:])",
        _whole("IP"),
    ),
    # "Foo.java:42" would also pass for host:port; a known source extension decides.
    ("srcpos", rf"(?P<f>\b[\w$-]+\.{_SRC_EXT}):(?P<fl>\d+)(?::(?P<fc>\d+))?\b", _file_position),
    (
        "host",
        r"\b(?:localhost|(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}):\d{1,5}\b"
        # single-label service names ("db:5432", "redis:6379") as a whole token only
        r"|(?:(?<=^)|(?<=[\s/@(\['\"]))[a-z][a-z0-9-]*:\d{2,5}(?=$|[\s/)\],'\"])",
        _whole("HOST"),
    ),
    (
        "tmp",
        r"(?<![\w/])(?:tmp|temp)(?=[\w-]*\d)[\w-]{3,}|\bpytest-of-[\w-]+|\bpytest-\d+\b",
        _whole("TMP"),
    ),
    (
        "path",
        rf"(?P<p>(?<![\w.~/\\-])(?:[A-Za-z]:\\|\\\\)[^\s'\"<>|*?:]+"
        rf"|(?<![\w.~/\\-])(?:~|\.{{1,2}})?/(?!\d+[.:])(?:{_PATH_SEG}/)*{_PATH_SEG}/?"
        rf"|\b{_PATH_SEG}(?:/{_PATH_SEG})+\.[A-Za-z]\w{{0,5}}\b)"
        r"(?::(?P<pl>\d+))?(?::(?P<pc>\d+))?(?![\w])",
        _path_with_position,
    ),
    (
        "filepos",
        r"(?P<f2>\b[\w$-]+\.[A-Za-z]\w{0,5}):(?P<fl2>\d+)(?::(?P<fc2>\d+))?\b",
        _file_position,
    ),
    ("linew", r"(?P<lw>\b[Ll]ine )(?P<ln>\d+)\b", _line_word),
    ("blockid", r"\b[A-Za-z]+_-?\d{5,}\b", _whole("ID")),
    ("hash", rf"\b(?:{_HEXD}{{64}}|{_HEXD}{{40}}|{_HEXD}{{32}})\b", _whole("HASH")),
    ("addr", r"\b0x[0-9a-fA-F]{8,16}\b", _whole("ADDR")),
    (
        "hex",
        r"\b0x[0-9a-fA-F]+\b|\b(?=[0-9a-fA-F]*\d)(?=[0-9a-fA-F]*[a-fA-F])[0-9a-fA-F]{8,}\b",
        _whole("HEX"),
    ),
    # "1190 bytes (1.16 KB)": the parenthesised part is the same value, printed again.
    (
        "size",
        rf"(?<![\w.<>~])[<>~]?\d+(?:\.\d+)?\s?{_SIZE_UNITS}"
        rf"(?: \(\d+(?:\.\d+)? ?[KMGTP]i?B\))?(?![\w])",
        _whole("SIZE"),
    ),
    (
        "duration",
        rf"(?<![\w.<>~])[<>~]?\d+(?:\.\d+)?(?:\s?{_TIME_UNITS})(?![\w])",
        _whole("DURATION"),
    ),
    # A digit run glued to letters ("ssh2", "x86_64", "SOCKS5") is part of a name.
    (
        "num",
        r"(?<![A-Za-z_\d.])[-+]?\d+(?:\.\d+)*(?:[eE][-+]?\d+)?(?![\w])"
        r"|(?<=[A-Za-z.]\.)\d+(?![\w.])",
        _whole("NUM"),
    ),
    # Quoted values: only when the quote is not an apostrophe inside a word ("can't").
    # Backticks quote identifiers in compiler and Markdown-ish messages ("`foo`").
    (
        "str",
        r"(?<!\w)'[^'\n/\\]{0,200}'(?!\w)|(?<![\w\\])\"[^\"\n/\\]{0,200}\"|`[^`\n]{1,200}`",
        _whole("STR"),
    ),
]

_MASK_RE = re.compile("|".join(f"(?P<_{name}>{pat})" for name, pat, _ in _RULES))
_RENDER: dict[str, Render] = {f"_{name}": render for name, _, render in _RULES}


@dataclass(frozen=True, slots=True)
class NormalizedMessage:
    """A message turned into a pattern. ``original`` is kept verbatim for metadata."""

    original: str
    text: str
    regex: str
    variables: tuple[tuple[str, str], ...]

    def matches(self, message: str) -> bool:
        """True when ``message`` is an instance of this pattern."""
        return re.fullmatch(self.regex, message, re.DOTALL) is not None


def _pieces(message: str) -> list[Piece]:
    pieces: list[Piece] = []
    pos = 0
    for m in _MASK_RE.finditer(message):
        if m.start() > pos:
            pieces.append((None, message[pos : m.start()]))
        # Every alternative of _MASK_RE is a named group, so lastgroup is never None.
        pieces.extend(_RENDER[m.lastgroup](m))  # type: ignore[index]
        pos = m.end()
    if pos < len(message):
        pieces.append((None, message[pos:]))
    return pieces


def _literal_regex(text: str) -> str:
    # Runs of whitespace in the original match any whitespace run in an instance:
    # the same error re-wrapped or re-indented is still the same error.
    return r"\s+".join(re.escape(part) for part in re.split(r"\s+", text))


def normalize(message: str) -> NormalizedMessage:
    """Mask the variable parts of ``message``; see the module docstring."""
    source = message[:MAX_MESSAGE_CHARS]
    text_parts: list[str] = []
    regex_parts: list[str] = []
    variables: list[tuple[str, str]] = []
    for kind, value in _pieces(source):
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

_PY_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line \d+(?:, in (?P<func>.+))?\s*$')
_JS_FRAME = re.compile(r"^\s*at (?:(?P<func>.+?) \()?(?P<file>[^()\s]+?)(?::\d+)?(?::\d+)?\)?\s*$")
_JAVA_FRAME = re.compile(r"^\s*at (?P<func>[\w$.<>/]+)\((?P<file>[^):]*)(?::\d+)?\)\s*$")
_GO_FUNC = re.compile(r"^(?P<func>[\w./*()$%-]+?)\((?:[^()]*)\)\s*$")
_GO_FILE = re.compile(r"^\s+(?P<file>\S+\.go):\d+(?: \+0x[0-9a-f]+)?\s*$")
_SKIP_LINE = re.compile(
    r"^\s*(?:Traceback \(most recent call last\):|\.\.\. \d+ more|goroutine \d+ \[.*\]:"
    r"|During handling of the above exception.*|The above exception was the direct.*)\s*$"
)
# Anonymous functions and generated names carry counters or addresses: "$$Lambda$14/0x1".
_GENERATED = re.compile(r"\$\$Lambda\$\d+/0x[0-9a-f]+|\$\d+|0x[0-9a-fA-F]+|\bline \d+")


def _basename(path: str) -> str:
    path = path.rsplit("?", 1)[0]
    return re.split(r"[\\/]", path.rstrip("/\\"))[-1] or path


def _frame(func: str | None, file: str | None) -> str:
    func = _GENERATED.sub("<*>", func.strip()) if func else ""
    base = _basename(file) if file else ""
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
    lines = stack.splitlines()
    expect_py_source = False
    i = 0
    while i < len(lines):
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
        frames.append(normalize(line.strip()).text)
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
