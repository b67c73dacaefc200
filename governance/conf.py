"""Governance settings, read once from the environment.

These are the root defaults; a scope's `Policy` overrides them for its subtree (admin-editable).
"""

from mnemosyne_site.env import env_bool, env_int

# Maintainer approvals a proposal needs when no policy on its scope chain says otherwise.
GOVERNANCE_DEFAULT_APPROVALS = env_int("GOVERNANCE_DEFAULT_APPROVALS", 1, minimum=1)
# Whoever proposed something may not approve it unless a policy allows it.
GOVERNANCE_PROPOSER_MAY_APPROVE = env_bool("GOVERNANCE_PROPOSER_MAY_APPROVE", False)

# How long an escalation may wait, per priority, before it is flagged overdue.
ESCALATION_DEADLINE_HOURS = {
    "critical": env_int("ESCALATION_DEADLINE_CRITICAL_HOURS", 4, minimum=1),
    "high": env_int("ESCALATION_DEADLINE_HIGH_HOURS", 24, minimum=1),
    "medium": env_int("ESCALATION_DEADLINE_MEDIUM_HOURS", 72, minimum=1),
    "low": env_int("ESCALATION_DEADLINE_LOW_HOURS", 168, minimum=1),
}

# Notifications: e-mail goes through Django's mail settings (EMAIL_BACKEND, EMAIL_HOST, ...).
NOTIFY_BY_EMAIL = env_bool("GOVERNANCE_NOTIFY_BY_EMAIL", True)

# Escalation ageing (a periodic task): one still open a whole further deadline after it went
# overdue is raised one priority.
ESCALATION_AGEING = env_bool("ESCALATION_AGEING", True)
