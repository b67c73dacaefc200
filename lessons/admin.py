"""Admin for lessons, patterns, anti-patterns and escalation rules.

Decisions go through the services (the same path as the API): activating, deactivating and
editing anti-patterns (triggers are validated with RE2 before they are saved), confirming and
deprecating patterns (maintainers of the pattern's scope only).
"""

from django import forms
from django.contrib import admin, messages

from governance.auth import Principal
from governance.services import audit_record
from lessons.command_triggers import validate as validate_command_trigger
from lessons.models import (
    AgentMemory,
    AntiPattern,
    EscalationRule,
    Lesson,
    Pattern,
    Validation,
)
from lessons.rules import RuleError, parse_condition
from lessons.services import (
    anti_pattern_set_active,
    anti_pattern_update,
    pattern_confirm,
    pattern_deprecate,
)
from lessons.services.anti_patterns import may_edit_anti_pattern
from lessons.triggers import TriggerError, validate_trigger
from mnemosyne_site.embeddings import embed_one
from mnemosyne_site.errors import DomainError


def _principal(request) -> Principal:
    return Principal.for_user(request.user)


@admin.register(Lesson)
class LessonAdmin(admin.ModelAdmin):
    list_display = [
        "title",
        "lesson_type",
        "severity",
        "domain",
        "category",
        "source_agent",
        "occurrence_count",
        "confidence",
        "validated",
        "last_occurred",
        "scope",
    ]
    list_filter = ["lesson_type", "severity", "validated", "domain"]
    search_fields = ["title", "context", "outcome", "source_agent", "domain", "category"]
    list_select_related = ["scope"]
    show_full_result_count = False
    date_hierarchy = "created_at"
    exclude = ["embedding"]
    readonly_fields = [
        "occurrence_count",
        "last_occurred",
        "validated",
        "validated_by",
        "validated_at",
        "validation_notes",
        "session_id",
        "created_at",
        "updated_at",
    ]


class AntiPatternForm(forms.ModelForm):
    class Meta:
        model = AntiPattern
        fields = [
            "scope",
            "command_trigger",
            "trigger_pattern",
            "domain",
            "category",
            "cross_domain",
            "title",
            "why_bad",
            "example",
            "alternatives",
            "severity",
            "block_action",
            "active",
        ]
        help_texts = {
            "command_trigger": (
                'The commands it blocks: {"commands": [...], "unless": [...]}. A pattern is a '
                'command line ("git push --force <branch>") or an object with program, '
                "subcommand, flags, options, args, anywhere, sudo, then; a value is literal, "
                "<any>, or re:REGEX. A pattern that would block an everyday command is refused."
            ),
            "trigger_pattern": "An explicit RE2 regex (optional; most anti-patterns need none).",
            "cross_domain": "Applies to agents of every domain.",
        }

    def clean_trigger_pattern(self) -> str:
        value = self.cleaned_data["trigger_pattern"]
        try:
            return validate_trigger(value) if value else ""
        except TriggerError as exc:
            raise forms.ValidationError(str(exc)) from None

    def clean_command_trigger(self) -> dict:
        value = self.cleaned_data["command_trigger"]
        try:
            return validate_command_trigger(value)
        except TriggerError as exc:
            raise forms.ValidationError(str(exc)) from None


EDITABLE = [
    "trigger_pattern",
    "command_trigger",
    "cross_domain",
    "title",
    "why_bad",
    "example",
    "alternatives",
    "severity",
    "block_action",
    "domain",
    "category",
    "active",
    "scope",
]


