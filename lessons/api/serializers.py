"""Input and output shapes of the spec's endpoints (and the resource API under /api/v1/).

Inputs follow the spec's pydantic models field for field; outputs document the answers the
selectors build (the hot endpoints return those dicts as they are, see `views.py`).
"""

from rest_framework import serializers

from governance.api.serializers import ScopePathField
from lessons import conf
from lessons.command_triggers import validate as validate_command_trigger
from lessons.models import (
    AntiPattern,
    Lesson,
    LessonType,
    Pattern,
    Severity,
    ValidationType,
)
from lessons.triggers import TriggerError, validate_trigger


def _text(**kwargs) -> serializers.CharField:
    kwargs.setdefault("max_length", conf.LESSON_TEXT_MAX)
    return serializers.CharField(**kwargs)


def _list(**kwargs) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.CharField(max_length=1000, allow_blank=False),
        max_length=conf.LESSON_LIST_MAX_ITEMS,
        required=False,
        allow_null=True,
        default=list,
        **kwargs,
    )


# --- inputs ------------------------------------------------------------------------------------


class LessonInputSerializer(serializers.Serializer):
    """The spec's `Lesson`, plus an optional `scope` (a path) and `trigger_pattern`."""

    lesson_type = serializers.ChoiceField(choices=LessonType.choices)
    domain = serializers.CharField(max_length=100)
    category = serializers.CharField(max_length=100, required=False, allow_blank=True)
    title = serializers.CharField(max_length=conf.LESSON_TITLE_MAX)
    context = _text(allow_blank=True)  # type: ignore[assignment]  # a declared field: DRF pops it off the class
    action_taken = _text(allow_blank=True)
    outcome = _text(allow_blank=True)
    root_cause = _text(required=False, allow_null=True, allow_blank=True)
    solution = _text(required=False, allow_null=True, allow_blank=True)
    alternatives = _list()
    severity = serializers.ChoiceField(choices=Severity.choices, default=Severity.MEDIUM)
    tags = _list()
    source_agent = serializers.CharField(max_length=100)
    related_files = _list()
    related_commands = _list()
    confidence = serializers.FloatField(min_value=0.0, max_value=1.0, default=0.8)
    scope = serializers.CharField(max_length=600, required=False, allow_blank=True)
    trigger_pattern = serializers.CharField(
        max_length=conf.ANTI_PATTERN_TRIGGER_MAX, required=False, allow_blank=True
    )

    def validate_trigger_pattern(self, value: str) -> str:
        if value:
            try:
                validate_trigger(value)
            except TriggerError as exc:
                raise serializers.ValidationError(str(exc)) from None
        return value

    def validate(self, attrs: dict) -> dict:
        if not attrs.get("category"):
            attrs["category"] = attrs["domain"]
        for name in ("alternatives", "tags", "related_files", "related_commands"):
            attrs[name] = list(dict.fromkeys(attrs.get(name) or []))
        return attrs


class AntiPatternCheckInputSerializer(serializers.Serializer):
    """The spec's `AntiPatternCheck`."""

    proposed_action = serializers.CharField(max_length=10_000)
    context = serializers.CharField(max_length=10_000, required=False, allow_blank=True, default="")  # type: ignore[assignment]  # a declared field: DRF pops it off the class
    domain = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")
    agent = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


class ContextQueryInputSerializer(serializers.Serializer):
    """The spec's `ContextQuery`."""

    context = serializers.CharField(max_length=10_000)  # type: ignore[assignment]  # a declared field: DRF pops it off the class
    domain = serializers.CharField(
        max_length=100, required=False, allow_null=True, allow_blank=True
    )
    agent = serializers.CharField(max_length=100, required=False, allow_null=True, allow_blank=True)
    include_cross_domain = serializers.BooleanField(default=True)
    max_results = serializers.IntegerField(
        min_value=1, max_value=conf.RELEVANT_MAX_RESULTS, default=10
    )


class ValidateInputSerializer(serializers.Serializer):
    """The spec takes these as query parameters; a JSON body works too."""

    validated = serializers.BooleanField()
    validated_by = serializers.CharField(max_length=200, required=False, allow_blank=True)
    notes = serializers.CharField(
        max_length=conf.LESSON_TEXT_MAX, required=False, allow_null=True, allow_blank=True
    )
    validation_type = serializers.ChoiceField(
        choices=ValidationType.choices, required=False, allow_null=True
    )


