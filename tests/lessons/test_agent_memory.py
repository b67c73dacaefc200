from datetime import timedelta
from decimal import Decimal

import pytest
from django.db.models import Q
from django.utils import timezone
from rest_framework.test import APIClient

from governance.auth import Principal
from governance.models import AgentCredential
from governance.selectors import readable
from lessons import conf
from lessons.models import AgentMemory, Lesson
from lessons.services import agent_memory_refresh, lesson_propagate
from tests.governance.factories import AgentCredentialFactory, ScopeFactory
from tests.lessons.factories import LessonFactory

pytestmark = pytest.mark.django_db


def memory(client, name):
    response = client.get(f"/agent/{name}/memory")
    assert response.status_code == 200, response.content
    return response.json()


def test_an_agents_memory_holds_its_lessons_critical_and_high_ones_and_domain_anti_patterns(
    agent_client, report
):
    report(agent_client, title="A critical docker failure", severity="critical")
    report(
        agent_client,
        title="A medium caddy note",
        domain="caddy",
        severity="medium",
        context="Caddy config",
        outcome="Reloaded fine",
    )
    report(
        agent_client,
        lesson_type="anti_pattern",
        title="Never prune volumes in prod",
        action_taken="docker volume prune",
        severity="high",
    )

    body = memory(agent_client, "CLAUDE_CODE")

    assert body["agent"] == "CLAUDE_CODE"
    assert body["lessons_count"] == 3
    assert [x["title"] for x in body["critical_lessons"]] == [  # critical, then high
        "A critical docker failure",
        "Never prune volumes in prod",
    ]
    assert {x["title"] for x in body["recent_lessons"]} == {
        "A critical docker failure",
        "A medium caddy note",
        "Never prune volumes in prod",
    }
    assert body["recent_lessons"][0]["title"] == "Never prune volumes in prod"  # newest first
    assert [a["title"] for a in body["anti_patterns"]] == ["Never prune volumes in prod"]
    assert body["last_updated"]


def test_the_worker_refreshes_an_agents_memory_when_a_relevant_lesson_arrives(agent_client, report):
    AgentCredentialFactory(name="HADES", domain="docker")
    assert memory(agent_client, "HADES")["recent_lessons"] == []  # cached, empty

    lesson = report(agent_client, title="Docker daemon restart drops networks")

    titles = [x["title"] for x in memory(agent_client, "HADES")["recent_lessons"]]
    assert titles == ["Docker daemon restart drops networks"]
    assert lesson["lesson_id"] in [
        str(i) for i in AgentMemory.objects.get(agent_name="HADES").propagated_lesson_ids
    ]


@pytest.mark.parametrize(
    ("how", "fields"),
    [
        ("category", {"domain": "docker", "category": "security"}),
        ("tags", {"domain": "docker", "category": "containers", "tags": ["Security"]}),
    ],
)
def test_a_lesson_propagates_to_agents_whose_domain_it_concerns(agent_client, report, how, fields):
    AgentCredentialFactory(name="AEGIS", domain="security")
    AgentCredentialFactory(name="MUSE", domain="creative")
    report(agent_client, title="Container runs as root", **fields)

    assert [x["title"] for x in memory(agent_client, "AEGIS")["recent_lessons"]] == [
        "Container runs as root"
    ]
    assert memory(agent_client, "MUSE")["recent_lessons"] == []


def test_a_lesson_propagates_by_similarity_to_an_agents_own_work(agent_client, report):
    LessonFactory(
        title="Nightly pg_dump backup of the postgres database",
        source_agent="CHRONOS",
        domain="infrastructure",
        context="Backing up postgres with pg_dump every night",
        outcome="Backup written",
    )
    from lessons.services import agent_memory_refresh

    agent_memory_refresh(agent_name="CHRONOS")  # its profile: what it works on
    report(
        agent_client,
        domain="databases",
        category="postgres",
        tags=[],
        title="pg_dump backup of the postgres database fails at night",
        context="Nightly postgres backup with pg_dump",
        outcome="Backup not written",
    )
    titles = [x["title"] for x in memory(agent_client, "CHRONOS")["recent_lessons"]]
    assert "pg_dump backup of the postgres database fails at night" in titles


