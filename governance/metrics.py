"""Governance metrics: escalations opened and closed (labels are fixed enumerations)."""

from prometheus_client import Counter, Gauge

from governance.models import EscalationStatus, Priority

ESCALATIONS_CREATED = Counter(
    "mnemosyne_escalations_created_total", "Escalations opened, by priority.", ["priority"]
)
ESCALATIONS_RESOLVED = Counter(
    "mnemosyne_escalations_resolved_total",
    "Escalations closed, by priority and how (resolved, dismissed).",
    ["priority", "status"],
)
CLOSED_STATES = (EscalationStatus.RESOLVED, EscalationStatus.DISMISSED)

# Every label value exists from the start, so a scrape shows the series before the first event.
for _priority in Priority.values:
    ESCALATIONS_CREATED.labels(priority=_priority)
    for _status in CLOSED_STATES:
        ESCALATIONS_RESOLVED.labels(priority=_priority, status=_status)

# Set by the ageing sweep; the most recent value of any process is the current one.
ESCALATIONS_OPEN = Gauge(
    "mnemosyne_escalations_open",
    "Open escalations (pending or reviewed), by priority and whether overdue.",
    ["priority", "overdue"],
    multiprocess_mode="mostrecent",
)
