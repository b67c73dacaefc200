"""Command triggers: what an anti-pattern blocks, as the commands it names.

Stored on `AntiPattern.command_trigger` as JSON:

    {"commands": [<pattern>, ...],      any one matching is a match
     "unless":   [<pattern>, ...],      …unless the line also runs one of these (a backup first)
     "derived_from": "the reported text", "notes": ["why a part gave no trigger", ...]}

    <pattern> = {"program": "git", "subcommand": ["push"], "flags": ["--force"],
                 "options": {"--context": "prod"}, "args": ["main"], "anywhere": ["re:(?i)prod"],
                 "sudo": false, "then": <pattern>, "text": "git push --force origin main"}

A pattern matches one command of the checked line when the program and subcommand are the same,
every flag is there (in any order and spelling: the tables of `command_tables` map `-f` to
`--force`), every option has its value, every argument is matched by a distinct argument (or
option value) of the command, every `anywhere` value by some word of it, `sudo` was used when
required, and `then` matches a later command of the same pipeline. A command carrying a flag that
defuses it (`--dry-run`) and that the pattern does not name is no match. Values are literal
(`main`; a path also matches what lies under it, a relative path the same tail of an absolute
one; a mode grants at least the same bits; a text with spaces, such as SQL, matches when its words
appear in that order), `<any>` (any value), or `re:PATTERN` (RE2, searched).

`derive` reads a reported anti-pattern (the command in its action and related commands, and the
prose of its title and why) into a trigger; `validate` checks and normalises a trigger a person
wrote (a pattern may also be written as a command line: `"git push --force <branch>"`).
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from lessons.command_tables import KNOWN_PROGRAMS, PROGRAMS
from lessons.commands import Invocation, invocations, mode_bits
from lessons.everyday import EVERYDAY_COMMANDS
from lessons.prose_triggers import command_lines, setting_patterns
from lessons.triggers import CompiledTrigger, TriggerError, compile_trigger

ANY = "<any>"
_ANY_WORD = "__mnemosyne_any__"
MAX_PATTERNS = 20

# Placeholders in a documented command: `<container>`, `<path to dir>`, `{name}`, `...`, `…`.
_ANGLE = re.compile(r"<(?=[A-Za-z_])[^<>\n]{1,60}>")
_ELLIPSIS = re.compile(r"(?<!\S)(?:\.\.\.|…)(?!\S)")
_OPTIONAL = re.compile(r"\[(?:-|[A-Z_]{2,}|options?|flags?)[^\]\n]{0,60}\]", re.IGNORECASE)
_BRACE_WORD = re.compile(r"^\{[A-Za-z_][\w-]*\}$")
_VARIABLE = re.compile(r"^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$")
_WORDS = re.compile(r"[a-z0-9]+")


def words_of(line: list[Invocation]) -> set[str]:
    """The lower-case words of a line's values: the second index key (`CommandTrigger.keys`)."""
    return {w for inv in line for w in _WORDS.findall(inv.haystack)}


class CommandTriggerError(TriggerError):
    pass


# --- values -------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=True)
class Value:
    """One value to find in a command: a literal, any value, or an RE2 pattern."""

    raw: str
    regex: CompiledTrigger | None = None

    @classmethod
    def of(cls, raw: str) -> Value:
        if raw.startswith("re:"):
            return cls(raw, compile_trigger(raw[3:]))
        return cls(raw)

    @property
    def is_any(self) -> bool:
        return self.raw == ANY

    @cached_property
    def gates(self) -> tuple[str, ...]:
        """Lower-case strings every value this literal matches contains (a cheap first test:
        equal, under a path, a variable however braced, words in order all contain them)."""
        if self.regex is not None or self.raw == ANY or mode_bits(self.raw) is not None:
            return ()
        if any(ch.isspace() for ch in self.raw.strip()):
            return tuple(_text_words(self.raw))
        found = _VARIABLE.match(self.raw)
        return (found.group(1).casefold() if found else self.raw.casefold(),)

    def matches(self, value: str) -> bool:
        if self.raw == ANY:
            return True
        if self.regex is not None:
            return self.regex.search(value) is not None
        return literal_matches(self.raw, value)