def test_a_lesson_does_not_propagate_to_an_agent_that_may_not_read_it(
    agent_client, report, scope_tree
):
    AgentCredentialFactory(name="INDEXER", domain="docker", scopes=[scope_tree["other_project"]])
    report(agent_client, title="Private to the payments api")
    assert AgentMemory.objects.get(agent_name="INDEXER").propagated_lesson_ids == []


def test_propagation_is_idempotent(agent_client, report):
    AgentCredentialFactory(name="HADES", domain="docker")
    body = report(agent_client, title="Once only")
    lesson_propagate(lesson_id=body["lesson_id"])
    assert len(AgentMemory.objects.get(agent_name="HADES").propagated_lesson_ids) == 1


def test_propagation_keeps_the_newest_lessons_up_to_the_cap_for_each_agent_reached(monkeypatch):
    monkeypatch.setattr(conf, "AGENT_MEMORY_PROPAGATED_MAX", 3)
    AgentCredentialFactory(name="HADES", domain="docker")
    AgentCredentialFactory(name="ARGUS", domain="docker")
    lessons = [LessonFactory(title=f"docker lesson {n}", domain="docker") for n in range(5)]
    for lesson in lessons:
        assert lesson_propagate(lesson_id=lesson.pk) == ["ARGUS", "HADES"]
    lesson_propagate(lesson_id=lessons[-1].pk)  # again: not added twice

    for name in ("HADES", "ARGUS"):
        kept = AgentMemory.objects.get(agent_name=name).propagated_lesson_ids
        assert kept == [lesson.pk for lesson in lessons[-3:]]


def test_lessons_propagated_together_reach_each_agent_in_order_up_to_the_cap(monkeypatch):
    from lessons.models import Lesson
    from lessons.services.memory import lessons_propagate

    monkeypatch.setattr(conf, "AGENT_MEMORY_PROPAGATED_MAX", 3)
    AgentCredentialFactory(name="HADES", domain="docker")
    AgentCredentialFactory(name="ARGUS", domain="caddy")
    docker = [LessonFactory(title=f"docker lesson {n}", domain="docker") for n in range(4)]
    caddy = LessonFactory(title="caddy lesson", domain="caddy", category="web", tags=[])
    order = [x.pk for x in [*docker, caddy]]
    loaded = Lesson.objects.select_related("scope").in_bulk(order)
    lessons = [loaded[pk] for pk in order]

    reached = lessons_propagate(lessons)
    again = lessons_propagate(lessons[-2:])  # nothing added twice

    assert [reached[x.pk] for x in docker] == [["HADES"]] * 4 and reached[caddy.pk] == ["ARGUS"]
    assert again == {docker[-1].pk: ["HADES"], caddy.pk: ["ARGUS"]}
    kept = dict(AgentMemory.objects.values_list("agent_name", "propagated_lesson_ids"))
    assert kept["HADES"] == [x.pk for x in docker[-3:]]
    assert kept["ARGUS"] == [caddy.pk]
    reporter = AgentMemory.objects.get(agent_name=docker[0].source_agent)
    assert reporter.updated_at > reporter.last_sync  # its memory is stale: rebuilt on read


def test_an_unknown_agent_gets_404_and_no_memory_row(agent_client, report):
    report(agent_client, title="Someone else's general lesson", domain="general")
    AgentMemory.objects.filter(agent_name="NEWCOMER").delete()
    response = agent_client.get("/agent/NEWCOMER/memory")
    assert response.status_code == 404, response.content
    assert response.json()["error"] == "not_found"
    assert "Someone else" not in response.content.decode()
    assert not AgentMemory.objects.filter(agent_name="NEWCOMER").exists()


def test_an_agent_with_a_credential_gets_an_empty_memory_built_on_first_read(agent_client):
    AgentCredentialFactory(name="NEWCOMER", domain="caddy")
    body = memory(agent_client, "NEWCOMER")
    assert body["domain"] == "caddy" and body["lessons_count"] == 0
    assert AgentMemory.objects.filter(agent_name="NEWCOMER").exists()


