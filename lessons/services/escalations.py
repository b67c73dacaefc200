"""Escalations raised by the rules (`EscalationRule` rows, the spec's ESCALATION_RULES as data).

Each rule that fires opens a pending `governance.Escalation` for its target queue — one per
(target, reason), so a lesson that later becomes "recurring" adds that reason without repeating
the others; `escalations_create` keeps a pending identical one from being opened twice. Patterns
are held to the same rules (read as the lesson they summarise) and escalate with `pattern_id`.
Every escalation carries its domain, so a queue's supervisors of that domain hear of it first.
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

from governance.models import Escalation
from governance.services import EscalationRequest, escalations_create
from lessons.models import (
    SEVERITY_RANK,
    EscalationRule,
    Lesson,
    Pattern,
    PatternStatus,
    Severity,
)
from lessons.rules import CompiledRule, compile_rules, escalations_for, lesson_values

_compiled: tuple[tuple, list[CompiledRule]] | None = None


def active_rules() -> list[CompiledRule]:
    """The rules in force, compiled (a task that raises for a lesson and its pattern reads them
    once). Read on every call, so an edit applies to the next lesson processed; parsed again
    only when the rows read differ from the last ones parsed."""
    global _compiled
    fields = ("target", "condition", "reason", "priority")
    read = tuple(EscalationRule.objects.filter(active=True).values_list(*fields))
    if _compiled is None or _compiled[0] != read:
        rows = [SimpleNamespace(**dict(zip(fields, row, strict=True))) for row in read]
        _compiled = (read, compile_rules(rows))
    return _compiled[1]


def escalations_raise(
    *, lesson_id=None, lesson: Lesson | None = None, rules: list[CompiledRule] | None = None
) -> list[Escalation]:
    """The rules' escalations for a lesson (given by id, or loaded with its scope)."""
    if lesson is None:
        lesson = Lesson.objects.select_related("scope").filter(pk=lesson_id).first()
        if lesson is None:
            return []
    return escalations_create(
        lesson_escalation_requests(lesson, active_rules() if rules is None else rules)
    )


def lesson_escalation_requests(
    lesson: Lesson, rules: list[CompiledRule]
) -> list[EscalationRequest]:
    """The escalations the rules open for a lesson, not yet opened (`escalations_create`)."""
    return [
        EscalationRequest(
            escalated_to=rule.target,
            reason=rule.reason,
            priority=rule.priority or lesson.severity,
            title=lesson.title,
            scope=lesson.scope,
            lesson_id=lesson.pk,
            domain=lesson.domain,
        )
        for rule in escalations_for(lesson, rules)
    ]


def pattern_values(pattern: Pattern, lessons: list[Lesson]) -> dict[str, Any]:
    """A pattern as the rules read a lesson: its own domain, name, confidence, occurrences and
    confirmation; its lessons' most common type and category, most severe severity, and the
    union of their tags, commands, files and alternatives."""

    def most_common(values: list[str]) -> str | None:
        return Counter(values).most_common(1)[0][0] if values else None

    def union(name: str) -> list[str]:
        return list(dict.fromkeys(v for lesson in lessons for v in getattr(lesson, name) or []))

    severities = sorted(
        (lesson.severity for lesson in lessons), key=lambda s: SEVERITY_RANK[Severity(s)]
    )
    return lesson_values(
        SimpleNamespace(
            lesson_type=most_common([lesson.lesson_type for lesson in lessons]),
            domain=pattern.domain,
            category=most_common([lesson.category for lesson in lessons]),
            severity=severities[0] if severities else None,
            tags=union("tags"),
            confidence=pattern.confidence,
            occurrence_count=pattern.occurrence_count,
            source_agent=None,
            validated=pattern.status == PatternStatus.CONFIRMED,
            title=pattern.pattern_name,
            related_commands=union("related_commands"),
            related_files=union("related_files"),
            alternatives=union("alternatives"),
        )
    )


def pattern_escalations_raise(
    *,
    pattern_id=None,
    pattern: Pattern | None = None,
    rules: list[CompiledRule] | None = None,
) -> list[Escalation]:
    """The rules' escalations for a pattern (given by id, or loaded with its scope); none for
    one maintainers deprecated."""
    if pattern is None:
        pattern = Pattern.objects.select_related("scope").filter(pk=pattern_id).first()
    if pattern is None:
        return []
    return escalations_create(
        pattern_escalation_requests(pattern, active_rules() if rules is None else rules)
    )


def pattern_escalation_requests(
    pattern: Pattern, rules: list[CompiledRule]
) -> list[EscalationRequest]:
    """The escalations the rules open for a pattern, not yet opened (`escalations_create`)."""
    if pattern.status == PatternStatus.DEPRECATED:
        return []
    lessons = list(Lesson.objects.filter(pk__in=pattern.lesson_ids).defer("embedding"))
    values = pattern_values(pattern, lessons)
    return [
        EscalationRequest(
            escalated_to=rule.target,
            reason=rule.reason,
            priority=rule.priority or values["severity"] or "medium",
            title=pattern.pattern_name,
            scope=pattern.scope,
            pattern_id=pattern.pk,
            domain=pattern.domain,
        )
        for rule in rules
        if rule.matches(values)
    ]
