"""Writes of governance. Other apps import from here:

from governance.services import audit_record, proposal_create, escalation_create
"""

from governance.services.audit import audit_entry, audit_record, audit_record_many
from governance.services.escalations import (
    EscalationRequest,
    escalation_create,
    escalation_transition,
    escalations_create,
    escalations_flag_overdue,
)
from governance.services.notifications import (
    notification_email_send,
    notification_mark,
    notifications_create,
    notifications_mark_all_read,
    notifications_send_pending,
)
from governance.services.policies import policy_record_change
from governance.services.proposals import (
    proposal_cancel,
    proposal_create,
    proposal_decide,
    proposals_close_for_subject,
    proposals_mark_stale,
)
from governance.services.scopes import (
    LAYERS_TOP_DOWN,
    agent_create,
    membership_grant,
    queue_assign,
    scope_add,
    scope_create,
    scope_ensure_default,
    scope_ensure_path,
    scope_for_write,
    scope_require_write,
)

__all__ = [
    "LAYERS_TOP_DOWN",
    "EscalationRequest",
    "agent_create",
    "audit_entry",
    "audit_record",
    "audit_record_many",
    "escalation_create",
    "escalation_transition",
    "escalations_create",
    "escalations_flag_overdue",
    "membership_grant",
    "notification_email_send",
    "notification_mark",
    "notifications_create",
    "notifications_mark_all_read",
    "notifications_send_pending",
    "policy_record_change",
    "proposal_cancel",
    "proposals_close_for_subject",
    "proposal_create",
    "proposal_decide",
    "proposals_mark_stale",
    "queue_assign",
    "scope_add",
    "scope_create",
    "scope_ensure_default",
    "scope_ensure_path",
    "scope_for_write",
    "scope_require_write",
]
