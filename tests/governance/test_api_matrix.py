"""Who may and who may not: every API operation and every review page, called by each kind of
caller, with the status each must get (`MATRIX`), plus the governance decisions in detail.

Callers: an anonymous caller off loopback, a web page of another site reaching a local server
(anonymous local mode on), a read-only agent of the demo project, a writing agent of a sibling
project, and people of the demo team (member, supervisor, maintainer) and a maintainer of the
sibling team. Each call runs in a savepoint rolled back after it, so every cell sees the same
objects. Writes send `{}` unless `BODIES` has a body: a 400 means the caller passed the gate and
the body was refused; a 401/403/404 means it did not.
"""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from governance.models import Notification
from governance.services import escalation_create
from lessons.models import Pattern
from tests.clients import client_for, token_client
from tests.governance.factories import AgentCredentialFactory, ProposalFactory, UserFactory
from tests.hindsight.factories import ErrorSignatureFactory
from tests.lessons.factories import AntiPatternFactory, LessonFactory
from tests.notes.factories import KnowledgeItemFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def objects(scope_applier, maintainer, supervisor, scope_tree):
    # In the agents' own scope: an ancestor's proposals are only for those who govern there.
    proposal = ProposalFactory(scope=scope_tree["project"])
    escalation = escalation_create(
        escalated_to="aria",
        reason="Critical issue",
        priority="critical",
        scope=scope_tree["project"],
    )
    note = maintainer.notifications.get()
    return {"p": proposal.pk, "e": escalation.pk, "n": note.pk}


READS = [
    "/api/v1/governance/proposals",
    "/api/v1/governance/proposals/{p}",
    "/api/v1/governance/escalations",
    "/api/v1/governance/escalations/{e}",
    "/api/v1/governance/audit",
    "/api/v1/governance/policy?scope=acme/platform/payments",
]
DECISIONS = [
    "/api/v1/governance/proposals/{p}/approve",
    "/api/v1/governance/proposals/{p}/reject",
    "/api/v1/governance/escalations/{e}/review",
    "/api/v1/governance/escalations/{e}/resolve",
    "/api/v1/governance/escalations/{e}/dismiss",
]
INBOX = [
    ("get", "/api/v1/governance/inbox"),
    ("get", "/api/v1/governance/inbox/{n}"),
    ("post", "/api/v1/governance/inbox/{n}/read"),
    ("post", "/api/v1/governance/inbox/{n}/unread"),
    ("post", "/api/v1/governance/inbox/read-all"),
]


@pytest.mark.parametrize("url", READS + DECISIONS + [u for _, u in INBOX])
def test_anonymous_callers_get_401_everywhere(api_client, objects, url):
    method = api_client.get if url in READS or url.endswith(("inbox", "{n}")) else api_client.post
    assert method(url.format(**objects)).status_code == 401


@pytest.mark.parametrize("url", READS)
def test_an_agent_of_the_scope_may_read(objects, url, scope_tree):
    token = AgentCredentialFactory(can_write=False).token
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert client.get(url.format(**objects)).status_code == 200


@pytest.mark.parametrize("url", DECISIONS)
@pytest.mark.parametrize("can_write", [True, False])
def test_agents_decide_nothing(objects, url, can_write, scope_tree):
    token = AgentCredentialFactory(can_write=can_write).token
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = client.post(url.format(**objects), {"comment": "x", "notes": "x"}, format="json")
    assert response.status_code == 403


@pytest.mark.parametrize("url", READS[1::2][:2] + DECISIONS)
def test_outsiders_get_404_for_objects_of_other_scopes(outsider, objects, url):
    client = client_for(outsider)
    method = client.post if url in DECISIONS else client.get
    assert method(url.format(**objects), {"notes": "x"}, format="json").status_code == 404


@pytest.mark.parametrize("method,url", INBOX[1:4])
def test_an_inbox_entry_is_its_owners_only(supervisor, objects, method, url):
    client = client_for(supervisor)  # has an inbox of their own, not this one
    assert getattr(client, method)(url.format(**objects)).status_code == 404


@pytest.mark.parametrize("method,url", INBOX)
def test_the_owner_uses_their_inbox(maintainer, objects, method, url):
    client = client_for(maintainer)
    assert getattr(client, method)(url.format(**objects)).status_code == 200


