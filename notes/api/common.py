"""What the notes endpoints share: the caller and the session a request belongs to."""

from __future__ import annotations

from rest_framework import exceptions

from governance.auth import Principal, principal_or_none

SESSION_HEADER = "HTTP_X_MNEMOSYNE_SESSION"


def principal(request) -> Principal:
    found = principal_or_none(request)
    if found is None:  # the permission class lets no anonymous request this far
        raise exceptions.NotAuthenticated()
    return found


def session_key(request, value: str | None = None) -> str:
    """The session a request belongs to: the body/query field, else the X-Mnemosyne-Session
    header; '' when neither (rate limits then do not apply, as the spec says)."""
    return (value or request.META.get(SESSION_HEADER, "") or "").replace("\x00", "").strip()[:200]
