"""The person's inbox: what entered their queues, with read and unread."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from governance.models import Notification
from governance.selectors.queues import inbox_of
from governance.services import notification_mark, notifications_mark_all_read
from governance.views.common import render_page, review_page


@review_page
def inbox(request):
    unread_only = request.GET.get("unread") == "1"
    page = Paginator(inbox_of(request.user, unread_only=unread_only), 50).get_page(
        request.GET.get("page")
    )
    return render_page(
        request,
        "review/inbox.html",
        {
            "page": page,
            "notifications": page.object_list,
            "unread_only": unread_only,
            "active": "inbox",
        },
    )


@review_page
@require_POST
def inbox_mark(request, notification_id: int):
    try:
        notification_mark(
            user=request.user, notification_id=notification_id, read=request.POST.get("read") != "0"
        )
    except Notification.DoesNotExist:
        raise Http404("No such notification.") from None
    return redirect("review:inbox")


@review_page
@require_POST
def inbox_read_all(request):
    notifications_mark_all_read(user=request.user)
    return redirect("review:inbox")


@review_page
def inbox_open(request, notification_id: int):
    """Follow a notification's link, marking it read on the way."""
    try:
        notification = notification_mark(
            user=request.user, notification_id=notification_id, read=True
        )
    except Notification.DoesNotExist:
        raise Http404("No such notification.") from None
    target = notification.url
    if not target or not url_has_allowed_host_and_scheme(target, allowed_hosts=None):
        return redirect("review:inbox")
    return redirect(target)
