import pytest
from rest_framework.test import APIClient

from governance.models import AuditLog, Escalation, Notification
from governance.services import queue_assign
from lessons.models import EscalationRule, Lesson, Pattern, Validation
from lessons.rules import RuleError, lesson_values, parse_condition
from lessons.services import escalations_raise
from tests.governance.factories import AgentCredentialFactory, UserFactory
from tests.lessons.factories import LessonFactory

pytestmark = pytest.mark.django_db


# --- the rules ---------------------------------------------------------------------------------


def test_the_spec_rules_are_seeded_as_editable_rows(db):
    rules = {(r.target, r.condition, r.reason) for r in EscalationRule.objects.all()}
    assert rules == {
        ("aria", "severity == 'critical'", "Critical issue"),
        ("aria", "lesson_type == 'anti_pattern'", "New anti-pattern"),
        ("aria", "occurrence_count > 3", "Recurring issue"),
        ("varys", "domain == 'project'", "Project impact"),
        ("varys", "'deadline' in tags", "Deadline risk"),
        ("varys", "'launch' in tags", "Launch impact"),
        ("domain_supervisor", "severity in ['critical', 'high']", "Domain issue"),
        ("domain_supervisor", "lesson_type == 'failure' and confidence > 0.8", "Confirmed failure"),
    }


@pytest.mark.parametrize(
    "condition",
    [
        "__import__('os').system('id')",
        "severity.upper() == 'X'",
        "open('/etc/passwd')",
        "[x for x in tags]",
        "unknown_field == 1",
        "severity ==",
        "lambda: 1",
        "-confidence > 0",
    ],
)
def test_a_condition_that_is_not_a_plain_comparison_is_refused(condition):
    with pytest.raises(RuleError):
        parse_condition(condition)


def test_an_edited_rule_changes_where_lessons_go(scope_tree):
    EscalationRule.objects.create(
        target="security_team",
        condition="'secrets' in tags or category == 'auth'",
        reason="Secrets exposure",
        priority="critical",
    )
    lesson = LessonFactory(severity="low", lesson_type="discovery", tags=["secrets"])
    escalations = escalations_raise(lesson_id=lesson.pk)
    assert [(e.escalated_to, e.reason, e.priority) for e in escalations] == [
        ("security_team", "Secrets exposure", "critical")
    ]
    EscalationRule.objects.filter(target="security_team").update(active=False)
    other = LessonFactory(title="other", severity="low", lesson_type="discovery", tags=["secrets"])
    assert escalations_raise(lesson_id=other.pk) == []


def test_a_recurring_lesson_adds_the_recurring_reason_once(scope_tree):
    lesson = LessonFactory(severity="critical")
    escalations_raise(lesson_id=lesson.pk)
    Lesson.objects.filter(pk=lesson.pk).update(occurrence_count=4)
    escalations_raise(lesson_id=lesson.pk)
    escalations_raise(lesson_id=lesson.pk)
    reasons = list(
        Escalation.objects.filter(lesson_id=lesson.pk, escalated_to="ARIA")
        .order_by("created_at")
        .values_list("reason", flat=True)
    )
    assert reasons == ["Critical issue", "Recurring issue"]


def test_rule_values_treat_a_missing_confidence_as_no_match(scope_tree):
    lesson = LessonFactory()
    values = lesson_values(lesson)
    values["confidence"] = None
    tree = parse_condition("confidence > 0.8")
    from lessons.rules import CompiledRule

    assert CompiledRule("x", "y", "", tree).matches(values) is False


# --- pending escalations -----------------------------------------------------------------------