class ConfirmInputSerializer(serializers.Serializer):
    confirmed_by = serializers.CharField(max_length=200, required=False, allow_blank=True)
    notes = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class DeprecateInputSerializer(serializers.Serializer):
    notes = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class AntiPatternUpdateInputSerializer(serializers.Serializer):
    trigger_pattern = serializers.CharField(
        max_length=conf.ANTI_PATTERN_TRIGGER_MAX,
        required=False,
        allow_blank=True,
        help_text="an explicit RE2 regex; empty removes it",
    )
    command_trigger = serializers.JSONField(
        required=False,
        help_text='{"commands": [pattern or command line, ...], "unless": [...]}; {} removes it',
    )
    cross_domain = serializers.BooleanField(required=False)
    title = serializers.CharField(max_length=300, required=False)
    why_bad = _text(required=False)
    example = _text(required=False, allow_blank=True, allow_null=True)
    alternatives = serializers.ListField(
        child=serializers.CharField(max_length=1000), max_length=50, required=False
    )
    severity = serializers.ChoiceField(choices=Severity.choices, required=False)
    block_action = serializers.BooleanField(required=False)

    def validate_trigger_pattern(self, value: str) -> str:
        try:
            return validate_trigger(value) if value else value
        except TriggerError as exc:
            raise serializers.ValidationError(str(exc)) from None

    def validate_command_trigger(self, value) -> dict:
        try:
            return validate_command_trigger(value)
        except TriggerError as exc:
            raise serializers.ValidationError(str(exc)) from None


# --- outputs -----------------------------------------------------------------------------------


class ReportOutputSerializer(serializers.Serializer):
    lesson_id = serializers.UUIDField()
    patterns_detected = serializers.IntegerField(
        help_text="patterns this lesson forms or joins (the worker writes them after commit)"
    )
    escalated_to = serializers.ListField(
        child=serializers.CharField(), help_text="queues the escalation rules send it to"
    )
    status = serializers.CharField()
    occurrence = serializers.BooleanField(help_text="true when an existing lesson occurred again")
    occurrence_count = serializers.IntegerField()
    anti_pattern_id = serializers.UUIDField(allow_null=True)
    anti_pattern_notes = serializers.ListField(
        child=serializers.CharField(),
        help_text="what of the reported action gives no command trigger, and why",
    )
    scope = serializers.CharField()
    queued = serializers.ListField(child=serializers.CharField())


class BulkOutputSerializer(serializers.Serializer):
    processed = serializers.IntegerField()
    results = ReportOutputSerializer(many=True)


class MatchedCommandSerializer(serializers.Serializer):
    command = serializers.CharField(required=False, help_text="the command of the action")
    pattern = serializers.CharField(required=False, help_text="the trigger's pattern it matched")
    program = serializers.CharField(required=False)
    subcommand = serializers.ListField(child=serializers.CharField(), required=False)
    flags = serializers.ListField(child=serializers.CharField(), required=False)
    arguments = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="the values that matched"
    )
    sudo = serializers.BooleanField(required=False)
    regex = serializers.BooleanField(required=False, help_text="matched by an explicit regex")


class MatchOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    title = serializers.CharField()
    why_bad = serializers.CharField()
    example = serializers.CharField(allow_null=True)
    alternatives = serializers.ListField(child=serializers.CharField())
    severity = serializers.CharField()
    block_action = serializers.BooleanField()
    awaiting_confirmation = serializers.BooleanField(
        required=False,
        help_text="Reported blocking by an agent the scope does not trust: it warns until a "
        "person confirms it.",
    )
    domain = serializers.CharField()
    category = serializers.CharField(allow_null=True)
    trigger_pattern = serializers.CharField(allow_blank=True)
    scope = serializers.CharField()
    source_lesson_id = serializers.UUIDField(allow_null=True)
    source_pattern_id = serializers.UUIDField(allow_null=True)
    match_type = serializers.ChoiceField(
        choices=["command", "trigger", "semantic", "trigger+semantic"],
        help_text="command: its command trigger matched a command of the action; trigger: its "
        "explicit regex; semantic: by meaning",
    )
    similarity = serializers.FloatField(
        allow_null=True, help_text="by meaning, after the context moved it"
    )
    context_similarity = serializers.FloatField(
        required=False, help_text="how close the check's context is to the anti-pattern"
    )
    matched = MatchedCommandSerializer(
        allow_null=True, help_text="why it matched: the command and what of it"
    )
    blocks = serializers.BooleanField(help_text="whether this match blocks the action")
    times_triggered = serializers.IntegerField(
        help_text="how often it matched so far, this check included"
    )
    source_occurrence_count = serializers.IntegerField(
        allow_null=True,
        help_text="how often its source pattern (or else lesson) occurred; null without one, "
        "or when the caller may not read it",
    )
    domain_match = serializers.ChoiceField(
        choices=["same_domain", "cross_domain", "any_domain"],
        help_text="same_domain: the anti-pattern is of the asking domain (or category); "
        "cross_domain: it applies to every domain; any_domain: the check named no domain",
    )


class CheckOutputSerializer(serializers.Serializer):
    """The spec's `AntiPatternResult`."""

    blocked = serializers.BooleanField()
    matching_patterns = MatchOutputSerializer(many=True)
    alternatives = serializers.ListField(child=serializers.CharField())
    warnings = serializers.ListField(child=serializers.CharField())


