"""The spec's agent endpoints, one APIView each, at the spec's own paths.

The answers are the dicts the services and selectors build in the spec's shapes; the output
serializers document them in the OpenAPI schema. The two hot endpoints (check and relevant)
return those dicts without a second serialization pass, which would cost more than their
latency budgets allow for the same bytes.
"""

import uuid

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import APIView

from governance.auth import principal_of
from governance.permissions import IsReader
from lessons import conf
from lessons.api.serializers import (
    AgentMemoryOutputSerializer,
    AntiPatternCheckInputSerializer,
    BulkOutputSerializer,
    CheckOutputSerializer,
    ClaudeCodeContextSerializer,
    ConfirmInputSerializer,
    ConfirmOutputSerializer,
    ContextQueryInputSerializer,
    DashboardOutputSerializer,
    LessonInputSerializer,
    PatternOutputSerializer,
    PendingEscalationSerializer,
    RelevantLessonSerializer,
    ReportOutputSerializer,
    ValidateInputSerializer,
    ValidateOutputSerializer,
)
from lessons.matching import action_vector, check_action
from lessons.models import AntiPattern
from lessons.selectors import (
    claude_code_context,
    dashboard_figures,
    emerging_patterns,
    lesson_get,
    pattern_get,
    pending_escalations,
    relevant_lessons,
)
from lessons.services import lesson_validate, lessons_report, pattern_confirm
from lessons.services.memory import agent_memory_answer

SPEC_TAG = ["spec: lessons"]


def _idempotency_key(request) -> str:
    return (request.headers.get("Idempotency-Key") or "")[:200]


def _lesson_list(request) -> list[dict]:
    """A list of lessons: the spec sends a bare JSON array; `{"lessons": [...]}` works too."""
    body = request.data
    if isinstance(body, dict) and "lessons" in body:
        body = body["lessons"]
    if not isinstance(body, list):
        raise exceptions.ValidationError({"lessons": ["Expected a list of lessons."]})
    if len(body) > conf.LESSONS_BULK_MAX:
        raise exceptions.ValidationError(
            {"lessons": [f"At most {conf.LESSONS_BULK_MAX} lessons per request."]}
        )
    serializer = LessonInputSerializer(data=body, many=True)
    if not serializer.is_valid():
        # Name the field with its position, so one bad lesson in a migration batch is findable.
        errors = serializer.errors
        pairs = errors.items() if isinstance(errors, dict) else enumerate(errors)
        fields = {
            f"lessons[{position}].{name}": messages
            for position, lesson_errors in pairs
            if isinstance(lesson_errors, dict)
            for name, messages in lesson_errors.items()
        } or {"lessons": ["Invalid lessons."]}
        raise exceptions.ValidationError(fields)
    return list(serializer.validated_data)


class ReportView(APIView):
    @extend_schema(
        tags=SPEC_TAG,
        request=LessonInputSerializer,
        responses=ReportOutputSerializer,
        summary="Report a lesson (an occurrence when it is already known)",
    )
    def post(self, request):
        data = LessonInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        results = lessons_report(
            principal=principal_of(request),
            items=[data.validated_data],
            idempotency_key=_idempotency_key(request),
        )
        return Response(results[0])


class BulkView(APIView):
    @extend_schema(
        tags=SPEC_TAG,
        request=LessonInputSerializer(many=True),
        responses=BulkOutputSerializer,
        summary="Report many lessons at once, all or none",
    )
    def post(self, request):
        results = lessons_report(
            principal=principal_of(request),
            items=_lesson_list(request),
            idempotency_key=_idempotency_key(request),
        )
        return Response({"processed": len(results), "results": results})


class SessionEndView(APIView):
    @extend_schema(
        tags=SPEC_TAG,
        request=LessonInputSerializer(many=True),
        responses=BulkOutputSerializer,
        parameters=[
            OpenApiParameter(
                "X-Mnemosyne-Session",
                location=OpenApiParameter.HEADER,
                required=False,
                description="the session's id; one is made up when absent",
            )
        ],
        summary="Claude Code's end-of-session report (the next session's context shows it)",
    )
    def post(self, request):
        session_id = (request.headers.get("X-Mnemosyne-Session") or "")[:100] or str(uuid.uuid4())
        results = lessons_report(
            principal=principal_of(request),
            items=_lesson_list(request),
            session_id=session_id,
            idempotency_key=_idempotency_key(request),
        )
        return Response({"processed": len(results), "results": results, "session_id": session_id})


class CheckAntiPatternView(APIView):
    permission_classes = [IsReader]

    @extend_schema(
        tags=SPEC_TAG,
        request=AntiPatternCheckInputSerializer,
        responses=CheckOutputSerializer,
        summary="Check a proposed action against known anti-patterns (call before acting)",
    )
    def post(self, request):
        data = AntiPatternCheckInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(
            check_action(
                principal=principal_of(request),
                proposed_action=data.validated_data["proposed_action"],
                context=data.validated_data["context"],
                domain=data.validated_data["domain"],
            )
        )


