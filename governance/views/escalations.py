"""The supervisors' escalation queue, grouped by target (ARIA, VARYS, domain supervisors...)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from governance.evidence import describe
from governance.models import AuditLog, EscalationStatus, Priority
from governance.selectors.queues import (
    AGE_CHOICES,
    PRIORITY_ORDER,
    can_handle_escalation,
    escalation_sort_key,
    escalations_readable,
    escalations_to_handle,
    my_queue_names,
    queue_label,
)
from governance.services import escalation_transition
from governance.views.common import principal, render_page, review_page, run_decision

STATUS_CHOICES = [
    ("open", "Open (pending or reviewed)"),
    ("pending", "Pending"),
    ("reviewed", "Reviewed"),
    ("resolved", "Resolved"),
    ("dismissed", "Dismissed"),
    ("", "Any status"),
]
ACTIONS = {
    "review": EscalationStatus.REVIEWED,
    "resolve": EscalationStatus.RESOLVED,
    "dismiss": EscalationStatus.DISMISSED,
}
QUEUE_LIMIT = 300


@review_page
def escalation_queue(request):
    me = principal(request)
    status = request.GET.get("status", "open")
    if status not in {value for value, _ in STATUS_CHOICES}:
        status = "open"
    filters = {
        "status": status,
        "queue": request.GET.get("queue", "").strip(),
        "priority": request.GET.get("priority", "")
        if request.GET.get("priority") in Priority.values
        else "",
        "overdue": request.GET.get("overdue") == "1",
        "mine": request.GET.get("mine") == "1",
        "older_than": request.GET.get("age", "") if request.GET.get("age") in AGE_CHOICES else "",
    }
    rows = list(escalations_to_handle(me, **filters).order_by("created_at")[:QUEUE_LIMIT])
    rows.sort(key=escalation_sort_key)

    # Group by target queue; the queue with overdue or critical work comes first.
    groups: dict[str, dict] = {}
    for escalation in rows:
        key = escalation.escalated_to.strip().lower()
        group = groups.setdefault(
            key,
            {
                "key": key,
                "label": queue_label(escalation.escalated_to),
                "items": [],
                "overdue": 0,
                "by_priority": dict.fromkeys(Priority.values, 0),
            },
        )
        group["items"].append(escalation)
        group["overdue"] += escalation.overdue
        group["by_priority"][escalation.priority] += 1
    ordered = sorted(
        groups.values(),
        key=lambda g: (
            -g["overdue"],
            min(PRIORITY_ORDER[e.priority] for e in g["items"]),
            g["label"],
        ),
    )
    all_queues = sorted(
        {
            q.strip().lower()
            for q in escalations_to_handle(me, status="")
            .values_list("escalated_to", flat=True)
            .distinct()
        }
        | my_queue_names(request.user)
    )
    return render_page(
        request,
        "review/escalations.html",
        {
            "groups": ordered,
            "count": len(rows),
            "truncated": len(rows) >= QUEUE_LIMIT,
            "filters": filters,
            "statuses": STATUS_CHOICES,
            "priorities": Priority.choices,
            "queues": [(q, queue_label(q)) for q in all_queues],
            "my_queues": sorted(queue_label(q) for q in my_queue_names(request.user)),
            "ages": [
                ("", "Any age"),
                ("1", "Waiting over a day"),
                ("7", "Over a week"),
                ("30", "Over a month"),
            ],
            "active": "escalations",
        },
    )


@review_page
@require_http_methods(["GET", "POST"])
def escalation_detail(request, escalation_id):
    me = principal(request)
    escalation = escalations_readable(me).select_related("scope").filter(pk=escalation_id).first()
    if escalation is None:
        raise Http404("No such escalation.")

    if request.method == "POST":
        action = request.POST.get("action", "")
        notes = request.POST.get("notes", "")[:10000]
        status = ACTIONS.get(action)
        if status is None:
            messages.error(request, "Unknown action.")
        elif run_decision(
            request,
            lambda: escalation_transition(
                escalation_id=escalation.pk, principal=me, status=status, notes=notes
            ),
        ):
            messages.success(request, f"Escalation marked {status}.")
            if request.POST.get("next") == "queue":
                return redirect(reverse("review:escalations"))
        return redirect("review:escalation", escalation_id=escalation.pk)

    subject = None
    if escalation.subject_type:
        subject = describe(escalation.subject_type, escalation.subject_id)
    elif escalation.lesson_id:
        subject = describe("lessons.lesson", escalation.lesson_id)
    elif escalation.pattern_id:
        subject = describe("lessons.pattern", escalation.pattern_id)
    audit = AuditLog.objects.filter(
        target_type="governance.escalation", target_id=str(escalation.pk)
    ).order_by("at", "id")
    return render_page(
        request,
        "review/escalation_detail.html",
        {
            "escalation": escalation,
            "subject": subject,
            "can_handle": escalation.is_open and can_handle_escalation(me, escalation),
            "is_pending": escalation.status == EscalationStatus.PENDING,
            "audit": audit,
            "active": "escalations",
        },
    )
