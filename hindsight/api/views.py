"""Hindsight endpoints: capture, match and fix (RPC views); signatures, resolutions, misses and
learnings (resource viewsets scoped to what the caller may read)."""

from __future__ import annotations

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from governance.auth import principal_of
from governance.models import Layer, Scope
from governance.permissions import IsReader
from governance.selectors import readable, scope_for_read
from governance.services import scope_for_write
from hindsight import conf
from hindsight.api import serializers as s
from hindsight.filters import LearningFilter, MissFilter, ResolutionFilter, SignatureFilter
from hindsight.models import (
    ErrorSignature,
    Learning,
    Resolution,
    SuggestionMiss,
)
from hindsight.pipeline import extract_error_pattern
from hindsight.selectors.learnings import learning_fix_for_error, learnings_search
from hindsight.services import resolution_apply, resolution_create
from hindsight.services.bloat import (
    bloat_threshold,
    cleanup_candidates,
    layer_counts,
    layer_threshold,
    storage_counts,
)
from hindsight.services.learnings import (
    learning_boost,
    learning_delete,
    learning_save,
    learning_update,
    tool_result_observe,
)
from hindsight.services.suggestions import error_capture_and_suggest, error_match_and_suggest
from mnemosyne_site.api import CursorPagination
from notes.api.common import session_key


class NulSafeMixin(APIView):
    """Query parameters reach SQL; PostgreSQL text cannot hold U+0000, so refuse them here."""

    def initial(self, request, *args, **kwargs):
        bad = {
            name: ["Must not contain NUL characters."]
            for name, value in request.query_params.items()
            if "\x00" in value
        }
        if bad:
            raise exceptions.ValidationError(bad)
        return super().initial(request, *args, **kwargs)


def _idempotency_key(request) -> str:
    """The `Idempotency-Key` header: a retried write with the same key counts once."""
    key = request.headers.get("Idempotency-Key", "").strip()
    if len(key) > 200 or "\x00" in key:
        raise exceptions.ValidationError({"Idempotency-Key": ["At most 200 characters."]})
    return key


def _suggestion_rows(suggestions) -> list[dict]:
    return [
        {
            "resolution": item.resolution,
            "signature_id": item.signature_id,
            "confidence": item.confidence,
            "components": item.components,
            "match": item.match,
            "similarity": item.similarity,
        }
        for item in suggestions
    ]


class ErrorCaptureView(NulSafeMixin, APIView):
    @extend_schema(
        request=s.CaptureInputSerializer,
        responses={201: s.CaptureOutputSerializer, 200: s.CaptureOutputSerializer},
        summary="Capture an error: group it into a signature and suggest known fixes",
    )
    def post(self, request):
        data = s.CaptureInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        principal = principal_of(request)
        answer = error_capture_and_suggest(
            principal=principal,
            scope=scope_for_write(principal, values["scope"]),
            error_type=values["error_type"],
            message=values["message"],
            stack=values["stack"],
            context=values["context"],
            tool_name=values["tool_name"],
            session_key=values["session"],
            idempotency_key=_idempotency_key(request),
            tool_use_id=values["tool_use_id"],
            command=values["command"],
        )
        captured = answer.captured
        body = s.CaptureOutputSerializer(
            {
                "signature": captured.signature,
                "is_new": captured.is_new,
                "matched_by": captured.via,
                "similarity": captured.similarity,
                "occurrence_id": captured.occurrence.pk,
                "suggestions": _suggestion_rows(answer.suggestions),
            }
        ).data
        return Response(body, status=status.HTTP_201_CREATED if captured.is_new else 200)


class ErrorMatchView(NulSafeMixin, APIView):
    permission_classes = [IsReader]

    @extend_schema(
        request=s.ErrorMatchInputSerializer,
        responses=s.ErrorMatchOutputSerializer,
        summary="Match an error against known signatures and suggest their resolutions",
    )
    def post(self, request):
        data = s.ErrorMatchInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        principal = principal_of(request)
        result = error_match_and_suggest(
            principal=principal,
            error_type=values["error_type"],
            message=values["message"],
            stack=values["stack"],
            context=values["context"],
            scope=scope_for_read(principal, values["scope"]),
            top_k=values.get("top_k"),
        )
        return Response(
            s.ErrorMatchOutputSerializer(
                {
                    "match_type": result.match_type,
                    "matches": result.matches,
                    "suggestions": _suggestion_rows(result.suggestions),
                }
            ).data
        )


class FixView(NulSafeMixin, APIView):
    @extend_schema(
        parameters=[OpenApiParameter("error", str, required=True, description="the error text")],
        responses=s.LearningFixOutputSerializer,
        summary="The known fix for an error, when a learning is confident enough (> 0.7)",
    )
    def get(self, request):
        error = request.query_params.get("error", "")
        if not error.strip():
            raise exceptions.ValidationError({"error": ["This parameter is required."]})
        if len(error) > conf.HINDSIGHT_MAX_MESSAGE_CHARS:
            raise exceptions.ValidationError({"error": ["The error text is too long."]})
        found = learning_fix_for_error(principal=principal_of(request), error=error)
        return Response(
            s.LearningFixOutputSerializer(
                {
                    "found": found is not None,
                    "fix": found.fix if found else None,
                    "learning_id": found.learning.pk if found else None,
                    "confidence": found.learning.confidence if found else None,
                    "error_pattern": extract_error_pattern(error),
                }
            ).data
        )


