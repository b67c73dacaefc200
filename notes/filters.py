"""FilterSets shared by the API lists and the admin."""

import django_filters

from governance.models import Layer
from notes.models import (
    DistillationStatus,
    KnowledgeItem,
    KnowledgeKind,
    KnowledgeStatus,
    SessionOutcome,
    Skill,
    SkillStatus,
    SkillType,
    Trajectory,
)


class _ScopeFilterMixin(django_filters.FilterSet):
    scope = django_filters.CharFilter(
        method="filter_scope", help_text="scope path; includes the scopes below it"
    )
    layer = django_filters.ChoiceFilter(field_name="scope__layer", choices=Layer.choices)

    def filter_scope(self, queryset, name, value):
        value = value.strip("/")
        return queryset.filter(scope__path=value) | queryset.filter(
            scope__path__startswith=f"{value}/"
        )


class NoteFilter(_ScopeFilterMixin):
    kind = django_filters.ChoiceFilter(choices=KnowledgeKind.choices)
    status = django_filters.MultipleChoiceFilter(choices=KnowledgeStatus.choices)
    low_quality = django_filters.BooleanFilter()
    tag = django_filters.CharFilter(method="filter_tag")

    class Meta:
        model = KnowledgeItem
        fields = ["kind", "status", "low_quality"]

    def filter_tag(self, queryset, name, value):
        return queryset.filter(tags__contains=[value])


class KnowledgeFilter(_ScopeFilterMixin):
    category = django_filters.ChoiceFilter(
        field_name="kind",
        choices=[(k, k) for k in ("rule", "definition", "preference", "fact")],
    )

    class Meta:
        model = KnowledgeItem
        fields = ["category"]


class TrajectoryFilter(_ScopeFilterMixin):
    session = django_filters.CharFilter(field_name="session_key")
    outcome = django_filters.ChoiceFilter(choices=SessionOutcome.choices)
    distillation_status = django_filters.ChoiceFilter(choices=DistillationStatus.choices)

    class Meta:
        model = Trajectory
        fields = ["session", "outcome", "distillation_status"]


class SkillFilter(_ScopeFilterMixin):
    status = django_filters.ChoiceFilter(choices=SkillStatus.choices)
    skill_type = django_filters.ChoiceFilter(choices=SkillType.choices)

    class Meta:
        model = Skill
        fields = ["status", "skill_type"]
