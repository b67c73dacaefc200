"""Governance's own dashboard sections, scoped to what the viewer may read, plus the sections
other apps register (lessons, hindsight), each fetched so one failing app cannot sink the page."""

from __future__ import annotations

import logging
from datetime import timedelta
from statistics import median

from django.db.models import Count
from django.db.models.functions import TruncDate
from django.utils import timezone

from governance.auth import Principal
from governance.models import OPEN_ESCALATION_STATES, ProposalState
from governance.registry import dashboard_providers
from governance.selectors.queues import (
    escalations_readable,
    escalations_to_handle,
    overdue_q,
    proposals_awaiting,
    proposals_readable,
)

logger = logging.getLogger(__name__)


def governance_figures(principal: Principal) -> dict:
    now = timezone.now()
    proposals = proposals_readable(principal)
    handled = escalations_to_handle(principal)
    decided = list(
        proposals.filter(
            decided_at__gte=now - timedelta(days=30),
            state__in=[ProposalState.APPROVED, ProposalState.REJECTED],
        ).values_list("created_at", "decided_at")[:2000]
    )
    waits = [(done - made).total_seconds() / 3600 for made, done in decided if done is not None]
    return {
        "pending_proposals": proposals.filter(state=ProposalState.PENDING).count(),
        "awaiting_you": proposals_awaiting(principal).count(),
        "pending_escalations": escalations_readable(principal).filter(status="pending").count(),
        "open_in_your_queues": handled.count(),
        "overdue_escalations": handled.filter(overdue_q(now)).count(),
        "decisions_30_days": len(decided),
        "median_hours_to_decide": round(median(waits), 1) if waits else None,
    }


def decisions_per_day(principal: Principal, *, days: int = 30) -> list[dict]:
    """Approved and rejected proposals per day, in the shape the stacked chart takes."""
    since = timezone.now() - timedelta(days=days)
    rows = (
        proposals_readable(principal)
        .filter(decided_at__gte=since, state__in=[ProposalState.APPROVED, ProposalState.REJECTED])
        .annotate(day=TruncDate("decided_at"))
        .order_by()
        .values("day", "state")
        .annotate(n=Count("id"))
    )
    return [{"date": r["day"], "state": r["state"], "count": r["n"]} for r in rows]


def open_escalations_by_queue(principal: Principal) -> dict[str, dict[str, int]]:
    rows = (
        escalations_readable(principal)
        .filter(status__in=OPEN_ESCALATION_STATES)
        .order_by()
        .values("escalated_to", "priority")
        .annotate(n=Count("id"))
    )
    out: dict[str, dict[str, int]] = {}
    for row in rows:
        queue = row["escalated_to"].strip().lower()
        out.setdefault(queue, {})
        out[queue][row["priority"]] = out[queue].get(row["priority"], 0) + row["n"]
    return out


def provider_sections(principal: Principal) -> dict[str, dict]:
    """Every registered provider's section: {"data": ...} or {"error": ...}."""
    sections: dict[str, dict] = {}
    for key, provider in sorted(dashboard_providers().items()):
        try:
            data = provider(principal)
            sections[key] = {"data": data if isinstance(data, dict) else {}}
        except Exception as error:  # one app's failure must not take the dashboard down
            logger.warning("dashboard provider %s failed", key, exc_info=True)
            sections[key] = {"error": type(error).__name__}
    return sections