def test_pending_escalations_are_listed_most_urgent_first(agent_client, report, scope_tree):
    report(agent_client, title="minor high thing", severity="high", confidence=0.5)
    critical = report(agent_client, title="critical thing", severity="critical", confidence=0.5)

    body = agent_client.get("/escalations/pending").json()

    assert body[0]["priority"] == "critical"
    assert body[0]["lesson_id"] == critical["lesson_id"]
    assert body[0]["title"] == "critical thing"
    assert {e["escalated_to"] for e in body} == {"ARIA", "domain_supervisor"}
    only_aria = agent_client.get("/escalations/pending?escalated_to=ARIA").json()
    assert {e["escalated_to"] for e in only_aria} == {"ARIA"}

    token = AgentCredentialFactory(name="elsewhere", scopes=[scope_tree["other_project"]]).token
    other = APIClient(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert other.get("/escalations/pending").json() == []


# --- validation --------------------------------------------------------------------------------


def test_validating_raises_confidence_and_keeps_history(agent_client):
    lesson = LessonFactory(confidence=0.8)
    response = agent_client.post(
        f"/lessons/{lesson.pk}/validate?validated=true&validated_by=ARIA&notes=Worked%20again"
    )
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "validated"
    assert response.json()["confidence"] == pytest.approx(0.9)
    lesson.refresh_from_db()
    assert lesson.validated is True and lesson.validated_by == "ARIA"
    assert lesson.validation_notes == "Worked again" and lesson.validated_at is not None
    validation = Validation.objects.get(lesson=lesson)
    assert validation.validation_type == "confirmed"
    assert AuditLog.objects.filter(action="lesson.validate.confirmed").exists()


def test_invalidating_lowers_confidence_through_a_json_body(agent_client):
    lesson = LessonFactory(confidence=0.8)
    response = agent_client.post(
        f"/lessons/{lesson.pk}/validate",
        {"validated": False, "validated_by": "VARYS", "validation_type": "outdated"},
        format="json",
    )
    assert response.status_code == 200
    assert response.json()["status"] == "invalidated"
    lesson.refresh_from_db()
    assert float(lesson.confidence) == pytest.approx(0.65)
    assert lesson.validated is False


def test_confidence_is_clamped_to_its_range(agent_client):
    high = LessonFactory(title="high", confidence=0.95)
    low = LessonFactory(title="low", confidence=0.2)
    agent_client.post(f"/lessons/{high.pk}/validate?validated=true&validated_by=a")
    agent_client.post(f"/lessons/{low.pk}/validate?validated=false&validated_by=a")
    agent_client.post(f"/lessons/{low.pk}/validate?validated=false&validated_by=a")
    high.refresh_from_db()
    low.refresh_from_db()
    assert float(high.confidence) == 1.0
    assert float(low.confidence) == 0.1
    assert Validation.objects.filter(lesson=low).count() == 2


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("validated_by=a", "validated"),
        ("validated=perhaps", "validated"),
        ("validated=true&validation_type=refuted", "validation_type"),
        ("validated=true&validation_type=bogus", "validation_type"),
    ],
)
def test_bad_validations_are_refused_naming_the_field(agent_client, query, field):
    lesson = LessonFactory()
    response = agent_client.post(f"/lessons/{lesson.pk}/validate?{query}")
    assert response.status_code == 400
    assert field in response.json()["fields"]


def test_validating_an_unknown_or_invisible_lesson_is_404(agent_client, scope_tree):
    hidden = LessonFactory(scope=scope_tree["other_project"])
    for pk in [hidden.pk, "00000000-0000-0000-0000-000000000000"]:
        response = agent_client.post(f"/lessons/{pk}/validate?validated=true&validated_by=a")
        assert response.status_code == 404