# --- the whole matrix -----------------------------------------------------------------------------
ACTORS = [
    "anonymous",
    "cross_site",
    "reader",
    "other_agent",
    "member",
    "supervisor",
    "maintainer_elsewhere",
    "maintainer",
]

PAGES = [
    ("get", "/review/"),
    ("get", "/review/proposals/{proposal}/"),
    ("post", "/review/proposals/{proposal}/"),
    ("get", "/review/escalations/"),
    ("get", "/review/escalations/{escalation}/"),
    ("post", "/review/escalations/{escalation}/"),
    ("get", "/review/inbox/"),
    ("post", "/review/inbox/read-all/"),
    ("post", "/review/inbox/{notification}/mark/"),
    ("get", "/review/inbox/{notification}/open/"),
    ("get", "/review/dashboard/"),
]

BODIES = {
    "/lessons/report": {
        "lesson_type": "failure",
        "domain": "docker",
        "title": "t",
        "context": "c",
        "action_taken": "a",
        "outcome": "o",
        "source_agent": "MATRIX",
    },
    "/check/anti-pattern": {"proposed_action": "ls", "context": "c"},
    "/query/relevant": {"context": "docker"},
    "/api/v1/hindsight/errors": {"message": "KeyError: 'x'"},
    "/api/v1/hindsight/match": {"message": "KeyError: 'x'"},
    "/api/v1/notes/search": {"query": "docker"},
}


