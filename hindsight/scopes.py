"""Where hindsight keeps what it learns from an error seen in a scope."""

from __future__ import annotations

from governance.models import Layer, Scope


def home_scope(scope: Scope) -> Scope:
    """Where signatures and notes of errors seen in `scope` live: a session's belong to its
    project, so every session of a project groups its errors together."""
    if scope.layer == Layer.SESSION and scope.parent is not None:
        return scope.parent
    return scope