def _variable_form(value: str) -> str:
    found = _VARIABLE.match(value)
    return f"${found.group(1)}" if found else value


_ROOTS = frozenset({"/", "~", ".", "..", "*", "$HOME"})
_DOTFILE = re.compile(r"^\.[A-Za-z][\w-]*$")
TEMPLATE_SUFFIXES = frozenset({"example", "sample", "template", "dist", "defaults", "tmpl"})


def literal_matches(reported: str, checked: str) -> bool:
    """Whether a checked value is what the reported value names (see the module docstring)."""
    if reported == checked or _variable_form(reported) == _variable_form(checked):
        return True
    if reported.casefold() == checked.casefold():
        return True
    rbits, cbits = mode_bits(reported), mode_bits(checked)
    if rbits is not None and cbits is not None:
        return rbits & cbits == rbits
    if any(ch.isspace() for ch in reported.strip()):
        return _subsequence(_text_words(reported), _text_words(checked))
    if _DOTFILE.match(reported):
        # `.env` names its variants too (`config/.env`, `.env.production`), not the templates
        name = posixpath.basename(checked)
        suffix = name[len(reported) :]
        return name.startswith(reported) and (
            not suffix or suffix.startswith(".") and suffix[1:].lower() not in TEMPLATE_SUFFIXES
        )
    if reported in _ROOTS or "/" not in reported and not reported.startswith("~"):
        return False
    if checked.startswith(reported.rstrip("/") + "/"):
        return True  # under the reported directory
    if not reported.startswith(("/", "~")):
        tail = "/" + reported.rstrip("/")
        return checked.endswith(tail) or tail + "/" in checked
    return False


# Words a statement may leave out (`TRUNCATE TABLE t` is `TRUNCATE t`)
_OPTIONAL_SQL = re.compile(r"\b(truncate|lock)\s+table\b|\bif\s+(not\s+)?exists\b")


def _text_words(text: str) -> list[str]:
    return _WORDS.findall(_OPTIONAL_SQL.sub(lambda m: m.group(1) or "", text.lower()))


def _subsequence(needles: list[str], haystack: list[str]) -> bool:
    it = iter(haystack)
    return all(any(word == needle for word in it) for needle in needles)


