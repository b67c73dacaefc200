"""Prometheus metrics shared by every process, and the request-latency middleware.

With several web and worker processes (`make run`), `PROMETHEUS_MULTIPROC_DIR` is set before any
process starts and `/metrics` aggregates every process's samples; without it (a single process,
the tests) the default registry is served.
"""

import os
import time

from django.http import HttpRequest, HttpResponse
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)

REQUEST_LATENCY = Histogram(
    "mnemosyne_http_request_duration_seconds",
    "Latency of HTTP requests, by route pattern, method and status.",
    ["route", "method", "status"],
    buckets=(0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
TASK_RUNS = Counter(
    "mnemosyne_task_runs_total", "Celery task runs, by task and outcome.", ["task", "outcome"]
)
TASK_DURATION = Histogram(
    "mnemosyne_task_duration_seconds",
    "Celery task run time, by task.",
    ["task"],
    buckets=(0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300),
)
SWEEP_ITEMS = Counter(
    "mnemosyne_sweep_items_total",
    "Items a scheduled task handled, by task and what happened to them.",
    ["task", "outcome"],
)
VECTOR_SEARCHES = Counter(
    "mnemosyne_vector_searches_total",
    "Filtered nearest-neighbour searches, by table and the plan used (exact, hnsw, hnsw_fallback).",
    ["table", "plan"],
)
OUTBOX_QUEUED = Counter(
    "mnemosyne_outbox_queued_total",
    "Tasks kept in the outbox because the broker was down.",
    ["task"],
)


def registry() -> CollectorRegistry:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        collected = CollectorRegistry()
        multiprocess.MultiProcessCollector(collected)
        return collected
    return REGISTRY


def metrics_view(request: HttpRequest) -> HttpResponse:
    return HttpResponse(generate_latest(registry()), content_type=CONTENT_TYPE_LATEST)


class RequestMetricsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        # The route pattern, not the path, so ids do not explode the label set.
        route = match.route if match is not None else "unmatched"
        REQUEST_LATENCY.labels(
            route=route, method=request.method, status=response.status_code
        ).observe(time.perf_counter() - started)
        return response