def _operations() -> list[tuple[str, str]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return sorted(
        (method, path)
        for path, operations in schema["paths"].items()
        for method in operations
        if method in ("get", "post", "put", "patch", "delete")
    )


OPERATIONS = _operations()


@pytest.fixture
def world(scope_tree, maintainer, supervisor, member, settings, scope_applier):
    settings.MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL = True
    project = scope_tree["project"]
    writer = token_client(AgentCredentialFactory(name="writer").token)
    objects = {
        "lesson": LessonFactory(scope=project).pk,
        "anti": AntiPatternFactory(scope=project).pk,
        "pattern": Pattern.objects.create(
            scope=project,
            pattern_name="p",
            pattern_type="recurring_failure",
            description="d",
            domain="docker",
            lesson_ids=[],
        ).pk,
        "proposal": ProposalFactory(scope=project).pk,
        "escalation": escalation_create(
            escalated_to="aria", reason="r", priority="critical", scope=project
        ).pk,
        "signature": ErrorSignatureFactory().pk,
        "note": KnowledgeItemFactory().pk,
        "skill": "deploy",
        "key": "build.command",
        "ref": "runbook",
        "agent": "writer",
    }
    objects["notification"] = Notification.objects.filter(user=maintainer).first().pk
    writer.post(
        "/api/v1/skills",
        {"name": "deploy", "skill_type": "script", "definition": {"steps": ["x"]}},
        format="json",
    )
    writer.put(
        "/api/v1/knowledge/keys/build.command",
        {"category": "rule", "content": "make"},
        format="json",
    )
    writer.put(
        "/api/v1/external-refs/runbook",
        {"ref_type": "documentation", "location": "https://example.com/runbook"},
        format="json",
    )
    objects["learning"] = (
        writer.post("/api/v1/learnings", {"trigger": "t", "error_pattern": "e"}, format="json")
        .json()
        .get("id", uuid.uuid4())
    )
    objects["resolution"] = (
        writer.post(
            f"/api/v1/hindsight/signatures/{objects['signature']}/resolutions",
            {"description": "restart it"},
            format="json",
        )
        .json()
        .get("id", uuid.uuid4())
    )
    event = {
        "session": "matrix",
        "events": [{"event_id": str(uuid.uuid4()), "tool_name": "Bash", "started_at": 1704110400}],
    }
    objects["trajectory"] = next(
        iter(
            writer.post("/api/v1/trajectories/events", event, format="json")
            .json()
            .get("trajectories", {})
            .values()
        ),
        uuid.uuid4(),
    )
    return objects


def _client(actor: str, scope_tree) -> tuple[APIClient, dict]:
    people = {
        "member": "member",
        "supervisor": "supervisor",
        "maintainer": "maintainer",
    }
    if actor == "anonymous":
        return APIClient(), {"REMOTE_ADDR": "192.0.2.10"}
    if actor == "cross_site":
        return APIClient(), {"REMOTE_ADDR": "127.0.0.1", "HTTP_SEC_FETCH_SITE": "cross-site"}
    if actor == "reader":
        return token_client(AgentCredentialFactory(name="reader", can_write=False).token), {}
    if actor == "other_agent":
        credential = AgentCredentialFactory(name="other", scopes=[scope_tree["other_project"]])
        return token_client(credential.token), {}
    if actor == "maintainer_elsewhere":
        user = UserFactory(username="elsewhere", roles={scope_tree["other_team"]: "maintainer"})
        return client_for(user), {}
    return client_for(get_user_model().objects.get(username=people[actor])), {}


def _path(template: str, objects: dict) -> str:
    names = {
        "{id}": None,
        "{lesson_id}": "lesson",
        "{pattern_id}": "pattern",
        "{agent_name}": "agent",
        "{name}": None,
        "{key}": "key",
        "{proposal}": "proposal",
        "{escalation}": "escalation",
        "{notification}": "notification",
    }
    path = template
    for placeholder, name in names.items():
        if placeholder not in path:
            continue
        if name is None:
            name = _object_of(template)
        path = path.replace(placeholder, str(objects[name]))
    return path


def _object_of(template: str) -> str:
    for prefix, name in [
        ("/api/v1/governance/proposals/", "proposal"),
        ("/api/v1/governance/escalations/", "escalation"),
        ("/api/v1/governance/inbox/", "notification"),
        ("/api/v1/governance/scopes/", "scope"),
        ("/api/v1/hindsight/resolutions/", "resolution"),
        ("/api/v1/hindsight/signatures/", "signature"),
        ("/api/v1/learnings/", "learning"),
        ("/api/v1/lessons/anti-patterns/", "anti"),
        ("/api/v1/lessons/lessons/", "lesson"),
        ("/api/v1/lessons/patterns/", "pattern"),
        ("/api/v1/notes/", "note"),
        ("/api/v1/skills/", "skill"),
        ("/api/v1/trajectories/", "trajectory"),
        ("/api/v1/external-refs/", "ref"),
    ]:
        if template.startswith(prefix):
            return name
    raise KeyError(template)


def _call(client, extra, method, path, template):
    body = BODIES.get(template, {})
    with transaction.atomic():
        if method == "get":
            response = client.get(path, **extra)
        else:
            response = getattr(client, method)(path, body, format="json", **extra)
        transaction.set_rollback(True)
    return response.status_code


# What each caller gets. A named key, skill or reference read without `?scope=` is looked up in
# the caller's scope, else the default one (404 when not there); agents have no inbox; decisions
# are people's.
MATRIX = """
# operation or page                                   anon cros read othr memb supv else mntn
DELETE /api/v1/external-refs/{name}                   401  403  403  404  403  403  403  403
DELETE /api/v1/knowledge/keys/{key}                   401  403  403  404  403  403  403  403
DELETE /api/v1/learnings/{id}                         401  403  403  404  204  403  404  204
GET /agent/{agent_name}/memory                        401  403  200  200  200  200  200  200
GET /api/v1/external-refs                             401  403  200  200  200  200  200  200
GET /api/v1/external-refs/{name}                      401  403  200  404  404  404  404  404
GET /api/v1/governance/audit                          401  403  200  200  200  200  200  200
GET /api/v1/governance/escalations                    401  403  200  200  200  200  200  200
GET /api/v1/governance/escalations/{id}               401  403  200  404  200  200  404  200
GET /api/v1/governance/inbox                          401  403  403  403  200  200  200  200
GET /api/v1/governance/inbox/{id}                     401  403  403  403  404  404  404  200
GET /api/v1/governance/policy                         401  403  400  400  400  400  400  400
GET /api/v1/governance/proposals                      401  403  200  200  200  200  200  200
GET /api/v1/governance/proposals/{id}                 401  403  200  404  200  200  404  200
GET /api/v1/governance/scopes                         401  403  200  200  200  200  200  200
GET /api/v1/governance/scopes/{id}                    401  403  200  404  200  200  404  200
GET /api/v1/governance/whoami                         401  403  200  200  200  200  200  200
GET /api/v1/hindsight/fix                             401  403  400  400  400  400  400  400
GET /api/v1/hindsight/misses                          401  403  200  200  200  200  200  200
GET /api/v1/hindsight/resolutions                     401  403  200  200  200  200  200  200
GET /api/v1/hindsight/resolutions/{id}                401  403  200  404  200  200  404  200
GET /api/v1/hindsight/signatures                      401  403  200  200  200  200  200  200
GET /api/v1/hindsight/signatures/{id}                 401  403  200  404  200  200  404  200
GET /api/v1/hindsight/storage                         401  403  200  200  200  200  200  200
GET /api/v1/knowledge                                 401  403  200  200  200  200  200  200
GET /api/v1/knowledge/keys/{key}                      401  403  200  404  404  404  404  404
GET /api/v1/knowledge/search                          401  403  400  400  400  400  400  400
GET /api/v1/knowledge/semantic-search                 401  403  400  400  400  400  400  400
GET /api/v1/learnings                                 401  403  200  200  200  200  200  200
GET /api/v1/learnings/search                          401  403  400  400  400  400  400  400
GET /api/v1/learnings/{id}                            401  403  200  404  200  200  404  200
GET /api/v1/lessons/anti-patterns                     401  403  200  200  200  200  200  200
GET /api/v1/lessons/anti-patterns/{id}                401  403  200  404  200  200  404  200
GET /api/v1/lessons/lessons                           401  403  200  200  200  200  200  200
GET /api/v1/lessons/lessons/{id}                      401  403  200  404  200  200  404  200
GET /api/v1/lessons/patterns                          401  403  200  200  200  200  200  200
GET /api/v1/lessons/patterns/{id}                     401  403  200  404  200  200  404  200
GET /api/v1/notes                                     401  403  200  200  200  200  200  200
GET /api/v1/notes/{id}                                401  403  200  404  200  200  404  200
GET /api/v1/skills                                    401  403  200  200  200  200  200  200
GET /api/v1/skills/active                             401  403  200  200  200  200  200  200
GET /api/v1/skills/{name}                             401  403  200  404  404  404  404  404
GET /api/v1/trajectories                              401  403  200  200  200  200  200  200
GET /api/v1/trajectories/{id}                         401  403  200  404  200  200  404  200
GET /claude-code/context                              401  403  200  200  200  200  200  200
GET /dashboard                                        401  403  200  200  200  200  200  200
GET /escalations/pending                              401  403  200  200  200  200  200  200
GET /patterns/emerging                                401  403  200  200  200  200  200  200
PATCH /api/v1/learnings/{id}                          401  403  403  404  200  403  404  200
PATCH /api/v1/lessons/anti-patterns/{id}              401  403  403  404  403  403  404  200
POST /api/v1/governance/escalations/{id}/dismiss      401  403  403  404  400  400  404  400
POST /api/v1/governance/escalations/{id}/resolve      401  403  403  404  400  400  404  400
POST /api/v1/governance/escalations/{id}/review       401  403  403  404  403  200  404  403
POST /api/v1/governance/inbox/read-all                401  403  403  403  200  200  200  200
POST /api/v1/governance/inbox/{id}/read               401  403  403  403  404  404  404  200
POST /api/v1/governance/inbox/{id}/unread             401  403  403  403  404  404  404  200
POST /api/v1/governance/proposals/{id}/approve        401  403  403  404  403  403  404  200
POST /api/v1/governance/proposals/{id}/cancel         401  403  403  404  403  403  404  200
POST /api/v1/governance/proposals/{id}/reject         401  403  403  404  403  403  404  200
POST /api/v1/governance/scopes                        401  403  403  400  400  400  400  400
POST /api/v1/hindsight/errors                         401  403  403  201  403  403  403  403
POST /api/v1/hindsight/match                          401  403  200  200  200  200  200  200
POST /api/v1/hindsight/resolutions/{id}/applications  401  403  403  404  400  400  404  400
POST /api/v1/hindsight/signatures/{id}/resolutions    401  403  403  404  400  400  404  400
POST /api/v1/knowledge/keys/{key}/use                 401  403  403  404  404  404  404  404
POST /api/v1/learnings                                401  403  403  400  400  400  400  400
POST /api/v1/learnings/{id}/boost                     401  403  403  404  200  403  404  200
POST /api/v1/lessons/anti-patterns/{id}/activate      401  403  403  404  403  403  404  200
POST /api/v1/lessons/anti-patterns/{id}/deactivate    401  403  403  404  403  403  404  200
POST /api/v1/lessons/patterns/{id}/confirm            401  403  403  404  403  403  404  200
POST /api/v1/lessons/patterns/{id}/deprecate          401  403  403  404  403  403  404  200
POST /api/v1/notes/feedback                           401  403  403  400  400  400  400  400
POST /api/v1/notes/search                             401  403  200  200  200  200  200  200
POST /api/v1/notes/{id}/merge                         401  403  403  400  400  400  400  400
POST /api/v1/notes/{id}/promote                       401  403  403  404  202  403  404  202
POST /api/v1/notes/{id}/transition                    401  403  403  400  400  400  400  400
POST /api/v1/skills                                   401  403  403  400  400  400  400  400
POST /api/v1/skills/{name}/activate                   401  403  403  404  404  404  404  404
POST /api/v1/skills/{name}/deprecate                  401  403  403  404  404  404  404  404
POST /api/v1/skills/{name}/usage                      401  403  403  400  400  400  400  400
POST /api/v1/tool-results                             401  403  403  400  400  400  400  400
POST /api/v1/trajectories/end                         401  403  403  400  400  400  400  400
POST /api/v1/trajectories/events                      401  403  403  400  400  400  400  400
POST /api/v1/trajectories/{id}/distill                401  403  403  404  409  403  404  409
POST /check/anti-pattern                              401  403  200  200  200  200  200  200
POST /claude-code/session-end                         401  403  403  400  400  400  400  400
POST /lessons/bulk                                    401  403  403  400  400  400  400  400
POST /lessons/report                                  401  403  403  200  403  403  403  403
POST /lessons/{lesson_id}/validate                    401  403  403  400  400  400  400  400
POST /patterns/{pattern_id}/confirm                   401  403  403  404  403  403  404  200
POST /query/relevant                                  401  403  200  200  200  200  200  200
PUT /api/v1/external-refs/{name}                      401  403  403  400  400  400  400  400
PUT /api/v1/knowledge/keys/{key}                      401  403  403  400  400  400  400  400
GET /review/                                          302  302  302  302  200  200  200  200
GET /review/proposals/{proposal}/                     302  302  302  302  200  200  404  200
POST /review/proposals/{proposal}/                    302  302  302  302  302  302  404  302
GET /review/escalations/                              302  302  302  302  200  200  200  200
GET /review/escalations/{escalation}/                 302  302  302  302  200  200  404  200
POST /review/escalations/{escalation}/                302  302  302  302  302  302  404  302
GET /review/inbox/                                    302  302  302  302  200  200  200  200
POST /review/inbox/read-all/                          302  302  302  302  302  302  302  302
POST /review/inbox/{notification}/mark/               302  302  302  302  404  404  404  302
GET /review/inbox/{notification}/open/                302  302  302  302  404  404  404  302
GET /review/dashboard/                                302  302  302  302  200  200  200  200
"""


def _expected() -> dict[str, dict[str, int]]:
    rows = {}
    for line in MATRIX.strip().splitlines():
        if not line.startswith("#"):
            parts = line.split()
            statuses = map(int, parts[-len(ACTORS) :])
            rows[" ".join(parts[: -len(ACTORS)])] = dict(zip(ACTORS, statuses, strict=True))
    return rows


EXPECTED = _expected()


def test_the_matrix_covers_every_operation_and_page():
    named = {f"{method.upper()} {path}" for method, path in OPERATIONS + PAGES}
    assert set(EXPECTED) == named


@pytest.mark.parametrize("actor", ACTORS)
def test_each_caller_gets_the_status_of_its_column(actor, world, scope_tree):
    world["scope"] = scope_tree["project"].pk
    client, extra = _client(actor, scope_tree)
    got = {
        f"{method.upper()} {template}": _call(
            client, extra, method, _path(template, world), template
        )
        for method, template in OPERATIONS + PAGES
    }
    want = {operation: row[actor] for operation, row in EXPECTED.items()}
    assert {k: v for k, v in got.items() if v != want[k]} == {}
