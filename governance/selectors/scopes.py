"""Reads of scopes, roles and queues."""

from django.conf import settings
from django.db.models import QuerySet

from governance.auth import Principal
from governance.models import Membership, Role, Scope


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


def default_scope() -> Scope:
    """The scope knowledge goes to when neither the request nor the credential names one."""
    from governance.services import scope_ensure_path

    return scope_ensure_path(path=settings.MNEMOSYNE_DEFAULT_SCOPE)


def users_with_role(scope: Scope, role: str) -> QuerySet:
    """People holding `role` in the scope or any ancestor (roles hold downwards)."""
    from django.contrib.auth import get_user_model

    ids = Membership.objects.filter(scope__path__in=scope.ancestor_paths, role=role).values(
        "user_id"
    )
    return get_user_model().objects.filter(pk__in=ids, is_active=True)


def maintainers_of(scope: Scope) -> QuerySet:
    return users_with_role(scope, Role.MAINTAINER)


def supervisors_of(scope: Scope) -> QuerySet:
    return users_with_role(scope, Role.SUPERVISOR)
