"""Reporting lessons: `POST /lessons/report`, `/lessons/bulk` and `/claude-code/session-end`.

One report is one transaction: the lesson (or its occurrence), its anti-pattern when it is one,
the audit row and the idempotency receipt commit together or not at all. Everything that can wait
— pattern detection, escalations, agent memory and propagation — is queued after commit.

What the answer says about that later work is computed inline from what the report already
read: `escalated_to` from the escalation rules (pure functions of the lesson), and
`patterns_detected` from the neighbour search the duplicate check makes anyway (a new lesson
forms or joins a pattern when at least `PATTERN_MIN_LESSONS - 1` lessons of its scope and domain
are `PATTERN_SIMILARITY` close; an occurrence counts the patterns that already hold it). The
worker then does exactly that work; `"queued"` in the answer says so.
"""

from __future__ import annotations

import logging
import operator
import time
from dataclasses import dataclass, field
from datetime import timedelta
from functools import reduce
from typing import Any

import numpy as np
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from governance.auth import Principal
from governance.models import AuditLog, Scope
from governance.selectors import agents_may_reactivate, reporter_trusted
from governance.selectors.queues import queue_canonical
from governance.services import audit_entry, audit_record_many, scope_for_write
from lessons import conf, metrics
from lessons.command_triggers import derive
from lessons.models import (
    SEVERITY_RANK,
    AntiPattern,
    EscalationRule,
    Lesson,
    LessonType,
    Pattern,
    PatternStatus,
    ReportReceipt,
    Severity,
)
from lessons.rules import compile_rules, escalations_for
from lessons.triggers import TriggerError, compile_trigger
from mnemosyne_site.embeddings import embed, embed_one
from mnemosyne_site.errors import InvalidInput
from mnemosyne_site.outbox import enqueue_on_commit
from mnemosyne_site.vectors import nearest

logger = logging.getLogger(__name__)

QUEUED = ["pattern_detection", "escalation", "propagation"]
LIST_FIELDS = ("alternatives", "tags", "related_files", "related_commands")


@dataclass
class ReportResult:
    lesson: Lesson
    created: bool
    patterns_detected: int
    escalated_to: list[str]
    audit: AuditLog
    anti_pattern_id: str | None = None
    warnings: list[str] = field(default_factory=list)

    def as_response(self) -> dict[str, Any]:
        return {
            "lesson_id": str(self.lesson.id),
            "patterns_detected": self.patterns_detected,
            "escalated_to": self.escalated_to,
            "status": "recorded",
            "occurrence": not self.created,
            "occurrence_count": self.lesson.occurrence_count,
            "anti_pattern_id": self.anti_pattern_id,
            "anti_pattern_notes": self.warnings,
            "scope": self.lesson.scope.path,
            "queued": QUEUED,
        }


def _lesson_text(item: dict) -> str:
    return f"{item['title']} {item['context']} {item['outcome']}"


def _trigger_text(item: dict) -> str:
    return f"{item['title']} {item['action_taken']}".strip()


LessonKey = tuple[int, str, str]  # scope id, domain, title: what makes a report an occurrence


def _stored_titles(keys: set[LessonKey]) -> dict[LessonKey, Any]:
    """The pks of the stored lessons among `keys`, read without a lock (one query)."""
    if not keys:
        return {}
    match = reduce(
        operator.or_, (Q(scope_id=scope_id, domain=d, title=t) for scope_id, d, t in keys)
    )
    rows = Lesson.objects.filter(match).values_list("pk", "scope_id", "domain", "title")
    return {(scope_id, domain, title): pk for pk, scope_id, domain, title in rows}


def _lock_stored(stored: dict[LessonKey, Any], scopes: dict[int, Scope]) -> dict[LessonKey, Lesson]:
    """The stored lessons, locked (one query). One that changed its key or went away since it
    was read is left out: its report is then handled as new."""
    if not stored:
        return {}
    locked = {}
    for lesson in Lesson.objects.select_for_update().filter(pk__in=list(stored.values())):
        key = (lesson.scope_id, lesson.domain, lesson.title)
        if stored.get(key) == lesson.pk:
            lesson.scope = scopes[lesson.scope_id]
            locked[key] = lesson
    return locked


