"""The spec's note-taking metrics (dots become underscores in Prometheus names).

Label sets are bounded: the distillation status has three values and nothing else is labelled.
"""

from prometheus_client import Counter, Gauge, Histogram

DISTILLATION_DURATION_MS = Histogram(
    "note_taking_distillation_duration_ms",
    "Time to distil one trajectory into a note (LLM or extractive), in milliseconds.",
    buckets=(5, 25, 100, 250, 500, 1000, 2500, 5000, 10000, 30000, 60000, 120000),
)
DISTILLATION_TOTAL = Counter(
    "note_taking_distillation_total",
    "Distillations by outcome: success (a note stored or an existing one referenced), "
    "skip (trivial or unsuccessful trajectory), error (LLM or storage failure).",
    ["status"],
)
RETRIEVAL_RESULTS_COUNT = Histogram(
    "note_taking_retrieval_results_count",
    "Notes returned by one retrieval.",
    buckets=(0, 1, 2, 3, 5, 10, 20, 50),
)
RETRIEVAL_LATENCY_MS = Histogram(
    "note_taking_retrieval_latency_ms",
    "Time of one note retrieval (embedding, search, recording), in milliseconds.",
    buckets=(1, 2.5, 5, 10, 15, 20, 30, 50, 100, 250, 1000),
)
CAPTURE_BATCH_SIZE = Histogram(
    "note_taking_capture_batch_size",
    "Events in one trajectory batch received by the server.",
    buckets=(1, 2, 5, 10, 20, 50, 100, 200, 500, 1000),
)

# The spec's three statuses exist from the start, so a scrape shows each at zero.
for _status in ("success", "skip", "error"):
    DISTILLATION_TOTAL.labels(status=_status)

STORAGE_COUNT = Gauge(
    "note_taking_storage_count",
    "Live distilled notes (not deprecated or rejected), by layer; set by the bloat check.",
    ["layer"],
    multiprocess_mode="mostrecent",
)
