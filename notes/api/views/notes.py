"""Notes: layered semantic search, feedback, and lifecycle actions."""

from __future__ import annotations

import time

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from governance.permissions import IsReader
from governance.selectors import scope_for_read
from mnemosyne_site.embeddings import embed_one
from notes.api.common import principal, session_key
from notes.api.serializers import (
    FeedbackInputSerializer,
    FeedbackOutputSerializer,
    NoteMergeInputSerializer,
    NoteOutputSerializer,
    NotePromoteInputSerializer,
    NoteSearchInputSerializer,
    NoteSearchOutputSerializer,
    NoteTransitionInputSerializer,
    NoteTransitionOutputSerializer,
    ProposalRefSerializer,
    note_search_result,
)
from notes.filters import NoteFilter
from notes.metrics import RETRIEVAL_LATENCY_MS, RETRIEVAL_RESULTS_COUNT
from notes.models import NOTE_KINDS, KnowledgeItem
from notes.selectors.notes import notes_search, notes_visible
from notes.services.lifecycle import (
    note_propose_merge,
    note_propose_promotion,
    note_request_transition,
)
from notes.services.quality import retrieval_record, session_feedback_apply


class NoteSearchView(APIView):
    permission_classes = [IsReader]

    @extend_schema(
        request=NoteSearchInputSerializer,
        responses=NoteSearchOutputSerializer,
        summary="Semantic search over notes, layered by scope",
        description="Cosine similarity above `threshold`, top-k; with a scope, its notes and its "
        "ancestors' (nearer layer first); low-quality notes rank last. Each returned note's "
        "retrieval is recorded with the query and session.",
    )
    def post(self, request):
        started = time.perf_counter()
        data = NoteSearchInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        params = data.validated_data
        who = principal(request)
        scope = scope_for_read(who, params.get("scope"), use_default=True)
        hits = notes_search(
            principal=who,
            embedding=embed_one(params["query"]),
            scope=scope,
            top_k=params["top_k"],
            threshold=params["threshold"],
            kinds=params["kinds"],
        )
        retrieval_record(
            notes=[(hit.note, hit.similarity) for hit in hits],
            query=params["query"],
            session_key=session_key(request, params.get("session")),
            scope=scope,
            actor=who,
        )
        results = []
        for hit in hits:
            hit.note.similarity = round(hit.similarity, 6)
            results.append(note_search_result(hit.note))
        body = {
            "query": params["query"],
            "scope": scope.path if scope else None,
            "results": results,
        }
        RETRIEVAL_RESULTS_COUNT.observe(len(results))
        RETRIEVAL_LATENCY_MS.observe((time.perf_counter() - started) * 1000)
        return Response(body)


class NoteFeedbackView(APIView):
    @extend_schema(
        request=FeedbackInputSerializer,
        responses={201: FeedbackOutputSerializer},
        summary="Report a session's outcome; positive feedback credits the notes it retrieved",
    )
    def post(self, request):
        data = FeedbackInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        feedback = session_feedback_apply(
            principal=principal(request),
            session_key=data.validated_data["session"],
            outcome=data.validated_data["outcome"],
            rating=data.validated_data.get("rating"),
            comment=data.validated_data["comment"],
        )
        return Response(FeedbackOutputSerializer(feedback).data, status=status.HTTP_201_CREATED)


class NoteViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Notes (distilled patterns and hindsight notes) the caller may read."""

    serializer_class = NoteOutputSerializer
    filterset_class = NoteFilter
    lookup_value_regex = "[0-9a-f-]{36}"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return KnowledgeItem.objects.none()
        return notes_visible(principal(self.request)).filter(kind__in=NOTE_KINDS)

    @extend_schema(
        request=NoteTransitionInputSerializer,
        responses={200: NoteTransitionOutputSerializer, 202: NoteTransitionOutputSerializer},
        summary="Change a note's status (maintainers), or propose the change (other writers)",
    )
    @action(detail=True, methods=["post"])
    def transition(self, request, pk=None):
        data = NoteTransitionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        note, proposal = note_request_transition(
            principal=principal(request),
            note=self.get_object(),
            status=data.validated_data["status"],
            reason=data.validated_data["reason"],
        )
        note.refresh_from_db()
        body = NoteTransitionOutputSerializer({"note": note, "proposal": proposal}).data
        applied = proposal is None or note.status == data.validated_data["status"]
        return Response(body, status=status.HTTP_200_OK if applied else status.HTTP_202_ACCEPTED)

    @extend_schema(
        request=NotePromoteInputSerializer,
        responses={202: ProposalRefSerializer},
        summary="Propose copying the note one layer up (the parent scope's maintainers decide)",
    )
    @action(detail=True, methods=["post"])
    def promote(self, request, pk=None):
        data = NotePromoteInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        proposal = note_propose_promotion(
            principal=principal(request),
            note=self.get_object(),
            reason=data.validated_data["reason"],
        )
        return Response(ProposalRefSerializer(proposal).data, status=status.HTTP_202_ACCEPTED)

    @extend_schema(
        request=NoteMergeInputSerializer,
        responses={202: ProposalRefSerializer, 400: OpenApiResponse(description="bad other_id")},
        summary="Propose merging another note of the same scope into this one",
    )
    @action(detail=True, methods=["post"])
    def merge(self, request, pk=None):
        data = NoteMergeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        note = self.get_object()
        other = self.get_queryset().filter(pk=data.validated_data["other_id"]).first()
        if other is None:
            raise ValidationError({"other_id": ["No such note."]})
        proposal = note_propose_merge(principal=principal(request), note=note, other=other)
        return Response(ProposalRefSerializer(proposal).data, status=status.HTTP_202_ACCEPTED)
