"""The anti-pattern check's in-process index (the hot path, DESIGN.md §6).

Each web process keeps every active anti-pattern compiled: RE2 triggers grouped by the literal
each must find in the action (`triggers.prefilter_keys`), and a float32 matrix of trigger vectors
for an exact cosine scan in numpy. The index carries the version it was built at; every check
reads the database's version (one primary-key query) and rebuilds when it moved, so all processes
agree within one request of a change. Statistics (`times_triggered`) are counted here and flushed
to the worker in batches, never written on the request path.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

import numpy as np
from django.db import connection

from lessons import conf, metrics
from lessons.models import AntiPattern, Severity
from lessons.triggers import CompiledTrigger, TriggerError, compile_trigger, prefilter_keys

logger = logging.getLogger(__name__)

VERSION_KEY = "anti_patterns"


@dataclass
class Entry:
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

    def as_match(self, *, match_type: str, similarity: float | None) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "why_bad": self.why_bad,
            "example": self.example,
            "alternatives": list(self.alternatives),
            "severity": self.severity,
            "block_action": self.block_action,
            "domain": self.domain,
            "category": self.category,
            "trigger_pattern": self.trigger_pattern,
            "scope": self.scope_path,
            "source_lesson_id": self.source_lesson_id,
            "source_pattern_id": self.source_pattern_id,
            "match_type": match_type,
            "similarity": None if similarity is None else round(float(similarity), 4),
        }


@dataclass
class AntiPatternIndex:
    version: int
    entries: list[Entry] = field(default_factory=list)
    # literal -> [(entry index, compiled trigger)]
    by_literal: dict[str, list[tuple[int, CompiledTrigger]]] = field(default_factory=dict)
    # triggers with no literal to gate them: run on every action
    ungated: list[tuple[int, CompiledTrigger]] = field(default_factory=list)
    matrix: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))
    matrix_rows: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    blocks: list = field(default_factory=list)

    def trigger_hits(self, action: str) -> list[int]:
        text = action.lower()
        candidates: dict[int, CompiledTrigger] = {}
        for literal, triggers in self.by_literal.items():
            if literal in text:
                for index, compiled in triggers:
                    candidates[index] = compiled
        for index, compiled in self.ungated:
            candidates[index] = compiled
        return [index for index, compiled in candidates.items() if compiled.search(action)]

    def semantic_hits(self, vector: np.ndarray, threshold: float) -> list[tuple[int, float]]:
        if self.matrix.shape[0] == 0:
            return []
        vector = vector.astype(np.float32, copy=False)
        # Blocks of rows small enough that BLAS stays on one thread: a multi-threaded GEMV over
        # all rows had a p95 five times its p50 here, next to the database on two cores.
        scores = np.concatenate([block @ vector for block in self.blocks])
        rows = np.nonzero(scores >= threshold)[0]
        return [(int(self.matrix_rows[r]), float(scores[r])) for r in rows]


def build_index(version: int) -> AntiPatternIndex:
    started = time.perf_counter()
    index = AntiPatternIndex(version=version)
    rows = (
        AntiPattern.objects.filter(active=True)
        .order_by("created_at", "id")
        .values_list(
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
            "embedding",
        )
    )
    vectors, vector_rows = [], []
    for row in rows.iterator(chunk_size=2000):
        (
            pk,
            path,
            title,
            why_bad,
            example,
            alternatives,
            severity,
            block,
            domain,
            category,
            trigger,
            lesson_id,
            pattern_id,
            embedding,
        ) = row
        entry = Entry(
            id=str(pk),
            scope_path=path,
            title=title,
            why_bad=why_bad,
            example=example,
            alternatives=list(alternatives or []),
            severity=severity,
            block_action=block,
            domain=domain,
            category=category,
            trigger_pattern=trigger,
            source_lesson_id=str(lesson_id) if lesson_id else None,
            source_pattern_id=str(pattern_id) if pattern_id else None,
        )
        position = len(index.entries)
        index.entries.append(entry)
        try:
            compiled = compile_trigger(trigger)
        except TriggerError:
            # Writes validate triggers; a row edited around them by SQL only loses its trigger.
            logger.warning("anti-pattern %s has an invalid trigger; matching by meaning only", pk)
        else:
            keys = prefilter_keys(trigger)
            if keys is None:
                index.ungated.append((position, compiled))
            else:
                for key in keys:
                    index.by_literal.setdefault(key, []).append((position, compiled))
        if embedding is not None:
            vectors.append(np.asarray(embedding, dtype=np.float32))
            vector_rows.append(position)
    if vectors:
        matrix = np.vstack(vectors)
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        index.matrix = matrix / np.maximum(norms, 1e-12)
        index.blocks = [index.matrix[i : i + 1024] for i in range(0, len(index.matrix), 1024)]
        index.matrix_rows = np.asarray(vector_rows, dtype=np.int64)
    metrics.ANTI_PATTERN_INDEX_BUILDS.inc()
    logger.info(
        "anti-pattern index v%s: %d entries, %d ungated triggers, built in %.0f ms",
        version,
        len(index.entries),
        len(index.ungated),
        (time.perf_counter() - started) * 1000,
    )
    return index


_index: AntiPatternIndex | None = None
_index_lock = threading.Lock()


def current_version() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT version FROM lessons_antipatternindexversion WHERE name = %s", [VERSION_KEY]
        )
        row = cursor.fetchone()
    return int(row[0]) if row else 0


def current_index() -> AntiPatternIndex:
    """The index at the database's current version (one query; a rebuild when it moved)."""
    global _index
    version = current_version()
    index = _index
    if index is not None and index.version == version:
        return index
    with _index_lock:
        if _index is None or _index.version != version:
            _index = build_index(version)
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
    from mnemosyne_site.embeddings import embed_one

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


