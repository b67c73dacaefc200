import django_filters

from lessons.models import AntiPattern, Lesson, Pattern
from mnemosyne_site.api import UtcIsoDateTimeFilter


class LessonFilter(django_filters.FilterSet):
    scope = django_filters.CharFilter(field_name="scope__path")
    tag = django_filters.CharFilter(field_name="tags", lookup_expr="contains", method="filter_tag")
    since = UtcIsoDateTimeFilter(field_name="created_at", lookup_expr="gte")

    class Meta:
        model = Lesson
        fields = ["lesson_type", "domain", "category", "severity", "source_agent", "validated"]

    def filter_tag(self, queryset, name, value):
        return queryset.filter(tags__contains=[value])


class PatternFilter(django_filters.FilterSet):
    scope = django_filters.CharFilter(field_name="scope__path")

    class Meta:
        model = Pattern
        fields = ["status", "pattern_type", "domain"]


class AntiPatternFilter(django_filters.FilterSet):
    scope = django_filters.CharFilter(field_name="scope__path")

    class Meta:
        model = AntiPattern
        fields = ["active", "severity", "block_action", "domain", "category"]
