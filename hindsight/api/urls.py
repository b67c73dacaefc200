from django.urls import path
from rest_framework.routers import SimpleRouter

from hindsight.api.views import (
    ErrorCaptureView,
    ErrorMatchView,
    FixView,
    LearningViewSet,
    MissViewSet,
    ResolutionViewSet,
    SignatureViewSet,
    StorageView,
    ToolResultView,
)

router = SimpleRouter(trailing_slash=False)
router.register("hindsight/signatures", SignatureViewSet, basename="hindsight-signature")
router.register("hindsight/resolutions", ResolutionViewSet, basename="hindsight-resolution")
router.register("hindsight/misses", MissViewSet, basename="hindsight-miss")
router.register("learnings", LearningViewSet, basename="learning")

urlpatterns = [
    path("hindsight/errors", ErrorCaptureView.as_view(), name="hindsight-capture"),
    path("hindsight/match", ErrorMatchView.as_view(), name="hindsight-match"),
    path("hindsight/fix", FixView.as_view(), name="hindsight-fix"),
    path("hindsight/storage", StorageView.as_view(), name="hindsight-storage"),
    path("tool-results", ToolResultView.as_view(), name="tool-results"),
    *router.urls,
]