def test_a_reader_sees_only_the_memory_it_may_read(agent_client, report, scope_tree):
    report(agent_client, title="Payments-only lesson")
    token = AgentCredentialFactory(name="OUTSIDE", scopes=[scope_tree["other_project"]]).token
    outside = APIClient(HTTP_AUTHORIZATION=f"Bearer {token}")
    body = memory(outside, "CLAUDE_CODE")
    assert body["recent_lessons"] == [] and body["lessons_count"] == 0


def test_an_agents_critical_lessons_are_its_domains_critical_and_high_ones_above_0_7_top_20(
    agent_client,
):
    # The spec's mnemosyne_agent_critical: domain = agent's, severity critical or high,
    # confidence > 0.7, critical first then newest, LIMIT 20.
    AgentCredentialFactory(name="HADES", domain="docker")
    now = timezone.now()
    LessonFactory(
        title="Critical but old",
        severity="critical",
        confidence=Decimal("0.90"),
        created_at=now - timedelta(days=30),
    )
    for i in range(21):
        LessonFactory(
            title=f"High number {i}",
            severity="high",
            confidence=Decimal("0.75"),
            created_at=now - timedelta(minutes=i),
        )
    LessonFactory(title="High at exactly 0.7", severity="high", confidence=Decimal("0.70"))
    LessonFactory(title="Medium and sure", severity="medium", confidence=Decimal("0.95"))
    LessonFactory(
        title="Critical in caddy", domain="caddy", severity="critical", confidence=Decimal("0.95")
    )

    titles = [x["title"] for x in memory(agent_client, "HADES")["critical_lessons"]]

    assert titles == ["Critical but old"] + [f"High number {i}" for i in range(19)]


def test_a_burst_of_reports_rebuilds_the_memory_once_and_a_read_sees_every_lesson(
    agent_client, report
):
    report(agent_client, title="First of a burst")
    memory(agent_client, "CLAUDE_CODE")  # built now
    built = AgentMemory.objects.get(agent_name="CLAUDE_CODE")

    report(agent_client, title="Second of a burst")  # within AGENT_MEMORY_REBUILD_SECONDS

    stored = AgentMemory.objects.get(agent_name="CLAUDE_CODE")
    assert stored.last_sync == built.last_sync  # the worker did not rebuild it again
    assert stored.updated_at > stored.last_sync  # but marked it stale
    titles = [x["title"] for x in memory(agent_client, "CLAUDE_CODE")["recent_lessons"]]
    assert titles == ["Second of a burst", "First of a burst"]  # the read rebuilt it


@pytest.mark.parametrize("credentialed", [False, True])
def test_a_memory_counts_each_readable_lesson_that_concerns_its_agent_once(credentialed):
    if credentialed:  # reads the demo project alone
        AgentCredentialFactory(name="counted", domain="docker")
    elsewhere = ScopeFactory(path="acme/other/team-x")
    own_in_domain = LessonFactory(title="own, its domain", source_agent="counted")
    own_elsewhere = LessonFactory(title="own, caddy", source_agent="counted", domain="caddy")
    LessonFactory(title="own, unreadable", source_agent="counted", scope=elsewhere)
    domain_upper = LessonFactory(title="another's, DOCKER", source_agent="other", domain="DOCKER")
    LessonFactory(title="another's, unreadable", source_agent="other", scope=elsewhere)
    propagated = LessonFactory(title="another's, propagated", source_agent="other", domain="nginx")
    LessonFactory(title="another's, not its concern", source_agent="other", domain="nginx")
    AgentMemory.objects.create(
        agent_name="counted",
        domain="docker",
        # Propagated lessons overlap the others: each is still one lesson.
        propagated_lesson_ids=[propagated.pk, own_in_domain.pk, domain_upper.pk, own_elsewhere.pk],
    )

    memory = agent_memory_refresh(agent_name="counted")

    concern = Q(source_agent="counted") | Q(domain__iexact="docker") | Q(pk=propagated.pk)
    lessons = Lesson.objects.filter(concern)
    if credentialed:
        credential = AgentCredential.objects.get(name="counted")
        lessons = readable(lessons, Principal.for_agent(credential))
    assert memory.lessons_count == lessons.count() == (4 if credentialed else 6)
