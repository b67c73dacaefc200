"""Hindsight settings, read once from the environment (listed in `.env.example`)."""

from mnemosyne_site.env import env_float, env_int, env_str

# --- capture and dedup
# Cosine similarity above which a new error joins an existing signature instead of starting one.
HINDSIGHT_DEDUP_SIMILARITY = env_float("HINDSIGHT_DEDUP_SIMILARITY", 0.95, minimum=0.0, maximum=1.0)
HINDSIGHT_MAX_MESSAGE_CHARS = env_int("HINDSIGHT_MAX_MESSAGE_CHARS", 16_384, minimum=256)
HINDSIGHT_MAX_STACK_CHARS = env_int("HINDSIGHT_MAX_STACK_CHARS", 65_536, minimum=1024)

# --- matching and suggestions
HINDSIGHT_MATCH_SIMILARITY = env_float("HINDSIGHT_MATCH_SIMILARITY", 0.85, minimum=0.0, maximum=1.0)
HINDSIGHT_MATCH_TOP_K = env_int("HINDSIGHT_MATCH_TOP_K", 5, minimum=1)
# Regex matching runs when semantic matching found fewer signatures than this.
HINDSIGHT_REGEX_FALLBACK_BELOW = env_int("HINDSIGHT_REGEX_FALLBACK_BELOW", 3, minimum=1)
# A near signature's fix is offered (marked as a near match) only at this similarity or above.
HINDSIGHT_NEAR_FIX_SIMILARITY = env_float(
    "HINDSIGHT_NEAR_FIX_SIMILARITY", 0.9, minimum=0.0, maximum=1.0
)
# A fix at this confidence or above is shown by the hook (its MNEMOSYNE_FIX_MIN_CONFIDENCE
# default) and so waits for its outcome in the session.
HINDSIGHT_FIX_OFFER_MIN_CONFIDENCE = env_float(
    "HINDSIGHT_FIX_OFFER_MIN_CONFIDENCE", 0.5, minimum=0.0, maximum=1.0
)
# How long a fix shown to a session waits for the session's outcome (the closed loop).
HINDSIGHT_FIX_OFFER_HOURS = env_int("HINDSIGHT_FIX_OFFER_HOURS", 24, minimum=1)
HINDSIGHT_SUGGESTIONS = env_int("HINDSIGHT_SUGGESTIONS", 3, minimum=1)
# Days after which a resolution's recency score has halved.
HINDSIGHT_RECENCY_HALF_LIFE_DAYS = env_float("HINDSIGHT_RECENCY_HALF_LIFE_DAYS", 90.0, minimum=1.0)

# --- notes, promotion, merges
HINDSIGHT_NOTE_MIN_SUCCESS = env_float("HINDSIGHT_NOTE_MIN_SUCCESS", 0.5, minimum=0.0, maximum=1.0)
HINDSIGHT_NOTE_DEDUP_SIMILARITY = env_float(
    "HINDSIGHT_NOTE_DEDUP_SIMILARITY", 0.9, minimum=0.0, maximum=1.0
)
HINDSIGHT_PROMOTION_MIN_APPLICATIONS = env_int("HINDSIGHT_PROMOTION_MIN_APPLICATIONS", 5, minimum=1)
HINDSIGHT_PROMOTION_MIN_SUCCESS = env_float(
    "HINDSIGHT_PROMOTION_MIN_SUCCESS", 0.8, minimum=0.0, maximum=1.0
)
HINDSIGHT_MERGE_SIMILARITY = env_float("HINDSIGHT_MERGE_SIMILARITY", 0.9, minimum=0.0, maximum=1.0)
HINDSIGHT_MERGE_MIN_SUCCESS = env_float(
    "HINDSIGHT_MERGE_MIN_SUCCESS", 0.7, minimum=0.0, maximum=1.0
)

# --- bloat monitoring
# Live hindsight notes a layer (all its scopes together) may hold before maintainers are alerted;
# HINDSIGHT_BLOAT_THRESHOLDS sets it per layer ("session=200,team=2000"), the rest take the default.
HINDSIGHT_BLOAT_THRESHOLD = env_int("HINDSIGHT_BLOAT_THRESHOLD", 1000, minimum=1)


def _per_layer(name: str) -> dict[str, int]:
    """`layer=count,...` from the environment; a misspelt layer or count stops the start."""
    thresholds = {}
    for item in filter(None, (part.strip() for part in env_str(name, "").split(","))):
        layer, _, value = (x.strip() for x in item.partition("="))
        if layer not in _LAYERS or not value.isdigit() or int(value) < 1:
            raise ValueError(f"{name}: {item!r} is not <layer>=<count> with a layer of {_LAYERS}")
        thresholds[layer] = int(value)
    return thresholds


_LAYERS = ("session", "project", "team", "org", "company")
HINDSIGHT_BLOAT_THRESHOLDS = _per_layer("HINDSIGHT_BLOAT_THRESHOLDS")
HINDSIGHT_CLEANUP_LOW_SUCCESS = env_float(
    "HINDSIGHT_CLEANUP_LOW_SUCCESS", 0.3, minimum=0.0, maximum=1.0
)
HINDSIGHT_CLEANUP_MIN_AGE_DAYS = env_int("HINDSIGHT_CLEANUP_MIN_AGE_DAYS", 90, minimum=1)
HINDSIGHT_CLEANUP_CANDIDATES = env_int("HINDSIGHT_CLEANUP_CANDIDATES", 50, minimum=1)

# --- tool-result learning engine
# Above this confidence a known learning's fix is applied and no new learning is stored.
LEARNING_AUTO_APPLY_CONFIDENCE = env_float(
    "LEARNING_AUTO_APPLY_CONFIDENCE", 0.7, minimum=0.0, maximum=1.0
)
LEARNING_INITIAL_CONFIDENCE = env_float(
    "LEARNING_INITIAL_CONFIDENCE", 0.5, minimum=0.1, maximum=1.0
)
LEARNING_PROPAGATION_RATE = env_float("LEARNING_PROPAGATION_RATE", 0.3, minimum=0.0, maximum=1.0)
LEARNING_SIMILARITY = env_float("LEARNING_SIMILARITY", 0.8, minimum=0.0, maximum=1.0)
LEARNING_SEARCH_LIMIT = env_int("LEARNING_SEARCH_LIMIT", 5, minimum=1)
LEARNING_PARAM_MAX_CHARS = env_int("LEARNING_PARAM_MAX_CHARS", 200, minimum=10)
# Per-session cap on learning saves, in a window (atomic across processes, in the database).
LEARNING_MAX_SAVES_PER_SESSION = env_int("LEARNING_MAX_SAVES_PER_SESSION", 100, minimum=1)
# At most a week: governance prunes rate-limit windows older than that (governance.ratelimit).
LEARNING_RATE_WINDOW_SECONDS = env_int(
    "LEARNING_RATE_WINDOW_SECONDS", 86_400, minimum=1, maximum=7 * 86_400
)
