"""Reads of governance: scopes and roles, effective policies, review queues, the dashboard."""

from governance.selectors.policies import (
    EffectivePolicy,
    policy_for,
    policy_threshold,
)
from governance.selectors.scopes import (
    default_scope,
    maintainers_of,
    scope_ancestors,
    scope_by_path,
    scope_descendants,
    scopes_readable,
    supervisors_of,
    users_with_role,
)

__all__ = [
    "EffectivePolicy",
    "default_scope",
    "maintainers_of",
    "policy_for",
    "policy_threshold",
    "scope_ancestors",
    "scope_by_path",
    "scope_descendants",
    "scopes_readable",
    "supervisors_of",
    "users_with_role",
]