# --- patterns -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pattern:
    program: str
    subcommand: tuple[str, ...] = ()
    flags: frozenset[str] = frozenset()
    options: tuple[tuple[str, Value], ...] = ()
    args: tuple[Value, ...] = ()
    anywhere: tuple[Value, ...] = ()
    sudo: bool = False
    then: Pattern | None = None
    text: str = ""

    @property
    def program_regex(self):
        """`re:PATTERN` as a program: any program whose name matches (`deploy.sh`, `deploy`)."""
        return _program_regex(self.program) if self.program.startswith("re:") else None

    def program_matches(self, program: str) -> bool:
        regex = self.program_regex
        if regex is not None:
            return regex.search(program) is not None
        return program == self.program

    @cached_property
    def gates(self) -> tuple[str, ...]:
        values = [*self.args, *(value for _, value in self.options), *self.anywhere]
        return tuple(dict.fromkeys(gate for value in values for gate in value.gates))

    def as_json(self) -> dict:
        data: dict = {"program": self.program}
        if self.subcommand:
            data["subcommand"] = list(self.subcommand)
        if self.flags:
            data["flags"] = sorted(self.flags)
        if self.options:
            data["options"] = {flag: value.raw for flag, value in self.options}
        if self.args:
            data["args"] = [value.raw for value in self.args]
        if self.anywhere:
            data["anywhere"] = [value.raw for value in self.anywhere]
        if self.sudo:
            data["sudo"] = True
        if self.then is not None:
            data["then"] = self.then.as_json()
        if self.text:
            data["text"] = self.text
        return data

    @classmethod
    def from_json(cls, data) -> Pattern:
        if isinstance(data, str):
            patterns = patterns_from_text(data)
            if len(patterns) != 1:
                raise CommandTriggerError(
                    f"{data!r} is {'no command' if not patterns else 'several commands'}; "
                    "write one command per pattern."
                )
            return patterns[0]
        if not isinstance(data, dict):
            raise CommandTriggerError("A pattern is an object or a command line.")
        unknown = set(data) - {
            "program",
            "subcommand",
            "flags",
            "options",
            "args",
            "anywhere",
            "sudo",
            "then",
            "text",
        }
        if unknown:
            raise CommandTriggerError(f"Unknown pattern field(s): {', '.join(sorted(unknown))}.")
        program = data.get("program")
        if not isinstance(program, str) or not program.strip():
            raise CommandTriggerError("A pattern names its program.")
        if program.startswith("re:"):
            try:
                _program_regex(program)
            except TriggerError as exc:
                raise CommandTriggerError(f"The program pattern {program!r}: {exc}") from None
        strings = _strings
        try:
            options = data.get("options") or {}
            if not isinstance(options, dict):
                raise CommandTriggerError("`options` maps a flag to its value.")
            return cls(
                program=program.strip(),
                subcommand=tuple(strings(data.get("subcommand"), "subcommand")),
                flags=frozenset(strings(data.get("flags"), "flags")),
                options=tuple(
                    (str(flag), Value.of(str(value))) for flag, value in sorted(options.items())
                ),
                args=tuple(Value.of(v) for v in strings(data.get("args"), "args")),
                anywhere=tuple(Value.of(v) for v in strings(data.get("anywhere"), "anywhere")),
                sudo=bool(data.get("sudo", False)),
                then=cls.from_json(data["then"]) if data.get("then") else None,
                text=str(data.get("text") or ""),
            )
        except TriggerError as exc:
            raise CommandTriggerError(f"In the pattern for {program!r}: {exc}") from None

    def describe(self) -> str:
        if self.text:
            return self.text
        parts = [self.program, *self.subcommand, *sorted(self.flags)]
        parts += [f"{flag} {value.raw}" for flag, value in self.options]
        parts += [value.raw for value in self.args]
        return " ".join(parts)


@lru_cache(maxsize=256)
def _program_regex(program: str):
    return compile_trigger(program[3:])


