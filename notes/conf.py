"""Settings of the notes app, read from the environment (listed in `.env.example`).

Module-level constants so hot paths read a plain attribute; tests change them with
`monkeypatch.setattr(conf, NAME, value)`.
"""

from mnemosyne_site.env import env_choice, env_float, env_int

# --- trajectory capture ------------------------------------------------------------------------
# A batch above this many events is refused whole (413), never half-stored.
TRAJECTORY_MAX_BATCH_EVENTS = env_int("TRAJECTORY_MAX_BATCH_EVENTS", 1000, minimum=1)
# Size limit of each event's arguments, return value and context snapshot (JSON-encoded bytes).
TRAJECTORY_MAX_FIELD_BYTES = env_int("TRAJECTORY_MAX_FIELD_BYTES", 65536, minimum=256)

# --- distillation ------------------------------------------------------------------------------
DISTILL_MIN_EVENTS = env_int("DISTILL_MIN_EVENTS", 3, minimum=1)
DISTILL_MIN_SECONDS = env_float("DISTILL_MIN_SECONDS", 30.0, minimum=0.0)
# How many tool calls of a trajectory the prompt shows (the first and last ones are kept).
DISTILL_MAX_PROMPT_EVENTS = env_int("DISTILL_MAX_PROMPT_EVENTS", 60, minimum=3)
# Attempts of the worker task when the LLM is unavailable, with exponential backoff.
DISTILL_MAX_ATTEMPTS = env_int("DISTILL_MAX_ATTEMPTS", 4, minimum=1)
DISTILL_RETRY_BASE_SECONDS = env_int("DISTILL_RETRY_BASE_SECONDS", 30, minimum=0)
# The spec: "set layer based on trajectory scope (session → project default)". A trajectory
# captured in a session scope gives a note in its project (sessions are short-lived), unless
# this says "session".
DISTILL_SESSION_NOTES_LAYER = env_choice(
    "DISTILL_SESSION_NOTES_LAYER", "project", {"project", "session"}
)
# A distilled note this similar to an existing one is not stored (the spec's 0.95).
NOTE_DUPLICATE_SIMILARITY = env_float("NOTE_DUPLICATE_SIMILARITY", 0.95, minimum=0, maximum=1)
# Accepted notes this similar produce a merge suggestion (the spec's 0.9).
NOTE_MERGE_SIMILARITY = env_float("NOTE_MERGE_SIMILARITY", 0.9, minimum=0, maximum=1)

# --- retrieval ---------------------------------------------------------------------------------
NOTES_SEARCH_THRESHOLD = env_float("NOTES_SEARCH_THRESHOLD", 0.3, minimum=-1, maximum=1)
NOTES_SEARCH_TOP_K = env_int("NOTES_SEARCH_TOP_K", 5, minimum=1)
NOTES_SEARCH_MAX_K = env_int("NOTES_SEARCH_MAX_K", 50, minimum=1)

# --- quality -----------------------------------------------------------------------------------
# The spec's thresholds; usefulness is defined in notes/services/quality.py.
QUALITY_REVIEW_MIN_RETRIEVALS = env_int("QUALITY_REVIEW_MIN_RETRIEVALS", 10, minimum=1)
QUALITY_REVIEW_MAX_RATIO = env_float("QUALITY_REVIEW_MAX_RATIO", 0.1, minimum=0, maximum=1)
AUTO_PROPOSE_MIN_USEFULNESS = env_float("AUTO_PROPOSE_MIN_USEFULNESS", 0.8, minimum=0)
AUTO_PROPOSE_MIN_RETRIEVALS = env_int("AUTO_PROPOSE_MIN_RETRIEVALS", 5, minimum=0)

# --- key-value knowledge, skills, external references ------------------------------------------
KNOWLEDGE_SEARCH_LIMIT = env_int("KNOWLEDGE_SEARCH_LIMIT", 10, minimum=1)
KNOWLEDGE_SEARCH_MAX_LIMIT = env_int("KNOWLEDGE_SEARCH_MAX_LIMIT", 100, minimum=1)
# Per-session limit on knowledge saves (key-value entries, skills, external references).
KNOWLEDGE_SAVES_PER_SESSION = env_int("KNOWLEDGE_SAVES_PER_SESSION", 100, minimum=1)
# At most a week: governance prunes rate-limit windows older than that (governance.ratelimit).
KNOWLEDGE_SAVE_WINDOW_SECONDS = env_int(
    "KNOWLEDGE_SAVE_WINDOW_SECONDS", 86400, minimum=1, maximum=7 * 86400
)
KNOWLEDGE_MAX_CONTENT_CHARS = env_int("KNOWLEDGE_MAX_CONTENT_CHARS", 20000, minimum=100)

# --- scheduled upkeep (mnemosyne_site.schedules) -------------------------------------------------
# Trajectories (and their events) are deleted this many days after the session ended, or after
# its last event when it never ended.
TRAJECTORY_RETENTION_DAYS = env_int("TRAJECTORY_RETENTION_DAYS", 30, minimum=1)
# Session-layer notes and knowledge in draft, deprecated or rejected state, unchanged and
# unretrieved this many days, are deleted (accepted and proposed ones are kept).
SESSION_ITEM_RETENTION_DAYS = env_int("SESSION_ITEM_RETENTION_DAYS", 14, minimum=1)
RETENTION_BATCH = env_int("RETENTION_BATCH", 500, minimum=1)
# A failed distillation is queued again after this pause, at most this many rounds.
DISTILL_FAILED_RETRY_AFTER_SECONDS = env_int("DISTILL_FAILED_RETRY_AFTER_SECONDS", 3600, minimum=0)
DISTILL_FAILED_RETRY_ROUNDS = env_int("DISTILL_FAILED_RETRY_ROUNDS", 3, minimum=0)
# Accepted notes checked for merge candidates per run of the merge-suggestion sweep.
MERGE_SWEEP_BATCH = env_int("MERGE_SWEEP_BATCH", 200, minimum=1)
# A scope holding more live distilled notes than this raises a bloat escalation.
NOTES_BLOAT_THRESHOLD = env_int("NOTES_BLOAT_THRESHOLD", 1000, minimum=1)
