"""Hindsight metrics, with the spec's names (dots become underscores) and labels.

Labels stay bounded: layers and booleans are small sets; error types are open-ended, so only the
first `_MAX_ERROR_TYPES` distinct ones a process sees keep their name and the rest count as
"other".
"""

import threading

from prometheus_client import Counter, Gauge, Histogram

CAPTURE_TOTAL = Counter(
    "hindsight_capture_total", "Errors captured, by error type and layer.", ["error_type", "layer"]
)
CAPTURE_SIGNATURE_SIZE = Histogram(
    "hindsight_capture_signature_size_bytes",
    "Size of a captured signature's stored patterns.",
    buckets=(128, 256, 512, 1024, 2048, 4096, 8192, 16384, 65536),
)
MATCH_LATENCY = Histogram(
    "hindsight_match_latency_ms",
    "Latency of error matching, in milliseconds.",
    buckets=(1, 2, 5, 10, 15, 20, 30, 50, 100, 250, 1000),
)
MATCH_TOTAL = Counter(
    "hindsight_match_total",
    "Error matches, by the kind that found them (semantic, regex, combined, none) and whether any "
    "was found.",
    ["match_type", "found"],
)
MATCH_RESULTS = Histogram(
    "hindsight_match_results_count",
    "Signatures returned per match.",
    buckets=(0, 1, 2, 3, 5, 10, 20, 50),
)
SUGGESTION_MISS = Counter(
    "hindsight_suggestion_miss_total", "Errors with no resolution to suggest.", ["source"]
)
RESOLUTION_APPLICATIONS = Counter(
    "hindsight_resolution_applications",
    "Resolution applications, by outcome and layer.",
    ["success", "layer"],
)
RESOLUTION_SUCCESS_RATE = Histogram(
    "hindsight_resolution_success_rate",
    "Success rate of a resolution after each application.",
    buckets=(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0),
)
PROMOTION_TOTAL = Counter(
    "hindsight_promotion_total",
    "Hindsight note promotions, by source and target layer and status.",
    ["from_layer", "to_layer", "status"],
)
STORAGE_COUNT = Gauge(
    "hindsight_storage_count",
    "Hindsight notes stored, by layer.",
    ["layer"],
    multiprocess_mode="mostrecent",
)
LEARNING_SAVES = Counter(
    "hindsight_learning_saves_total",
    "Learnings saved by the tool-result engine, by category and outcome "
    "(saved, recurred, skipped_known, rate_limited, failed).",
    ["category", "outcome"],
)
LEARNING_BOOSTS = Counter(
    "hindsight_learning_boosts_total",
    "Learning confidence boosts, by kind (trigger or propagated).",
    ["kind"],
)

_MAX_ERROR_TYPES = 50
_seen_types: set[str] = set()
_seen_lock = threading.Lock()


def error_type_label(error_type: str) -> str:
    # The type comes from the caller: a line separator or control character in it would break
    # scrapers that read the exposition line by line.
    label = "".join(c if c.isprintable() else "_" for c in (error_type or "unknown")[:64])
    with _seen_lock:
        if label in _seen_types:
            return label
        if len(_seen_types) < _MAX_ERROR_TYPES:
            _seen_types.add(label)
            return label
    return "other"
