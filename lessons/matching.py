"""The anti-pattern check's in-process index (the hot path, DESIGN.md §6).

Each web process keeps every active anti-pattern compiled: command triggers grouped by program
(`command_triggers`: a proposed command is parsed once and each of its commands is compared with
the triggers of its program only), explicit RE2 triggers grouped by the literal each must find in
the action (`triggers.prefilter_keys`), and a float32 matrix of trigger vectors for an exact
cosine scan in numpy. The index carries the version it was built at; every check reads the
database's version (one primary-key query) and, when it moved, reads the rows a database trigger
stamped since (lessons migration 0008; a deletion means a full rebuild), so all processes agree
within one request of a change, and a reported anti-pattern costs each process one row.
Statistics (`times_triggered`) are counted here and flushed to the worker in batches, never
written on the request path.

The check is the spec's `search_anti_patterns(action, context, domain)`:
- a command trigger or an explicit regex blocks (critical or `block_action`); a match by meaning
  only warns unless near-exact (`ANTI_PATTERN_BLOCK_SIMILARITY`), and a command is not matched by
  meaning against an anti-pattern whose command trigger already judged it;
- `context` raises or lowers a match by meaning (never a structural one);
- a domain's anti-patterns apply to agents of that domain (or category); cross-domain ones
  (`ANTI_PATTERN_CROSS_DOMAINS`, or `cross_domain`) to all; a check naming no domain sees all.
"""

from __future__ import annotations

import functools
import json
import logging
import re
import shlex
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

import numpy as np
from django.db import DatabaseError, connection
from django.db.models import BinaryField, F, Func

from lessons import conf, metrics
from lessons.command_triggers import (
    CommandTrigger,
    CommandTriggerError,
    looks_like_command,
    words_of,
)
from lessons.commands import Invocation, invocations
from lessons.models import AntiPattern, Severity
from lessons.triggers import CompiledTrigger, TriggerError, compile_trigger, prefilter_keys
from mnemosyne_site.embeddings import embed_one
from mnemosyne_site.outbox import enqueue

logger = logging.getLogger(__name__)

VERSION_KEY = "anti_patterns"


@dataclass
class Entry:
    """One active anti-pattern as the check reads it, parsed once: an index update re-parses only
    the rows that changed."""

    id: str
    scope_path: str
    title: str
    why_bad: str
    example: str | None
    alternatives: list[str]
    severity: str
    block_action: bool
    domain: str
    category: str | None
    trigger_pattern: str
    source_lesson_id: str | None
    source_pattern_id: str | None
    command_trigger: CommandTrigger | None = None
    cross_domain: bool = False
    builtin: bool = False
    awaiting_confirmation: bool = False
    order: tuple = ()  # (created_at, id): the index's order, the same in every process
    compiled_trigger: CompiledTrigger | None = None
    trigger_keys: list[str] | None = None  # literals gating `compiled_trigger`; None: ungated
    vector: np.ndarray | None = None  # unit length

    @property
    def blocking(self) -> bool:
        """Critical or marked blocking, unless it still waits for a person to confirm it."""
        if self.awaiting_confirmation:
            return False
        return self.severity == Severity.CRITICAL or self.block_action

    def applies_to(self, domain: str) -> str | None:
        """How this anti-pattern applies to an agent of `domain`, or None when it does not."""
        if not domain:
            return "any_domain"
        asked = domain.strip().lower()
        if asked in (self.domain.lower(), (self.category or "").lower()):
            return "same_domain"
        if self.cross_domain or self.domain.lower() in conf.ANTI_PATTERN_CROSS_DOMAINS:
            return "cross_domain"
        return None

    def answers(self, principal, domain: str) -> str | None:
        """How this anti-pattern applies to `principal` checking for `domain` (`applies_to`), or
        None when it is not in their answers (a scope they may not read)."""
        if not (self.builtin or principal.can_read_path(self.scope_path)):
            return None
        return self.applies_to(domain)

    def as_match(self, *, match_type: str, similarity: float | None, **extra) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "why_bad": self.why_bad,
            "example": self.example,
            "alternatives": list(self.alternatives),
            "severity": self.severity,
            "block_action": self.block_action,
            "awaiting_confirmation": self.awaiting_confirmation,
            "domain": self.domain,
            "category": self.category,
            "trigger_pattern": self.trigger_pattern,
            "scope": self.scope_path,
            "source_lesson_id": self.source_lesson_id,
            "source_pattern_id": self.source_pattern_id,
            "match_type": match_type,
            "similarity": None if similarity is None else round(float(similarity), 4),
            **extra,
        }


