"""Writes of the lessons app. Each service is one transaction with its audit row inside."""

from lessons.services.anti_patterns import (
    anti_pattern_hits_apply,
    anti_pattern_set_active,
    anti_pattern_update,
    anti_patterns_install_builtin,
)
from lessons.services.escalations import escalations_raise, pattern_escalations_raise
from lessons.services.memory import agent_memory_refresh, lesson_propagate
from lessons.services.patterns import pattern_confirm, pattern_deprecate, pattern_detect
from lessons.services.reporting import anti_pattern_upsert_for_lesson, lessons_report
from lessons.services.validation import lesson_validate

__all__ = [
    "agent_memory_refresh",
    "anti_pattern_hits_apply",
    "anti_pattern_set_active",
    "anti_pattern_update",
    "anti_pattern_upsert_for_lesson",
    "anti_patterns_install_builtin",
    "escalations_raise",
    "pattern_escalations_raise",
    "lesson_propagate",
    "lesson_validate",
    "lessons_report",
    "pattern_confirm",
    "pattern_deprecate",
    "pattern_detect",
]
