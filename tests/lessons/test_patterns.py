import numpy as np
import pytest
from rest_framework.test import APIClient

from governance.auth import Principal
from governance.models import Proposal
from governance.services import proposal_decide
from lessons import conf
from lessons.models import AntiPattern, Pattern
from lessons.services import pattern_deprecate, pattern_detect
from tests.governance.factories import AgentCredentialFactory
from tests.lessons.factories import LessonFactory

pytestmark = pytest.mark.django_db

# Three wordings of one failure (pairwise cosine 0.67-0.80 with MiniLM) and an unrelated one.
SIMILAR = [
    (
        "Postgres container cannot write its data directory",
        "Restarting after the upgrade",
        "Permission denied",
    ),
    (
        "Database volume permissions broke after the postgres image upgrade",
        "Nightly backup job failed",
        "Backup aborted with permission denied",
    ),
    (
        "pg_dump fails with permission denied on postgres data after upgrading the container",
        "Running the migration script",
        "Migration stopped",
    ),
]


def _unit(v):
    return (v / np.linalg.norm(v)).astype(np.float32)


def _around(base, similarity, seed):
    rng = np.random.default_rng(seed)
    noise = rng.normal(size=base.shape).astype(np.float32)
    noise -= (noise @ base) * base
    return _unit(similarity * base + np.sqrt(1 - similarity**2) * _unit(noise))


@pytest.fixture
def base():
    return _unit(np.random.default_rng(0).normal(size=384).astype(np.float32))


def test_similar_reports_form_an_emerging_pattern_with_its_evidence(
    agent_client, report, monkeypatch
):
    monkeypatch.setattr(conf, "PATTERN_SIMILARITY", 0.6)
    monkeypatch.setattr(conf, "LESSON_DUPLICATE_SIMILARITY", 0.99)
    answers = [
        report(agent_client, title=t, context=c, outcome=o, severity="medium", tags=[])
        for t, c, o in SIMILAR
    ]

    assert [a["patterns_detected"] for a in answers] == [0, 0, 1]
    pattern = Pattern.objects.get()
    assert pattern.status == "emerging"
    assert pattern.pattern_type == "recurring_failure"
    assert pattern.domain == "docker"
    assert set(map(str, pattern.lesson_ids)) == {a["lesson_id"] for a in answers}
    assert pattern.occurrence_count == 3
    assert float(pattern.confidence) == 0.5
    assert pattern.first_seen <= pattern.last_seen
    assert pattern.pattern_name.startswith("Recurring failure: ")
    proposal = Proposal.objects.get(kind="pattern_confirmation")
    assert proposal.subject_id == str(pattern.pk)
    assert proposal.scope.path == "acme/platform/payments/api"


def test_a_fourth_similar_lesson_grows_the_pattern(base, scope_tree):
    lessons = [LessonFactory(title=f"l{i}", embedding=_around(base, 0.96, i)) for i in range(3)]
    pattern = pattern_detect(lesson_id=lessons[-1].pk)
    assert len(pattern.lesson_ids) == 3

    fourth = LessonFactory(title="l3", embedding=base)
    grown = pattern_detect(lesson_id=fourth.pk)

    assert grown.pk == pattern.pk
    assert Pattern.objects.count() == 1
    assert len(grown.lesson_ids) == 4
    assert float(grown.confidence) == 0.55
    assert pattern_detect(lesson_id=fourth.pk).lesson_ids == grown.lesson_ids  # idempotent


def test_dissimilar_lessons_form_no_pattern(base, scope_tree):
    lessons = [LessonFactory(title=f"l{i}", embedding=_around(base, 0.5, i)) for i in range(4)]
    assert pattern_detect(lesson_id=lessons[-1].pk) is None
    assert not Pattern.objects.exists()


def test_the_lesson_count_is_configurable(base, monkeypatch, scope_tree):
    monkeypatch.setattr(conf, "PATTERN_MIN_LESSONS", 4)
    lessons = [LessonFactory(title=f"l{i}", embedding=_around(base, 0.96, i)) for i in range(3)]
    assert pattern_detect(lesson_id=lessons[-1].pk) is None


def test_similar_lessons_in_another_domain_do_not_join(base, scope_tree):
    LessonFactory(title="a", embedding=_around(base, 0.96, 1), domain="docker")
    LessonFactory(title="b", embedding=_around(base, 0.96, 2), domain="caddy")
    last = LessonFactory(title="c", embedding=base, domain="docker")
    assert pattern_detect(lesson_id=last.pk) is None