def lessons_report(
    *,
    principal: Principal,
    items: list[dict],
    scope_path: str | None = None,
    session_id: str = "",
    idempotency_key: str = "",
    near_duplicates: bool = True,
) -> list[dict]:
    """Report lessons (validated input) and answer the spec's per-lesson results.

    `near_duplicates=False` keys lessons by title alone (imports, which must be repeatable).

    Only what the answer needs happens here: a report of a stored title (the same scope, domain
    and title) is an occurrence whatever its text, so it is not embedded; a new one is, for the
    near-duplicate check and the pattern count its answer gives. The audit rows are written in
    one statement at the end of the transaction; everything else is the worker's."""
    if idempotency_key:
        stored_answer = ReportReceipt.objects.filter(
            principal=str(principal), key=idempotency_key
        ).first()
        if stored_answer is not None:
            return stored_answer.response
    by_path = {
        path: scope_for_write(principal, path)
        for path in {item.get("scope") or scope_path for item in items}
    }
    by_id = {scope.pk: scope for scope in by_path.values()}
    for item in items:
        if item["lesson_type"] == LessonType.ANTI_PATTERN and item.get("trigger_pattern"):
            try:
                compile_trigger(item["trigger_pattern"])
            except TriggerError as exc:
                raise InvalidInput(fields={"trigger_pattern": [str(exc)]}) from None
    keys: list[LessonKey] = [
        (by_path[item.get("scope") or scope_path].pk, item["domain"], item["title"])
        for item in items
    ]
    stored = _stored_titles(set(keys))
    # One embedding call per request, before any lock: the new lessons' texts, then every
    # anti-pattern's trigger text (its vector is refreshed on each report).
    fresh = [index for index, key in enumerate(keys) if key not in stored]
    anti_patterns = [item for item in items if item["lesson_type"] == LessonType.ANTI_PATTERN]
    texts = [_lesson_text(items[index]) for index in fresh]
    texts += [_trigger_text(item) for item in anti_patterns]
    vectors = embed(texts) if texts else np.zeros((0, 0))
    lesson_vectors = dict(zip(fresh, vectors[: len(fresh)], strict=True))
    trigger_vectors = iter(vectors[len(fresh) :])
    rules = _active_rules()
    try:
        with transaction.atomic():
            lessons = _lock_stored(stored, by_id)
            results, response = [], []
            for index, (item, key) in enumerate(zip(items, keys, strict=True)):
                trigger_vector = (
                    next(trigger_vectors)
                    if item["lesson_type"] == LessonType.ANTI_PATTERN
                    else None
                )
                result = _report_one(
                    principal=principal,
                    scope=by_id[key[0]],
                    item=item,
                    existing=lessons.get(key),
                    vector=lesson_vectors.get(index),
                    trigger_vector=trigger_vector,
                    rules=rules,
                    session_id=session_id,
                    near_duplicates=near_duplicates,
                )
                # A later item of the same batch with this key is an occurrence of this lesson.
                lessons[key] = result.lesson
                results.append(result)
                # Answered as recorded now: a later item of the batch may change the lesson.
                response.append(result.as_response())
            audit_record_many([result.audit for result in results])
            if idempotency_key:
                ReportReceipt.objects.create(
                    principal=str(principal), key=idempotency_key, response=response
                )
    except IntegrityError:
        if idempotency_key:
            # A concurrent retry with the same key committed first: answer what it answered.
            stored_answer = ReportReceipt.objects.filter(
                principal=str(principal), key=idempotency_key
            ).first()
            if stored_answer is not None:
                return stored_answer.response
        raise
    for result in results:
        metrics.LESSONS_REPORTED.labels(
            lesson_type=result.lesson.lesson_type,
            outcome="new" if result.created else "occurrence",
        ).inc()
    return response


_rules_cache: tuple[float, list] | None = None
RULES_CACHE_SECONDS = 10.0


def _active_rules() -> list:
    """The compiled escalation rules, re-read at most every 10 s per process: the report only
    predicts where the lesson goes (the worker, which opens the escalations, reads them fresh)."""
    global _rules_cache
    now = time.monotonic()
    if _rules_cache is None or now - _rules_cache[0] > RULES_CACHE_SECONDS:
        _rules_cache = (now, compile_rules(EscalationRule.objects.filter(active=True)))
    return _rules_cache[1]


def forget_rules() -> None:
    global _rules_cache
    _rules_cache = None


def _merge(old: list[str] | None, new: list[str] | None) -> list[str]:
    merged = list(old or [])
    for value in new or []:
        if value not in merged:
            merged.append(value)
    return merged


