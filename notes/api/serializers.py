"""Input and output serializers of the notes API, one pair per endpoint where they differ."""

from __future__ import annotations

import re

from rest_framework import serializers

from mnemosyne_site.api import InputSerializer
from notes import conf
from notes.models import (
    KEY_VALUE_KINDS,
    ExternalRef,
    FeedbackOutcome,
    KnowledgeItem,
    KnowledgeStatus,
    RefType,
    SessionOutcome,
    Skill,
    SkillType,
    Trajectory,
    TrajectoryEvent,
)

KEY_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:\-]{0,199}$")
NAME_HELP = "letters, digits and _ . : - (no slashes), at most 200 characters"


def validate_name(value: str) -> None:
    if not KEY_PATTERN.match(value):
        raise serializers.ValidationError(f"Use {NAME_HELP}.")


# --- notes ----------------------------------------------------------------------------------------


class NoteOutputSerializer(serializers.ModelSerializer):
    scope = serializers.CharField(source="scope.path")
    layer = serializers.CharField(source="scope.layer")

    class Meta:
        model = KnowledgeItem
        fields = [
            "id",
            "kind",
            "scope",
            "layer",
            "status",
            "key",
            "title",
            "content",
            "metadata",
            "tags",
            "retrieval_count",
            "usefulness_score",
            "reference_count",
            "use_count",
            "low_quality",
            "original",
            "promotion_path",
            "merged_into",
            "created_by",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class NoteSearchInputSerializer(InputSerializer):
    query = serializers.CharField(max_length=2000)
    scope = serializers.CharField(
        max_length=600,
        required=False,
        allow_blank=True,
        help_text="scope path; its own notes and its ancestors' are searched, nearer layer "
        "first. Default: the caller's scope (everything readable for people).",
    )
    top_k = serializers.IntegerField(
        min_value=1,
        max_value=conf.NOTES_SEARCH_MAX_K,
        required=False,
        default=conf.NOTES_SEARCH_TOP_K,
    )
    threshold = serializers.FloatField(
        min_value=-1,
        max_value=1,
        required=False,
        default=conf.NOTES_SEARCH_THRESHOLD,
        help_text="minimum cosine similarity",
    )
    kinds = serializers.ListField(
        child=serializers.ChoiceField(choices=["pattern", "hindsight"]),
        required=False,
        allow_empty=False,
        default=["pattern", "hindsight"],
    )
    session = serializers.CharField(max_length=200, required=False, allow_blank=True)


class NoteSearchResultSerializer(NoteOutputSerializer):
    similarity = serializers.FloatField()

    class Meta(NoteOutputSerializer.Meta):
        fields = [*NoteOutputSerializer.Meta.fields, "similarity"]
        read_only_fields = fields


_DATETIME = serializers.DateTimeField()


def note_search_result(note: KnowledgeItem) -> dict:
    """What `NoteSearchResultSerializer` gives for a found note, built directly: the search is
    a hot path, and a ModelSerializer builds its fields anew for every answer (a third of the
    search's CPU besides the embedding). The serializer documents the shape; a test holds the
    two equal."""
    return {
        "id": str(note.id),
        "kind": note.kind,
        "scope": note.scope.path,
        "layer": note.scope.layer,
        "status": note.status,
        "key": note.key,
        "title": note.title,
        "content": note.content,
        "metadata": note.metadata,
        "tags": note.tags,
        "retrieval_count": note.retrieval_count,
        "usefulness_score": note.usefulness_score,
        "reference_count": note.reference_count,
        "use_count": note.use_count,
        "low_quality": note.low_quality,
        "original": str(note.original_id) if note.original_id else None,
        "promotion_path": note.promotion_path,
        "merged_into": str(note.merged_into_id) if note.merged_into_id else None,
        "created_by": note.created_by,
        "created_at": _DATETIME.to_representation(note.created_at),
        "updated_at": _DATETIME.to_representation(note.updated_at),
        "similarity": note.similarity,
    }


class NoteSearchOutputSerializer(serializers.Serializer):
    query = serializers.CharField()
    scope = serializers.CharField(allow_null=True)
    results = NoteSearchResultSerializer(many=True)


class NoteTransitionInputSerializer(InputSerializer):
    status = serializers.ChoiceField(choices=KnowledgeStatus.choices)
    reason = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class ProposalRefSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    kind = serializers.CharField()
    state = serializers.CharField()
    scope = serializers.CharField(source="scope.path")
    title = serializers.CharField()
    payload = serializers.JSONField()


class NoteTransitionOutputSerializer(serializers.Serializer):
    note = NoteOutputSerializer()
    proposal = ProposalRefSerializer(allow_null=True)


class NotePromoteInputSerializer(InputSerializer):
    reason = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class NoteMergeInputSerializer(InputSerializer):
    other_id = serializers.UUIDField()


class FeedbackInputSerializer(InputSerializer):
    session = serializers.CharField(max_length=200)
    outcome = serializers.ChoiceField(choices=FeedbackOutcome.choices)
    rating = serializers.FloatField(
        min_value=0,
        max_value=1,
        required=False,
        help_text="how positive (0–1]; default 1.0 for positive, 0 for negative",
    )
    comment = serializers.CharField(max_length=4000, required=False, allow_blank=True, default="")

    def validate(self, attrs):
        if attrs["outcome"] == FeedbackOutcome.POSITIVE and attrs.get("rating") == 0:
            raise serializers.ValidationError({"rating": ["A positive rating is above 0."]})
        return super().validate(attrs)


class FeedbackOutputSerializer(serializers.Serializer):
    session = serializers.CharField(source="session_key")
    outcome = serializers.CharField()
    rating = serializers.FloatField()
    notes_credited = serializers.IntegerField()


# --- trajectories ---------------------------------------------------------------------------------


class TrajectoryEventInputSerializer(InputSerializer):
    """Schema only: the view validates with notes.api.events (same rules, much faster)."""

    event_id = serializers.UUIDField(help_text="client-generated; a resent event is stored once")
    tool_name = serializers.CharField(max_length=200)
    arguments = serializers.JSONField(required=False)
    return_value = serializers.JSONField(required=False, allow_null=True)
    error = serializers.CharField(
        required=False,
        allow_null=True,
        allow_blank=True,
        max_length=conf.TRAJECTORY_MAX_FIELD_BYTES,
        help_text="at most this many bytes as UTF-8",
    )
    started_at = serializers.CharField(
        max_length=40, help_text="epoch seconds (a number or a numeric string) or ISO 8601"
    )
    duration_ms = serializers.FloatField(min_value=0, required=False)
    parent_event_id = serializers.UUIDField(required=False, allow_null=True)
    context = serializers.DictField(required=False, help_text="context snapshot")  # type: ignore[assignment]  # a declared field: DRF pops it off the class
    session = serializers.CharField(max_length=200, required=False)
    user = serializers.CharField(max_length=200, required=False)
    project = serializers.CharField(max_length=200, required=False)
    seq = serializers.IntegerField(required=False, help_text="order among equal start times")


class TrajectoryEventBatchSerializer(serializers.Serializer):
    scope = serializers.CharField(max_length=600, required=False)
    session = serializers.CharField(max_length=200, required=False, help_text="default session")
    user = serializers.CharField(max_length=200, required=False)
    project = serializers.CharField(max_length=200, required=False)
    events = TrajectoryEventInputSerializer(many=True)


class IngestOutputSerializer(serializers.Serializer):
    received = serializers.IntegerField()
    stored = serializers.IntegerField()
    duplicates = serializers.IntegerField()
    trajectories = serializers.DictField(child=serializers.CharField())


class TrajectoryEndInputSerializer(InputSerializer):
    session = serializers.CharField(max_length=200)
    outcome = serializers.ChoiceField(choices=[SessionOutcome.SUCCESS, SessionOutcome.FAILURE])
    scope = serializers.CharField(max_length=600, required=False, allow_blank=True)


class TrajectoryOutputSerializer(serializers.ModelSerializer):
    scope = serializers.CharField(source="scope.path")
    session = serializers.CharField(source="session_key")
    duration_seconds = serializers.FloatField()

    class Meta:
        model = Trajectory
        fields = [
            "id",
            "scope",
            "session",
            "user_ref",
            "project_ref",
            "agent",
            "event_count",
            "failed_count",
            "started_at",
            "last_event_at",
            "ended_at",
            "duration_seconds",
            "outcome",
            "trajectory_hash",
            "distillation_status",
            "distillation_reason",
            "distill_attempts",
            "note",
            "created_at",
        ]
        read_only_fields = fields


class TrajectoryEventOutputSerializer(serializers.ModelSerializer):
    class Meta:
        model = TrajectoryEvent
        fields = [
            "event_id",
            "seq",
            "tool_name",
            "arguments",
            "return_value",
            "error",
            "started_at",
            "duration_ms",
            "parent_event_id",
            "context",
        ]
        read_only_fields = fields


class TrajectoryDetailSerializer(TrajectoryOutputSerializer):
    events = serializers.SerializerMethodField()

    class Meta(TrajectoryOutputSerializer.Meta):
        fields = [*TrajectoryOutputSerializer.Meta.fields, "events"]
        read_only_fields = fields

    def get_events(self, trajectory) -> list[dict]:
        # The first 1,000 calls in order; the full list is paged by its own endpoint.
        events = trajectory.events.order_by("started_at", "seq")[:1000]
        return list(TrajectoryEventOutputSerializer(events, many=True).data)


# --- key-value knowledge --------------------------------------------------------------------------


class KnowledgeSaveInputSerializer(InputSerializer):
    category = serializers.ChoiceField(choices=[k.value for k in KEY_VALUE_KINDS])
    content = serializers.CharField(max_length=conf.KNOWLEDGE_MAX_CONTENT_CHARS)
    tags = serializers.ListField(
        child=serializers.CharField(max_length=100), required=False, default=list, max_length=50
    )
    source = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")  # type: ignore[assignment]  # a declared field: DRF pops it off the class
    title = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")
    relevance_score = serializers.FloatField(min_value=0, max_value=100, required=False)
    scope = serializers.CharField(max_length=600, required=False, allow_blank=True)
    session = serializers.CharField(max_length=200, required=False, allow_blank=True)


class KnowledgeOutputSerializer(serializers.ModelSerializer):
    category = serializers.CharField(source="kind")
    scope = serializers.CharField(source="scope.path")
    layer = serializers.CharField(source="scope.layer")

    class Meta:
        model = KnowledgeItem
        fields = [
            "id",
            "key",
            "category",
            "title",
            "content",
            "tags",
            "source",
            "relevance_score",
            "use_count",
            "status",
            "scope",
            "layer",
            "created_by",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class KnowledgeSearchResultSerializer(KnowledgeOutputSerializer):
    relevance = serializers.FloatField()

    class Meta(KnowledgeOutputSerializer.Meta):
        fields = [*KnowledgeOutputSerializer.Meta.fields, "relevance"]
        read_only_fields = fields


class KnowledgeSearchQuerySerializer(InputSerializer):
    q = serializers.CharField(max_length=500)
    category = serializers.ChoiceField(choices=[k.value for k in KEY_VALUE_KINDS], required=False)
    limit = serializers.IntegerField(
        min_value=1,
        max_value=conf.KNOWLEDGE_SEARCH_MAX_LIMIT,
        required=False,
        default=conf.KNOWLEDGE_SEARCH_LIMIT,
    )
    scope = serializers.CharField(max_length=600, required=False, allow_blank=True)


class KnowledgeSemanticQuerySerializer(KnowledgeSearchQuerySerializer):
    threshold = serializers.FloatField(
        min_value=-1, max_value=1, required=False, default=conf.NOTES_SEARCH_THRESHOLD
    )


class ScopeQuerySerializer(InputSerializer):
    scope = serializers.CharField(max_length=600, required=False, allow_blank=True)


# --- skills ---------------------------------------------------------------------------------------


class SkillSaveInputSerializer(InputSerializer):
    name = serializers.CharField(max_length=200, validators=[validate_name])
    description = serializers.CharField(
        max_length=4000, required=False, allow_blank=True, default=""
    )
    skill_type = serializers.ChoiceField(choices=SkillType.choices)
    definition = serializers.DictField(required=False, default=dict)
    parameters = serializers.DictField(required=False, default=dict)
    requires_approval = serializers.BooleanField(required=False, default=True)
    scope = serializers.CharField(max_length=600, required=False, allow_blank=True)
    session = serializers.CharField(max_length=200, required=False, allow_blank=True)


class SkillOutputSerializer(serializers.ModelSerializer):
    scope = serializers.CharField(source="scope.path")

    class Meta:
        model = Skill
        fields = [
            "id",
            "name",
            "description",
            "skill_type",
            "definition",
            "parameters",
            "status",
            "created_by",
            "requires_approval",
            "use_count",
            "success_count",
            "last_used_at",
            "scope",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class SkillActivateOutputSerializer(serializers.Serializer):
    skill = SkillOutputSerializer()
    proposal = ProposalRefSerializer(allow_null=True)


class SkillUsageInputSerializer(InputSerializer):
    success = serializers.BooleanField()
    scope = serializers.CharField(max_length=600, required=False, allow_blank=True)


# --- external references --------------------------------------------------------------------------


class ExternalRefSaveInputSerializer(InputSerializer):
    ref_type = serializers.ChoiceField(choices=RefType.choices)
    location = serializers.CharField(max_length=2000)
    summary = serializers.CharField(max_length=4000, required=False, allow_blank=True, default="")
    metadata = serializers.DictField(required=False, default=dict)
    scope = serializers.CharField(max_length=600, required=False, allow_blank=True)
    session = serializers.CharField(max_length=200, required=False, allow_blank=True)


class ExternalRefOutputSerializer(serializers.ModelSerializer):
    scope = serializers.CharField(source="scope.path")

    class Meta:
        model = ExternalRef
        fields = [
            "id",
            "name",
            "ref_type",
            "location",
            "summary",
            "metadata",
            "scope",
            "created_by",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class ExternalRefSearchQuerySerializer(InputSerializer):
    q = serializers.CharField(max_length=500, required=False, allow_blank=True)
    ref_type = serializers.ChoiceField(choices=RefType.choices, required=False)
    scope = serializers.CharField(max_length=600, required=False, allow_blank=True)
