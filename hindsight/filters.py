"""Filters shared by the hindsight API and admin."""

import django_filters
from django.db.models import Q

from hindsight.models import (
    ErrorSignature,
    Learning,
    LearningCategory,
    Resolution,
    SignatureStatus,
    SuggestionMiss,
)


class _ScopeFilterSet(django_filters.FilterSet):
    scope = django_filters.CharFilter(field_name="scope__path", help_text="scope path")


class SignatureFilter(_ScopeFilterSet):
    error_type = django_filters.CharFilter()
    tool_name = django_filters.CharFilter()
    status = django_filters.ChoiceFilter(choices=SignatureStatus.choices)
    min_occurrences = django_filters.NumberFilter(field_name="occurrence_count", lookup_expr="gte")

    class Meta:
        model = ErrorSignature
        fields = ["scope", "error_type", "tool_name", "status", "min_occurrences"]


class ResolutionFilter(_ScopeFilterSet):
    signature = django_filters.UUIDFilter(field_name="signature_id")
    min_success_rate = django_filters.NumberFilter(field_name="success_rate", lookup_expr="gte")

    class Meta:
        model = Resolution
        fields = ["scope", "signature", "min_success_rate"]


class MissFilter(_ScopeFilterSet):
    source = django_filters.CharFilter()
    error_type = django_filters.CharFilter()

    class Meta:
        model = SuggestionMiss
        fields = ["scope", "source", "error_type"]


class LearningFilter(_ScopeFilterSet):
    category = django_filters.ChoiceFilter(choices=LearningCategory.choices)
    trigger = django_filters.CharFilter()
    q = django_filters.CharFilter(method="search", help_text="error pattern or trigger contains")
    min_confidence = django_filters.NumberFilter(field_name="confidence", lookup_expr="gte")

    class Meta:
        model = Learning
        fields = ["scope", "category", "trigger", "q", "min_confidence"]

    def search(self, queryset, name, value):
        return queryset.filter(Q(error_pattern__icontains=value) | Q(trigger__icontains=value))
