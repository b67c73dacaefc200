"""Input and output shapes of the hindsight API, one pair per endpoint."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from governance.api.serializers import ScopePathField
from hindsight import conf
from hindsight.models import (
    ErrorSignature,
    Learning,
    LearningCategory,
    Resolution,
    SuggestionMiss,
)
from mnemosyne_site.api import InputSerializer

_MAX_CONTEXT_ITEMS = 50
RECENT_APPLICATIONS = 10


class ErrorContextSerializer(InputSerializer):
    """What surrounds an error; every list is optional."""

    file_types = serializers.ListField(
        child=serializers.CharField(max_length=50), required=False, max_length=_MAX_CONTEXT_ITEMS
    )
    frameworks = serializers.ListField(
        child=serializers.CharField(max_length=100), required=False, max_length=_MAX_CONTEXT_ITEMS
    )
    dependencies = serializers.ListField(
        child=serializers.CharField(max_length=200), required=False, max_length=_MAX_CONTEXT_ITEMS
    )
    files = serializers.ListField(
        child=serializers.CharField(max_length=500), required=False, max_length=_MAX_CONTEXT_ITEMS
    )


class _ErrorInput(InputSerializer):
    error_type = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    message = serializers.CharField(
        max_length=conf.HINDSIGHT_MAX_MESSAGE_CHARS, trim_whitespace=False
    )
    stack = serializers.CharField(
        max_length=conf.HINDSIGHT_MAX_STACK_CHARS,
        required=False,
        allow_blank=True,
        default="",
        trim_whitespace=False,
    )
    context = ErrorContextSerializer(required=False, default=dict)  # type: ignore[assignment]  # a declared field: DRF pops it off the class
    scope = serializers.CharField(
        max_length=600,
        required=False,
        allow_blank=True,
        default="",
        help_text="scope path; default: the caller's default scope",
    )

    def validate_message(self, value: str) -> str:
        if not value.strip():
            raise serializers.ValidationError("This field may not be blank.")
        return value


class CaptureInputSerializer(_ErrorInput):
    tool_name = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    session = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        default="",
        help_text="the agent's session key",
    )
    tool_use_id = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        default="",
        help_text="the failed tool call's id: a fix shown for it waits for its outcome",
    )
    command = serializers.CharField(
        max_length=2000,
        required=False,
        allow_blank=True,
        default="",
        trim_whitespace=False,
        help_text="the failed command: the session re-running it successfully proves the fix",
    )


class ErrorMatchInputSerializer(_ErrorInput):
    top_k = serializers.IntegerField(min_value=1, max_value=50, required=False)


class ResolutionBriefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Resolution
        fields = ["id", "description", "success_rate", "application_count", "last_success_at"]


class SignatureOutputSerializer(serializers.ModelSerializer):
    scope = ScopePathField()
    note_id = serializers.UUIDField(read_only=True, allow_null=True)
    merged_into = serializers.UUIDField(source="merged_into_id", read_only=True, allow_null=True)

    class Meta:
        model = ErrorSignature
        fields = [
            "id",
            "scope",
            "status",
            "error_type",
            "message_template",
            "message_pattern",
            "stack_patterns",
            "context_patterns",
            "tool_name",
            "fingerprint",
            "occurrence_count",
            "first_seen_at",
            "last_seen_at",
            "note_id",
            "merged_into",
            "metadata",
            "created_at",
        ]


class SignatureDetailSerializer(SignatureOutputSerializer):
    resolutions = ResolutionBriefSerializer(many=True, read_only=True)

    class Meta(SignatureOutputSerializer.Meta):
        fields = [*SignatureOutputSerializer.Meta.fields, "resolutions"]


class ResolutionSuggestionSerializer(serializers.Serializer):
    resolution_id = serializers.UUIDField(source="resolution.pk")
    signature_id = serializers.UUIDField()
    description = serializers.CharField(source="resolution.description")
    code_change = serializers.CharField(source="resolution.code_change")
    success_rate = serializers.FloatField(source="resolution.success_rate")
    application_count = serializers.IntegerField(source="resolution.application_count")
    confidence = serializers.FloatField()
    components = serializers.DictField(child=serializers.FloatField())
    match = serializers.ChoiceField(
        choices=["exact", "near"],
        help_text="exact: a fix of this error's own signature; near: a similar error's fix",
    )
    similarity = serializers.FloatField(help_text="of the signature the fix belongs to")


class CaptureOutputSerializer(serializers.Serializer):
    signature = SignatureOutputSerializer()
    is_new = serializers.BooleanField()
    matched_by = serializers.ChoiceField(choices=["fingerprint", "template", "semantic", "new"])
    similarity = serializers.FloatField()
    occurrence_id = serializers.IntegerField()
    suggestions = ResolutionSuggestionSerializer(many=True)


class SignatureBriefSerializer(serializers.ModelSerializer):
    """A matched signature: enough to recognise it; its detail is one GET away."""

    scope = ScopePathField()
    note_id = serializers.UUIDField(read_only=True, allow_null=True)

    class Meta:
        model = ErrorSignature
        fields = [
            "id",
            "scope",
            "error_type",
            "message_template",
            "message_pattern",
            "context_patterns",
            "tool_name",
            "occurrence_count",
            "last_seen_at",
            "note_id",
        ]


class ErrorMatchItemSerializer(serializers.Serializer):
    signature = SignatureBriefSerializer()
    similarity = serializers.FloatField()
    match_type = serializers.CharField()
    context_score = serializers.FloatField()
    score = serializers.FloatField()


class ErrorMatchOutputSerializer(serializers.Serializer):
    match_type = serializers.CharField()
    matches = ErrorMatchItemSerializer(many=True)
    suggestions = ResolutionSuggestionSerializer(many=True)


class ResolutionInputSerializer(InputSerializer):
    description = serializers.CharField(max_length=10_000)
    code_change = serializers.CharField(
        max_length=100_000, required=False, allow_blank=True, default="", trim_whitespace=False
    )
    context = serializers.DictField(required=False, default=dict)  # type: ignore[assignment]  # a declared field: DRF pops it off the class
    session = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class ResolutionOutputSerializer(serializers.ModelSerializer):
    scope = ScopePathField()

    class Meta:
        model = Resolution
        fields = [
            "id",
            "signature",
            "scope",
            "description",
            "code_change",
            "context",
            "success_count",
            "application_count",
            "success_rate",
            "last_success_at",
            "last_failure_at",
            "created_by",
            "created_at",
            "updated_at",
        ]


class ResolutionApplicationOutputSerializer(serializers.Serializer):
    success = serializers.BooleanField()
    session = serializers.CharField(source="session_key")
    applied_by = serializers.CharField()
    origin = serializers.SerializerMethodField(
        help_text="hook-loop: proven by the session's own next calls; else reported"
    )
    tool_use_id = serializers.SerializerMethodField(help_text="the call that proved it")
    created_at = serializers.DateTimeField()

    def get_origin(self, application) -> str:
        return str((application.context or {}).get("source") or "reported")

    def get_tool_use_id(self, application) -> str:
        return str((application.context or {}).get("tool_use_id") or "")


class ResolutionDetailSerializer(ResolutionOutputSerializer):
    """A resolution with its latest applications: which sessions proved or disproved it."""

    recent_applications = serializers.SerializerMethodField()

    class Meta(ResolutionOutputSerializer.Meta):
        fields = [*ResolutionOutputSerializer.Meta.fields, "recent_applications"]

    @extend_schema_field(ResolutionApplicationOutputSerializer(many=True))
    def get_recent_applications(self, resolution) -> list[dict]:
        latest = resolution.applications.order_by("-created_at")[:RECENT_APPLICATIONS]
        return list(ResolutionApplicationOutputSerializer(latest, many=True).data)


class ResolutionApplicationInputSerializer(InputSerializer):
    success = serializers.BooleanField()
    context = serializers.DictField(required=False, default=dict)  # type: ignore[assignment]  # a declared field: DRF pops it off the class
    error_message = serializers.CharField(
        max_length=10_000, required=False, allow_blank=True, default=""
    )
    session = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class SuggestionMissOutputSerializer(serializers.ModelSerializer):
    scope = ScopePathField(allow_null=True)

    class Meta:
        model = SuggestionMiss
        fields = [
            "id",
            "scope",
            "source",
            "error_type",
            "message_template",
            "signature",
            "context",
            "reported_by",
            "created_at",
        ]


class HindsightStorageScopeSerializer(serializers.Serializer):
    scope = serializers.CharField()
    layer = serializers.CharField()
    count = serializers.IntegerField()
    threshold = serializers.IntegerField()
    over_threshold = serializers.BooleanField()


class HindsightStorageLayerSerializer(serializers.Serializer):
    layer = serializers.CharField()
    count = serializers.IntegerField(help_text="live hindsight notes of the layer you may read")
    threshold = serializers.IntegerField()
    over_threshold = serializers.BooleanField()


class HindsightCleanupCandidateSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    title = serializers.CharField()
    scope = serializers.CharField()
    success_rate = serializers.FloatField(allow_null=True)
    retrieval_count = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    reasons = serializers.ListField(child=serializers.CharField())


class HindsightStorageOutputSerializer(serializers.Serializer):
    layers = HindsightStorageLayerSerializer(many=True)
    scopes = HindsightStorageScopeSerializer(many=True)
    cleanup_candidates = HindsightCleanupCandidateSerializer(many=True)


# --- tool results and learnings ---------------------------------------------------------------


class ToolResultInputSerializer(InputSerializer):
    tool_name = serializers.CharField(max_length=200)
    params = serializers.DictField(required=False, default=dict)
    error = serializers.CharField(
        max_length=conf.HINDSIGHT_MAX_MESSAGE_CHARS,
        required=False,
        allow_blank=True,
        allow_null=True,
        default=None,
    )
    deadline_exceeded = serializers.BooleanField(
        required=False,
        default=False,
        help_text="the error wraps a context deadline (errors.Is(err, DeadlineExceeded))",
    )
    session = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    scope = serializers.CharField(max_length=600, required=False, allow_blank=True, default="")
    tool_use_id = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        default="",
        help_text="the tool call's id: a success settles the fixes shown for it once",
    )


class LearningOutputSerializer(serializers.ModelSerializer):
    scope = ScopePathField()
    confidence = serializers.FloatField()

    class Meta:
        model = Learning
        fields = [
            "id",
            "scope",
            "trigger",
            "error_pattern",
            "diagnosis",
            "fix",
            "category",
            "tags",
            "confidence",
            "occurrence_count",
            "success_count",
            "context",
            "session_key",
            "created_by",
            "created_at",
            "updated_at",
        ]


class ToolResultOutputSerializer(serializers.Serializer):
    action = serializers.ChoiceField(
        choices=["learned", "recurred", "known_fix", "save_failed", "boosted"]
    )
    category = serializers.CharField(allow_blank=True)
    error_pattern = serializers.CharField(allow_blank=True)
    learning = LearningOutputSerializer(allow_null=True)
    known_fix = serializers.CharField(allow_blank=True, allow_null=True)
    known_learning_id = serializers.UUIDField(allow_null=True)
    known_confidence = serializers.FloatField(allow_null=True)
    boosted = serializers.ListField(child=serializers.UUIDField())
    detail = serializers.CharField(allow_blank=True)


class LearningInputSerializer(InputSerializer):
    trigger = serializers.CharField(max_length=300)
    error_pattern = serializers.CharField(max_length=conf.HINDSIGHT_MAX_MESSAGE_CHARS)
    diagnosis = serializers.CharField(
        max_length=10_000, required=False, allow_blank=True, default=""
    )
    fix = serializers.CharField(max_length=10_000, required=False, allow_blank=True, default="")
    category = serializers.ChoiceField(
        choices=LearningCategory.choices, default=LearningCategory.GENERAL
    )
    tags = serializers.ListField(
        child=serializers.CharField(max_length=100), required=False, default=list, max_length=50
    )
    session = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    scope = serializers.CharField(max_length=600, required=False, allow_blank=True, default="")


class LearningUpdateSerializer(InputSerializer):
    trigger = serializers.CharField(max_length=300, required=False)
    error_pattern = serializers.CharField(
        max_length=conf.HINDSIGHT_MAX_MESSAGE_CHARS, required=False
    )
    diagnosis = serializers.CharField(max_length=10_000, required=False, allow_blank=True)
    fix = serializers.CharField(max_length=10_000, required=False, allow_blank=True)
    category = serializers.ChoiceField(choices=LearningCategory.choices, required=False)
    tags = serializers.ListField(
        child=serializers.CharField(max_length=100), required=False, max_length=50
    )


class LearningBoostSerializer(InputSerializer):
    success_delta = serializers.IntegerField(min_value=0, max_value=1000, default=1)
    confidence_boost = serializers.FloatField(min_value=0.0, max_value=1.0, default=0.0)


class LearningFixOutputSerializer(serializers.Serializer):
    found = serializers.BooleanField()
    fix = serializers.CharField(allow_null=True)
    learning_id = serializers.UUIDField(allow_null=True)
    confidence = serializers.FloatField(allow_null=True)
    error_pattern = serializers.CharField()