def _strings(value, name: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CommandTriggerError(f"`{name}` is a list of strings.")
    return value


@dataclass
class Match:
    """Why a pattern matched: the command it matched and what of it."""

    pattern: Pattern
    invocation: Invocation
    arguments: list[str]

    def explain(self) -> dict:
        return {
            "command": self.invocation.text,
            "pattern": self.pattern.describe(),
            "program": self.pattern.program,
            "subcommand": list(self.pattern.subcommand),
            "flags": sorted(self.pattern.flags),
            "arguments": self.arguments,
            "sudo": self.pattern.sudo,
        }


def match_invocation(pattern: Pattern, inv: Invocation, line: list[Invocation]) -> Match | None:
    if not pattern.program_matches(inv.program):
        return None
    if inv.subcommand[: len(pattern.subcommand)] != pattern.subcommand:
        return None
    if not pattern.flags <= inv.flags or inv.defused - pattern.flags:
        return None
    if pattern.sudo and not inv.sudo:
        return None
    haystack = inv.haystack
    if any(gate not in haystack for gate in pattern.gates):
        return None
    used: list[str] = []
    for flag, value in pattern.options:
        values = inv.options.get(flag)
        if values is None and flag in inv.loose:
            values = inv.args  # `--target prod`, read as a flag and an argument
        hit = next((v for v in values or () if value.matches(v)), None)
        if hit is None:
            return None
        used.append(hit)
    pool = list(inv.args) + [v for values in inv.options.values() for v in values]
    taken = [False] * len(pool)
    # the most specific values first, so `<any>` does not take what a literal needs
    for value in pattern.args:
        if value.is_any:
            continue  # an argument that may be anything, or absent
        for k, candidate in enumerate(pool):
            if not taken[k] and value.matches(candidate):
                taken[k] = True
                used.append(candidate)
                break
        else:
            return None
    if pattern.anywhere:
        words = list(inv.words())
        for value in pattern.anywhere:
            hit = next((w for w in words if value.matches(w)), None)
            if hit is None:
                return None
            used.append(hit)
    if pattern.then is not None:
        if inv.pipeline is None:
            return None
        number, position = inv.pipeline
        later = [
            other
            for other in line
            if other.pipeline and other.pipeline[0] == number and other.pipeline[1] > position
        ]
        if not any(match_invocation(pattern.then, other, line) for other in later):
            return None
    return Match(pattern, inv, list(dict.fromkeys(used)))


@dataclass(frozen=True)
class CommandTrigger:
    patterns: tuple[Pattern, ...]
    unless: tuple[Pattern, ...] = ()

    @classmethod
    def from_json(cls, data: dict | None) -> CommandTrigger | None:
        if not data or not data.get("commands"):
            return None
        return cls(
            patterns=tuple(Pattern.from_json(p) for p in data["commands"]),
            unless=tuple(Pattern.from_json(p) for p in data.get("unless") or []),
        )

    def keys(self) -> set[tuple[str, str | None]]:
        """Index keys: (`program subcommand` or `program`, a word every match contains, or
        None); `*` for a pattern whose program is a regex. A checked command is compared only
        with the triggers of its programs whose word it holds (`words_of`)."""
        keys = set()
        for p in self.patterns:
            program = "*" if p.program_regex is not None else p.program
            if p.subcommand and p.program_regex is None:
                program = f"{p.program} {p.subcommand[0]}"
            words = [w for gate in p.gates for w in _WORDS.findall(gate)]
            keys.add((program, max(words, key=len) if words else None))
        return keys

    def match(self, line: list[Invocation]) -> Match | None:
        for pattern in self.patterns:
            for inv in line:
                if not pattern.program_matches(inv.program):
                    continue
                found = match_invocation(pattern, inv, line)
                if found is not None:
                    if self.unless and any(
                        match_invocation(u, other, line) for u in self.unless for other in line
                    ):
                        return None
                    return found
        return None


# --- reading commands out of a report ------------------------------------------------------------

_BACKTICKS = re.compile(r"`([^`\n]+)`")
_PROMPT = re.compile(r"^\s*(?:\$|#|>)\s+")
_LEADIN = re.compile(r"^\s*(?:run|ran|running|executed?|command|cmd|example|e\.g\.)\s*:\s*", re.I)


def command_texts(text: str) -> list[str]:
    """The shell commands a report's text holds: backticked spans, or the text itself (after a
    `$ ` prompt or a `Run:` lead-in) when it reads as a command."""
    text = (text or "").strip()
    if not text:
        return []
    spans = _BACKTICKS.findall(text)
    candidates = spans or [_LEADIN.sub("", _PROMPT.sub("", text))]
    return [c.strip() for c in candidates if looks_like_command(c)]


def looks_like_command(text: str, *, line: list[Invocation] | None = None) -> bool:
    """A sentence is not a command: the first program must be one the guard knows, a path or
    script, or carry flags. `line` is the text already parsed."""
    found = line if line is not None else _patterns_line(text)
    if not found or not text.split():
        return False
    first = found[0]
    name = first.program
    if name in KNOWN_PROGRAMS or "/" in text.split()[0] or re.search(r"\.(sh|py|js|rb)$", name):
        return True
    return bool(first.flags) and name.islower()


def _substitute_placeholders(text: str) -> str:
    text = _OPTIONAL.sub(" ", text)
    text = _ANGLE.sub(_ANY_WORD, text)
    return _ELLIPSIS.sub(_ANY_WORD, text)


def _patterns_line(text: str) -> list[Invocation]:
    return invocations(_substitute_placeholders(text))


def _is_placeholder(value: str) -> bool:
    return _ANY_WORD in value or bool(_BRACE_WORD.match(value)) or value in ("...", "…")


_BRACE_INSIDE = re.compile(r"\{[A-Za-z_][\w-]*\}")
# `/dev/sdX`: a capital X ending a lower-case name is the documentation's "any letter"
_X_COMPONENT = re.compile(r"(?<=/)[a-z]{2,}X\d*(?=/|$)")


def _value(raw: str, *, variables_are_any: bool) -> str:
    """A reported value as a pattern value: a placeholder is `<any>`; a value holding one
    (`/etc/<file>`, `/dev/sdX`) a regex of its literal parts; `$VAR` `<any>` when asked."""
    text = _X_COMPONENT.sub(_ANY_WORD, _BRACE_INSIDE.sub(_ANY_WORD, raw))
    if _ANY_WORD in text and any(ch.isspace() for ch in text.strip()):
        # a text (SQL) with a placeholder: its other words, in order
        return " ".join(w for w in text.split() if _ANY_WORD not in w) or ANY
    if _ANY_WORD in text:
        parts = text.split(_ANY_WORD)
        if sum(ch.isalnum() for part in parts for ch in part) < 3:
            return ANY  # `s/<old>/<new>/`: nothing left to match on
        return "re:^" + ".+".join(re.escape(part) for part in parts) + "$"
    if _is_placeholder(raw):
        return ANY
    if variables_are_any and _VARIABLE.match(raw):
        return ANY
    return raw


def _prose_words(prose: str) -> set[str]:
    return {w for w in _WORDS.findall(prose.lower()) if len(w) >= 2}


def _mentioned(value: str, prose: set[str]) -> bool:
    """Whether the report's prose names this value (or a part of it: `data` in
    `/var/lib/postgresql/data`), so that it is what makes the command dangerous."""
    for word in _WORDS.findall(value.lower()):
        if len(word) < 2:
            continue
        for said in prose:
            if word == said:
                return True
            short, long = sorted((word, said), key=len)
            if len(short) >= 4 and long.startswith(short):
                return True
    return False


@dataclass
class _Level:
    """How much of the reported command a pattern keeps."""

    prose: set[str] | None  # None: keep every value; else keep only those the prose names
    variables_are_any: bool = True
    sudo: bool = False


def _essential_args(inv: Invocation) -> set[int]:
    # a mode is what `chmod` is about, whatever the prose says
    return {0} if inv.program == "chmod" and inv.args else set()


def _pattern_of(inv: Invocation, level: _Level, then: Pattern | None = None) -> Pattern:
    def keep(raw: str, index: int | None = None) -> str | None:
        value = _value(raw, variables_are_any=level.variables_are_any)
        if level.prose is None or value != raw and value != ANY:
            return value  # a value the reporter generalised (`/etc/<file>`) is kept so
        if value == ANY:
            return ANY
        if index is not None and index in _essential_args(inv) or _mentioned(raw, level.prose):
            return raw  # named by the prose (`$PROD_DATABASE_URL` for "production"): as written
        return None

    # `<any>` arguments match anything or nothing: only what names the danger is kept
    args = [a for a in (keep(a, i) for i, a in enumerate(inv.args)) if a != ANY]
    options = []
    for flag, values in sorted(inv.options.items()):
        value = values[0]
        if flag in inv.essential:
            options.append((flag, Value.of(_value(value, variables_are_any=False))))
            continue
        if any(ch.isspace() for ch in value.strip()) and level.prose is not None:
            words = [w for w in _WORDS.findall(value.lower()) if _mentioned(w, level.prose)]
            kept = " ".join(words) if len(words) >= 2 else (words[0] if words else None)
        else:
            kept = keep(value)
        if kept is not None:
            options.append((flag, Value.of(kept)))
    generalising = level.prose is not None
    return Pattern(
        program=inv.program,
        subcommand=inv.subcommand,
        flags=inv.flags - inv.widening if generalising else inv.flags,
        options=tuple(options),
        args=tuple(Value.of(a) for a in args if a is not None),
        # `sudo` is the danger when the report says so ("Don't sudo pip install")
        sudo=inv.sudo and (level.sudo or (level.prose is not None and "sudo" in level.prose)),
        then=then,
        text=inv.text.replace(_ANY_WORD, ANY),
    )


def _groups(line: list[Invocation]) -> list[list[Invocation]]:
    """The commands a line runs, a pipeline kept together; wrappers (`docker exec c …`) give way
    to the command they run."""
    groups: list[list[Invocation]] = []
    by_pipeline: dict[int, list[Invocation]] = {}
    for inv in line:
        if inv.wrapper:
            continue
        if inv.pipeline is None:
            groups.append([inv])
        else:
            members = by_pipeline.setdefault(inv.pipeline[0], [])
            if not members:
                groups.append(members)
            members.append(inv)
    return groups


def _chain(group: list[Invocation], level: _Level) -> Pattern:
    """A pipeline as one pattern, each command followed by the next (`group` is never empty)."""
    then: Pattern | None = None
    for inv in reversed(group):
        then = _pattern_of(inv, level, then)
    assert then is not None
    return then


@lru_cache(maxsize=1)
def _everyday() -> list[tuple[str, list[Invocation]]]:
    return [(text, invocations(text)) for text in EVERYDAY_COMMANDS]


def too_broad(pattern: Pattern) -> str | None:
    """The everyday command this pattern would block, if any."""
    for text, line in _everyday():
        for inv in line:
            if match_invocation(pattern, inv, line):
                return text
    return None


# Programs that only read what a pipeline hands them: `cmd | tee log` is `cmd`.
READERS = frozenset(
    "tee grep egrep fgrep rg head tail less more jq yq wc sort uniq cut tr column cat nl "
    "awk gzip bzip2 xz zstd base64 xxd od hexdump fold fmt".split()
)


def _trim_pipeline(group: list[Invocation]) -> list[Invocation]:
    while len(group) > 1 and group[-1].program in READERS and not group[-1].flags & {"-i", ">"}:
        group = group[:-1]
    return group


def derive_pattern(group: list[Invocation], prose: set[str], *, alone: bool):
    """The most general pattern for a command (or pipeline) that blocks no everyday command:
    first only what the prose names (and placeholders), then every argument, then variables as
    written, then `sudo` when it was used. Returns (pattern, None) or (None, reason)."""
    levels = [_Level(prose=prose)]
    if alone:
        levels += [
            _Level(prose=None),
            _Level(prose=None, variables_are_any=False),
            _Level(prose=None, variables_are_any=False, sudo=True),
        ]
    blocked = None
    for level in levels:
        pattern = _chain(group, level)
        blocked = too_broad(pattern)
        if blocked is None:
            return pattern, None
    text = " | ".join(inv.text for inv in group)
    return None, f"`{text}` gives no trigger: it would also block `{blocked}`, an everyday command."


@dataclass
class Derived:
    trigger: dict | None  # the JSON to store, or None when nothing can block
    notes: list[str] = field(default_factory=list)


_PARENTHESES = re.compile(r"\(([^()]{1,200})\)")
_COMMAND_WORD = re.compile(r"^(-|[./~]|\S*[/=:@$*])|\S*\d")


def inline_commands(text: str) -> list[str]:
    """Commands written inside a sentence ("Using git push --force on shared branches"): from a
    program the guard knows, the words that read as a command's (flags, paths, values), up to
    the first plain word; only those with a flag or a path."""
    words = text.split()
    found = []
    for i, word in enumerate(words):
        if word.lower() not in KNOWN_PROGRAMS:
            continue
        end = i + 1
        spec = PROGRAMS.get(word.lower())
        if spec is not None and spec.subcommands is not None:  # `git push`, `docker compose down`
            while end < min(len(words), i + 3) and re.fullmatch(r"[a-z][a-z-]*", words[end]):
                end += 1
        while end < len(words) and _COMMAND_WORD.match(words[end]):
            end += 1
        if not any(_COMMAND_WORD.match(w) for w in words[i + 1 : end]):
            continue
        found.append(" ".join(words[i:end]).rstrip(".,;"))
    return found


def _from_sentence(text: str, prose: set[str]) -> list[Pattern]:
    """Patterns for the commands a sentence holds or describes (`prose_triggers`), none too
    broad."""
    found = []
    for command in inline_commands(text):
        for group in _groups(_patterns_line(command)):
            pattern, _ = derive_pattern(group, prose, alone=False)
            if pattern is not None:
                found.append(pattern)
    for group_text in _PARENTHESES.findall(text):
        # "Disabling SELinux (setenforce 0)": an example command in parentheses, as written
        words = group_text.split()
        commandlike = looks_like_command(group_text) or (
            re.fullmatch(r"[a-z][\w.-]*", words[0] if words else "")
            and any(_COMMAND_WORD.match(w) for w in words[1:])
        )
        if len(words) > 1 and "," not in group_text and commandlike:
            found += patterns_from_text(group_text)
    found += [p for line in command_lines(text) for p in patterns_from_text(line)]
    found += [Pattern.from_json(data) for data in setting_patterns(text)]
    return [p for p in found if too_broad(p) is None]


def derive(*, texts: list[str], prose: str, title: str = "") -> Derived:
    """A trigger for the commands in `texts` (the action, related commands), generalised by what
    the prose (title, why) names; a text that is a sentence gives the commands it describes."""
    words = _prose_words(prose)
    notes: list[str] = []
    patterns: list[Pattern] = []
    sources: list[str] = []
    for text in texts:
        if text and text.strip() and not command_texts(text):
            described = _from_sentence(f"{title} {text}", words)
            if described:
                sources.append(text.strip())
                patterns.extend(described)
            continue
        for command in command_texts(text):
            groups = [_trim_pipeline(g) for g in _groups(_patterns_line(command))]
            if not groups:
                continue
            sources.append(command)
            found = []
            for group in groups:
                pattern, reason = derive_pattern(group, words, alone=len(groups) == 1)
                if pattern is not None:
                    found.append(pattern)
                elif reason and len(groups) == 1:
                    notes.append(reason)
            if not found and len(groups) > 1:
                # several commands, each one everyday when generalised: keep them as written
                for group in groups:
                    pattern, reason = derive_pattern(group, words, alone=True)
                    if pattern is not None:
                        found.append(pattern)
                    elif reason:
                        notes.append(reason)
            patterns.extend(found)
    unique = list(dict.fromkeys(patterns))[:MAX_PATTERNS]
    if not unique:
        if not sources:
            notes.append("No shell command in the report: it matches by meaning only (warns).")
        return Derived(None, notes)
    return Derived(
        {
            "commands": [p.as_json() for p in unique],
            "derived_from": " ; ".join(dict.fromkeys(sources)),
            **({"notes": notes} if notes else {}),
        },
        notes,
    )


def patterns_from_text(text: str) -> list[Pattern]:
    """Patterns for a command line as written (a person's pattern: nothing generalised away)."""
    return [_chain(g, _Level(prose=None)) for g in _groups(_patterns_line(text))]


def validate(data) -> dict:
    """Check and normalise a trigger written by a person; raise CommandTriggerError."""
    if data in (None, "", {}):
        return {}
    if not isinstance(data, dict):
        raise CommandTriggerError('A command trigger is an object: {"commands": [...]}.')
    unknown = set(data) - {"commands", "unless", "derived_from", "notes", "source"}
    if unknown:
        raise CommandTriggerError(f"Unknown field(s): {', '.join(sorted(unknown))}.")
    commands = data.get("commands") or []
    if not isinstance(commands, list):
        raise CommandTriggerError("`commands` is a list of patterns.")
    if not commands:  # nothing blocks: the anti-pattern matches by meaning only
        return {key: data[key] for key in ("derived_from", "notes") if data.get(key)}
    if len(commands) > MAX_PATTERNS:
        raise CommandTriggerError(f"At most {MAX_PATTERNS} patterns.")
    patterns = [Pattern.from_json(p) for p in commands]
    for pattern in patterns:
        blocked = too_broad(pattern)
        if blocked is not None:
            raise CommandTriggerError(
                f"`{pattern.describe()}` would also match `{blocked}`, an everyday command; "
                "name what makes it dangerous (a flag, an argument, `sudo`)."
            )
    unless = data.get("unless") or []
    if not isinstance(unless, list):
        raise CommandTriggerError("`unless` is a list of patterns.")
    normalised = {
        "commands": [p.as_json() for p in patterns],
        **({"unless": [Pattern.from_json(u).as_json() for u in unless]} if unless else {}),
    }
    for key in ("derived_from", "notes"):
        if data.get(key):
            normalised[key] = data[key]
    return normalised