def test_a_read_only_agent_may_not_validate(scope_tree):
    token = AgentCredentialFactory(can_write=False).token
    lesson = LessonFactory()
    client = APIClient(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = client.post(f"/lessons/{lesson.pk}/validate?validated=true&validated_by=a")
    assert response.status_code == 403
    assert not Validation.objects.exists()


def test_an_agent_reading_a_parent_scope_may_not_validate_its_lessons(agent_client, scope_tree):
    lesson = LessonFactory(scope=scope_tree["team"])  # readable (an ancestor), not writable
    response = agent_client.post(f"/lessons/{lesson.pk}/validate?validated=true&validated_by=a")
    assert response.status_code == 403


def test_escalation_queues_answer_in_the_specs_spelling_and_accept_either_case(
    agent_client, report
):
    # The spec's mnemosyne_escalations.escalated_to: "ARIA, VARYS, domain supervisor".
    body = report(
        agent_client,
        title="critical deadline thing",
        severity="critical",
        tags=["deadline"],
        confidence=0.5,
    )
    assert body["escalated_to"] == ["ARIA", "domain_supervisor", "VARYS"]

    for asked in ("ARIA", "aria", "Aria"):
        listed = agent_client.get(f"/escalations/pending?escalated_to={asked}").json()
        assert [e["escalated_to"] for e in listed] == ["ARIA"], asked
    varys = agent_client.get("/escalations/pending?escalated_to=varys").json()
    assert [e["reason"] for e in varys] == ["Deadline risk"]
    assert varys[0]["escalated_to"] == "VARYS"


# --- routing by domain, and patterns ---------------------------------------------------------


def _told(escalation) -> set[str]:
    return set(
        Notification.objects.filter(subject_id=str(escalation.pk)).values_list(
            "user__username", flat=True
        )
    )


def test_domain_supervisor_escalations_reach_that_domains_supervisor_with_a_fallback(
    scope_tree, supervisor
):
    # The spec: "Escalate to domain supervisors" — each domain's own, not one shared queue.
    docker_desk = UserFactory(username="docker-desk", roles={scope_tree["company"]: "supervisor"})
    any_desk = UserFactory(username="any-desk", roles={scope_tree["company"]: "supervisor"})
    queue_assign(
        user=docker_desk, queue="domain_supervisor", scope=scope_tree["company"], domain="Docker"
    )
    queue_assign(user=any_desk, queue="domain_supervisor", scope=scope_tree["company"])

    docker = escalations_raise(lesson_id=LessonFactory(title="d", domain="docker").pk)
    caddy = escalations_raise(lesson_id=LessonFactory(title="c", domain="caddy").pk)

    assert [(e.escalated_to, e.domain) for e in docker] == [("domain_supervisor", "docker")]
    assert _told(docker[0]) == {"docker-desk"}
    assert _told(caddy[0]) == {"any-desk"}  # no caddy supervisor: the fallback
    listed = APIClient()
    listed.force_authenticate(docker_desk)
    mine = listed.get("/api/v1/governance/escalations", {"domain": "docker"}).json()["results"]
    assert [e["id"] for e in mine] == [str(docker[0].pk)]


def test_a_pattern_escalates_when_the_rules_say_so(agent_client, report, monkeypatch):
    # ESCALATION_RULES' "occurrence_count > 3" (recurring issue) holds for a pattern of four.
    from lessons import conf as lessons_conf

    monkeypatch.setattr(lessons_conf, "PATTERN_SIMILARITY", 0.3)
    for title in (
        "Container cannot write its mounted volume",
        "Permission denied writing to a docker volume",
        "Docker volume owned by root blocks the app's writes",
        "App user lacks write access on the bind-mounted volume",
    ):
        report(
            agent_client,
            title=title,
            severity="low",
            lesson_type="discovery",
            tags=[],
            context="docker volume permissions",
            outcome="write failed",
        )

    pattern = Pattern.objects.get()
    raised = Escalation.objects.filter(pattern_id=pattern.pk)
    assert [(e.escalated_to, e.reason, e.lesson_id) for e in raised] == [
        ("ARIA", "Recurring issue", None)
    ]
    assert raised[0].domain == "docker" and raised[0].title == pattern.pattern_name
    pending = agent_client.get("/escalations/pending?escalated_to=ARIA").json()
    assert [e["pattern_id"] for e in pending] == [str(pattern.pk)]
