"""Escalations raised by the rules (`EscalationRule` rows, the spec's ESCALATION_RULES as data).

Each rule that fires opens a pending `governance.Escalation` for its target queue — one per
(target, reason), so a lesson that later becomes "recurring" adds that reason without repeating
the others; `escalation_create` keeps a pending identical one from being opened twice.
"""

from __future__ import annotations

from governance.models import Escalation
from governance.services import escalation_create
from lessons.models import EscalationRule, Lesson
from lessons.rules import compile_rules, escalations_for


def escalations_raise(*, lesson_id) -> list[Escalation]:
    lesson = Lesson.objects.select_related("scope").filter(pk=lesson_id).first()
    if lesson is None:
        return []
    rules = compile_rules(EscalationRule.objects.filter(active=True))
    escalations = []
    for rule in escalations_for(lesson, rules):
        escalations.append(
            escalation_create(
                escalated_to=rule.target,
                reason=rule.reason,
                priority=rule.priority or lesson.severity,
                title=lesson.title,
                scope=lesson.scope,
                lesson_id=lesson.pk,
            )
        )
    return escalations
