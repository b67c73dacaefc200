from django.urls import include, path
from rest_framework.routers import SimpleRouter

from governance.api.views import (
    AuditLogViewSet,
    EscalationViewSet,
    NotificationViewSet,
    PolicyView,
    ProposalViewSet,
    ScopeViewSet,
    WhoAmIView,
)

router = SimpleRouter(trailing_slash=False)
router.register("governance/scopes", ScopeViewSet, basename="scope")
router.register("governance/proposals", ProposalViewSet, basename="proposal")
router.register("governance/escalations", EscalationViewSet, basename="escalation")
router.register("governance/inbox", NotificationViewSet, basename="notification")
router.register("governance/audit", AuditLogViewSet, basename="auditlog")

urlpatterns = [
    path("governance/whoami", WhoAmIView.as_view(), name="whoami"),
    path("governance/policy", PolicyView.as_view(), name="policy"),
    *router.urls,
]

# The people's pages: review queues, escalation queues, inbox and dashboard under /review/.
page_urlpatterns = [path("review/", include("governance.urls"))]
