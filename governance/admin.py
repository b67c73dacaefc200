from django.contrib import admin

from governance.models import (
    AgentCredential,
    Approval,
    AuditLog,
    Escalation,
    Membership,
    Proposal,
    Scope,
)

admin.site.site_header = "Mnemosyne"
admin.site.site_title = "Mnemosyne"
admin.site.index_title = "Collective memory: review and govern"


@admin.register(Scope)
class ScopeAdmin(admin.ModelAdmin):
    list_display = ["path", "layer", "name", "created_at"]
    list_filter = ["layer"]
    search_fields = ["path", "name"]
    readonly_fields = ["path"]

    def get_readonly_fields(self, request, obj=None):
        # The path is derived from the parent chain; changing a slug or parent would orphan it.
        return ["path", "slug", "parent", "layer"] if obj else ["path"]

    def save_model(self, request, obj, form, change):
        if not change:
            obj.path = f"{obj.parent.path}/{obj.slug}" if obj.parent else obj.slug
        super().save_model(request, obj, form, change)


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "scope", "role", "created_at"]
    list_filter = ["role", "scope__layer"]
    list_select_related = ["user", "scope"]
    search_fields = ["user__username", "scope__path"]
    autocomplete_fields = ["scope"]


@admin.register(AgentCredential)
class AgentCredentialAdmin(admin.ModelAdmin):
    list_display = ["name", "domain", "can_write", "is_active", "expires_at", "last_used_at"]
    list_filter = ["is_active", "can_write", "domain"]
    search_fields = ["name", "lookup"]
    readonly_fields = ["lookup", "digest", "created_at", "last_used_at"]
    filter_horizontal = ["read_scopes", "write_scopes"]

    def has_add_permission(self, request):
        # Tokens are shown once at creation: `manage.py createagent` prints it.
        return False


@admin.register(AuditLog)
class AuditLogAdmin(admin.ModelAdmin):
    list_display = ["at", "actor", "actor_kind", "action", "target_type", "target_id", "scope_path"]
    list_filter = ["actor_kind", "action"]
    search_fields = ["actor", "target_id", "scope_path"]
    show_full_result_count = False

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ApprovalInline(admin.TabularInline):
    model = Approval
    extra = 0
    readonly_fields = ["user", "decision", "comment", "created_at"]
    can_delete = False


@admin.register(Proposal)
class ProposalAdmin(admin.ModelAdmin):
    list_display = ["title", "kind", "state", "scope", "proposed_by", "created_at"]
    list_filter = ["kind", "state", "scope__layer"]
    list_select_related = ["scope"]
    search_fields = ["title", "subject_id"]
    readonly_fields = [f.name for f in Proposal._meta.fields]
    inlines = [ApprovalInline]


@admin.register(Escalation)
class EscalationAdmin(admin.ModelAdmin):
    list_display = ["title", "escalated_to", "priority", "status", "created_at"]
    list_filter = ["status", "priority", "escalated_to"]
    search_fields = ["title", "reason"]
    list_select_related = ["scope"]
