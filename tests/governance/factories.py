"""Rows for governance tests: scopes, people with roles, agent credentials, proposals, policies.

Rows are made through the services where the services add something (a scope's path and layers,
a credential's hashed token, a proposal's approvals needed), so tests see what production sees.
The demo tree (`DEMO_SCOPES`) is the one the shared `scope_tree` fixture builds.
"""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from factory.django import DjangoModelFactory, Password

from governance.auth import Principal
from governance.models import AgentCredential, Membership, Policy, Proposal, Scope
from governance.services import agent_create, membership_grant, proposal_create, scope_ensure_path

DEMO_PROJECT = "acme/platform/payments/api"
DEMO_OTHER_PROJECT = "acme/platform/search/indexer"


def demo_project() -> Scope:
    return scope_ensure_path(path=DEMO_PROJECT)


class ScopeFactory(DjangoModelFactory):
    """`ScopeFactory(path="a/b/c")`: every scope along the path, each a layer below its parent."""

    class Meta:
        model = Scope

    path = factory.Sequence(lambda n: f"acme/platform/team-{n}")

    @classmethod
    def _create(cls, model_class, *, path: str) -> Scope:
        return scope_ensure_path(path=path)


class UserFactory(DjangoModelFactory):
    """A person who can sign in (password "pw"); `roles={scope: "maintainer"}` grants roles."""

    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True  # roles are rows of their own

    username = factory.Sequence(lambda n: f"person{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")
    password = Password("pw")
    is_staff = True

    @factory.post_generation
    def roles(user, create: bool, extracted: dict | None, **kwargs) -> None:
        for scope, role in (extracted or {}).items():
            MembershipFactory(user=user, scope=scope, role=role)


class MembershipFactory(DjangoModelFactory):
    class Meta:
        model = Membership

    user = factory.SubFactory(UserFactory)
    scope = factory.LazyFunction(demo_project)
    role = "member"

    @classmethod
    def _create(cls, model_class, *, user, scope: Scope, role: str) -> Membership:
        return membership_grant(user=user, scope=scope, role=role)


class AgentCredentialFactory(DjangoModelFactory):
    """An agent of the demo project; the token, shown once, is kept on `credential.token`."""

    class Meta:
        model = AgentCredential

    name = "agent"
    domain = "development"
    scopes = factory.LazyFunction(lambda: [demo_project()])
    can_write = True
    ttl_days = 30

    @classmethod
    def _create(cls, model_class, **fields) -> AgentCredential:
        credential, token = agent_create(**fields)
        credential.token = token
        return credential


class ProposalFactory(DjangoModelFactory):
    """A pending proposal about the demo project, decided by its team."""

    class Meta:
        model = Proposal

    kind = "promotion"
    scope = factory.LazyFunction(lambda: demo_project().parent)
    subject = None  # the demo project
    title = factory.LazyAttribute(lambda p: f"{p.kind} of {getattr(p.subject, 'path', 'api')}")
    proposed_by = factory.LazyFunction(Principal.system)
    payload = factory.LazyFunction(lambda: {"name": "approved-name"})

    @classmethod
    def _create(cls, model_class, *, subject=None, **fields) -> Proposal:
        return proposal_create(subject=subject or demo_project(), **fields)


class PolicyFactory(DjangoModelFactory):
    """The policy of a scope with the given values (a scope has at most one: updated in place)."""

    class Meta:
        model = Policy

    scope = factory.LazyFunction(demo_project)

    @classmethod
    def _create(cls, model_class, *, scope: Scope, **values) -> Policy:
        policy, _ = Policy.objects.update_or_create(scope=scope, defaults=values)
        return policy
