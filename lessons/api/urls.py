from django.urls import path
from rest_framework.routers import SimpleRouter

from lessons.api import resources, views

# The spec's paths, exactly, at the site root (no trailing slash).
spec_urlpatterns = [
    path("lessons/report", views.ReportView.as_view(), name="lessons-report"),
    path("lessons/bulk", views.BulkView.as_view(), name="lessons-bulk"),
    path("check/anti-pattern", views.CheckAntiPatternView.as_view(), name="check-anti-pattern"),
    path("query/relevant", views.RelevantView.as_view(), name="query-relevant"),
    path("agent/<str:agent_name>/memory", views.AgentMemoryView.as_view(), name="agent-memory"),
    path("patterns/emerging", views.EmergingPatternsView.as_view(), name="patterns-emerging"),
    path("escalations/pending", views.PendingEscalationsView.as_view(), name="escalations-pending"),
    path("lessons/<uuid:lesson_id>/validate", views.ValidateView.as_view(), name="lesson-validate"),
    path(
        "patterns/<uuid:pattern_id>/confirm",
        views.ConfirmPatternView.as_view(),
        name="pattern-confirm",
    ),
    path("claude-code/context", views.ClaudeCodeContextView.as_view(), name="claude-code-context"),
    path("claude-code/session-end", views.SessionEndView.as_view(), name="claude-code-session-end"),
    path("dashboard", views.DashboardView.as_view(), name="lessons-dashboard"),
]

# The resource API, mounted under /api/v1/.
router = SimpleRouter(trailing_slash=False)
router.register("lessons/lessons", resources.LessonViewSet, basename="lesson")
router.register("lessons/patterns", resources.PatternViewSet, basename="pattern")
router.register("lessons/anti-patterns", resources.AntiPatternViewSet, basename="anti-pattern")
urlpatterns = router.urls
