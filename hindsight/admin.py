from django.contrib import admin, messages

from hindsight.models import (
    ErrorOccurrence,
    ErrorSignature,
    Learning,
    Resolution,
    ResolutionApplication,
    SuggestionMiss,
)
from hindsight.services import refresh_signature

RESOLUTION_FIELDS = ("description", "success_rate", "application_count", "last_success_at")


class ResolutionInline(admin.TabularInline):
    model = Resolution
    fields = RESOLUTION_FIELDS
    readonly_fields = RESOLUTION_FIELDS
    extra = 0
    show_change_link = True
    can_delete = False


@admin.register(ErrorSignature)
class ErrorSignatureAdmin(admin.ModelAdmin):
    list_display = [
        "error_type",
        "message_template",
        "scope",
        "status",
        "occurrence_count",
        "last_seen_at",
    ]
    list_filter = ["status", "scope__layer"]
    list_select_related = ["scope"]
    search_fields = ["error_type", "message_template", "tool_name"]
    readonly_fields = [
        "fingerprint",
        "message_pattern",
        "stack_patterns",
        "context_patterns",
        "occurrence_count",
        "first_seen_at",
        "last_seen_at",
        "merged_into",
        "note",
        "metadata",
        "created_at",
    ]
    exclude = ["embedding"]
    inlines = [ResolutionInline]
    show_full_result_count = False
    actions = ["refresh_notes"]

    @admin.action(description="Rewrite hindsight notes and check promotions and merges")
    def refresh_notes(self, request, queryset):
        for signature in queryset:
            refresh_signature(signature_id=signature.pk)
        self.message_user(request, f"{queryset.count()} signature(s) refreshed.", messages.SUCCESS)


@admin.register(ErrorOccurrence)
class ErrorOccurrenceAdmin(admin.ModelAdmin):
    list_display = ["created_at", "signature", "scope", "tool_name", "session_key", "reported_by"]
    list_select_related = ["signature", "scope"]
    search_fields = ["message", "session_key"]
    show_full_result_count = False


APPLICATION_FIELDS = ("created_at", "success", "error_message", "context", "applied_by")


class ApplicationInline(admin.TabularInline):
    model = ResolutionApplication
    fields = APPLICATION_FIELDS
    readonly_fields = APPLICATION_FIELDS
    extra = 0
    can_delete = False


@admin.register(Resolution)
class ResolutionAdmin(admin.ModelAdmin):
    list_display = [
        "description",
        "signature",
        "success_rate",
        "application_count",
        "last_success_at",
    ]
    list_select_related = ["signature"]
    search_fields = ["description"]
    readonly_fields = [
        "success_count",
        "application_count",
        "success_rate",
        "last_success_at",
        "last_failure_at",
    ]
    inlines = [ApplicationInline]


@admin.register(SuggestionMiss)
class SuggestionMissAdmin(admin.ModelAdmin):
    list_display = ["created_at", "source", "error_type", "message_template", "scope"]
    list_filter = ["source"]
    list_select_related = ["scope"]
    search_fields = ["message_template", "error_type"]
    show_full_result_count = False


@admin.register(Learning)
class LearningAdmin(admin.ModelAdmin):
    list_display = [
        "trigger",
        "error_pattern",
        "category",
        "confidence",
        "occurrence_count",
        "success_count",
        "scope",
    ]
    list_filter = ["category"]
    list_select_related = ["scope"]
    search_fields = ["trigger", "error_pattern", "fix"]
    exclude = ["embedding"]
