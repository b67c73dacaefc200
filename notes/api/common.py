"""What the notes endpoints share: resolving the scope a request names, and its session key."""

from __future__ import annotations

from rest_framework import exceptions, permissions

from governance.auth import Principal, principal_or_none
from governance.models import Scope
from governance.selectors import default_scope, scope_by_path

SESSION_HEADER = "HTTP_X_MNEMOSYNE_SESSION"


def principal(request) -> Principal:
    found = principal_or_none(request)
    if found is None:  # the permission class lets no anonymous request this far
        raise exceptions.NotAuthenticated()
    return found


def _checked(path: str | None) -> str:
    """A scope path from a request (query strings are not validated by a serializer)."""
    path = (path or "").strip("/")
    if len(path) > 600 or "\x00" in path:
        raise exceptions.ValidationError({"scope": ["Not a scope path."]})
    return path


def read_scope(who: Principal, path: str | None, *, use_default: bool = True) -> Scope | None:
    """The scope a read names (or the caller's default); None means everything readable."""
    path = _checked(path) or (who.default_scope_path if use_default else None)
    if not path:
        return None
    scope = scope_by_path(path)
    # An unreadable scope answers like a missing one: no probing of other teams' trees.
    if scope is None or not who.can_read_path(scope.path):
        raise exceptions.ValidationError({"scope": ["No such scope."]})
    return scope


def write_scope(who: Principal, path: str | None) -> Scope:
    """The scope a write goes to: the one named, else the caller's default, else the site's."""
    path = _checked(path) or who.default_scope_path
    scope = scope_by_path(path) if path else default_scope()
    if scope is None or not who.can_read_path(scope.path):
        raise exceptions.ValidationError({"scope": ["No such scope."]})
    if not who.can_write_path(scope.path):
        raise exceptions.PermissionDenied("This caller may not write in that scope.")
    return scope


def session_key(request, value: str | None = None) -> str:
    """The session a request belongs to: the body/query field, else the X-Mnemosyne-Session
    header; '' when neither (rate limits then do not apply, as the spec says)."""
    return (value or request.META.get(SESSION_HEADER, "") or "").replace("\x00", "").strip()[:200]


class IsAnyPrincipal(permissions.BasePermission):
    """Searches are POSTs but read nothing the caller may not read: read-only agents may search."""

    def has_permission(self, request, view) -> bool:
        return principal_or_none(request) is not None