# A table asks whether any of its rows could be in an answer of these entries, one per audience,
# when there are at most this many (beyond, it answers yes: the embedding costs less than asking).
AUDIENCES_MAX = 64


def _audience(entry: Entry) -> tuple:
    """What decides who an entry answers (`Entry.answers`)."""
    return (entry.builtin, entry.scope_path, entry.domain, entry.category, entry.cross_domain)


@dataclass(frozen=True)
class VectorTable:
    """Unit vectors of some entries, for an exact cosine scan: `rows[i]` is the entry of
    `matrix[i]`."""

    matrix: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))
    rows: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    blocks: tuple[np.ndarray, ...] = ()
    # an entry of each audience of the rows (`_audience`), up to AUDIENCES_MAX + 1
    audiences: tuple[Entry, ...] = ()

    def appended(self, entries: list[tuple[int, Entry]]) -> VectorTable:
        """This table and the vectors of `entries` (position, entry)."""
        vectors = [entry.vector for _, entry in entries if entry.vector is not None]
        if not vectors:
            return self
        new = np.vstack(vectors)
        matrix = np.vstack([self.matrix, new]) if len(self.matrix) else new
        audiences = {_audience(entry): entry for entry in self.audiences}
        for _, entry in entries:
            if len(audiences) > AUDIENCES_MAX:
                break
            audiences.setdefault(_audience(entry), entry)
        return VectorTable(
            matrix=matrix,
            rows=np.concatenate(
                [self.rows, np.asarray([p for p, e in entries if e.vector is not None], np.int64)]
            ),
            blocks=tuple(matrix[i : i + 1024] for i in range(0, len(matrix), 1024)),
            audiences=tuple(audiences.values()),
        )

    def reaches(self, principal, domain: str) -> bool:
        """Whether a row could be in an answer to `principal` checking for `domain`: with none,
        a match by meaning changes nothing and the action need not be embedded."""
        if len(self.audiences) > AUDIENCES_MAX:
            return True
        return any(entry.answers(principal, domain) is not None for entry in self.audiences)

    def scores(self, vector: np.ndarray) -> np.ndarray:
        vector = vector.astype(np.float32, copy=False)
        # Blocks of rows small enough that BLAS stays on one thread: a multi-threaded GEMV over
        # all rows had a p95 five times its p50 here, next to the database on two cores.
        return np.concatenate([block @ vector for block in self.blocks])


