"""Filters shared by the API's governance lists."""

import django_filters
from django.db.models import Q
from django.utils import timezone

from governance.auth import principal_of, principal_or_none
from governance.models import (
    OPEN_ESCALATION_STATES,
    AuditLog,
    Escalation,
    EscalationStatus,
    Layer,
    Notification,
    NotificationKind,
    Priority,
    Proposal,
    ProposalKind,
    ProposalState,
    Role,
)
from governance.selectors.queues import escalations_handled_q, role_q
from mnemosyne_site.api import UtcIsoDateTimeFilter


def _subtree(queryset, field_name: str, path: str):
    path = path.strip("/")
    return queryset.filter(Q(**{field_name: path}) | Q(**{f"{field_name}__startswith": f"{path}/"}))


class ProposalFilter(django_filters.FilterSet):
    kind = django_filters.ChoiceFilter(choices=ProposalKind.choices)
    state = django_filters.ChoiceFilter(choices=ProposalState.choices)
    layer = django_filters.ChoiceFilter(field_name="scope__layer", choices=Layer.choices)
    scope = django_filters.CharFilter(field_name="scope__path", help_text="exact scope path")
    within = django_filters.CharFilter(method="filter_within", help_text="scope path and below")
    created_before = UtcIsoDateTimeFilter(field_name="created_at", lookup_expr="lte")
    created_after = UtcIsoDateTimeFilter(field_name="created_at", lookup_expr="gte")
    decidable = django_filters.BooleanFilter(
        method="filter_decidable",
        help_text="true: pending proposals the caller may decide and has not decided yet",
    )

    class Meta:
        model = Proposal
        fields = ["kind", "state", "layer", "scope", "subject_type", "subject_id"]

    def filter_within(self, queryset, name, value):
        return _subtree(queryset, "scope__path", value)

    def filter_decidable(self, queryset, name, value):
        principal = principal_or_none(self.request)
        if principal is None or principal.kind != "person":
            return queryset.none() if value else queryset
        mine = Q(state=ProposalState.PENDING) & role_q(principal, Role.MAINTAINER)
        if value:
            return queryset.filter(mine).exclude(approvals__user=principal.user)
        return queryset.exclude(mine)


class EscalationFilter(django_filters.FilterSet):
    status = django_filters.CharFilter(
        method="filter_status",
        help_text="pending, reviewed, resolved, dismissed, or open (pending or reviewed)",
    )
    escalated_to = django_filters.CharFilter(lookup_expr="iexact")
    domain = django_filters.CharFilter(lookup_expr="iexact")
    priority = django_filters.ChoiceFilter(choices=Priority.choices)
    overdue = django_filters.BooleanFilter(method="filter_overdue")
    scope = django_filters.CharFilter(field_name="scope__path")
    within = django_filters.CharFilter(method="filter_within")
    handleable = django_filters.BooleanFilter(
        method="filter_handleable", help_text="true: escalations the caller may act on"
    )
    created_before = UtcIsoDateTimeFilter(field_name="created_at", lookup_expr="lte")
    created_after = UtcIsoDateTimeFilter(field_name="created_at", lookup_expr="gte")

    class Meta:
        model = Escalation
        fields = ["escalated_to", "priority", "lesson_id", "pattern_id"]

    def filter_status(self, queryset, name, value):
        if value == "open":
            return queryset.filter(status__in=OPEN_ESCALATION_STATES)
        if value not in EscalationStatus.values:
            return queryset.none()
        return queryset.filter(status=value)

    def filter_overdue(self, queryset, name, value):
        overdue = Q(status__in=OPEN_ESCALATION_STATES, due_at__lte=timezone.now())
        return queryset.filter(overdue) if value else queryset.exclude(overdue)

    def filter_within(self, queryset, name, value):
        return _subtree(queryset, "scope__path", value)

    def filter_handleable(self, queryset, name, value):
        principal = principal_of(self.request)
        handled = escalations_handled_q(principal)
        return queryset.filter(handled) if value else queryset.exclude(handled)


class NotificationFilter(django_filters.FilterSet):
    unread = django_filters.BooleanFilter(field_name="read_at", lookup_expr="isnull")
    kind = django_filters.ChoiceFilter(choices=NotificationKind.choices)

    class Meta:
        model = Notification
        fields = ["unread", "kind"]


class AuditLogFilter(django_filters.FilterSet):
    within = django_filters.CharFilter(method="filter_within")
    since = UtcIsoDateTimeFilter(field_name="at", lookup_expr="gte")

    class Meta:
        model = AuditLog
        fields = [
            "action",
            "actor",
            "actor_kind",
            "target_type",
            "target_id",
            "scope_path",
            "session_key",
        ]

    def filter_within(self, queryset, name, value):
        return _subtree(queryset, "scope_path", value)
