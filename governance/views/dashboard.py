"""The dashboard maintainers and supervisors open first: figures, queues and charts."""

from __future__ import annotations

from django.utils import timezone

from governance import charts
from governance.models import Priority
from governance.selectors.dashboard import (
    decisions_per_day,
    governance_figures,
    open_escalations_by_queue,
    provider_sections,
)
from governance.selectors.queues import (
    escalation_sort_key,
    escalations_to_handle,
    proposals_awaiting,
    queue_label,
)
from governance.views.common import principal, render_page, review_page

# The spec's dashboard view, in its order (the lessons app provides the values).
SPEC_FIGURES = [
    "total_lessons",
    "failures",
    "successes",
    "anti_patterns",
    "confirmed_patterns",
    "pending_escalations",
    "lessons_today",
    "lessons_this_week",
]


@review_page
def dashboard(request):
    me = principal(request)
    today = timezone.localdate()
    sections = provider_sections(me)
    lessons = sections.get("lessons", {})
    hindsight = sections.get("hindsight", {})
    lessons_data = lessons.get("data") or {}
    hindsight_data = hindsight.get("data") or {}

    ours = governance_figures(me)
    spec_figures = dict(lessons_data.get("figures") or {})
    # Pending escalations are governance's own rows: fill the spec's figure from them.
    spec_figures.setdefault("pending_escalations", ours["pending_escalations"])
    ordered_figures = [(k, spec_figures[k]) for k in SPEC_FIGURES if k in spec_figures] + [
        (k, v) for k, v in spec_figures.items() if k not in SPEC_FIGURES
    ]

    queues = open_escalations_by_queue(me)
    escalation_bars = [
        {
            "label": queue_label(queue),
            "bar": charts.split_bar(
                [(p, counts.get(p, 0), charts.PRIORITY_COLOURS[p]) for p in Priority.values],
                width=420,
            ),
        }
        for queue, counts in sorted(queues.items(), key=lambda kv: -sum(kv[1].values()))
    ]
    awaiting = list(proposals_awaiting(me).select_related("scope").order_by("created_at")[:6])
    urgent = sorted(
        escalations_to_handle(me).select_related("scope")[:200], key=escalation_sort_key
    )[:6]
    others = {k: v for k, v in sections.items() if k not in ("lessons", "hindsight")}
    return render_page(
        request,
        "review/dashboard.html",
        {
            "ours": ours,
            "spec_figures": ordered_figures,
            "lessons": lessons,
            "hindsight": hindsight,
            "lessons_chart": charts.stacked_days(
                lessons_data.get("lessons_per_day") or [], today=today, width=600, height=260
            )
            if lessons_data
            else None,
            "anti_patterns_chart": charts.hbars(
                lessons_data.get("top_anti_patterns") or [],
                value="times_triggered",
                label="title",
                colour_key="severity",
                palette=charts.SEVERITY_COLOURS,
            )
            if lessons_data
            else None,
            "signatures_chart": charts.hbars(
                hindsight_data.get("top_signatures") or [],
                value="occurrence_count",
                label="pattern",
                colour="#5b6b7f",
            )
            if hindsight_data
            else None,
            "resolutions_chart": charts.hbars(
                hindsight_data.get("resolution_success") or [],
                value="success_rate",
                label="description",
                maximum=1.0,
                percent=True,
            )
            if hindsight_data
            else None,
            "decisions_chart": charts.stacked_days(
                decisions_per_day(me),
                today=today,
                category="state",
                palette={"approved": "#3a9d5d", "rejected": "#d64545"},
                width=600,
                height=200,
            ),
            "escalation_bars": escalation_bars,
            "priority_colours": charts.PRIORITY_COLOURS,
            "awaiting": awaiting,
            "urgent": urgent,
            "other_sections": others,
            "active": "dashboard",
        },
    )