class LessonSummarySerializer(serializers.Serializer):
    id = serializers.UUIDField()
    lesson_type = serializers.CharField()
    domain = serializers.CharField()
    category = serializers.CharField()
    title = serializers.CharField()
    context = serializers.CharField()  # type: ignore[assignment]  # a declared field: DRF pops it off the class
    action_taken = serializers.CharField()
    outcome = serializers.CharField()
    root_cause = serializers.CharField(allow_null=True)
    solution = serializers.CharField(allow_null=True)
    alternatives = serializers.ListField(child=serializers.CharField())
    severity = serializers.CharField()
    tags = serializers.ListField(child=serializers.CharField())
    source_agent = serializers.CharField()
    related_files = serializers.ListField(child=serializers.CharField())
    related_commands = serializers.ListField(child=serializers.CharField())
    confidence = serializers.FloatField()
    validated = serializers.BooleanField()
    occurrence_count = serializers.IntegerField()
    last_occurred = serializers.DateTimeField()
    created_at = serializers.DateTimeField()
    scope = serializers.CharField()


class RelevantLessonSerializer(LessonSummarySerializer):
    similarity = serializers.FloatField()
    recency_score = serializers.FloatField()
    relevance = serializers.FloatField(help_text="similarity * 0.7 + recency_score * 0.3")


class AntiPatternSummarySerializer(serializers.Serializer):
    id = serializers.UUIDField()
    title = serializers.CharField()
    why_bad = serializers.CharField()
    example = serializers.CharField(allow_null=True)
    trigger_pattern = serializers.CharField()
    alternatives = serializers.ListField(child=serializers.CharField())
    severity = serializers.CharField()
    block_action = serializers.BooleanField()
    domain = serializers.CharField()
    category = serializers.CharField(allow_null=True)
    times_triggered = serializers.IntegerField()
    last_triggered = serializers.DateTimeField(allow_null=True)
    scope = serializers.CharField()


class AgentMemoryOutputSerializer(serializers.Serializer):
    agent = serializers.CharField()
    domain = serializers.CharField()
    lessons_count = serializers.IntegerField()
    critical_lessons = LessonSummarySerializer(many=True)
    recent_lessons = LessonSummarySerializer(many=True)
    anti_patterns = AntiPatternSummarySerializer(many=True)
    last_updated = serializers.DateTimeField()


class PatternOutputSerializer(serializers.ModelSerializer):
    scope = ScopePathField()
    confidence = serializers.FloatField()

    class Meta:
        model = Pattern
        fields = [
            "id",
            "pattern_name",
            "pattern_type",
            "description",
            "domain",
            "categories",
            "lesson_ids",
            "occurrence_count",
            "first_seen",
            "last_seen",
            "confidence",
            "status",
            "confirmed_by",
            "confirmed_at",
            "recommended_action",
            "prevention_steps",
            "scope",
            "created_at",
            "updated_at",
        ]


class PendingEscalationSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    lesson_id = serializers.UUIDField(allow_null=True)
    pattern_id = serializers.UUIDField(allow_null=True)
    escalated_to = serializers.CharField()
    reason = serializers.CharField()
    priority = serializers.CharField()
    status = serializers.CharField()
    title = serializers.CharField()
    lesson_type = serializers.CharField(allow_null=True)
    severity = serializers.CharField(allow_null=True)
    domain = serializers.CharField(allow_null=True)
    pattern_name = serializers.CharField(allow_null=True)
    scope = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()


class ValidateOutputSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["validated", "invalidated"])
    lesson_id = serializers.UUIDField()
    validation_type = serializers.CharField()
    confidence = serializers.FloatField()


class ConfirmOutputSerializer(serializers.Serializer):
    status = serializers.CharField()
    pattern_id = serializers.UUIDField()
    confirmed_by = serializers.CharField(allow_null=True)
    anti_pattern_id = serializers.UUIDField(allow_null=True)


class ClaudeCodeContextSerializer(serializers.Serializer):
    critical_anti_patterns = AntiPatternSummarySerializer(many=True)
    recent_failures = LessonSummarySerializer(many=True)
    active_workarounds = LessonSummarySerializer(many=True)
    domain_lessons = serializers.DictField(child=LessonSummarySerializer(many=True))
    last_session_lessons = LessonSummarySerializer(many=True)
    last_session_id = serializers.CharField(allow_null=True)
    generated_at = serializers.DateTimeField()


class DashboardOutputSerializer(serializers.Serializer):
    total_lessons = serializers.IntegerField()
    failures = serializers.IntegerField()
    successes = serializers.IntegerField()
    anti_patterns = serializers.IntegerField()
    confirmed_patterns = serializers.IntegerField()
    pending_escalations = serializers.IntegerField()
    lessons_today = serializers.IntegerField()
    lessons_this_week = serializers.IntegerField()


class LessonOutputSerializer(serializers.ModelSerializer):
    scope = ScopePathField()
    confidence = serializers.FloatField()

    class Meta:
        model = Lesson
        exclude = ["embedding"]


class AntiPatternOutputSerializer(serializers.ModelSerializer):
    scope = ScopePathField()

    class Meta:
        model = AntiPattern
        exclude = ["embedding"]