@dataclass
class AntiPatternIndex:
    version: int
    entries: list[Entry] = field(default_factory=list)
    # The distinct command triggers and, for each, the entries that hold it: agents reporting
    # the same danger make many anti-patterns with one trigger, matched once per check.
    command_triggers: list[CommandTrigger] = field(default_factory=list)
    trigger_entries: list[list[int]] = field(default_factory=list)
    trigger_numbers: dict[CommandTrigger, int] = field(default_factory=dict)
    # `program subcommand` or `program` -> a word every match holds (or None) -> [trigger number]
    by_program: dict[str, dict[str | None, list[int]]] = field(default_factory=dict)
    # literal -> [(entry index, compiled trigger)]; entries with the same regex share its object
    by_literal: dict[str, list[tuple[int, CompiledTrigger]]] = field(default_factory=dict)
    # triggers with no literal to gate them: run on every action
    ungated: list[tuple[int, CompiledTrigger]] = field(default_factory=list)
    # every entry's vector, and those of the entries without a command trigger: a command is
    # compared with these only (with none, it needs no embedding)
    vectors: VectorTable = field(default_factory=VectorTable)
    meaning_vectors: VectorTable = field(default_factory=VectorTable)

    @classmethod
    def of(cls, version: int, entries: list[Entry]) -> AntiPatternIndex:
        """The lookup tables over parsed entries (tens of milliseconds for 10,000: nothing is
        parsed, but every table and the vector matrix are built anew)."""
        index = cls(version=version)
        index._append(sorted(entries, key=lambda e: e.order), shared=False)
        return index

    def extended(self, version: int, added: list[Entry]) -> AntiPatternIndex:
        """A new index: this one's entries, then `added`, which must all come after them in
        order (new reports). Only the tables `added` touch are copied, and the matrix grows by
        its rows, so a report costs each process about a millisecond, not a rebuild; this
        index is left as it is for the checks still reading it."""
        added = sorted(added, key=lambda e: e.order)
        if self.entries and added and added[0].order <= self.entries[-1].order:
            raise ValueError("extended() appends entries ordered after the index's own")
        index = replace(
            self,
            version=version,
            entries=list(self.entries),
            command_triggers=list(self.command_triggers),
            trigger_entries=list(self.trigger_entries),
            trigger_numbers=dict(self.trigger_numbers),
            by_program=dict(self.by_program),
            by_literal=dict(self.by_literal),
            ungated=list(self.ungated),
        )
        index._append(added, shared=True)
        return index

    def _append(self, entries: list[Entry], *, shared: bool) -> None:
        """Add `entries` at the end. `shared`: the inner tables are still another index's, so
        one is copied before its first change."""
        copied: set[tuple] = set()

        def own(table, key, make):
            """table[key] (a dict's, made when missing, or a list's), this index's own."""
            if shared and (id(table), key) not in copied:
                copied.add((id(table), key))
                if isinstance(table, list) or key in table:
                    table[key] = make(table[key])
            return table[key] if isinstance(table, list) else table.setdefault(key, make(()))

        vectors: list[tuple[int, Entry]] = []
        meaning: list[tuple[int, Entry]] = []
        for position, entry in enumerate(entries, start=len(self.entries)):
            self.entries.append(entry)
            trigger = entry.command_trigger
            if trigger is not None:
                number = self.trigger_numbers.get(trigger)
                if number is None:
                    number = self.trigger_numbers[trigger] = len(self.command_triggers)
                    self.command_triggers.append(trigger)
                    self.trigger_entries.append([position])
                    for program, word in trigger.keys():
                        own(own(self.by_program, program, dict), word, list).append(number)
                else:
                    own(self.trigger_entries, number, list).append(position)
            if entry.compiled_trigger is not None:
                if entry.trigger_keys is None:
                    self.ungated.append((position, entry.compiled_trigger))
                else:
                    for key in entry.trigger_keys:
                        own(self.by_literal, key, list).append((position, entry.compiled_trigger))
            if entry.vector is not None:
                vectors.append((position, entry))
                if trigger is None:
                    meaning.append((position, entry))
        self.vectors = self.vectors.appended(vectors)
        self.meaning_vectors = self.meaning_vectors.appended(meaning)

    def command_hits(self, line: list[Invocation]) -> dict[int, dict]:
        """Entry index -> why its command trigger matched."""
        hits: dict[int, dict] = {}
        if not line:
            return hits
        programs: dict[str, None] = {"*": None}
        for inv in line:
            program = inv.program.removesuffix(".sh")  # the index keys programs without `.sh`
            programs[program] = None
            if inv.subcommand:
                programs[f"{program} {inv.subcommand[0]}"] = None
        words = [None, *words_of(line)]
        tried: set[int] = set()
        memo: dict = {}  # triggers of different reports often share a pattern: compared once
        for program in programs:
            by_word = self.by_program.get(program)
            if not by_word:
                continue
            for word in words:
                for number in by_word.get(word, ()):
                    if number in tried:
                        continue
                    tried.add(number)
                    found = self.command_triggers[number].match(line, memo)
                    if found is not None:
                        why = found.explain()
                        for index in self.trigger_entries[number]:
                            hits[index] = why
        return hits

    def trigger_hits(self, action: str) -> list[int]:
        text = action.lower()
        candidates: dict[int, CompiledTrigger] = {}
        for literal, triggers in self.by_literal.items():
            if literal in text:
                for index, compiled in triggers:
                    candidates[index] = compiled
        for index, compiled in self.ungated:
            candidates[index] = compiled
        found: dict[int, bool] = {}  # id(compiled) -> whether it matched: each regex runs once
        hits = []
        for index, compiled in candidates.items():
            key = id(compiled)
            if key not in found:
                found[key] = compiled.search(action) is not None
            if found[key]:
                hits.append(index)
        return hits


