from rest_framework import serializers

from governance.models import Layer, Scope
from governance.selectors.queues import can_decide_proposal, can_handle_escalation, queue_label


class ScopePathField(serializers.SlugRelatedField[Scope]):
    """A scope in an answer, shown as its path."""

    def __init__(self, **kwargs) -> None:
        super().__init__(slug_field="path", read_only=True, **kwargs)


class ScopeOutputSerializer(serializers.ModelSerializer):
    parent = ScopePathField(allow_null=True)  # type: ignore[assignment]  # a declared field: DRF pops it off the class

    class Meta:
        model = Scope
        fields = ["id", "path", "layer", "slug", "name", "parent", "created_at"]


class ScopeInputSerializer(serializers.Serializer):
    parent = serializers.CharField(max_length=600, help_text="path of the parent scope")  # type: ignore[assignment]  # a declared field: DRF pops it off the class
    slug = serializers.SlugField(max_length=100)
    layer = serializers.ChoiceField(choices=Layer.choices)
    name = serializers.CharField(max_length=200, required=False, default="")


class WhoAmISerializer(serializers.Serializer):
    kind = serializers.CharField()
    name = serializers.CharField()
    can_write = serializers.BooleanField()
    domain = serializers.CharField()
    read_scopes = serializers.ListField(child=serializers.CharField(), allow_null=True)
    write_scopes = serializers.ListField(child=serializers.CharField(), allow_null=True)


# --- proposals --------------------------------------------------------------------------------


class ApprovalOutputSerializer(serializers.Serializer):
    user = serializers.CharField(source="user.username")
    decision = serializers.CharField()
    comment = serializers.CharField()
    created_at = serializers.DateTimeField()


class ProposalOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    kind = serializers.CharField()
    state = serializers.CharField()
    scope = serializers.CharField(source="scope.path")
    layer = serializers.CharField(source="scope.layer")
    subject_type = serializers.CharField()
    subject_id = serializers.CharField()
    title = serializers.CharField()
    payload = serializers.JSONField()
    required_approvals = serializers.IntegerField()
    approvals_count = serializers.SerializerMethodField()
    approvals = ApprovalOutputSerializer(many=True)
    proposed_by = serializers.CharField()
    created_at = serializers.DateTimeField()
    decided_at = serializers.DateTimeField(allow_null=True)
    can_decide = serializers.SerializerMethodField(
        help_text="whether the caller may approve or reject it now"
    )

    def get_approvals_count(self, proposal) -> int:
        return sum(1 for a in proposal.approvals.all() if a.decision == "approve")

    def get_can_decide(self, proposal) -> bool:
        principal = self.context.get("principal")
        if principal is None or proposal.state != "pending":
            return False
        if not can_decide_proposal(principal, proposal):
            return False
        user_id = getattr(principal.user, "pk", None)
        return all(a.user_id != user_id for a in proposal.approvals.all())


class DecisionInputSerializer(serializers.Serializer):
    comment = serializers.CharField(max_length=5000, required=False, default="", allow_blank=True)


class CancelInputSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=5000, required=False, default="", allow_blank=True)


# --- escalations ------------------------------------------------------------------------------


class EscalationOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    escalated_to = serializers.CharField()
    queue = serializers.SerializerMethodField(help_text="the queue's display name")
    domain = serializers.CharField()
    title = serializers.CharField()
    reason = serializers.CharField()
    priority = serializers.CharField()
    status = serializers.CharField()
    scope = serializers.CharField(source="scope.path", allow_null=True)
    lesson_id = serializers.UUIDField(allow_null=True)
    pattern_id = serializers.UUIDField(allow_null=True)
    subject_type = serializers.CharField()
    subject_id = serializers.CharField()
    created_at = serializers.DateTimeField()
    due_at = serializers.DateTimeField(allow_null=True)
    overdue = serializers.BooleanField()
    resolved_by = serializers.CharField(allow_null=True)
    resolved_at = serializers.DateTimeField(allow_null=True)
    resolution_notes = serializers.CharField(allow_null=True)
    can_handle = serializers.SerializerMethodField()

    def get_queue(self, escalation) -> str:
        return queue_label(escalation.escalated_to)

    def get_can_handle(self, escalation) -> bool:
        return escalation.is_open and can_handle_escalation(
            self.context.get("principal"), escalation
        )


class TransitionInputSerializer(serializers.Serializer):
    notes = serializers.CharField(max_length=10000, required=False, default="", allow_blank=True)


# --- inbox, policy, audit ---------------------------------------------------------------------


class NotificationOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    title = serializers.CharField()
    body = serializers.CharField()
    url = serializers.CharField()
    subject_type = serializers.CharField()
    subject_id = serializers.CharField()
    scope = serializers.CharField(source="scope.path", allow_null=True, default=None)
    created_at = serializers.DateTimeField()
    read_at = serializers.DateTimeField(allow_null=True)
    is_read = serializers.BooleanField()


class ReadAllOutputSerializer(serializers.Serializer):
    marked = serializers.IntegerField()


class PolicyQuerySerializer(serializers.Serializer):
    scope = serializers.CharField(max_length=600, help_text="the scope's path")


class ApprovalRuleOutputSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="empty: any kind")
    layer = serializers.CharField(help_text="empty: any layer")
    approvals = serializers.IntegerField()
    scope = serializers.CharField(source="scope_path", help_text="the scope whose policy says so")


class EffectivePolicyOutputSerializer(serializers.Serializer):
    scope = serializers.CharField()
    layer = serializers.CharField()
    proposer_may_approve = serializers.BooleanField()
    approvals_needed = serializers.DictField(
        child=serializers.IntegerField(), help_text="per proposal kind, for this scope"
    )
    deadline_hours = serializers.DictField(
        child=serializers.IntegerField(), help_text="per escalation priority"
    )
    values = serializers.DictField(help_text="every value some policy on the chain sets")
    sources = serializers.DictField(
        child=serializers.CharField(), help_text="which scope set each value"
    )
    approval_rules = ApprovalRuleOutputSerializer(many=True)


class AuditLogOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    # Seed 003's names for the same row: session_key, target, created_at.
    session_key = serializers.CharField()
    target = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField(source="at")
    actor = serializers.CharField()
    actor_kind = serializers.CharField()
    action = serializers.CharField()
    target_type = serializers.CharField()
    target_id = serializers.CharField()
    scope_path = serializers.CharField()
    details = serializers.JSONField()

    def get_target(self, row) -> str:
        return f"{row.target_type}:{row.target_id}" if row.target_type else row.target_id
