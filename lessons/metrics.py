"""Prometheus metrics of the lessons app (label sets are small enumerations)."""

from prometheus_client import Counter

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
ANTI_PATTERN_INDEX_BUILDS = Counter(
    "mnemosyne_anti_pattern_index_builds_total",
    "Rebuilds of the in-process anti-pattern index (one per version change per process).",
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
