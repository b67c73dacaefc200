from django.contrib import admin, messages
from django.db.models import Count, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join

from governance.auth import Principal
from governance.models import (
    OPEN_ESCALATION_STATES,
    AgentCredential,
    Approval,
    ApprovalRule,
    AuditLog,
    Decision,
    Escalation,
    EscalationStatus,
    Membership,
    Notification,
    Policy,
    Proposal,
    ProposalState,
    QueueAssignment,
    Role,
    Scope,
)
from governance.selectors import policy_for
from governance.selectors.queues import queue_label, role_q
from governance.services import escalation_transition, policy_record_change, proposal_decide
from mnemosyne_site.errors import DomainError

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

    def get_queryset(self, request):
        # The rows of a person's own scopes and below (everything for superusers).
        return super().get_queryset(request).filter(_principal(request).governed_q("scope_path"))

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


def _principal(request) -> Principal:
    cached = getattr(request, "_mnemosyne_principal", None)
    if cached is None:
        cached = request._mnemosyne_principal = Principal.for_user(request.user)
    return cached


class RoleScopedAdmin(admin.ModelAdmin):
    """Staff see rows of the scopes they belong to, whatever their Django permissions: roles in
    the scope tree, not model permissions, decide who governs what."""

    scope_field = "scope__path"
    # Proposals above a person's scopes are decided (and seen) by those who govern there.
    ancestors_visible = True

    def get_queryset(self, request):
        principal = _principal(request)
        visible = principal.readable_q if self.ancestors_visible else principal.governed_q
        return super().get_queryset(request).filter(visible(self.scope_field))

    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_staff

    def has_view_permission(self, request, obj=None):
        return self.has_module_permission(request)


class ApprovalInline(admin.TabularInline):
    model = Approval
    extra = 0
    readonly_fields = ["user", "decision", "comment", "created_at"]
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Proposal)
class ProposalAdmin(RoleScopedAdmin):
    ancestors_visible = False
    list_display = [
        "title",
        "kind",
        "state",
        "scope",
        "approvals_progress",
        "proposed_by",
        "created_at",
        "review_link",
    ]
    list_filter = ["kind", "state", "scope__layer"]
    list_select_related = ["scope"]
    search_fields = ["title", "subject_id"]
    readonly_fields = [f.name for f in Proposal._meta.fields]
    inlines = [ApprovalInline]
    actions = ["approve_selected", "reject_selected"]
    show_full_result_count = False

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(
                approve_count=Count("approvals", filter=Q(approvals__decision=Decision.APPROVE))
            )
        )

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description="approvals")
    def approvals_progress(self, obj):
        return f"{obj.approve_count} of {obj.required_approvals}"

    @admin.display(description="")
    def review_link(self, obj):
        return format_html('<a href="{}">Review →</a>', reverse("review:proposal", args=[obj.pk]))

    def _decide(self, request, queryset, decision: str):
        principal = _principal(request)
        done, refused = 0, []
        for proposal in queryset.filter(state=ProposalState.PENDING):
            try:
                proposal_decide(
                    proposal_id=proposal.pk,
                    principal=principal,
                    decision=decision,
                    comment="from the admin list",
                )
                done += 1
            except DomainError as error:
                refused.append(f"{proposal.title}: {error.detail}")
        verb = "approved" if decision == Decision.APPROVE else "rejected"
        self.message_user(request, f"{done} proposal(s) {verb}.", messages.SUCCESS)
        for line in refused[:10]:
            self.message_user(request, line, messages.WARNING)

    @admin.action(description="Approve selected proposals (as you)")
    def approve_selected(self, request, queryset):
        self._decide(request, queryset, Decision.APPROVE)

    @admin.action(description="Reject selected proposals (as you)")
    def reject_selected(self, request, queryset):
        self._decide(request, queryset, Decision.REJECT)


class OverdueFilter(admin.SimpleListFilter):
    title = "deadline"
    parameter_name = "overdue"

    def lookups(self, request, model_admin):
        return [("yes", "Overdue"), ("no", "Within deadline")]

    def queryset(self, request, queryset):
        overdue = Q(status__in=OPEN_ESCALATION_STATES, due_at__lte=timezone.now())
        if self.value() == "yes":
            return queryset.filter(overdue)
        if self.value() == "no":
            return queryset.exclude(overdue)
        return queryset