def _report_one(
    *,
    principal: Principal,
    scope: Scope,
    item: dict,
    existing: Lesson | None,
    vector: np.ndarray | None,
    trigger_vector: np.ndarray | None,
    rules: list,
    session_id: str,
    near_duplicates: bool = True,
) -> ReportResult:
    """One report inside the caller's transaction: `existing` is the stored lesson of the same
    title (locked), `vector` the new lesson's embedding when it was computed."""
    now = timezone.now()
    title, domain = item["title"], item["domain"]
    similar_count = 0
    if existing is None:
        if vector is None:  # the stored lesson of this title went away after it was read
            vector = embed_one(_lesson_text(item))
        neighbours, _ = nearest(
            Lesson.objects.filter(scope=scope, domain=domain),
            vector,
            limit=conf.PATTERN_NEIGHBOURS,
            fields=("lesson_type",),
            # Named as pattern detection names it (the same filter): no SQL compiled to look
            # the row count up.
            count_key=("pattern_neighbours", scope.pk, domain),
        )
        for pk, distance, lesson_type in neighbours:
            similarity = 1.0 - float(distance)
            if similarity >= conf.PATTERN_SIMILARITY:
                similar_count += 1
            if (
                existing is None
                and lesson_type == item["lesson_type"]
                and near_duplicates
                and similarity >= conf.LESSON_DUPLICATE_SIMILARITY
            ):
                existing = Lesson.objects.select_for_update().get(pk=pk)
                existing.scope = scope

    created = existing is None
    if created:
        try:
            with transaction.atomic():
                lesson = Lesson.objects.create(
                    scope=scope,
                    lesson_type=item["lesson_type"],
                    domain=domain,
                    category=item["category"],
                    title=title,
                    context=item["context"],
                    action_taken=item["action_taken"],
                    outcome=item["outcome"],
                    root_cause=item.get("root_cause"),
                    solution=item.get("solution"),
                    alternatives=item.get("alternatives") or [],
                    severity=item["severity"],
                    tags=item.get("tags") or [],
                    source_agent=item["source_agent"],
                    related_files=item.get("related_files") or [],
                    related_commands=item.get("related_commands") or [],
                    confidence=round(item["confidence"], 2),
                    embedding=vector,
                    last_occurred=now,
                    session_id=session_id,
                )
        except IntegrityError as exc:
            if "lesson_unique_title_per_domain" not in str(exc):
                raise
            # Another report of the same lesson committed between our read and our insert.
            created = False
            existing = Lesson.objects.select_for_update().get(
                scope=scope, domain=domain, title=title
            )
            existing.scope = scope
    if existing is not None:  # a repeat of a stored lesson
        lesson = existing
        previous = {"action_taken": lesson.action_taken, "commands": list(lesson.related_commands)}
        lesson.occurrence_count += 1
        # Strictly forward (the row is locked): the worker tells a handled occurrence by it.
        lesson.last_occurred = max(now, lesson.last_occurred + timedelta(microseconds=1))
        for name in LIST_FIELDS:
            setattr(lesson, name, _merge(getattr(lesson, name), item.get(name)))
        if SEVERITY_RANK[Severity(item["severity"])] < SEVERITY_RANK[Severity(lesson.severity)]:
            lesson.severity = item["severity"]
        if item["lesson_type"] == LessonType.ANTI_PATTERN:
            # "Never do this" is the stronger statement: it wins over the earlier report's type.
            lesson.lesson_type = LessonType.ANTI_PATTERN
        if session_id:
            lesson.session_id = session_id
        lesson.save(
            update_fields=[
                "occurrence_count",
                "last_occurred",
                "severity",
                "lesson_type",
                "session_id",
                "updated_at",
                *LIST_FIELDS,
            ]
        )
    else:
        previous = None

    anti_pattern = None
    if lesson.lesson_type == LessonType.ANTI_PATTERN:
        anti_pattern = anti_pattern_upsert_for_lesson(
            reporter=principal,
            lesson=lesson,
            explicit_trigger=item.get("trigger_pattern") or "",
            vector=trigger_vector,
            previous=previous,
            new_lesson=created,
        )

    if created:
        patterns_detected = 1 if similar_count + 1 >= conf.PATTERN_MIN_LESSONS else 0
    else:
        patterns_detected = Pattern.objects.filter(
            lesson_ids__contains=[lesson.pk],
            status__in=[PatternStatus.EMERGING, PatternStatus.CONFIRMED],
        ).count()
    fired = escalations_for(lesson, rules)
    escalated_to = list(dict.fromkeys(queue_canonical(rule.target) for rule in fired))

    audit = audit_entry(
        actor=principal,
        action="lesson.report" if created else "lesson.occurrence",
        target=lesson,
        scope_path=scope.path,
        details={
            "title": lesson.title,
            "lesson_type": lesson.lesson_type,
            "severity": lesson.severity,
            "occurrence_count": lesson.occurrence_count,
            "source_agent": item["source_agent"],
        },
        session_key=session_id,
    )
    enqueue_on_commit("lessons.lesson_process", str(lesson.pk), lesson.last_occurred.isoformat())
    return ReportResult(
        lesson=lesson,
        created=created,
        patterns_detected=patterns_detected,
        escalated_to=escalated_to,
        audit=audit,
        anti_pattern_id=str(anti_pattern.pk) if anti_pattern else None,
        warnings=list((anti_pattern.command_trigger or {}).get("notes", []))
        if anti_pattern
        else [],
    )