@admin.register(AntiPattern)
class AntiPatternAdmin(admin.ModelAdmin):
    form = AntiPatternForm
    list_display = [
        "title",
        "severity",
        "block_action",
        "active",
        "domain",
        "cross_domain",
        "blocks_commands",
        "times_triggered",
        "last_triggered",
        "scope",
    ]
    list_filter = ["active", "severity", "block_action", "cross_domain", "domain"]
    search_fields = ["title", "trigger_pattern", "why_bad", "example"]
    list_select_related = ["scope"]
    show_full_result_count = False
    readonly_fields = [
        "builtin_key",
        "times_triggered",
        "last_triggered",
        "source_lesson",
        "source_pattern",
        "created_at",
        "updated_at",
    ]
    actions = ["activate", "deactivate"]

    @admin.display(boolean=True, description="command trigger")
    def blocks_commands(self, obj) -> bool:
        return bool((obj.command_trigger or {}).get("commands"))

    def save_model(self, request, obj, form, change):
        if change:
            changes = {
                name: form.cleaned_data[name] for name in form.changed_data if name in EDITABLE
            }
            if changes:
                anti_pattern_update(
                    anti_pattern_id=obj.pk, principal=_principal(request), changes=changes
                )
            return
        obj.embedding = embed_one(obj.embedding_text())
        if obj.command_trigger:
            obj.command_trigger = {**obj.command_trigger, "source": "person"}
        super().save_model(request, obj, form, change)
        audit_record(
            actor=_principal(request),
            action="anti_pattern.create",
            target=obj,
            scope_path=obj.scope.path,
        )

    def has_change_permission(self, request, obj=None):
        """The service's own rule: maintainers of its scope edit an anti-pattern."""
        allowed = super().has_change_permission(request, obj)
        return allowed and (obj is None or may_edit_anti_pattern(_principal(request), obj))

    def _switch(self, request, queryset, active: bool) -> None:
        who = _principal(request)
        changed, refused = 0, []
        for pk, title in queryset.values_list("pk", "title"):
            try:
                changed += anti_pattern_set_active(anti_pattern_id=pk, principal=who, active=active)
            except DomainError as error:
                refused.append(f"{title}: {error}")
        verb = "activated" if active else "deactivated"
        self.message_user(request, f"{changed} anti-pattern(s) {verb}.")
        for line in refused[:10]:
            self.message_user(request, line, messages.WARNING)

    @admin.action(description="Activate the selected anti-patterns")
    def activate(self, request, queryset):
        self._switch(request, queryset, True)

    @admin.action(description="Deactivate the selected anti-patterns")
    def deactivate(self, request, queryset):
        self._switch(request, queryset, False)


@admin.register(Pattern)
class PatternAdmin(admin.ModelAdmin):
    list_display = [
        "pattern_name",
        "pattern_type",
        "status",
        "domain",
        "occurrence_count",
        "confidence",
        "last_seen",
        "scope",
    ]
    list_filter = ["status", "pattern_type", "domain"]
    search_fields = ["pattern_name", "description", "domain"]
    list_select_related = ["scope"]
    readonly_fields = [
        "lesson_ids",
        "occurrence_count",
        "first_seen",
        "last_seen",
        "confirmed_by",
        "confirmed_at",
        "status",
        "created_at",
        "updated_at",
    ]
    actions = ["confirm", "deprecate"]

    def _decide(self, request, queryset, decide, verb: str) -> None:
        done, refused = 0, []
        for pk, name in queryset.values_list("pk", "pattern_name"):
            try:
                decide(pk)
                done += 1
            except DomainError as error:
                refused.append(f"{name}: {error}")
        self.message_user(request, f"{done} pattern(s) {verb}.")
        if refused:
            reasons = "; ".join(refused[:10])
            self.message_user(request, f"{len(refused)} refused: {reasons}", messages.WARNING)

    @admin.action(description="Confirm the selected patterns")
    def confirm(self, request, queryset):
        principal = _principal(request)
        self._decide(
            request,
            queryset,
            lambda pk: pattern_confirm(
                pattern_id=pk, principal=principal, confirmed_by=principal.name
            ),
            "confirmed",
        )

    @admin.action(description="Deprecate the selected patterns")
    def deprecate(self, request, queryset):
        principal = _principal(request)
        self._decide(
            request,
            queryset,
            lambda pk: pattern_deprecate(pattern_id=pk, principal=principal),
            "deprecated",
        )


class EscalationRuleForm(forms.ModelForm):
    class Meta:
        model = EscalationRule
        fields = ["target", "condition", "reason", "priority", "position", "active"]

    def clean_condition(self) -> str:
        value = self.cleaned_data["condition"]
        try:
            parse_condition(value)
        except RuleError as exc:
            raise forms.ValidationError(str(exc)) from None
        return value


@admin.register(EscalationRule)
class EscalationRuleAdmin(admin.ModelAdmin):
    form = EscalationRuleForm
    list_display = ["target", "condition", "reason", "priority", "position", "active"]
    list_filter = ["target", "active"]
    search_fields = ["target", "condition", "reason"]
    list_editable = ["active", "position"]


@admin.register(AgentMemory)
class AgentMemoryAdmin(admin.ModelAdmin):
    list_display = ["agent_name", "domain", "lessons_count", "last_sync"]
    search_fields = ["agent_name", "domain"]
    exclude = ["profile_vector"]
    readonly_fields = [
        "relevant_lessons",
        "anti_patterns",
        "propagated_lesson_ids",
        "last_sync",
        "lessons_count",
    ]


@admin.register(Validation)
class ValidationAdmin(admin.ModelAdmin):
    list_display = [
        "lesson",
        "validation_type",
        "validated_by",
        "recorded_by",
        "confidence_before",
        "confidence_after",
        "created_at",
    ]
    list_filter = ["validation_type"]
    search_fields = ["validated_by", "lesson__title"]
    list_select_related = ["lesson"]

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # history
