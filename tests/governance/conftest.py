"""Governance fixtures: a registered stand-in subject, people with extra roles, proposals.

No app's real subjects exist on this branch, so proposals here are about `governance.scope`
rows, with an applier registered per test (the registries are restored afterwards).
"""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from governance import registry
from governance.auth import Principal
from governance.models import Policy
from governance.services import membership_grant, proposal_create


@pytest.fixture
def registries():
    """Lets a test register appliers, describers and dashboard providers, then forgets them."""
    saved = (
        dict(registry._APPLIERS),
        dict(registry._DESCRIBERS),
        dict(registry._DASHBOARD_PROVIDERS),
    )
    yield registry
    registry._APPLIERS.clear()
    registry._APPLIERS.update(saved[0])
    registry._DESCRIBERS.clear()
    registry._DESCRIBERS.update(saved[1])
    registry._DASHBOARD_PROVIDERS.clear()
    registry._DASHBOARD_PROVIDERS.update(saved[2])


@pytest.fixture
def scope_applier(registries):
    """Approving a proposal about a scope renames it to payload["name"]: a visible change that
    rolls back with the deciding transaction."""
    applied = []

    def apply(proposal):
        from governance.models import Scope

        Scope.objects.filter(pk=proposal.subject_id).update(
            name=proposal.payload.get("name", "applied")
        )
        applied.append(proposal.pk)

    for kind in ("promotion", "merge", "lifecycle", "skill_activation", "pattern_confirmation"):
        registries.register_applier(kind, "governance.scope", apply)
    return applied


@pytest.fixture
def make_person(scope_tree):
    def make(username, scope=None, role=None, **flags):
        user = get_user_model().objects.create_user(
            username=username,
            password="pw",
            email=f"{username}@example.com",
            is_staff=flags.pop("is_staff", True),
            **flags,
        )
        if scope is not None:
            membership_grant(user=user, scope=scope, role=role)
        return user

    return make


@pytest.fixture
def second_maintainer(make_person, scope_tree):
    return make_person("maintainer2", scope_tree["team"], "maintainer")


@pytest.fixture
def make_proposal(scope_tree):
    def make(kind="promotion", scope=None, subject=None, proposed_by=None, **extra):
        scope = scope or scope_tree["team"]
        return proposal_create(
            kind=kind,
            scope=scope,
            subject=subject or scope_tree["project"],
            title=extra.pop("title", f"{kind} of {getattr(subject, 'path', 'api')}"),
            proposed_by=proposed_by or Principal.system(),
            payload=extra.pop("payload", {"name": "approved-name"}),
            **extra,
        )

    return make


@pytest.fixture
def policy_of():
    def make(scope, **values):
        policy, _ = Policy.objects.update_or_create(scope=scope, defaults=values)
        return policy

    return make


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client