class SignatureViewSet(
    NulSafeMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """Error signatures the caller may read. A merged signature still answers, with
    `merged_into` naming the one that holds its history."""

    filterset_class = SignatureFilter
    lookup_field = "id"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation has no caller
            return ErrorSignature.objects.none()
        principal = principal_of(self.request)
        signatures = readable(ErrorSignature.objects.all(), principal)
        signatures = signatures.select_related("scope")
        if self.action == "retrieve":
            signatures = signatures.prefetch_related(
                Prefetch("resolutions", queryset=Resolution.objects.order_by("-success_rate"))
            )
        return signatures

    def get_serializer_class(self):
        if self.action == "retrieve":
            return s.SignatureDetailSerializer
        return s.SignatureOutputSerializer

    @extend_schema(
        request=s.ResolutionInputSerializer,
        responses={201: s.ResolutionOutputSerializer},
        summary="Record a resolution that fixed this error",
    )
    @action(detail=True, methods=["post"])
    def resolutions(self, request, id=None):
        signature = self.get_object()
        data = s.ResolutionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        principal = principal_of(request)
        resolution = resolution_create(
            signature=signature,
            description=data.validated_data["description"],
            code_change=data.validated_data["code_change"],
            context=data.validated_data["context"],
            session_key=data.validated_data["session"],
            actor=principal,
        )
        resolution = Resolution.objects.select_related("scope").get(pk=resolution.pk)
        return Response(s.ResolutionOutputSerializer(resolution).data, status=201)


class ResolutionViewSet(
    NulSafeMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    serializer_class = s.ResolutionOutputSerializer
    filterset_class = ResolutionFilter
    lookup_field = "id"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Resolution.objects.none()
        principal = principal_of(self.request)
        return readable(Resolution.objects.all(), principal).select_related("scope")

    def get_serializer_class(self):
        if self.action == "retrieve":
            return s.ResolutionDetailSerializer
        return s.ResolutionOutputSerializer

    @extend_schema(
        request=s.ResolutionApplicationInputSerializer,
        responses={200: s.ResolutionOutputSerializer},
        summary="Record one application of this resolution and whether it worked",
    )
    @action(detail=True, methods=["post"])
    def applications(self, request, id=None):
        resolution = self.get_object()
        data = s.ResolutionApplicationInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        principal = principal_of(request)
        updated = resolution_apply(
            resolution_id=resolution.pk,
            success=data.validated_data["success"],
            context=data.validated_data["context"],
            error_message=data.validated_data["error_message"],
            session_key=data.validated_data["session"],
            idempotency_key=_idempotency_key(request),
            actor=principal,
        )
        return Response(s.ResolutionOutputSerializer(updated).data)


class MissViewSet(NulSafeMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """Errors nothing could be suggested for: the backlog of fixes worth learning."""

    serializer_class = s.SuggestionMissOutputSerializer
    filterset_class = MissFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return SuggestionMiss.objects.none()
        principal = principal_of(self.request)
        return readable(SuggestionMiss.objects.all(), principal).select_related("scope")


class StorageView(NulSafeMixin, APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("scope", str, description="list cleanup candidates here"),
            OpenApiParameter("layer", str, description="or across this layer's scopes"),
        ],
        responses=s.HindsightStorageOutputSerializer,
        summary="Hindsight notes per layer and scope against the layer's bloat threshold, and "
        "cleanup candidates",
    )
    def get(self, request):
        principal = principal_of(request)
        scope = scope_for_read(principal, request.query_params.get("scope"))
        layer = request.query_params.get("layer") or None
        if layer is not None and layer not in Layer.values:
            raise exceptions.ValidationError({"layer": [f"Must be one of {Layer.values}."]})
        rows = [row for row in storage_counts(scope) if principal.can_read_path(row["scope__path"])]
        candidates = (
            cleanup_candidates(scope=scope, layer=layer) if scope is not None or layer else []
        )
        scopes = Scope.objects.in_bulk([r["scope_id"] for r in rows])
        thresholds = {
            r["scope_id"]: bloat_threshold(scopes[r["scope_id"]], r["scope__layer"]) for r in rows
        }
        return Response(
            s.HindsightStorageOutputSerializer(
                {
                    "layers": [
                        {
                            "layer": name,
                            "count": count,
                            "threshold": layer_threshold(name),
                            "over_threshold": count > layer_threshold(name),
                        }
                        for name, count in layer_counts(rows).items()
                    ],
                    "scopes": [
                        {
                            "scope": r["scope__path"],
                            "layer": r["scope__layer"],
                            "count": r["count"],
                            "threshold": thresholds[r["scope_id"]],
                            "over_threshold": r["count"] > thresholds[r["scope_id"]],
                        }
                        for r in rows
                    ],
                    "cleanup_candidates": [
                        c for c in candidates if principal.can_read_path(c["scope"])
                    ],
                }
            ).data
        )


class ToolResultView(NulSafeMixin, APIView):
    @extend_schema(
        request=s.ToolResultInputSerializer,
        responses=s.ToolResultOutputSerializer,
        summary="Observe a tool result: learn from an error, credit a success",
    )
    def post(self, request):
        data = s.ToolResultInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        principal = principal_of(request)
        scope = scope_for_write(principal, values["scope"])
        outcome = tool_result_observe(
            principal=principal,
            scope=scope,
            tool_name=values["tool_name"],
            params=values["params"],
            error=values["error"],
            deadline_exceeded=values["deadline_exceeded"],
            session_key=session_key(request, values["session"]),
            tool_use_id=values["tool_use_id"],
        )
        return Response(
            s.ToolResultOutputSerializer(
                {
                    "action": outcome.action,
                    "category": outcome.category,
                    "error_pattern": outcome.error_pattern,
                    "learning": outcome.learning,
                    "known_fix": outcome.known.fix if outcome.known else None,
                    "known_learning_id": outcome.known.pk if outcome.known else None,
                    "known_confidence": outcome.known.confidence if outcome.known else None,
                    "boosted": list(outcome.boosted),
                    "detail": outcome.detail,
                }
            ).data
        )


class LearningPagination(CursorPagination):
    # DRF orders by a list of fields too; its stub allows only one.
    ordering = ("-confidence", "-created_at")  # type: ignore[assignment]


class LearningViewSet(NulSafeMixin, viewsets.ModelViewSet):
    """Learnings CRUD (seed 003). List with `q` searches error pattern and trigger, most
    confident first."""

    serializer_class = s.LearningOutputSerializer
    filterset_class = LearningFilter
    pagination_class = LearningPagination
    lookup_field = "id"
    http_method_names = ["get", "post", "patch", "delete"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Learning.objects.none()
        principal = principal_of(self.request)
        return readable(Learning.objects.all(), principal).select_related("scope")

    @extend_schema(request=s.LearningInputSerializer, responses={201: s.LearningOutputSerializer})
    def create(self, request):
        data = s.LearningInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        principal = principal_of(request)
        learning = learning_save(
            scope=scope_for_write(principal, values["scope"]),
            trigger=values["trigger"],
            error_pattern=values["error_pattern"],
            diagnosis=values["diagnosis"],
            fix=values["fix"],
            category=values["category"],
            tags=values["tags"],
            session_key=session_key(request, values["session"]),
            actor=principal,
        )
        return Response(s.LearningOutputSerializer(learning).data, status=201)

    @extend_schema(request=s.LearningUpdateSerializer, responses=s.LearningOutputSerializer)
    def partial_update(self, request, id=None):
        learning = self.get_object()
        data = s.LearningUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        learning = learning_update(
            learning=learning, actor=principal_of(request), **data.validated_data
        )
        return Response(s.LearningOutputSerializer(learning).data)

    def update(self, request, *args, **kwargs):  # PUT is not offered; PATCH is
        raise exceptions.MethodNotAllowed(request.method)

    def destroy(self, request, id=None):
        learning = self.get_object()
        learning_delete(learning=learning, actor=principal_of(request))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        parameters=[
            OpenApiParameter("q", str, required=True, description="error pattern or trigger"),
            OpenApiParameter("category", str),
            OpenApiParameter("limit", int, description="default 10, at most 100"),
        ],
        responses=s.LearningOutputSerializer(many=True),
        summary="SearchLearnings: error pattern or trigger contains q, most confident first",
    )
    @action(detail=False, methods=["get"], pagination_class=None, filterset_class=None)
    def search(self, request):
        query = request.query_params.get("q", "")
        if not query.strip():
            raise exceptions.ValidationError({"q": ["This parameter is required."]})
        try:
            limit = min(max(int(request.query_params.get("limit", 10)), 1), 100)
        except ValueError:
            raise exceptions.ValidationError({"limit": ["A whole number."]}) from None
        found = learnings_search(
            principal=principal_of(request),
            query=query,
            limit=limit,
            category=request.query_params.get("category") or None,
        )
        return Response(s.LearningOutputSerializer(found, many=True).data)

    @extend_schema(
        request=s.LearningBoostSerializer,
        responses=s.LearningOutputSerializer,
        summary="BoostLearningConfidence",
    )
    @action(detail=True, methods=["post"])
    def boost(self, request, id=None):
        learning = self.get_object()
        data = s.LearningBoostSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        learning_boost(principal=principal_of(request), learning=learning, **data.validated_data)
        learning = get_object_or_404(self.get_queryset(), pk=learning.pk)
        return Response(s.LearningOutputSerializer(learning).data)
