"""Admin pages of notes and knowledge. Actions go through the services, so they are audited
like every other change."""

from django.contrib import admin, messages
from django.db.models import QuerySet

from governance.auth import Principal
from mnemosyne_site.errors import DomainError
from notes.models import (
    ExternalRef,
    KnowledgeItem,
    NoteRetrieval,
    SessionFeedback,
    Skill,
    Trajectory,
    TrajectoryEvent,
)
from notes.services.lifecycle import note_request_transition, note_suggest_merges
from notes.services.trajectories import trajectory_requeue


def _principal(request) -> Principal:
    return Principal.for_user(request.user)


@admin.register(KnowledgeItem)
class KnowledgeItemAdmin(admin.ModelAdmin):
    list_display = [
        "title",
        "kind",
        "status",
        "scope",
        "retrieval_count",
        "usefulness_score",
        "reference_count",
        "low_quality",
        "created_at",
    ]
    list_filter = ["kind", "status", "low_quality", "scope__layer"]
    list_select_related = ["scope"]
    search_fields = ["title", "key", "content"]
    readonly_fields = [
        "embedding",
        "retrieval_count",
        "usefulness_score",
        "reference_count",
        "use_count",
        "original",
        "promotion_path",
        "merged_into",
        "last_retrieved_at",
        "created_at",
        "updated_at",
    ]
    show_full_result_count = False
    actions = ["accept", "deprecate", "suggest_merges"]

    def _transition(self, request, queryset: QuerySet, status: str) -> None:
        # The same service and checks as the API: maintainers apply, other writers propose.
        who = _principal(request)
        done, proposed, refused = 0, 0, []
        for note in queryset.select_related("scope"):
            try:
                _, proposal = note_request_transition(
                    principal=who, note=note, status=status, reason="admin action"
                )
            except DomainError as error:
                refused.append(f"{note.title}: {error}")
                continue
            if proposal is None:
                done += 1
            else:
                proposed += 1
        self.message_user(request, f"{done} note(s) now {status}.")
        if proposed:
            self.message_user(request, f"{proposed} proposed to their scope's maintainers.")
        for line in refused[:10]:
            self.message_user(request, line, messages.WARNING)

    @admin.action(description="Accept the selected notes")
    def accept(self, request, queryset):
        self._transition(request, queryset, "accepted")

    @admin.action(description="Deprecate the selected notes")
    def deprecate(self, request, queryset):
        self._transition(request, queryset, "deprecated")

    @admin.action(description="Suggest merges with similar accepted notes")
    def suggest_merges(self, request, queryset):
        count = sum(len(note_suggest_merges(note_id=note.pk)) for note in queryset)
        self.message_user(request, f"{count} merge suggestion(s) queued for review.")


TRAJECTORY_EVENT_FIELDS = ("started_at", "seq", "tool_name", "duration_ms", "error")


class TrajectoryEventInline(admin.TabularInline):
    model = TrajectoryEvent
    fields = TRAJECTORY_EVENT_FIELDS
    readonly_fields = TRAJECTORY_EVENT_FIELDS
    extra = 0
    max_num = 0
    show_change_link = False
    ordering = ["started_at", "seq"]


@admin.register(Trajectory)
class TrajectoryAdmin(admin.ModelAdmin):
    list_display = [
        "session_key",
        "scope",
        "event_count",
        "failed_count",
        "outcome",
        "distillation_status",
        "created_at",
    ]
    list_filter = ["outcome", "distillation_status", "scope__layer"]
    list_select_related = ["scope"]
    search_fields = ["session_key", "user_ref", "project_ref", "trajectory_hash"]
    readonly_fields = [f.name for f in Trajectory._meta.fields]
    inlines = [TrajectoryEventInline]
    show_full_result_count = False
    actions = ["requeue"]

    @admin.action(description="Queue distillation again (failed or stuck)")
    def requeue(self, request, queryset):
        who = _principal(request)
        done, refused = 0, []
        for trajectory in queryset:
            try:
                trajectory_requeue(trajectory_id=trajectory.pk, actor=who)
                done += 1
            except DomainError as error:
                refused.append(f"{trajectory.session_key}: {error}")
        self.message_user(request, f"{done} trajectory(ies) queued for distillation.")
        for line in refused[:10]:
            self.message_user(request, line, messages.WARNING)


@admin.register(NoteRetrieval)
class NoteRetrievalAdmin(admin.ModelAdmin):
    list_display = ["note", "session_key", "query", "similarity", "rank", "actor", "created_at"]
    list_select_related = ["note"]
    search_fields = ["session_key", "query"]
    readonly_fields = [f.name for f in NoteRetrieval._meta.fields]
    show_full_result_count = False


@admin.register(SessionFeedback)
class SessionFeedbackAdmin(admin.ModelAdmin):
    list_display = ["session_key", "outcome", "rating", "notes_credited", "actor", "created_at"]
    list_filter = ["outcome"]
    search_fields = ["session_key"]
    readonly_fields = [f.name for f in SessionFeedback._meta.fields]


@admin.register(Skill)
class SkillAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "skill_type",
        "status",
        "scope",
        "requires_approval",
        "use_count",
        "success_count",
        "last_used_at",
    ]
    list_filter = ["status", "skill_type", "requires_approval"]
    list_select_related = ["scope"]
    search_fields = ["name", "description"]
    readonly_fields = [
        "status",
        "use_count",
        "success_count",
        "last_used_at",
        "created_at",
        "updated_at",
    ]


@admin.register(ExternalRef)
class ExternalRefAdmin(admin.ModelAdmin):
    list_display = ["name", "ref_type", "location", "scope", "updated_at"]
    list_filter = ["ref_type"]
    list_select_related = ["scope"]
    search_fields = ["name", "summary", "location"]
