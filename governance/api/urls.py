from django.urls import path
from rest_framework.routers import SimpleRouter

from governance.api.views import ScopeViewSet, WhoAmIView

router = SimpleRouter(trailing_slash=False)
router.register("governance/scopes", ScopeViewSet, basename="scope")

urlpatterns = [
    path("governance/whoami", WhoAmIView.as_view(), name="whoami"),
    *router.urls,
]