@pytest.fixture
def pattern(base, scope_tree):
    lessons = [
        LessonFactory(
            title=f"l{i}",
            embedding=_around(base, 0.96, i),
            action_taken=f"docker rm -f db{i}",
            alternatives=["docker stop first"],
        )
        for i in range(3)
    ]
    return pattern_detect(lesson_id=lessons[-1].pk)


def test_emerging_patterns_are_listed_for_those_who_may_read_them(
    agent_client, pattern, scope_tree
):
    body = agent_client.get("/patterns/emerging").json()
    assert [p["id"] for p in body] == [str(pattern.pk)]
    assert body[0]["lesson_ids"] and body[0]["status"] == "emerging"

    token = AgentCredentialFactory(name="elsewhere", scopes=[scope_tree["other_project"]]).token
    other = APIClient(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert other.get("/patterns/emerging").json() == []


def test_a_maintainer_confirms_a_pattern_which_then_blocks_or_warns(
    pattern, maintainer, agent_client
):
    client = APIClient()
    client.force_login(maintainer)
    response = client.post(f"/patterns/{pattern.pk}/confirm?confirmed_by=ARIA")

    assert response.status_code == 200, response.content
    assert response.json()["status"] == "confirmed"
    pattern.refresh_from_db()
    assert pattern.status == "confirmed" and pattern.confirmed_by == "ARIA"
    assert pattern.confirmed_at is not None
    anti_pattern = AntiPattern.objects.get(source_pattern=pattern)
    assert response.json()["anti_pattern_id"] == str(anti_pattern.pk)
    result = agent_client.post(
        "/check/anti-pattern", {"proposed_action": "docker rm -f db1"}, format="json"
    ).json()
    assert str(anti_pattern.pk) in [m["id"] for m in result["matching_patterns"]]
    assert "docker stop first" in result["alternatives"]
    assert agent_client.get("/patterns/emerging").json() == []


def test_the_local_agent_confirms_under_make_run(pattern, local_client):
    response = local_client.post(
        f"/patterns/{pattern.pk}/confirm", {"confirmed_by": "dev"}, format="json"
    )
    assert response.status_code == 200
    pattern.refresh_from_db()
    assert pattern.confirmed_by == "dev"


@pytest.mark.parametrize("who", ["agent", "member", "supervisor"])
def test_others_may_not_confirm(pattern, agent_client, member, supervisor, who):
    if who == "agent":
        client = agent_client
    else:
        client = APIClient()
        client.force_login(member if who == "member" else supervisor)
    response = client.post(f"/patterns/{pattern.pk}/confirm", {"confirmed_by": "x"}, format="json")
    assert response.status_code == 403
    pattern.refresh_from_db()
    assert pattern.status == "emerging"


def test_an_outsider_does_not_even_see_the_pattern(pattern, outsider):
    client = APIClient()
    client.force_login(outsider)
    assert client.post(f"/patterns/{pattern.pk}/confirm").status_code == 404


def test_an_unknown_pattern_is_404(local_client, db):
    response = local_client.post(
        "/patterns/00000000-0000-0000-0000-000000000000/confirm", {}, format="json"
    )
    assert response.status_code == 404


def test_approving_the_governance_proposal_confirms_the_pattern(pattern, maintainer):
    proposal = Proposal.objects.get(kind="pattern_confirmation", subject_id=str(pattern.pk))
    proposal_decide(
        proposal_id=proposal.pk, principal=Principal.for_user(maintainer), decision="approve"
    )
    pattern.refresh_from_db()
    assert pattern.status == "confirmed"
    assert pattern.confirmed_by == "maintainer"


def test_a_deprecated_pattern_is_not_raised_again(pattern, base, maintainer):
    pattern_deprecate(pattern_id=pattern.pk, principal=Principal.for_user(maintainer))
    again = LessonFactory(title="again", embedding=_around(base, 0.97, 42))
    pattern_detect(lesson_id=again.pk)
    assert list(Pattern.objects.values_list("status", flat=True)) == ["deprecated"]
    pattern.refresh_from_db()
    assert again.pk in pattern.lesson_ids  # the evidence is kept


def test_a_lesson_with_too_few_neighbours_and_no_pattern_costs_no_lock(
    agent_client, report, django_assert_max_num_queries
):
    from lessons.models import Lesson
    from lessons.services.patterns import pattern_detect

    body = report(agent_client, title="A lesson like no other", run_worker=False)
    lesson = Lesson.objects.select_related("scope").get(pk=body["lesson_id"])
    pattern_detect(lesson=lesson)  # warm the row-count cache of the neighbour search

    with django_assert_max_num_queries(2) as captured:  # the neighbours, the patterns holding them
        assert pattern_detect(lesson=lesson) is None
    assert not any("FOR UPDATE" in query["sql"] for query in captured.captured_queries)