@admin.register(Escalation)
class EscalationAdmin(RoleScopedAdmin):
    list_display = [
        "title_or_reason",
        "queue",
        "priority",
        "status",
        "scope",
        "created_at",
        "due_at",
        "overdue_flag",
        "review_link",
    ]
    list_filter = ["status", "priority", "escalated_to", OverdueFilter]
    search_fields = ["title", "reason"]
    list_select_related = ["scope"]
    readonly_fields = [f.name for f in Escalation._meta.fields]
    actions = ["mark_reviewed"]
    show_full_result_count = False

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description="escalation")
    def title_or_reason(self, obj):
        return obj.title or obj.reason[:80]

    @admin.display(description="queue", ordering="escalated_to")
    def queue(self, obj):
        return queue_label(obj.escalated_to)

    @admin.display(description="overdue", boolean=True)
    def overdue_flag(self, obj):
        return obj.overdue

    @admin.display(description="")
    def review_link(self, obj):
        return format_html('<a href="{}">Handle →</a>', reverse("review:escalation", args=[obj.pk]))

    @admin.action(description="Mark selected escalations reviewed (as you)")
    def mark_reviewed(self, request, queryset):
        principal = _principal(request)
        done = 0
        for escalation in queryset.filter(status=EscalationStatus.PENDING):
            try:
                escalation_transition(
                    escalation_id=escalation.pk,
                    principal=principal,
                    status=EscalationStatus.REVIEWED,
                )
                done += 1
            except DomainError as error:
                self.message_user(request, f"{escalation}: {error.detail}", messages.WARNING)
        self.message_user(request, f"{done} escalation(s) marked reviewed.", messages.SUCCESS)


# --- policies ---------------------------------------------------------------------------------


class ApprovalRuleInline(admin.TabularInline):
    model = ApprovalRule
    extra = 1
    verbose_name = "approval rule"
    verbose_name_plural = (
        "approval rules (empty kind or layer: any; the nearest scope's most specific rule wins)"
    )


@admin.register(Policy)
class PolicyAdmin(RoleScopedAdmin):
    """Maintainers edit the policy of the scopes they maintain; every save is audited."""

    list_display = ["scope", "proposer_may_approve", "rules_summary", "updated_at"]
    list_select_related = ["scope"]
    search_fields = ["scope__path"]
    inlines = [ApprovalRuleInline]
    readonly_fields = ["effective_policy"]
    fieldsets = [
        (None, {"fields": ["scope", "proposer_may_approve"]}),
        (
            "Thresholds other apps read (empty: inherit)",
            {
                "fields": [
                    "promotion_min_applications",
                    "promotion_min_success_rate",
                    "bloat_limit",
                    "knowledge_saves_per_session",
                    "learning_saves_per_session",
                ]
            },
        ),
        (
            "What agents may make others obey (empty: inherit)",
            {
                "fields": [
                    "trusted_agents",
                    "trust_local_agent",
                    "agent_max_confidence",
                    "inject_drafts",
                    "agents_may_reactivate",
                ]
            },
        ),
        (
            "Escalation deadlines in hours (empty: inherit)",
            {
                "fields": [
                    "deadline_critical_hours",
                    "deadline_high_hours",
                    "deadline_medium_hours",
                    "deadline_low_hours",
                ]
            },
        ),
        ("In effect", {"fields": ["effective_policy"]}),
    ]

    def _maintains(self, request, obj) -> bool:
        return obj is None or _principal(request).has_role(obj.scope.path, Role.MAINTAINER)

    def has_add_permission(self, request):
        principal = _principal(request)
        return request.user.is_superuser or any(
            Role.MAINTAINER in roles for roles in principal.roles.values()
        )

    def has_change_permission(self, request, obj=None):
        return self.has_module_permission(request) and self._maintains(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self.has_change_permission(request, obj)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "scope" and not request.user.is_superuser:
            kwargs["queryset"] = Scope.objects.filter(
                role_q(_principal(request), Role.MAINTAINER, "path")
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    @admin.display(description="approval rules")
    def rules_summary(self, obj):
        return "; ".join(str(rule) for rule in obj.approval_rules.all()) or "—"

    @admin.display(description="effective policy here (after inheritance)")
    def effective_policy(self, obj):
        if obj is None or obj.pk is None:
            return "Saved policies show what is in effect, and which scope set each value."
        effective = policy_for(obj.scope)
        rows = [
            (name, value, effective.sources.get(name, ""))
            for name, value in sorted(effective.values.items())
        ]
        rows += [
            (f"approvals for {kind}", effective.approvals_for(kind), "")
            for kind in ("promotion", "merge", "lifecycle")
        ]
        return format_html(
            "<table><tr><th>setting</th><th>value</th><th>set by</th></tr>{}</table>",
            format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td></tr>", rows),
        )

    def save_related(self, request, form, formsets, change):
        # The admin runs the whole change form in one transaction: the audit row joins it.
        super().save_related(request, form, formsets, change)
        policy_record_change(policy=form.instance, actor=_principal(request), created=not change)


@admin.register(QueueAssignment)
class QueueAssignmentAdmin(admin.ModelAdmin):
    list_display = ["user", "queue_name", "domain", "scope", "created_at"]
    list_filter = ["queue", "domain"]
    list_select_related = ["user", "scope"]
    search_fields = ["user__username", "queue", "scope__path"]
    autocomplete_fields = ["scope"]

    @admin.display(description="queue", ordering="queue")
    def queue_name(self, obj):
        return queue_label(obj.queue)


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["user", "kind", "title", "created_at", "read_at", "emailed_at"]
    list_filter = ["kind"]
    list_select_related = ["user"]
    search_fields = ["user__username", "title"]
    readonly_fields = [f.name for f in Notification._meta.fields]
    show_full_result_count = False

    def has_add_permission(self, request):
        return False