class RelevantView(APIView):
    permission_classes = [IsReader]

    @extend_schema(
        tags=SPEC_TAG,
        request=ContextQueryInputSerializer,
        responses=RelevantLessonSerializer(many=True),
        summary="Lessons relevant to a task: similarity * 0.7 + recency * 0.3",
    )
    def post(self, request):
        data = ContextQueryInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        query = data.validated_data
        return Response(
            relevant_lessons(
                principal=principal_of(request),
                vector=action_vector(query["context"]),
                domain=query.get("domain") or None,
                include_cross_domain=query["include_cross_domain"],
                max_results=query["max_results"],
            )
        )


class AgentMemoryView(APIView):
    @extend_schema(
        tags=SPEC_TAG,
        responses=AgentMemoryOutputSerializer,
        summary="What an agent should know (for its system prompt)",
    )
    def get(self, request, agent_name: str):
        if len(agent_name) > 100:
            raise exceptions.ValidationError({"agent_name": ["At most 100 characters."]})
        return Response(agent_memory_answer(principal=principal_of(request), agent_name=agent_name))


class EmergingPatternsView(APIView):
    @extend_schema(
        tags=SPEC_TAG,
        responses=PatternOutputSerializer(many=True),
        parameters=[OpenApiParameter("domain", str, required=False)],
        summary="Patterns that are forming but not yet confirmed",
    )
    def get(self, request):
        patterns = emerging_patterns(
            principal=principal_of(request), domain=request.query_params.get("domain") or None
        )[:500]
        return Response(PatternOutputSerializer(patterns, many=True).data)


class PendingEscalationsView(APIView):
    @extend_schema(
        tags=SPEC_TAG,
        responses=PendingEscalationSerializer(many=True),
        parameters=[OpenApiParameter("escalated_to", str, required=False)],
        summary="Escalations waiting for a supervisor, most urgent first",
    )
    def get(self, request):
        return Response(
            pending_escalations(
                principal=principal_of(request),
                escalated_to=request.query_params.get("escalated_to") or None,
            )
        )


def _query_and_body(request) -> dict:
    """FastAPI-style query parameters, overridden by a JSON body when one is sent."""
    data = {key: request.query_params.get(key) for key in request.query_params}
    if isinstance(request.data, dict):
        data.update(request.data)
    return data


class ValidateView(APIView):
    @extend_schema(
        tags=SPEC_TAG,
        request=ValidateInputSerializer,
        responses=ValidateOutputSerializer,
        parameters=[
            OpenApiParameter("validated", bool, required=False),
            OpenApiParameter("validated_by", str, required=False),
            OpenApiParameter("notes", str, required=False),
            OpenApiParameter("validation_type", str, required=False),
        ],
        summary="Validate or invalidate a lesson (raises or lowers its confidence)",
    )
    def post(self, request, lesson_id):
        data = ValidateInputSerializer(data=_query_and_body(request))
        data.is_valid(raise_exception=True)
        principal = principal_of(request)
        lesson_get(principal, lesson_id)  # 404 for what the caller cannot see
        values = data.validated_data
        lesson, validation = lesson_validate(
            lesson_id=lesson_id,
            principal=principal,
            validated=values["validated"],
            validated_by=values.get("validated_by") or principal.name,
            notes=values.get("notes"),
            validation_type=values.get("validation_type"),
        )
        return Response(
            {
                "status": "validated" if values["validated"] else "invalidated",
                "lesson_id": str(lesson.pk),
                "validation_type": validation.validation_type,
                "confidence": float(lesson.confidence),
            }
        )


class ConfirmPatternView(APIView):
    @extend_schema(
        tags=SPEC_TAG,
        request=ConfirmInputSerializer,
        responses=ConfirmOutputSerializer,
        parameters=[OpenApiParameter("confirmed_by", str, required=False)],
        summary="Confirm a pattern (maintainers; the local agent under make run)",
    )
    def post(self, request, pattern_id):
        data = ConfirmInputSerializer(data=_query_and_body(request))
        data.is_valid(raise_exception=True)
        principal = principal_of(request)
        pattern_get(principal, pattern_id)
        pattern = pattern_confirm(
            pattern_id=pattern_id,
            principal=principal,
            confirmed_by=data.validated_data.get("confirmed_by") or principal.name,
            notes=data.validated_data["notes"],
        )
        enforced = (
            AntiPattern.objects.filter(source_pattern=pattern).values_list("id", flat=True).first()
        )
        return Response(
            {
                "status": pattern.status,
                "pattern_id": str(pattern.pk),
                "confirmed_by": pattern.confirmed_by,
                "anti_pattern_id": str(enforced) if enforced else None,
            }
        )


class ClaudeCodeContextView(APIView):
    @extend_schema(
        tags=SPEC_TAG,
        responses=ClaudeCodeContextSerializer,
        summary="The learning context injected into a Claude Code session",
    )
    def get(self, request):
        return Response(claude_code_context(principal=principal_of(request)))


class DashboardView(APIView):
    @extend_schema(
        tags=SPEC_TAG,
        responses=DashboardOutputSerializer,
        summary="The spec's dashboard figures, over what the caller may read",
    )
    def get(self, request):
        return Response(dashboard_figures(principal=principal_of(request)))
