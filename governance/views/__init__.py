"""The review pages: maintainers' proposal queue, supervisors' escalation queue, inbox, dashboard.

Every decision goes through the same services as the API; the pages only gather evidence and
forms around them.
"""

from governance.views.auth import ReviewLoginView, ReviewLogoutView
from governance.views.dashboard import dashboard
from governance.views.escalations import escalation_detail, escalation_queue
from governance.views.inbox import inbox, inbox_mark, inbox_open, inbox_read_all
from governance.views.proposals import proposal_detail, proposal_queue

__all__ = [
    "ReviewLoginView",
    "ReviewLogoutView",
    "dashboard",
    "escalation_detail",
    "escalation_queue",
    "inbox",
    "inbox_mark",
    "inbox_open",
    "inbox_read_all",
    "proposal_detail",
    "proposal_queue",
]
