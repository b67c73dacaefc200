"""Explicit anti-pattern triggers (regular expressions): validation and the literal prefilter key.

A reported anti-pattern gets a command trigger derived from its commands
(`lessons.command_triggers`); a regular expression is kept only where a person or agent gave one
explicitly. Triggers are untrusted input (any agent may report an anti-pattern), so they run on
RE2, whose matching time is linear in the text whatever the pattern; constructs RE2 refuses
(backreferences, lookaround) are rejected as invalid, as are patterns whose compiled program
exceeds a memory cap, and patterns that match everyday commands (`lessons.everyday`) wholesale.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Protocol

import re2

from lessons import conf
from lessons.everyday import EVERYDAY_COMMANDS

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False
_OPTIONS.max_mem = 1 << 20  # 1 MiB per compiled trigger: plenty for a command pattern

# A regex matching this many everyday commands blocks ordinary work: refused.
EVERYDAY_MATCHES_MAX = 3


class TriggerError(ValueError):
    pass


class CompiledTrigger(Protocol):
    """What RE2 (which ships no types) compiles a trigger to, as far as matching uses it."""

    def search(self, text: str) -> object: ...


def compile_trigger(pattern: str) -> CompiledTrigger:
    """Compile a trigger with RE2; raise TriggerError with a readable reason."""
    if not pattern or not pattern.strip():
        raise TriggerError("The trigger is empty.")
    if len(pattern) > conf.ANTI_PATTERN_TRIGGER_MAX:
        raise TriggerError(
            f"The trigger is longer than {conf.ANTI_PATTERN_TRIGGER_MAX} characters."
        )
    return _compile(pattern)


@lru_cache(maxsize=4096)
def _compile(pattern: str):
    try:
        return re2.compile(pattern, _OPTIONS)
    except re2.error as exc:
        reason = exc.args[0] if exc.args else "invalid pattern"
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        raise TriggerError(f"Not a valid RE2 pattern: {reason}.") from None


def validate_trigger(pattern: str) -> str:
    """A regex trigger as given, or TriggerError: invalid, or matching everyday commands."""
    compiled = compile_trigger(pattern)
    everyday = [text for text in EVERYDAY_COMMANDS if compiled.search(text)]
    if len(everyday) >= EVERYDAY_MATCHES_MAX:
        shown = ", ".join(f"`{text}`" for text in everyday[:3])
        raise TriggerError(
            f"The trigger matches {len(everyday)} everyday commands ({shown}, …): it would "
            "block ordinary work. Name what makes the command dangerous."
        )
    return pattern


# --- prefilter ---------------------------------------------------------------------------------
# A trigger can only match a text that contains, for each of its top-level alternatives, that
# alternative's leading literal. The index groups triggers by those literals and runs a trigger
# only when one of its literals occurs in the (lower-cased) action: exact, because a match is
# impossible without the literal, and cheap, because commands are short and literals few.

_LITERAL_CHARS = re.compile(r"[A-Za-z0-9_\-/:=@,]")
_ESCAPED_LITERALS = set("-./:=@_, #~%&!\"'<>;`")
_QUANTIFIERS = set("*?{+")


def _split_top_level(pattern: str) -> list[str] | None:
    """Split on `|` outside groups and classes; None if the pattern is too irregular to read."""
    parts, depth, start, i, in_class = [], 0, 0, 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
            if pattern[i + 1 : i + 2] == "]":
                i += 1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                return None
        elif ch == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    if depth != 0 or in_class:
        return None
    parts.append(pattern[start:])
    return parts


def _group_end(s: str) -> int:
    """Index of the `)` closing the group that opens at s[0] (-1 when unbalanced)."""
    depth, i, in_class = 0, 0, False
    while i < len(s):
        ch = s[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def _skip_quantifier(s: str, i: int) -> int:
    """Index after a quantifier starting at s[i] (and its lazy `?`), or i when there is none."""
    if i < len(s) and s[i] in "*+?":
        i += 1
    elif i < len(s) and s[i] == "{":
        end = s.find("}", i)
        if end < 0:
            return i
        i = end + 1
    else:
        return i
    return i + 1 if i < len(s) and s[i] == "?" else i


def _optional(s: str, i: int) -> bool:
    """Whether the quantifier at s[i] allows zero repetitions."""
    return i < len(s) and (s[i] in "?*" or s[i : i + 2] == "{0" or s[i : i + 3] == "{,")


def _alternative_keys(s: str, depth: int = 0) -> set[str] | None:
    """Literals one of which every match of this alternative must contain; None if unknown.

    The alternative is read as a sequence: runs of literal characters that every match must
    contain (a character made optional by `?`, `*` or `{0,…}` ends a run and is left out),
    separated by classes, escapes like `\\s` and groups. The longest run is the key; failing
    that, a required group whose every branch has a key gives the set of those keys.
    """
    if depth > 10:
        return None
    runs: list[str] = []
    group_sets: list[set[str]] = []
    current: list[str] = []

    def flush() -> None:
        if current:
            runs.append("".join(current))
            current.clear()

    i = 0
    while i < len(s):
        ch = s[i]
        if ch == "(":
            end = _group_end(s[i:])
            if end < 0:
                return None
            flush()
            group, after = s[i : i + end + 1], i + end + 1
            if not _optional(s, after):
                if group.startswith("(?:"):
                    inner = group[3:-1]
                elif group.startswith("(?P<") and ">" in group:
                    inner = group[group.index(">") + 1 : -1]
                elif group.startswith("(?"):
                    inner = None  # flags, lookaround: nothing certain
                else:
                    inner = group[1:-1]
                branches = _split_top_level(inner) if inner is not None else None
                if branches:
                    keys: set[str] = set()
                    for branch in branches:
                        branch_keys = _alternative_keys(branch, depth + 1)
                        if branch_keys is None:
                            break  # a branch with no certain key: the group gives none
                        keys |= branch_keys
                    else:
                        if keys:
                            group_sets.append(keys)
            i = _skip_quantifier(s, after)
            continue
        if ch == "[":
            flush()
            j = i + 1
            if s[j : j + 1] == "^":
                j += 1
            if s[j : j + 1] == "]":
                j += 1
            while j < len(s) and s[j] != "]":
                j += 2 if s[j] == "\\" else 1
            i = _skip_quantifier(s, j + 1)
            continue
        if ch == "\\" and i + 1 < len(s) and s[i + 1] in _ESCAPED_LITERALS:
            char, width = s[i + 1], 2
        elif ch == "\\":
            flush()
            i = _skip_quantifier(s, i + 2)
            continue
        elif _LITERAL_CHARS.match(ch) or ch == " ":
            char, width = ch, 1
        else:  # `.`, anchors, quantifier characters left over
            flush()
            i += 1
            continue
        following = i + width
        if _optional(s, following):
            flush()
            i = _skip_quantifier(s, following)
            continue
        current.append(char)
        if following < len(s) and s[following] in "+{":
            flush()  # repeated: the character is required, but what follows may not adjoin it
            i = _skip_quantifier(s, following)
            continue
        i = following
    flush()
    best = max(runs, key=len, default="")
    if len(best) >= 3:
        return {best.lower()}
    usable = [keys for keys in group_sets if all(len(k) >= 2 for k in keys)]
    if usable:
        return min(usable, key=len)
    if len(best) >= 2:
        return {best.lower()}
    return None


def prefilter_keys(pattern: str) -> list[str] | None:
    """The literals that gate a trigger (the trigger can match only a text containing one of
    them), or None when some alternative has no usable literal and it must run on every action."""
    if "\\Q" in pattern:
        return None  # quoted text (\Q…\E) reads differently: leave it ungated
    body = pattern[4:] if pattern.startswith("(?i)") else pattern
    parts = _split_top_level(body)
    if parts is None:
        return None
    keys: set[str] = set()
    for part in parts:
        part_keys = _alternative_keys(part)
        if part_keys is None:
            return None
        keys |= part_keys
    return sorted(keys)
