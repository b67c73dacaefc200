"""The maintainer's review queue and the proposal detail page with its evidence and decision."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count, Prefetch
from django.http import Http404
from django.shortcuts import redirect
from django.views.decorators.http import require_http_methods

from governance.evidence import proposal_evidence
from governance.models import (
    Approval,
    AuditLog,
    Decision,
    Layer,
    Proposal,
    ProposalKind,
    ProposalState,
    Role,
)
from governance.selectors import maintainers_of, policy_for
from governance.selectors.queues import (
    AGE_CHOICES,
    can_decide_proposal,
    proposals_readable,
    proposals_to_review,
    role_q,
)
from governance.services import proposal_cancel, proposal_decide
from governance.views.common import principal, render_page, review_page, run_decision

STATE_CHOICES = [
    ("pending", "Pending"),
    ("approved", "Approved"),
    ("rejected", "Rejected"),
    ("cancelled", "Cancelled"),
    ("stale", "Stale"),
    ("", "Any state"),
]


@review_page
def proposal_queue(request):
    me = principal(request)
    filters = {
        "kind": request.GET.get("kind", "")
        if request.GET.get("kind") in ProposalKind.values
        else "",
        "layer": request.GET.get("layer", "") if request.GET.get("layer") in Layer.values else "",
        "scope_path": request.GET.get("scope", "").strip("/"),
        "older_than": request.GET.get("age", "") if request.GET.get("age") in AGE_CHOICES else "",
        "state": request.GET.get("state", ProposalState.PENDING),
    }
    if filters["state"] not in ProposalState.values:
        filters["state"] = ""
    queue = proposals_to_review(me, **filters)
    page = Paginator(queue, 50).get_page(request.GET.get("page"))

    # One queue per scope the person maintains, with its pending count (subtree included) and
    # the scopes below it that have something waiting.
    pending = dict(
        Proposal.objects.filter(role_q(me, Role.MAINTAINER), state=ProposalState.PENDING)
        .order_by()
        .values("scope__path")
        .annotate(n=Count("id"))
        .values_list("scope__path", "n")
    )
    roots = sorted(p for p, roles in me.roles.items() if Role.MAINTAINER in roles)
    if request.user.is_superuser:
        roots = sorted({path.split("/")[0] for path in pending} | set(roots))

    def within(path: str, root: str) -> bool:
        return path == root or path.startswith(f"{root}/")

    scope_tabs = [
        {
            "path": root,
            "pending": sum(n for path, n in pending.items() if within(path, root)),
            "children": [
                {"path": path, "pending": n}
                for path, n in sorted(pending.items())
                if within(path, root) and path != root
            ],
        }
        for root in roots
    ]
    query = request.GET.copy()
    query.pop("page", None)
    return render_page(
        request,
        "review/queue.html",
        {
            "page": page,
            "proposals": page.object_list,
            "filters": filters,
            "kinds": ProposalKind.choices,
            "layers": Layer.choices,
            "states": STATE_CHOICES,
            "ages": [
                ("", "Any age"),
                ("1", "Waiting over a day"),
                ("7", "Over a week"),
                ("30", "Over a month"),
            ],
            "scope_tabs": scope_tabs,
            "is_superuser": request.user.is_superuser,
            "querystring": query.urlencode(),
            "active": "queue",
        },
    )


@review_page
@require_http_methods(["GET", "POST"])
def proposal_detail(request, proposal_id):
    me = principal(request)
    proposal = (
        proposals_readable(me)
        .select_related("scope", "proposed_by_user")
        .prefetch_related(Prefetch("approvals", queryset=Approval.objects.select_related("user")))
        .filter(pk=proposal_id)
        .first()
    )
    if proposal is None:
        raise Http404("No such proposal.")  # also for proposals outside what they may read

    if request.method == "POST":
        action = request.POST.get("action", "")
        comment = request.POST.get("comment", "").strip()[:5000]
        if action in (Decision.APPROVE, Decision.REJECT):
            done = run_decision(
                request,
                lambda: proposal_decide(
                    proposal_id=proposal.pk, principal=me, decision=action, comment=comment
                ),
            )
            if done:
                proposal.refresh_from_db()
                if proposal.state == ProposalState.APPROVED:
                    messages.success(request, "Approved and applied.")
                elif proposal.state == ProposalState.REJECTED:
                    messages.success(request, "Rejected.")
                else:
                    left = (
                        proposal.required_approvals
                        - proposal.approvals.filter(decision=Decision.APPROVE).count()
                    )
                    messages.success(request, f"Your approval is recorded; {left} more needed.")
        elif action == "cancel":
            if run_decision(
                request,
                lambda: proposal_cancel(proposal_id=proposal.pk, principal=me, reason=comment),
            ):
                messages.success(request, "Proposal withdrawn.")
        else:
            messages.error(request, "Unknown action.")
        return redirect("review:proposal", proposal_id=proposal.pk)

    approvals = list(proposal.approvals.all())
    approve_count = sum(1 for a in approvals if a.decision == Decision.APPROVE)
    my_decision = next((a for a in approvals if a.user_id == request.user.pk), None)
    policy = policy_for(proposal.scope)
    is_proposer = proposal.proposed_by_user_id == request.user.pk
    may_decide = (
        proposal.state == ProposalState.PENDING
        and can_decide_proposal(me, proposal)
        and my_decision is None
        and (not is_proposer or policy.proposer_may_approve)
    )
    eligible = maintainers_of(proposal.scope)
    if proposal.proposed_by_user_id and not policy.proposer_may_approve:
        eligible = eligible.exclude(pk=proposal.proposed_by_user_id)
    eligible_count = eligible.count()
    audit = AuditLog.objects.filter(
        target_type="governance.proposal", target_id=str(proposal.pk)
    ).order_by("at", "id")
    return render_page(
        request,
        "review/proposal_detail.html",
        {
            "proposal": proposal,
            "evidence": proposal_evidence(proposal),
            "approvals": approvals,
            "approve_count": approve_count,
            "remaining": max(0, proposal.required_approvals - approve_count),
            "progress_pct": min(
                100, int(100 * approve_count / max(1, proposal.required_approvals))
            ),
            "my_decision": my_decision,
            "may_decide": may_decide,
            "is_maintainer": can_decide_proposal(me, proposal),
            "is_proposer": is_proposer,
            "may_cancel": proposal.state == ProposalState.PENDING
            and (is_proposer or can_decide_proposal(me, proposal)),
            "proposer_may_approve": policy.proposer_may_approve,
            "eligible_count": eligible_count,
            "short_of_maintainers": proposal.state == ProposalState.PENDING
            and eligible_count < proposal.required_approvals,
            "audit": audit,
            "active": "queue",
        },
    )
