"""Governance settings, read once from the environment.

These are the root defaults; a scope's `Policy` overrides them for its subtree (admin-editable).
"""

from mnemosyne_site.env import env_bool, env_float, env_int

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

# Poisoning controls past the root of every policy chain (see `Policy`): nobody but the
# developer's own anonymous local agent makes anti-patterns block without a person confirming
# them, agents cannot push a learning past the auto-apply threshold on their own, drafts stay
# with their author, and what a person switched off stays off.
TRUST_LOCAL_AGENT = env_bool("GOVERNANCE_TRUST_LOCAL_AGENT", True)
AGENT_MAX_CONFIDENCE = env_float("GOVERNANCE_AGENT_MAX_CONFIDENCE", 0.7, minimum=0.1, maximum=1.0)
INJECT_DRAFTS = env_bool("GOVERNANCE_INJECT_DRAFTS", False)
AGENTS_MAY_REACTIVATE = env_bool("GOVERNANCE_AGENTS_MAY_REACTIVATE", False)

# Notifications: e-mail goes through Django's mail settings (EMAIL_BACKEND, EMAIL_HOST, ...).
NOTIFY_BY_EMAIL = env_bool("GOVERNANCE_NOTIFY_BY_EMAIL", True)

# Escalation ageing (a periodic task): one still open a whole further deadline after it went
# overdue is raised one priority.
ESCALATION_AGEING = env_bool("ESCALATION_AGEING", True)
