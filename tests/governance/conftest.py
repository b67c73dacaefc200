"""Governance fixtures: a registered stand-in subject and a second maintainer.

Proposals here are about `governance.scope` rows, with an applier registered per test (the
registries are restored afterwards).
"""

import pytest

from governance.models import Scope
from tests.governance.factories import UserFactory


@pytest.fixture
def scope_applier(registries):
    """Approving a proposal about a scope renames it to payload["name"]: a visible change that
    rolls back with the deciding transaction."""
    applied = []

    def apply(proposal):
        Scope.objects.filter(pk=proposal.subject_id).update(
            name=proposal.payload.get("name", "applied")
        )
        applied.append(proposal.pk)

    for kind in ("promotion", "merge", "lifecycle", "skill_activation", "pattern_confirmation"):
        registries.register_applier(kind, "governance.scope", apply)
    return applied


@pytest.fixture
def second_maintainer(scope_tree):
    return UserFactory(username="maintainer2", roles={scope_tree["team"]: "maintainer"})
