"""Which scope a hindsight read or write applies to, checked against the caller."""

from __future__ import annotations

import re

from rest_framework import exceptions

from governance.auth import Principal
from governance.models import Layer, Scope
from governance.selectors import default_scope, scope_by_path

_PATH = re.compile(r"^[a-z0-9][a-z0-9_-]*(?:/[a-z0-9][a-z0-9_-]*){0,4}$", re.IGNORECASE)


def scope_for_write(principal: Principal, path: str | None) -> Scope:
    """The scope a write names (or the caller's default); 400 if unknown, 403 if not writable."""
    if path:
        path = path.strip().strip("/")
        if not _PATH.match(path):
            raise exceptions.ValidationError({"scope": ["Not a scope path (like acme/platform)."]})
        scope = scope_by_path(path)
        if scope is None or not principal.can_read_path(scope.path):
            raise exceptions.ValidationError({"scope": ["No such scope."]})
    else:
        scope = None
        if principal.default_scope_path:
            scope = scope_by_path(principal.default_scope_path)
        if scope is None:
            scope = default_scope()
    if not principal.can_write_path(scope.path):
        raise exceptions.PermissionDenied("This credential may not write in that scope.")
    return scope


def scope_for_read(principal: Principal, path: str | None) -> Scope | None:
    """The scope a read is limited to, or None for everything the caller may read."""
    if not path:
        return None
    path = path.strip().strip("/")
    if not _PATH.match(path):
        raise exceptions.ValidationError({"scope": ["Not a scope path (like acme/platform)."]})
    scope = scope_by_path(path)
    if scope is None or not principal.can_read_path(scope.path):
        raise exceptions.ValidationError({"scope": ["No such scope."]})
    return scope


def home_scope(scope: Scope) -> Scope:
    """Where signatures and notes of errors seen in `scope` live: a session's belong to its
    project, so every session of a project groups its errors together."""
    if scope.layer == Layer.SESSION and scope.parent is not None:
        return scope.parent
    return scope