class VectorBytes(Func):
    """A vector in pgvector's binary form: a 4-byte header, then big-endian float32s. Read as
    bytes, 10,000 vectors become one matrix without parsing their text into Python floats."""

    function = "vector_send"
    output_field = BinaryField()


COLUMNS = (
    "id",
    "scope__path",
    "title",
    "why_bad",
    "example",
    "alternatives",
    "severity",
    "block_action",
    "domain",
    "category",
    "trigger_pattern",
    "source_lesson_id",
    "source_pattern_id",
    "command_trigger",
    "cross_domain",
    "builtin_key",
    "awaiting_confirmation",
    "created_at",
    "active",
    "vector_bytes",
)


def _entries(queryset) -> Iterator[tuple[str, Entry | None]]:
    """(id, its entry) for each row of `queryset`; None for a row the check no longer reads."""
    rows = queryset.annotate(vector_bytes=VectorBytes(F("embedding"))).values_list(*COLUMNS)
    for row in rows.iterator(chunk_size=2000):
        values = dict(zip(COLUMNS, row, strict=True))
        pk = str(values["id"])
        if not values["active"]:
            yield pk, None
            continue
        entry = Entry(
            id=pk,
            scope_path=values["scope__path"],
            title=values["title"],
            why_bad=values["why_bad"],
            example=values["example"],
            alternatives=list(values["alternatives"] or []),
            severity=values["severity"],
            block_action=values["block_action"],
            domain=values["domain"],
            category=values["category"],
            trigger_pattern=values["trigger_pattern"],
            source_lesson_id=_str_or_none(values["source_lesson_id"]),
            source_pattern_id=_str_or_none(values["source_pattern_id"]),
            cross_domain=values["cross_domain"],
            builtin=bool(values["builtin_key"]),
            awaiting_confirmation=values["awaiting_confirmation"],
            order=(values["created_at"], pk),
        )
        try:
            entry.command_trigger = command_trigger(values["command_trigger"])
        except CommandTriggerError:
            logger.warning("anti-pattern %s has an invalid command trigger; skipped", pk)
        if entry.trigger_pattern:
            try:
                entry.compiled_trigger = compile_trigger(entry.trigger_pattern)  # one per regex
            except TriggerError:
                # Writes validate triggers; a row edited around them by SQL only loses it.
                logger.warning("anti-pattern %s has an invalid trigger; skipped", pk)
            else:
                entry.trigger_keys = prefilter_keys(entry.trigger_pattern)
        blob = values["vector_bytes"]
        if blob is not None:
            header = 4  # dimensions and a reserved word, then big-endian float32s
            vector = np.frombuffer(bytes(blob), dtype=">f4", offset=header).astype(np.float32)
            entry.vector = vector / max(float(np.linalg.norm(vector)), 1e-12)
        yield pk, entry


# Many anti-patterns share a command trigger (agents reporting the same danger): it is parsed
# once, and the entries holding it share one object, which a check matches once.
@functools.lru_cache(maxsize=4096)
def _command_trigger(text: str) -> CommandTrigger | None:
    return CommandTrigger.from_json(json.loads(text))


def command_trigger(data: dict | None) -> CommandTrigger | None:
    """A row's command trigger, parsed (only its commands and exceptions say what it matches)."""
    if not data:
        return None
    key = {"commands": data.get("commands"), "unless": data.get("unless")}
    return _command_trigger(json.dumps(key, sort_keys=True))


def _str_or_none(value) -> str | None:
    return str(value) if value else None


def build_index(version: int) -> AntiPatternIndex:
    """Every active anti-pattern, parsed."""
    started = time.perf_counter()
    rows = AntiPattern.objects.filter(active=True)
    index = AntiPatternIndex.of(version, [e for _, e in _entries(rows) if e is not None])
    metrics.ANTI_PATTERN_INDEX_BUILDS.labels(kind="full").inc()
    _log_index(index, "built", started)
    return index


