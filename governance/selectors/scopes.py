"""Reads of scopes and roles, and the one place that resolves the scope a request names.

"Not yours" answers one way everywhere: a scope the caller names but may not read answers
exactly like one that does not exist, 403 naming the field (no probing of other teams' trees);
one it may read but not write, for a write, 403 too (`governance.services.scope_for_write`).
Objects addressed by id outside the readable scopes are 404, as if they did not exist.
"""

import re

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from governance.auth import Principal
from governance.models import Membership, Role, Scope
from mnemosyne_site.errors import Forbidden, InvalidInput

# Slugs joined by "/", at most five levels (company → org → team → project → session).
SCOPE_PATH = re.compile(r"^[-a-zA-Z0-9_]+(?:/[-a-zA-Z0-9_]+){0,4}$")
SCOPE_PATH_MAX = 600


def scope_by_path(path: str) -> Scope | None:
    return Scope.objects.filter(path=path.strip("/")).first()


def scope_ancestors(scope: Scope) -> QuerySet[Scope]:
    """The scope and its ancestors (ordering by layer precedence is the caller's business)."""
    return Scope.objects.filter(path__in=scope.ancestor_paths)


def scope_descendants(scope: Scope, *, include_self: bool = True) -> QuerySet[Scope]:
    qs = Scope.objects.filter(path__startswith=f"{scope.path}/")
    return qs | Scope.objects.filter(pk=scope.pk) if include_self else qs


def scopes_readable(principal: Principal) -> QuerySet[Scope]:
    return Scope.objects.filter(principal.readable_q("path"))


def readable_scope_ids(principal: Principal) -> QuerySet | None:
    """A subquery of the ids of every scope the principal may read; None when it may read all."""
    if principal.read_paths is None:
        return None
    return scopes_readable(principal).values("id")


def readable(queryset: QuerySet, principal: Principal, *, scope_field: str = "scope") -> QuerySet:
    """`queryset` limited to rows in scopes the principal may read: the one readable filter."""
    ids = readable_scope_ids(principal)
    return queryset if ids is None else queryset.filter(**{f"{scope_field}__in": ids})


def writable(queryset: QuerySet, principal: Principal, *, scope_field: str = "scope") -> QuerySet:
    """`queryset` limited to rows in scopes the principal may write."""
    return queryset.filter(principal.writable_q(f"{scope_field}__path"))


def scope_path_clean(path: str | None, *, field: str = "scope") -> str:
    """A scope path from a request, without surrounding slashes; "" for none. 400 naming the
    field when it cannot be a scope path (query strings reach here unvalidated)."""
    path = (path or "").strip().strip("/")
    if path and (len(path) > SCOPE_PATH_MAX or not SCOPE_PATH.match(path)):
        raise InvalidInput(fields={field: ["Not a scope path (like acme/platform)."]})
    return path


def scope_not_yours(path: str, field: str) -> Forbidden:
    """The answer for a named scope that is missing or unreadable: the same for both."""
    return Forbidden(fields={field: [f"No scope {path!r} that you may read."]})


def scope_named(principal: Principal, path: str, *, field: str = "scope") -> Scope:
    """The scope a request names, which the caller must be able to read; 403 naming the field
    otherwise, the same answer as for a scope that does not exist."""
    path = scope_path_clean(path, field=field)
    scope = scope_by_path(path) if path else None
    if scope is None or not principal.can_read_path(scope.path):
        raise scope_not_yours(path, field)
    return scope


def scope_for_read(
    principal: Principal, path: str | None, *, field: str = "scope", use_default: bool = False
) -> Scope | None:
    """The scope a read names (with `use_default`, else the caller's default scope); None means
    everything the caller may read."""
    path = scope_path_clean(path, field=field)
    if not path and use_default:
        path = principal.default_scope_path or ""
    return scope_named(principal, path, field=field) if path else None


def users_with_role(scope: Scope, role: str) -> QuerySet:
    """People holding `role` in the scope or any ancestor (roles hold downwards)."""
    ids = Membership.objects.filter(scope__path__in=scope.ancestor_paths, role=role).values(
        "user_id"
    )
    return get_user_model().objects.filter(pk__in=ids, is_active=True)


def maintainers_of(scope: Scope) -> QuerySet:
    return users_with_role(scope, Role.MAINTAINER)


def supervisors_of(scope: Scope) -> QuerySet:
    return users_with_role(scope, Role.SUPERVISOR)
