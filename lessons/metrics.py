"""Prometheus metrics of the lessons app (label sets are small enumerations)."""

from prometheus_client import Counter

from lessons.models import LessonType, Severity

LESSONS_REPORTED = Counter(
    "mnemosyne_lessons_reported_total",
    "Lessons reported, by lesson type and whether they were new or an occurrence.",
    ["lesson_type", "outcome"],
)
ANTI_PATTERN_CHECKS = Counter(
    "mnemosyne_anti_pattern_checks_total",
    "Anti-pattern checks, by result (blocked, warned, clear).",
    ["result"],
)
ANTI_PATTERN_BLOCKS = Counter(
    "mnemosyne_anti_pattern_blocks_total",
    "Anti-pattern checks that blocked the action, by the most severe matching anti-pattern.",
    ["severity"],
)
ANTI_PATTERN_INDEX_BUILDS = Counter(
    "mnemosyne_anti_pattern_index_builds_total",
    "In-process anti-pattern index refreshes (one per version change per process), by kind: "
    "`update` (only the changed rows read) or `full` (every row).",
    ["kind"],
)
PATTERNS_DETECTED = Counter(
    "mnemosyne_patterns_detected_total",
    "Patterns formed or grown by pattern detection, by what happened.",
    ["outcome"],
)
RELEVANT_QUERIES = Counter(
    "mnemosyne_relevant_queries_total",
    "Relevant-lesson queries, by the search plan used (exact, hnsw, hnsw_fallback).",
    ["plan"],
)


def _initialise_labels() -> None:
    """Every fixed label value exists from the start, so a scrape shows each series at zero."""
    for lesson_type in LessonType.values:
        for outcome in ("new", "occurrence"):
            LESSONS_REPORTED.labels(lesson_type=lesson_type, outcome=outcome)
    for result in ("blocked", "warned", "clear"):
        ANTI_PATTERN_CHECKS.labels(result=result)
    for severity in Severity.values:
        ANTI_PATTERN_BLOCKS.labels(severity=severity)
    for outcome in ("formed", "grown"):
        PATTERNS_DETECTED.labels(outcome=outcome)


_initialise_labels()