def updated_index(index: AntiPatternIndex, version: int) -> AntiPatternIndex:
    """`index` brought up to `version`: only the rows stamped after it are read and parsed (one
    report of an anti-pattern costs every process one row, not all of them)."""
    started = time.perf_counter()
    changed = dict(_entries(AntiPattern.objects.filter(index_version__gt=index.version)))
    added = [entry for entry in changed.values() if entry is not None]
    if {entry.id for entry in index.entries}.isdisjoint(changed) and (
        not index.entries or all(entry.order > index.entries[-1].order for entry in added)
    ):
        # New anti-patterns only, the common case: append them.
        updated = index.extended(version, added)
    else:
        entries = {entry.id: entry for entry in index.entries}
        for pk, entry in changed.items():
            entries.pop(pk, None)
            if entry is not None:
                entries[pk] = entry
        updated = AntiPatternIndex.of(version, list(entries.values()))
    metrics.ANTI_PATTERN_INDEX_BUILDS.labels(kind="update").inc()
    _log_index(updated, f"updated from v{index.version}", started)
    return updated


def _log_index(index: AntiPatternIndex, how: str, started: float) -> None:
    logger.info(
        "anti-pattern index v%s %s: %d entries, %d distinct command triggers, %d ungated regexes, "
        "in %.0f ms",
        index.version,
        how,
        len(index.entries),
        len(index.command_triggers),
        len(index.ungated),
        (time.perf_counter() - started) * 1000,
    )


_index: AntiPatternIndex | None = None
_index_lock = threading.Lock()