def check_action(*, principal, proposed_action: str, domain: str = "") -> dict:
    """Match a proposed action against the active anti-patterns the principal may read."""
    index = current_index()
    matches: dict[int, dict] = {}
    for position in index.trigger_hits(proposed_action):
        matches[position] = {"match_type": "trigger", "similarity": None}
    if index.matrix.shape[0]:
        vector = action_vector(proposed_action)
        for position, score in index.semantic_hits(vector, conf.ANTI_PATTERN_SIMILARITY):
            found = matches.setdefault(position, {"match_type": "semantic", "similarity": score})
            if found["match_type"] == "trigger":
                found["match_type"] = "trigger+semantic"
            found["similarity"] = score

    results = []
    for position, how in matches.items():
        entry = index.entries[position]
        if not principal.can_read_path(entry.scope_path):
            continue
        results.append((entry, how))
    # Blocking matches first, then by severity, the asking domain's own, then closeness.
    results.sort(
        key=lambda item: (
            not (item[0].block_action or item[0].severity == Severity.CRITICAL),
            _SEVERITY_ORDER.get(item[0].severity, 9),
            item[0].domain != domain,
            -(item[1]["similarity"] or 1.0),
            item[0].title,
        )
    )

    matching = [entry.as_match(**how) for entry, how in results]
    blocked = any(m["severity"] == Severity.CRITICAL or m["block_action"] for m in matching)
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
    metrics.ANTI_PATTERN_CHECKS.labels(
        result="blocked" if blocked else ("warned" if matching else "clear")
    ).inc()
    if blocked:
        order = Severity.values  # critical first
        worst = min(
            (m["severity"] for m in matching),
            key=lambda s: order.index(s) if s in order else len(order),
        )
        metrics.ANTI_PATTERN_BLOCKS.labels(severity=worst).inc()
    return {
        "blocked": blocked,
        "matching_patterns": matching,
        "alternatives": alternatives,
        "warnings": warnings,
    }


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
            timer = threading.Timer(conf.ANTI_PATTERN_STATS_FLUSH_SECONDS, hits_flush)
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
    from lessons.tasks import anti_pattern_hits_apply

    payload = {pk: [counts[pk], last[pk]] for pk in counts}
    try:
        anti_pattern_hits_apply.delay(payload)
    except Exception:  # the broker is down: statistics are not worth failing a check for
        logger.warning("could not queue anti-pattern statistics for %d patterns", len(counts))
    return len(counts)
