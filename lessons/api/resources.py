"""The resource API under /api/v1/lessons/: browse lessons, decide patterns, edit anti-patterns.

Querysets are scoped to the caller; transitions are `@action`s calling the same services as the
spec's endpoints and the admin.
"""

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from governance.auth import principal_of
from lessons.api.serializers import (
    AntiPatternOutputSerializer,
    AntiPatternUpdateInputSerializer,
    ConfirmInputSerializer,
    DeprecateInputSerializer,
    LessonOutputSerializer,
    PatternOutputSerializer,
)
from lessons.filters import AntiPatternFilter, LessonFilter, PatternFilter
from lessons.models import AntiPattern, Lesson, Pattern
from lessons.selectors import anti_patterns_readable, lessons_readable, patterns_readable
from lessons.services import (
    anti_pattern_set_active,
    anti_pattern_update,
    pattern_confirm,
    pattern_deprecate,
)


class LessonViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = LessonOutputSerializer
    filterset_class = LessonFilter
    queryset = Lesson.objects.none()  # for the schema; requests use get_queryset

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        return (
            lessons_readable(principal_of(self.request)).select_related("scope").defer("embedding")
        )


class PatternViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = PatternOutputSerializer
    filterset_class = PatternFilter
    queryset = Pattern.objects.none()

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        return patterns_readable(principal_of(self.request)).select_related("scope")

    @extend_schema(request=ConfirmInputSerializer, responses=PatternOutputSerializer)
    @action(detail=True, methods=["post"])
    def confirm(self, request, pk=None):
        pattern = self.get_object()
        data = ConfirmInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        principal = principal_of(request)
        pattern = pattern_confirm(
            pattern_id=pattern.pk,
            principal=principal,
            confirmed_by=data.validated_data.get("confirmed_by") or principal.name,
            notes=data.validated_data["notes"],
        )
        return Response(PatternOutputSerializer(pattern).data)

    @extend_schema(request=DeprecateInputSerializer, responses=PatternOutputSerializer)
    @action(detail=True, methods=["post"])
    def deprecate(self, request, pk=None):
        pattern = self.get_object()
        data = DeprecateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        pattern = pattern_deprecate(
            pattern_id=pattern.pk,
            principal=principal_of(request),
            notes=data.validated_data["notes"],
        )
        return Response(PatternOutputSerializer(pattern).data)


class AntiPatternViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = AntiPatternOutputSerializer
    filterset_class = AntiPatternFilter
    queryset = AntiPattern.objects.none()

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        return (
            anti_patterns_readable(principal_of(self.request))
            .select_related("scope")
            .defer("embedding")
        )

    def _target(self):
        """The anti-pattern (404 outside the readable scopes) and the caller; the services
        decide who may edit it."""
        return self.get_object(), principal_of(self.request)

    @extend_schema(request=AntiPatternUpdateInputSerializer, responses=AntiPatternOutputSerializer)
    def partial_update(self, request, pk=None):
        anti_pattern, principal = self._target()
        data = AntiPatternUpdateInputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        updated = anti_pattern_update(
            anti_pattern_id=anti_pattern.pk, principal=principal, changes=data.validated_data
        )
        return Response(AntiPatternOutputSerializer(updated).data)

    @extend_schema(request=None, responses=AntiPatternOutputSerializer)
    @action(detail=True, methods=["post"])
    def activate(self, request, pk=None):
        anti_pattern, principal = self._target()
        anti_pattern_set_active(anti_pattern_id=anti_pattern.pk, principal=principal, active=True)
        return Response(AntiPatternOutputSerializer(self.get_object()).data)

    @extend_schema(request=None, responses=AntiPatternOutputSerializer)
    @action(detail=True, methods=["post"])
    def deactivate(self, request, pk=None):
        anti_pattern, principal = self._target()
        anti_pattern_set_active(anti_pattern_id=anti_pattern.pk, principal=principal, active=False)
        return Response(AntiPatternOutputSerializer(self.get_object()).data)
