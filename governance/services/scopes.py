"""Writes of the scope tree, people's roles and queue assignments, and agent credentials."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from rest_framework import exceptions

from governance.auth import new_token
from governance.models import (
    PARENT_LAYER,
    AgentCredential,
    Layer,
    Membership,
    QueueAssignment,
    Scope,
)
from governance.services.audit import audit_record

LAYERS_TOP_DOWN = [Layer.COMPANY, Layer.ORG, Layer.TEAM, Layer.PROJECT, Layer.SESSION]


# --- scopes -----------------------------------------------------------------------------------


def scope_create(*, layer: str, slug: str, parent: Scope | None = None, name: str = "") -> Scope:
    expected_parent = PARENT_LAYER.get(Layer(layer))
    if expected_parent is None and parent is not None:
        raise exceptions.ValidationError({"parent": ["A company scope has no parent."]})
    if expected_parent is not None and (parent is None or parent.layer != expected_parent):
        raise exceptions.ValidationError(
            {"parent": [f"A {layer} scope must hang under a {expected_parent} scope."]}
        )
    path = f"{parent.path}/{slug}" if parent else slug
    return Scope.objects.create(layer=layer, slug=slug, parent=parent, path=path, name=name or slug)


@transaction.atomic
def scope_ensure_path(*, path: str) -> Scope:
    """Get or create every scope along `a/b/c`, giving each level the next layer down."""
    path = path.strip("/")
    existing = Scope.objects.filter(path=path).first()
    if existing:
        return existing
    parts = path.split("/")
    if len(parts) > len(LAYERS_TOP_DOWN):
        raise exceptions.ValidationError(
            {"scope": [f"A scope path has at most {len(LAYERS_TOP_DOWN)} levels."]}
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
        actor=created_by.get_username() if created_by else "system",
        action="agent.create",
        target=credential,
        details={"name": name, "scopes": [s.path for s in scopes], "can_write": can_write},
    )
    return credential, token


def queue_assign(*, user, queue: str, scope: Scope) -> QueueAssignment:
    """Put a person on an escalation queue (e.g. "aria") for a scope and everything below it."""
    assignment, _ = QueueAssignment.objects.get_or_create(
        user=user, queue=queue.strip().lower(), scope=scope
    )
    return assignment