def current_version() -> tuple[int, int]:
    """The database's index version and the last version a deletion made (0, 0 when the row is
    missing: a flushed table)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT version, full_since FROM lessons_antipatternindexversion WHERE name = %s",
            [VERSION_KEY],
        )
        row = cursor.fetchone()
    return (int(row[0]), int(row[1])) if row else (0, 0)


def current_index() -> AntiPatternIndex:
    """The index at the database's current version: one query when it has not moved; the rows
    stamped since when it moved forward; a full rebuild after a deletion, or when it went back
    (a flushed table, a rolled-back test)."""
    global _index
    seen, _ = current_version()
    index = _index
    if index is not None and index.version == seen:
        return index
    with _index_lock:
        if _index is not index and _index is not None and _index.version >= seen:
            # Another thread brought it to the version this check saw, or past it, while this
            # one waited: it holds every change made before this check began. Updating again
            # for changes since would chain the waiting threads' updates one after another.
            return _index
        version, full_since = current_version()
        if _index is not None and _index.version == version:
            return _index
        if _index is None or version < _index.version or full_since > _index.version:
            _index = build_index(version)
        else:
            _index = updated_index(_index, version)
        return _index


def reset_index() -> None:
    global _index
    with _index_lock:
        _index = None


# --- query embedding cache ----------------------------------------------------------------------
# Agents check the same commands over and over (`git status`, `pytest`); an LRU of their vectors
# saves the embedding, the largest cost of a check.
_vectors: OrderedDict[str, np.ndarray] = OrderedDict()
_vectors_lock = threading.Lock()


def action_vector(text: str) -> np.ndarray:
    if conf.CHECK_EMBEDDING_CACHE_SIZE <= 0:
        return embed_one(text)
    with _vectors_lock:
        cached = _vectors.get(text)
        if cached is not None:
            _vectors.move_to_end(text)
            return cached
    vector = embed_one(text)
    with _vectors_lock:
        _vectors[text] = vector
        while len(_vectors) > conf.CHECK_EMBEDDING_CACHE_SIZE:
            _vectors.popitem(last=False)
    return vector


def forget_action_vectors() -> None:
    with _vectors_lock:
        _vectors.clear()


# --- the check -----------------------------------------------------------------------------------

# Programs whose only effect is to show what they read or hold.
_SHOWERS = frozenset(
    "echo printf cat env printenv head tail grep egrep fgrep rg cut sort uniq tr base64".split()
)
# Programs that show only a count or a digest of what they read.
_DIGESTS = frozenset(
    "wc cksum md5sum b2sum shasum sha1sum sha224sum sha256sum sha384sum sha512sum".split()
)
# Subcommands that only show what a tool holds (`kubectl get secret`, `vault kv get`).
_SHOWING_SUBCOMMANDS = frozenset("get describe show view list ls cat read status".split())
_GREPS = frozenset({"grep", "egrep", "fgrep", "rg"})
# a jq filter that keeps only the names or the size of what it reads (`.data | keys`, `length`)
_JQ_DIGEST = re.compile(r"(^|\|)\s*(keys|keys_unsorted|length|type)\s*$")
# grep's count, quiet and file-name-only modes (`-c`, `-q`, `-l`, bundled or long)
_GREP_SILENT = re.compile(
    r"^(-[A-Za-z]*[cql][A-Za-z]*|--count|--quiet|--silent|--files-with(out)?-match(es)?)$"
)


def _shows_only(inv: Invocation) -> bool:
    return inv.program in _SHOWERS or bool(_SHOWING_SUBCOMMANDS.intersection(inv.subcommand))


def _digest(inv: Invocation) -> bool:
    if inv.program in _DIGESTS:
        return True
    if inv.program == "jq":
        return any(_JQ_DIGEST.search(arg) for arg in inv.args[:1])
    if inv.program in _GREPS:
        try:
            words = shlex.split(inv.text)
        except ValueError:
            return False
        return any(_GREP_SILENT.match(word) for word in words[1:] if word != "--")
    return False


# A CI log command registering a value as a secret: the runner prints nothing for it and masks
# the value in every later line (GitHub Actions' `::add-mask::`, Azure Pipelines'
# `##vso[task.setsecret]` and `##vso[task.setvariable …;issecret=true]`).
_MASKING = re.compile(
    r"^(::add-mask::|##vso\[task\.(setsecret\]|setvariable\b[^\]]*\bissecret=true\b))", re.I
)


def _registers_secret(inv: Invocation) -> bool:
    """`echo "::add-mask::$TOKEN"`: what echo or printf writes is a masking instruction."""
    if inv.program not in ("echo", "printf"):  # printf also reads as echo, with printf's text
        return False
    try:
        words = shlex.split(inv.text)
    except ValueError:
        return False
    values = [word for word in words[1:] if not word.startswith("-")]
    return bool(values) and _MASKING.match(values[0]) is not None


# kubectl's output formats that print only what their expression selects (kubectl get -o)
_SELECTING_OUTPUT = re.compile(
    r"^(jsonpath|jsonpath-as-json|go-template|template)=(.*)$", re.I | re.S
)
# a secret's values: its `data` or `stringData` fields (`.metadata` is not one)
_SECRET_DATA = re.compile(r"(?<![a-z])(string)?data(?![a-z])", re.I)


def _secret_metadata_only(inv: Invocation) -> bool:
    """`kubectl get secret x -o jsonpath='{.metadata.annotations}'`: an output expression that
    selects no field of the secret's data prints no secret value."""
    if inv.program not in ("kubectl", "oc") or inv.subcommand[:1] != ("get",):
        return False
    if not any(word.startswith("secret") for word in (*inv.subcommand[1:2], *inv.args[:1])):
        return False
    outputs = inv.options.get("--output", ())
    selected = [_SELECTING_OUTPUT.match(value) for value in outputs]
    return bool(selected) and all(
        found is not None and not _SECRET_DATA.search(found.group(2)) for found in selected
    )


def shown_commands(line: list[Invocation]) -> list[Invocation]:
    """The commands of a line less those that show nothing: a command that only shows what it
    reads or holds (`echo "$TOKEN"`, `cat .env`, `env | grep`, `kubectl get secret`), piped
    into one that shows only a count or a digest (`wc -c`, `sha256sum`, `grep -c`/`-q`, `jq
    keys`), shows no value, and nor does the digest. Checking the length or a hash of a secret
    is what the "don't print secrets" reports recommend; so is registering it with the CI
    system's masking (`echo "::add-mask::$TOKEN"`), which prints nothing; and a secret's
    metadata is not its data."""
    stages: dict[int, dict[int, list[int]]] = {}
    for k, inv in enumerate(line):
        if inv.pipeline is not None:
            number, position = inv.pipeline
            stages.setdefault(number, {}).setdefault(position, []).append(k)
    hidden: set[int] = set()
    for positions in stages.values():
        before: list[int] = []
        for position in sorted(positions):
            found = positions[position]
            if any(_digest(line[k]) for k in found):
                if before:
                    hidden.update(before, found)
                break
            if not all(_shows_only(line[k]) for k in found):
                break
            before += found
    return [
        inv
        for k, inv in enumerate(line)
        if k not in hidden and not _registers_secret(inv) and not _secret_metadata_only(inv)
    ]


