"""Who may decide what, and the queues people work through.

The pages and the API both ask these functions, so a rule changes in one place.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from governance.auth import Principal
from governance.models import (
    OPEN_ESCALATION_STATES,
    Approval,
    Escalation,
    Membership,
    Notification,
    Proposal,
    ProposalState,
    QueueAssignment,
    Role,
)

# Escalations aimed at this queue (bloat alerts, cleanup suggestions) are maintainers' work.
MAINTAINERS_QUEUE = "maintainers"
# How the spec's targets read in the UI; anything else is shown as it was written.
QUEUE_LABELS = {
    "aria": "ARIA",
    "varys": "VARYS",
    "domain_supervisor": "Domain supervisor",
    MAINTAINERS_QUEUE: "Maintainers",
}
# The spec's spelling of its targets (`escalated_to`: "ARIA, VARYS, domain supervisor"). Names are
# accepted in any case and stored and answered in this spelling.
SPEC_QUEUE_NAMES = {"aria": "ARIA", "varys": "VARYS", "domain_supervisor": "domain_supervisor"}
AGE_CHOICES = {"1": timedelta(days=1), "7": timedelta(days=7), "30": timedelta(days=30)}


def queue_canonical(queue: str) -> str:
    """A queue name in the spec's spelling (`aria` -> `ARIA`); others as written, trimmed."""
    name = (queue or "").strip()
    return SPEC_QUEUE_NAMES.get(name.lower(), name)


def queue_label(queue: str) -> str:
    return QUEUE_LABELS.get((queue or "").strip().lower(), queue)


def handler_roles(queue: str) -> tuple[str, ...]:
    """Supervisors handle every escalation; maintainers also handle their own queue's."""
    if (queue or "").strip().lower() == MAINTAINERS_QUEUE:
        return (Role.SUPERVISOR, Role.MAINTAINER)
    return (Role.SUPERVISOR,)


def escalation_path(escalation: Escalation) -> str:
    scope = escalation.scope
    return scope.path if scope is not None else settings.MNEMOSYNE_DEFAULT_SCOPE


def _ancestors(path: str) -> list[str]:
    parts = path.split("/")
    return ["/".join(parts[:n]) for n in range(len(parts), 0, -1)]


def can_decide_proposal(principal: Principal | None, proposal: Proposal) -> bool:
    return (
        principal is not None
        and principal.kind == "person"
        and principal.has_role(proposal.scope.path, Role.MAINTAINER)
    )


def can_handle_escalation(principal: Principal | None, escalation: Escalation) -> bool:
    if principal is None or principal.kind != "person":
        return False
    path = escalation_path(escalation)
    return any(principal.has_role(path, role) for role in handler_roles(escalation.escalated_to))


def role_q(principal: Principal, role: str, field_name: str = "scope__path") -> Q:
    """Rows in scopes where the principal holds `role` (in the scope or above it)."""
    if principal.kind == "person" and getattr(principal.user, "is_superuser", False):
        return Q()
    q = Q(pk__in=[])
    for path, roles in principal.roles.items():
        if role in roles:
            q |= Q(**{field_name: path}) | Q(**{f"{field_name}__startswith": f"{path}/"})
    return q


def escalation_handlers(escalation: Escalation) -> list:
    """The people to tell about an escalation: those assigned to its queue for its domain who may
    handle it; else those assigned to the queue for every domain; else everyone who may. One
    query: everyone who may, marked with the assignments that put them first."""
    chain = _ancestors(escalation_path(escalation))
    eligible = Membership.objects.filter(
        scope__path__in=chain, role__in=handler_roles(escalation.escalated_to)
    ).values("user_id")
    assigned = QueueAssignment.objects.filter(
        queue=escalation.escalated_to.strip().lower(), scope__path__in=chain, user=OuterRef("pk")
    )
    domain = escalation.domain.strip().lower()
    people = list(
        get_user_model()
        .objects.filter(is_active=True, pk__in=eligible)
        .annotate(
            for_domain=Exists(assigned.filter(domain=domain)),
            for_every_domain=Exists(assigned.filter(domain="")),
        )
        .order_by("pk")
    )
    for mark in ("for_domain", "for_every_domain"):
        chosen = [person for person in people if getattr(person, mark)]
        if chosen:
            return chosen
    return people


# --- proposals --------------------------------------------------------------------------------


def proposals_readable(principal: Principal) -> QuerySet[Proposal]:
    """Proposals of the caller's scopes and below; an ancestor's only to those governing it."""
    return Proposal.objects.filter(principal.governed_q("scope__path"))


