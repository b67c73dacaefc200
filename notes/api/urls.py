from django.urls import path
from rest_framework.routers import SimpleRouter

from notes.api.views import knowledge as k
from notes.api.views.notes import NoteFeedbackView, NoteSearchView, NoteViewSet
from notes.api.views.trajectories import TrajectoryEndView, TrajectoryEventsView, TrajectoryViewSet

router = SimpleRouter(trailing_slash=False)
router.register("notes", NoteViewSet, basename="note")
router.register("trajectories", TrajectoryViewSet, basename="trajectory")

NAME = "<str:name>"

urlpatterns = [
    path("notes/search", NoteSearchView.as_view(), name="notes-search"),
    path("notes/feedback", NoteFeedbackView.as_view(), name="notes-feedback"),
    path("trajectories/events", TrajectoryEventsView.as_view(), name="trajectory-events"),
    path("trajectories/end", TrajectoryEndView.as_view(), name="trajectory-end"),
    path("knowledge", k.KnowledgeListView.as_view(), name="knowledge-list"),
    path("knowledge/search", k.KnowledgeSearchView.as_view(), name="knowledge-search"),
    path(
        "knowledge/semantic-search",
        k.KnowledgeSemanticSearchView.as_view(),
        name="knowledge-semantic-search",
    ),
    path("knowledge/keys/<str:key>", k.KnowledgeEntryView.as_view(), name="knowledge-entry"),
    path("knowledge/keys/<str:key>/use", k.KnowledgeUseView.as_view(), name="knowledge-use"),
    path("skills", k.SkillListView.as_view(), name="skill-list"),
    path("skills/active", k.SkillActiveView.as_view(), name="skill-active"),
    path(f"skills/{NAME}", k.SkillDetailView.as_view(), name="skill-detail"),
    path(f"skills/{NAME}/activate", k.SkillActivateView.as_view(), name="skill-activate"),
    path(f"skills/{NAME}/deprecate", k.SkillDeprecateView.as_view(), name="skill-deprecate"),
    path(f"skills/{NAME}/usage", k.SkillUsageView.as_view(), name="skill-usage"),
    path("external-refs", k.ExternalRefListView.as_view(), name="external-ref-list"),
    path(f"external-refs/{NAME}", k.ExternalRefDetailView.as_view(), name="external-ref-detail"),
    *router.urls,
]