def _semantic(
    index: AntiPatternIndex, action: str, context: str, *, is_command: bool, principal, domain: str
) -> dict[int, tuple[float, float | None]]:
    """Entry index -> (score, context similarity) for matches by meaning; the context moves a
    score by weight x (its own similarity - neutral), and is embedded only when some score lies
    where that could change what the answer says. A command is judged by the command triggers,
    meaning only speaks for the rest: when every vector is one of theirs, or none of the rest is
    in the principal's answers for this domain, nothing is embedded."""
    table = index.meaning_vectors if is_command else index.vectors
    if not len(table.rows) or not table.reaches(principal, domain):
        return {}
    scores = table.scores(action_vector(action))
    weight = conf.ANTI_PATTERN_CONTEXT_WEIGHT if context.strip() else 0.0
    reach = weight * max(conf.ANTI_PATTERN_CONTEXT_NEUTRAL, 1 - conf.ANTI_PATTERN_CONTEXT_NEUTRAL)
    rows = np.nonzero(scores >= conf.ANTI_PATTERN_SIMILARITY - reach)[0]
    if not len(rows):
        return {}
    context_scores = table.scores(action_vector(context)) if weight else None
    found = {}
    for r in rows:
        score, context_similarity = float(scores[r]), None
        if context_scores is not None:
            context_similarity = float(context_scores[r])
            score += weight * (context_similarity - conf.ANTI_PATTERN_CONTEXT_NEUTRAL)
        if score >= conf.ANTI_PATTERN_SIMILARITY:
            found[int(table.rows[r])] = (score, context_similarity)
    return found


def check_action(*, principal, proposed_action: str, context: str = "", domain: str = "") -> dict:
    """Match a proposed action against the active anti-patterns the principal may read and
    that apply to its domain."""
    index = current_index()
    line = invocations(proposed_action)
    is_command = looks_like_command(proposed_action, line=line)
    matches: dict[int, dict] = {}
    for position, why in index.command_hits(shown_commands(line)).items():
        matches[position] = {"match_type": "command", "similarity": None, "matched": why}
    for position in index.trigger_hits(proposed_action):
        matches.setdefault(
            position,
            {"match_type": "trigger", "similarity": None, "matched": {"regex": True}},
        )
    for position, (score, context_similarity) in _semantic(
        index, proposed_action, context, is_command=is_command, principal=principal, domain=domain
    ).items():
        found = matches.get(position)
        if found is None:
            found = matches[position] = {"match_type": "semantic", "matched": None}
        elif found["match_type"] == "trigger":
            found["match_type"] = "trigger+semantic"
        found["similarity"] = score
        if context_similarity is not None:
            found["context_similarity"] = round(context_similarity, 4)

    results = []
    for position, how in matches.items():
        entry = index.entries[position]
        applies = entry.answers(principal, domain)
        if applies is None:
            continue
        structural = how["match_type"] != "semantic"
        near_exact = (how["similarity"] or 0.0) >= conf.ANTI_PATTERN_BLOCK_SIMILARITY
        how["blocks"] = entry.blocking and (structural or near_exact)
        how["domain_match"] = applies
        results.append((entry, how))
    # Blocking matches first, then by severity, the asking domain's own, then closeness.
    results.sort(
        key=lambda item: (
            not item[1]["blocks"],
            _SEVERITY_ORDER.get(item[0].severity, 9),
            item[1]["domain_match"] != "same_domain",
            -(item[1]["similarity"] or 1.0),
            item[0].title,
        )
    )

    matching = [entry.as_match(**how) for entry, how in results]
    blocked = any(m["blocks"] for m in matching)
    alternatives: list[str] = []
    seen: set[str] = set()
    warnings = []
    for match in matching:
        for alternative in match["alternatives"]:
            if alternative not in seen:
                seen.add(alternative)
                alternatives.append(alternative)
        warnings.append(f"⚠️ {match['title']}: {match['why_bad']}")
    if matching:
        hits_record([m["id"] for m in matching])
        histories = _histories(principal, [m["id"] for m in matching])
        for match in matching:
            match.update(histories.get(match["id"], _NO_HISTORY))
    metrics.ANTI_PATTERN_CHECKS.labels(
        result="blocked" if blocked else ("warned" if matching else "clear")
    ).inc()
    if blocked:
        order = Severity.values  # critical first
        worst = min(
            (m["severity"] for m in matching if m["blocks"]),
            key=lambda s: order.index(s) if s in order else len(order),
        )
        metrics.ANTI_PATTERN_BLOCKS.labels(severity=worst).inc()
    return {
        "blocked": blocked,
        "matching_patterns": matching,
        "alternatives": alternatives,
        "warnings": warnings,
    }


