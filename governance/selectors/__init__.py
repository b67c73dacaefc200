"""Reads of governance: scopes and roles, effective policies, review queues, the dashboard."""

from governance.selectors.policies import (
    EffectivePolicy,
    agents_may_reactivate,
    confidence_cap,
    drafts_injected,
    policy_for,
    policy_threshold,
    reporter_trusted,
)
from governance.selectors.scopes import (
    maintainers_of,
    readable,
    readable_scope_ids,
    scope_ancestors,
    scope_by_path,
    scope_descendants,
    scope_for_read,
    scope_named,
    scopes_readable,
    supervisors_of,
    users_with_role,
    writable,
)

__all__ = [
    "EffectivePolicy",
    "agents_may_reactivate",
    "confidence_cap",
    "drafts_injected",
    "reporter_trusted",
    "maintainers_of",
    "policy_for",
    "policy_threshold",
    "readable",
    "readable_scope_ids",
    "scope_ancestors",
    "scope_by_path",
    "scope_descendants",
    "scope_for_read",
    "scope_named",
    "scopes_readable",
    "supervisors_of",
    "users_with_role",
    "writable",
]