def _with_counts(qs: QuerySet[Proposal]) -> QuerySet[Proposal]:
    return qs.select_related("scope").annotate(
        approve_count=Count("approvals", filter=Q(approvals__decision="approve"), distinct=True)
    )


def proposals_to_review(
    principal: Principal,
    *,
    kind: str = "",
    layer: str = "",
    scope_path: str = "",
    older_than: str = "",
    state: str = ProposalState.PENDING,
) -> QuerySet[Proposal]:
    """The maintainer's queue: proposals in scopes they maintain, oldest first (fair order)."""
    qs = Proposal.objects.filter(role_q(principal, Role.MAINTAINER))
    if state:
        qs = qs.filter(state=state)
    if kind:
        qs = qs.filter(kind=kind)
    if layer:
        qs = qs.filter(scope__layer=layer)
    if scope_path:
        qs = qs.filter(Q(scope__path=scope_path) | Q(scope__path__startswith=f"{scope_path}/"))
    if older_than in AGE_CHOICES:
        qs = qs.filter(created_at__lte=timezone.now() - AGE_CHOICES[older_than])
    if principal.user is not None:
        qs = qs.annotate(
            decided_by_me=Exists(
                Approval.objects.filter(proposal=OuterRef("pk"), user=principal.user)
            )
        )
    oldest_first = state == ProposalState.PENDING
    return _with_counts(qs).order_by("created_at" if oldest_first else "-created_at")


def proposals_awaiting(principal: Principal) -> QuerySet[Proposal]:
    """Pending proposals this person may decide and has not decided yet."""
    qs = Proposal.objects.filter(role_q(principal, Role.MAINTAINER), state=ProposalState.PENDING)
    if principal.user is not None:
        qs = qs.exclude(approvals__user=principal.user)
        qs = qs.exclude(proposed_by_user=principal.user)
    return qs


# --- escalations ------------------------------------------------------------------------------


def escalations_readable(principal: Principal) -> QuerySet[Escalation]:
    return Escalation.objects.filter(principal.readable_q("scope__path"))


def escalations_handled_q(principal: Principal) -> Q:
    """Escalations the principal may act on: supervised scopes, plus the maintainers' queue in
    maintained scopes."""
    if principal.kind != "person":
        return Q(pk__in=[])
    return role_q(principal, Role.SUPERVISOR) | (
        Q(escalated_to__iexact=MAINTAINERS_QUEUE) & role_q(principal, Role.MAINTAINER)
    )


def overdue_q(now=None) -> Q:
    return Q(status__in=OPEN_ESCALATION_STATES, due_at__lte=now or timezone.now())


def escalations_to_handle(
    principal: Principal,
    *,
    status: str = "open",
    queue: str = "",
    priority: str = "",
    overdue: bool = False,
    mine: bool = False,
    older_than: str = "",
) -> QuerySet[Escalation]:
    qs = Escalation.objects.filter(escalations_handled_q(principal)).select_related("scope")
    if status == "open":
        qs = qs.filter(status__in=OPEN_ESCALATION_STATES)
    elif status:
        qs = qs.filter(status=status)
    if queue:
        qs = qs.filter(escalated_to__iexact=queue)
    if priority:
        qs = qs.filter(priority=priority)
    if overdue:
        qs = qs.filter(overdue_q())
    if older_than in AGE_CHOICES:
        qs = qs.filter(created_at__lte=timezone.now() - AGE_CHOICES[older_than])
    if mine and principal.user is not None:
        assigned = Q(pk__in=[])
        rows = QueueAssignment.objects.filter(user=principal.user).values_list("queue", "domain")
        for name, domain in rows:
            assigned |= Q(escalated_to__iexact=name) & (Q(domain__iexact=domain) if domain else Q())
        qs = qs.filter(assigned)
    return qs


PRIORITY_ORDER = {"critical": 0, "high": 1, "medium": 2, "low": 3}


def escalation_sort_key(escalation: Escalation) -> tuple:
    """Overdue first, then by priority, then oldest first."""
    return (
        0 if escalation.overdue else 1,
        PRIORITY_ORDER.get(escalation.priority, 9),
        escalation.created_at,
    )


def my_queue_names(user) -> set[str]:
    return set(QueueAssignment.objects.filter(user=user).values_list("queue", flat=True))


# --- inbox ------------------------------------------------------------------------------------


def inbox_of(user, *, unread_only: bool = False) -> QuerySet[Notification]:
    qs = Notification.objects.filter(user=user).select_related("scope")
    return qs.filter(read_at__isnull=True) if unread_only else qs


def unread_count(user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()
