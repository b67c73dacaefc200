"""Writes of the scope tree, people's roles and queue assignments, and agent credentials."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from governance.auth import Principal, new_token
from governance.models import (
    PARENT_LAYER,
    AgentCredential,
    Layer,
    Membership,
    QueueAssignment,
    Scope,
)
from governance.selectors.scopes import (
    scope_by_path,
    scope_named,
    scope_not_yours,
    scope_path_clean,
)
from governance.services.audit import audit_record
from mnemosyne_site.errors import Conflict, Forbidden, InvalidInput

LAYERS_TOP_DOWN = [Layer.COMPANY, Layer.ORG, Layer.TEAM, Layer.PROJECT, Layer.SESSION]


# --- scopes -----------------------------------------------------------------------------------


def scope_create(*, layer: str, slug: str, parent: Scope | None = None, name: str = "") -> Scope:
    expected_parent = PARENT_LAYER.get(Layer(layer))
    if expected_parent is None and parent is not None:
        raise InvalidInput(fields={"parent": ["A company scope has no parent."]})
    if expected_parent is not None and (parent is None or parent.layer != expected_parent):
        raise InvalidInput(
            fields={"parent": [f"A {layer} scope must hang under a {expected_parent} scope."]}
        )
    path = f"{parent.path}/{slug}" if parent else slug
    return Scope.objects.create(layer=layer, slug=slug, parent=parent, path=path, name=name or slug)


def scope_add(
    *, principal: Principal, parent_path: str, layer: str, slug: str, name: str = ""
) -> Scope:
    """A new scope under one the caller may write in, with its audit row; 409 when the slug is
    taken there."""
    parent = scope_for_write(principal, parent_path, field="parent")
    try:
        with transaction.atomic():
            scope = scope_create(layer=layer, slug=slug, parent=parent, name=name)
            audit_record(
                actor=principal, action="scope.create", target=scope, scope_path=scope.path
            )
    except IntegrityError:
        raise Conflict("A scope with that slug already exists there.") from None
    return scope


@transaction.atomic
def scope_ensure_path(*, path: str) -> Scope:
    """Get or create every scope along `a/b/c`, giving each level the next layer down."""
    path = path.strip("/")
    existing = Scope.objects.filter(path=path).first()
    if existing:
        return existing
    parts = path.split("/")
    if len(parts) > len(LAYERS_TOP_DOWN):
        raise InvalidInput(
            fields={"scope": [f"A scope path has at most {len(LAYERS_TOP_DOWN)} levels."]}
        )
    parent: Scope | None = None
    for depth, slug in enumerate(parts):
        current = "/".join(parts[: depth + 1])
        scope = Scope.objects.filter(path=current).first()
        if scope is None:
            scope = scope_create(layer=LAYERS_TOP_DOWN[depth], slug=slug, parent=parent)
        parent = scope
    assert parent is not None  # a path has at least one part
    return parent


def scope_ensure_default() -> Scope:
    """The scope knowledge goes to when neither the request nor the credential names one."""
    return scope_ensure_path(path=settings.MNEMOSYNE_DEFAULT_SCOPE)


def scope_require_write(principal: Principal, scope: Scope, *, field: str | None = None) -> None:
    """Every write service asks this first: 403 unless the principal may write in `scope`
    (naming `field` when the request named the scope there)."""
    if not principal.can_write_path(scope.path):
        message = f"You may not write in {scope.path!r}."
        raise Forbidden(fields={field: [message]}) if field else Forbidden(message)


def scope_for_write(principal: Principal, path: str | None, *, field: str = "scope") -> Scope:
    """The scope a write goes to: the one named, else the caller's default, else the site's
    (created on first use). A named scope that is missing or unreadable answers as
    `scope_for_read` does; one the caller may read but not write, 403 naming the field."""
    path = scope_path_clean(path, field=field)
    scope: Scope
    if path and path == settings.MNEMOSYNE_DEFAULT_SCOPE.strip("/"):
        scope = scope_ensure_default()
        if not principal.can_read_path(scope.path):
            raise scope_not_yours(path, field)
    elif path:
        scope = scope_named(principal, path, field=field)
    else:
        default = principal.default_scope_path
        scope = (
            principal.default_scope  # read with an agent's credential: no query
            or (scope_by_path(default) if default else None)
            or scope_ensure_default()
        )
    scope_require_write(principal, scope, field=field)
    return scope


def membership_grant(*, user, scope: Scope, role: str) -> Membership:
    membership, _ = Membership.objects.get_or_create(user=user, scope=scope, role=role)
    return membership


# --- agent credentials ------------------------------------------------------------------------


@transaction.atomic
def agent_create(
    *,
    name: str,
    domain: str = "general",
    scopes: list[Scope],
    can_write: bool = True,
    ttl_days: int | None = None,
    created_by=None,
) -> tuple[AgentCredential, str]:
    """Create a credential and return it with its token, which is shown once and never stored."""
    token, lookup, digest = new_token()
    days = ttl_days if ttl_days is not None else settings.AGENT_TOKEN_TTL_DAYS
    credential = AgentCredential.objects.create(
        name=name,
        domain=domain,
        lookup=lookup,
        digest=digest,
        can_write=can_write,
        default_scope=scopes[0] if scopes else None,
        expires_at=timezone.now() + timedelta(days=days) if days else None,
        created_by=created_by,
    )
    credential.read_scopes.set(scopes)
    if can_write:
        credential.write_scopes.set(scopes)
    audit_record(
        actor=Principal.for_user(created_by) if created_by else Principal.system(),
        action="agent.create",
        target=credential,
        details={"name": name, "scopes": [s.path for s in scopes], "can_write": can_write},
    )
    return credential, token


def queue_assign(*, user, queue: str, scope: Scope, domain: str = "") -> QueueAssignment:
    """Put a person on an escalation queue (e.g. "aria") for a scope and everything below it;
    with a domain, only for that domain's escalations."""
    assignment, _ = QueueAssignment.objects.get_or_create(
        user=user, queue=queue.strip().lower(), scope=scope, domain=domain.strip().lower()
    )
    return assignment
