"""The review pages people work in, mounted under /review/ (namespace "review").

Pages for people end in a slash, like the admin's; the API never does. Old slash-less page
addresses still work: CommonMiddleware (APPEND_SLASH) redirects them here.
"""

from django.urls import path

from governance import views

app_name = "review"

urlpatterns = [
    path("", views.proposal_queue, name="queue"),
    path("proposals/<uuid:proposal_id>/", views.proposal_detail, name="proposal"),
    path("escalations/", views.escalation_queue, name="escalations"),
    path("escalations/<uuid:escalation_id>/", views.escalation_detail, name="escalation"),
    path("inbox/", views.inbox, name="inbox"),
    path("inbox/read-all/", views.inbox_read_all, name="inbox_read_all"),
    path("inbox/<int:notification_id>/mark/", views.inbox_mark, name="inbox_mark"),
    path("inbox/<int:notification_id>/open/", views.inbox_open, name="inbox_open"),
    path("dashboard/", views.dashboard, name="dashboard"),
    path("login/", views.ReviewLoginView.as_view(), name="login"),
    path("logout/", views.ReviewLogoutView.as_view(), name="logout"),
]