_NO_HISTORY = {"times_triggered": 0, "source_occurrence_count": None}


def _histories(principal, ids: list[str]) -> dict[str, dict]:
    """What a denial says of each match's history, in one query for all of them (so a hook
    needs no further request): how often it matched so far, this check included (the
    database's count plus this process's counts not flushed yet), and how often its source
    pattern or lesson occurred, when the principal may read it."""
    rows = AntiPattern.objects.filter(pk__in=ids).values_list(
        "id",
        "times_triggered",
        "source_pattern__occurrence_count",
        "source_pattern__scope__path",
        "source_lesson__occurrence_count",
        "source_lesson__scope__path",
    )
    with _hits_lock:
        pending = {pk: _hits.get(pk, 0) for pk in ids}
    histories = {}
    for pk, triggered, pattern_count, pattern_path, lesson_count, lesson_path in rows:
        if pattern_path is not None:
            source = pattern_count if principal.can_read_path(pattern_path) else None
        elif lesson_path is not None:
            source = lesson_count if principal.can_read_path(lesson_path) else None
        else:
            source = None
        histories[str(pk)] = {
            "times_triggered": triggered + pending.get(str(pk), 0),
            "source_occurrence_count": source,
        }
    return histories


_SEVERITY_ORDER: dict[str, int] = {
    Severity.CRITICAL: 0,
    Severity.HIGH: 1,
    Severity.MEDIUM: 2,
    Severity.LOW: 3,
}


# --- trigger statistics, batched off the request path -----------------------------------------

_hits: dict[str, int] = {}
_hits_last: dict[str, float] = {}
_hits_lock = threading.Lock()
_flush_timer: threading.Timer | None = None


def hits_record(ids: list[str]) -> None:
    """Count matches in memory; one task carries a batch of counts to the database."""
    global _flush_timer
    now = time.time()
    with _hits_lock:
        for pk in ids:
            _hits[pk] = _hits.get(pk, 0) + 1
            _hits_last[pk] = now
        timer = None  # the one this call starts, if none is pending
        if conf.ANTI_PATTERN_STATS_FLUSH_SECONDS > 0 and _flush_timer is None:
            timer = threading.Timer(
                conf.ANTI_PATTERN_STATS_FLUSH_SECONDS, _hits_flush_in_background
            )
            timer.daemon = True
            _flush_timer = timer
    if conf.ANTI_PATTERN_STATS_FLUSH_SECONDS <= 0:
        hits_flush()
    elif timer is not None:
        timer.start()


def hits_flush() -> int:
    """Send the counted matches to the worker; returns how many anti-patterns it covered."""
    global _flush_timer
    with _hits_lock:
        counts, last = dict(_hits), dict(_hits_last)
        _hits.clear()
        _hits_last.clear()
        if _flush_timer is not None and _flush_timer is not threading.current_thread():
            _flush_timer.cancel()
        _flush_timer = None
    if not counts:
        return 0
    payload = {pk: [counts[pk], last[pk]] for pk in counts}
    try:
        # Through the outbox: with the broker down the counts wait in the database.
        enqueue("lessons.anti_pattern_hits_apply", payload)
    except DatabaseError:  # the database too: statistics are not worth failing a check for
        logger.warning("could not queue anti-pattern statistics for %d patterns", len(counts))
    return len(counts)


def _hits_flush_in_background() -> None:
    """The flush timer's thread: flush, then close the database connection it may have opened
    (Django keeps one per thread, and each timer is a new thread)."""
    try:
        hits_flush()
    finally:
        connection.close()
