"""Trajectory capture: event batches, session end, and the captured trajectories."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from governance.selectors import readable
from governance.services import scope_for_write
from notes.api.common import principal
from notes.api.events import parse_event_batch
from notes.api.serializers import (
    IngestOutputSerializer,
    TrajectoryDetailSerializer,
    TrajectoryEndInputSerializer,
    TrajectoryEventBatchSerializer,
    TrajectoryOutputSerializer,
)
from notes.filters import TrajectoryFilter
from notes.models import Trajectory
from notes.services.trajectories import trajectory_end, trajectory_events_ingest, trajectory_requeue


class TrajectoryEventsView(APIView):
    @extend_schema(
        request=TrajectoryEventBatchSerializer,
        responses={
            200: IngestOutputSerializer,
            400: OpenApiResponse(description="a field is invalid; `fields` names it"),
            413: OpenApiResponse(description="more events than a batch may hold; none stored"),
        },
        summary="Store a batch of tool-call events (idempotent by event id)",
    )
    def post(self, request):
        scope_path, events = parse_event_batch(request.data)
        who = principal(request)
        scope = scope_for_write(who, scope_path)
        result = trajectory_events_ingest(principal=who, scope=scope, events=events)
        return Response(IngestOutputSerializer(result).data)


class TrajectoryEndView(APIView):
    @extend_schema(
        request=TrajectoryEndInputSerializer,
        responses=TrajectoryOutputSerializer,
        summary="End a session; a successful, non-trivial trajectory is queued for distillation",
    )
    def post(self, request):
        data = TrajectoryEndInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        who = principal(request)
        trajectory = trajectory_end(
            principal=who,
            scope=scope_for_write(who, data.validated_data.get("scope")),
            session_key=data.validated_data["session"],
            outcome=data.validated_data["outcome"],
        )
        trajectory.refresh_from_db()
        return Response(TrajectoryOutputSerializer(trajectory).data)


class TrajectoryViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    filterset_class = TrajectoryFilter
    lookup_value_regex = "[0-9a-f-]{36}"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return Trajectory.objects.none()
        return readable(Trajectory.objects.all(), principal(self.request)).select_related("scope")

    def get_serializer_class(self):
        return (
            TrajectoryDetailSerializer if self.action == "retrieve" else TrajectoryOutputSerializer
        )

    @extend_schema(
        request=None,
        responses={202: TrajectoryOutputSerializer},
        summary="Queue a failed distillation again",
    )
    @action(detail=True, methods=["post"])
    def distill(self, request, pk=None):
        trajectory = trajectory_requeue(
            trajectory_id=self.get_object().pk, actor=principal(request)
        )
        trajectory.refresh_from_db()
        return Response(
            TrajectoryOutputSerializer(trajectory).data, status=status.HTTP_202_ACCEPTED
        )