def anti_pattern_upsert_for_lesson(
    *,
    reporter: Principal,
    lesson: Lesson,
    explicit_trigger: str = "",
    vector: np.ndarray | None = None,
    previous: dict | None = None,
    new_lesson: bool = False,
) -> AntiPattern:
    """Create or update the anti-pattern an `anti_pattern` lesson stands for.

    Unless the report named a regex (`trigger_pattern`, kept as given), the command trigger is
    derived from the lesson's action and related commands, generalised by what its title and
    context name (`command_triggers.derive`); a trigger a person edited is kept when the lesson
    occurs again.

    The scope's policy decides what the reporter may make others obey: a blocking anti-pattern
    from a reporter it does not trust warns until a person confirms it, and one a person
    switched off stays off when it is reported again unless the policy lets agents re-activate.
    """
    if explicit_trigger:
        try:
            compile_trigger(explicit_trigger)
        except TriggerError as exc:
            raise InvalidInput(fields={"trigger_pattern": [str(exc)]}) from None
    elif not lesson.action_taken.strip() and not lesson.related_commands:
        raise InvalidInput(
            fields={
                "action_taken": ["An anti-pattern names the action to avoid (or related commands)."]
            }
        )
    # Derived only when it can be used: a named regex replaces it.
    derived = {} if explicit_trigger else lesson_command_trigger(lesson)
    critical = lesson.severity == Severity.CRITICAL
    # The policy is read only when it decides something: for a blocking report.
    trusted = critical and reporter_trusted(reporter, lesson.scope)
    anti_pattern = (
        None  # a lesson created by this report has no anti-pattern yet
        if new_lesson
        else AntiPattern.objects.select_for_update()
        .filter(source_lesson=lesson)
        .order_by("created_at")
        .first()
    )
    if anti_pattern is None:
        return AntiPattern.objects.create(
            scope_id=lesson.scope_id,
            trigger_pattern=explicit_trigger,
            command_trigger={} if explicit_trigger else derived,
            embedding=vector,
            domain=lesson.domain,
            category=lesson.category,
            title=lesson.title,
            why_bad=lesson.context,
            example=lesson.action_taken,
            alternatives=list(lesson.alternatives),
            severity=lesson.severity,
            block_action=critical,
            awaiting_confirmation=critical and not trusted,
            source_lesson=lesson,
        )
    changed = ["alternatives", "severity", "block_action", "updated_at"]
    if (
        critical
        and not trusted
        and not (anti_pattern.block_action or anti_pattern.severity == Severity.CRITICAL)
    ):
        # Newly blocking through this report: it waits for a person like a new one does.
        anti_pattern.awaiting_confirmation = True
        changed.append("awaiting_confirmation")
    anti_pattern.alternatives = _merge(anti_pattern.alternatives, lesson.alternatives)
    if SEVERITY_RANK[Severity(lesson.severity)] < SEVERITY_RANK[Severity(anti_pattern.severity)]:
        anti_pattern.severity = lesson.severity
    anti_pattern.block_action = anti_pattern.block_action or critical
    if vector is not None:
        anti_pattern.embedding = vector
        changed.append("embedding")
    if explicit_trigger:
        anti_pattern.trigger_pattern = explicit_trigger
        changed.append("trigger_pattern")
    elif (anti_pattern.command_trigger or {}).get("source", "derived") == "derived":
        anti_pattern.command_trigger = derived  # the commands of every report of it
        changed.append("command_trigger")
    if not anti_pattern.active and (
        not anti_pattern.switched_off or agents_may_reactivate(reporter, lesson.scope)
    ):
        # The lesson happened again: the anti-pattern is live again.
        anti_pattern.active = True
        anti_pattern.switched_off = False
        changed += ["active", "switched_off"]
    anti_pattern.save(update_fields=changed)
    return anti_pattern


def lesson_command_trigger(lesson: Lesson) -> dict:
    """The command trigger a lesson's report gives (with notes on what gave none)."""
    derived = derive(
        texts=[*lesson.related_commands, lesson.action_taken],
        prose=f"{lesson.title} {lesson.context}",
        title=lesson.title,
        alternatives=list(lesson.alternatives or []),
    )
    return derived.trigger or ({"notes": derived.notes} if derived.notes else {})
