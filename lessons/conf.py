"""Settings of the lessons app, read once from the environment (listed in `.env.example`).

Code reads them as `conf.NAME` at call time, so a test can monkeypatch one value.
"""

from mnemosyne_site.env import env_float, env_int, env_str

# --- reporting
# A report whose vector is at least this similar to a lesson of the same type, scope and domain
# records an occurrence of that lesson instead of a new row (the same title always does).
LESSON_DUPLICATE_SIMILARITY = env_float(
    "LESSON_DUPLICATE_SIMILARITY", 0.95, minimum=0.5, maximum=1.0
)
LESSON_TITLE_MAX = 300
LESSON_TEXT_MAX = env_int("LESSON_TEXT_MAX", 20_000, minimum=100)
LESSON_LIST_MAX_ITEMS = env_int("LESSON_LIST_MAX_ITEMS", 50, minimum=1)
LESSONS_BULK_MAX = env_int("LESSONS_BULK_MAX", 500, minimum=1)

# --- pattern detection (in the worker, after commit)
PATTERN_MIN_LESSONS = env_int("PATTERN_MIN_LESSONS", 3, minimum=2)
PATTERN_SIMILARITY = env_float("PATTERN_SIMILARITY", 0.85, minimum=0.0, maximum=1.0)
# Neighbours fetched per report: enough to see a forming pattern and the nearest duplicate.
PATTERN_NEIGHBOURS = env_int("PATTERN_NEIGHBOURS", 20, minimum=2)

# --- anti-pattern check (the hot path)
# A match by meaning warns from this similarity on ...
ANTI_PATTERN_SIMILARITY = env_float("ANTI_PATTERN_SIMILARITY", 0.80, minimum=0.0, maximum=1.0)
# ... and blocks (a critical or block_action anti-pattern) only when near-exact. A command checked
# against an anti-pattern that has a command trigger is judged by the trigger alone.
ANTI_PATTERN_BLOCK_SIMILARITY = env_float(
    "ANTI_PATTERN_BLOCK_SIMILARITY", 0.95, minimum=0.0, maximum=1.0
)
# The check's `context` moves a match by meaning: + weight x (context similarity - neutral).
# MiniLM puts unrelated sentences near 0 and related ones at 0.2-0.5: 0.15 neither raises nor
# lowers.
ANTI_PATTERN_CONTEXT_WEIGHT = env_float(
    "ANTI_PATTERN_CONTEXT_WEIGHT", 0.2, minimum=0.0, maximum=1.0
)
ANTI_PATTERN_CONTEXT_NEUTRAL = env_float(
    "ANTI_PATTERN_CONTEXT_NEUTRAL", 0.15, minimum=0.0, maximum=1.0
)
# Anti-patterns of these domains apply to agents of every domain (as do those marked
# `cross_domain`); the others only to agents that name their domain or category.
ANTI_PATTERN_CROSS_DOMAINS = frozenset(
    d.strip().lower()
    for d in env_str("ANTI_PATTERN_CROSS_DOMAINS", "general,development").split(",")
    if d.strip()
)
ANTI_PATTERN_STATS_FLUSH_SECONDS = env_float("ANTI_PATTERN_STATS_FLUSH_SECONDS", 2.0, minimum=0.0)
ANTI_PATTERN_TRIGGER_MAX = env_int("ANTI_PATTERN_TRIGGER_MAX", 2000, minimum=10)
# Proposed actions embedded recently are served from a per-process cache.
CHECK_EMBEDDING_CACHE_SIZE = env_int("CHECK_EMBEDDING_CACHE_SIZE", 2048, minimum=0)

# --- relevant lessons
RECENCY_HALF_LIFE_DAYS = env_float("RECENCY_HALF_LIFE_DAYS", 30.0, minimum=0.01)
RELEVANT_MAX_RESULTS = env_int("RELEVANT_MAX_RESULTS", 100, minimum=1)
# Candidates ranked by the 0.7 / 0.3 blend per result asked for.
RELEVANT_OVERFETCH = env_int("RELEVANT_OVERFETCH", 5, minimum=1)

# --- validation
VALIDATION_CONFIDENCE_STEPS = {
    "confirmed": 0.10,
    "partial": 0.05,
    "outdated": -0.15,
    "refuted": -0.20,
}
CONFIDENCE_MIN = 0.1
CONFIDENCE_MAX = 1.0

# --- agent memory and propagation
AGENT_MEMORY_LESSONS = env_int("AGENT_MEMORY_LESSONS", 100, minimum=1)
AGENT_MEMORY_PROPAGATED_MAX = env_int("AGENT_MEMORY_PROPAGATED_MAX", 200, minimum=1)
PROPAGATION_SIMILARITY = env_float("PROPAGATION_SIMILARITY", 0.6, minimum=0.0, maximum=1.0)
# The spec's mnemosyne_agent_critical: the agent's domain's critical and high lessons whose
# confidence is above this, critical first then newest, at most AGENT_CRITICAL_MAX.
AGENT_CRITICAL_MIN_CONFIDENCE = 0.7
AGENT_CRITICAL_MAX = 20

# --- Claude Code context
CONTEXT_FAILURE_HOURS = env_int("CONTEXT_FAILURE_HOURS", 72, minimum=1)
CONTEXT_PER_DOMAIN = env_int("CONTEXT_PER_DOMAIN", 5, minimum=1)
# The spec's `domain_lessons` keys, always present (empty lists allowed); the busiest
# CONTEXT_MAX_DOMAINS other domains are added beside them.
CONTEXT_SPEC_DOMAINS = ("docker", "supabase", "n8n", "caddy", "aria")
CONTEXT_MAX_DOMAINS = env_int("CONTEXT_MAX_DOMAINS", 10, minimum=1)
CONTEXT_LIST_MAX = env_int("CONTEXT_LIST_MAX", 50, minimum=1)
# Workarounds below this confidence (refuted, outdated) are no longer "active".
WORKAROUND_MIN_CONFIDENCE = env_float("WORKAROUND_MIN_CONFIDENCE", 0.5, minimum=0.0, maximum=1.0)

# --- scheduled upkeep (mnemosyne_site.schedules)
# Lessons of the last N days that belong to no pattern are run through detection again.
PATTERN_SWEEP_DAYS = env_int("PATTERN_SWEEP_DAYS", 7, minimum=1)
PATTERN_SWEEP_BATCH = env_int("PATTERN_SWEEP_BATCH", 200, minimum=1)
# An agent's memory not rebuilt for this long is rebuilt by the refresh sweep.
AGENT_MEMORY_REFRESH_SECONDS = env_int("AGENT_MEMORY_REFRESH_SECONDS", 3600, minimum=60)
AGENT_MEMORY_REFRESH_BATCH = env_int("AGENT_MEMORY_REFRESH_BATCH", 100, minimum=1)
# The worker rebuilds an agent's memory after a report at most once per this many seconds; what
# arrives in between marks it stale, and a read of a stale memory rebuilds it (lessons.services
# .memory). A rebuild reads the agent's lessons, its domain's and anti-patterns: rebuilding on
# every report of a busy agent took more worker time than the reports themselves.
AGENT_MEMORY_REBUILD_SECONDS = env_int("AGENT_MEMORY_REBUILD_SECONDS", 10, minimum=0)
