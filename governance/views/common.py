"""What every review page shares: login, the principal, the navigation counts, error mapping."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import render

from governance.auth import Principal, principal_of
from governance.selectors.queues import (
    escalations_to_handle,
    overdue_q,
    proposals_awaiting,
    unread_count,
)
from mnemosyne_site.errors import DomainError, Forbidden


def review_page(view):
    """Logged-in people only; anonymous visitors go to the review login."""

    @login_required(login_url="review:login")
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        return view(request, *args, **kwargs)

    return wrapper


def principal(request) -> Principal:
    return principal_of(request)


def nav_counts(request) -> dict:
    """The badges in the top bar: what waits for this person right now."""
    me = principal(request)
    handled = escalations_to_handle(me)
    return {
        "awaiting_count": proposals_awaiting(me).count(),
        "open_escalations_count": handled.count(),
        "overdue_count": handled.filter(overdue_q()).count(),
        "unread_count": unread_count(request.user),
    }


def render_page(request, template: str, context: dict, status: int = 200):
    return render(request, template, {**nav_counts(request), **context}, status=status)


def run_decision(request, action) -> bool:
    """Run a service call for a form; report its refusal as a message instead of a stack trace.

    Permission refusals become 403 pages; state conflicts and bad input go back to the form.
    """
    try:
        action()
    except Forbidden as error:
        raise PermissionDenied(str(error)) from None
    except DomainError as error:
        messages.error(request, str(error))
        return False
    return True
