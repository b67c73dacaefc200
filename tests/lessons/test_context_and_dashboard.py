from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from governance.auth import Principal
from governance.registry import dashboard_providers
from lessons import conf
from lessons.models import Lesson
from tests.lessons.factories import AntiPatternFactory, LessonFactory, lesson_payload

pytestmark = pytest.mark.django_db


SPEC_DOMAINS = ("docker", "supabase", "n8n", "caddy", "aria")


def context(client):
    response = client.get("/claude-code/context")
    assert response.status_code == 200, response.content
    return response.json()


def test_the_context_holds_critical_anti_patterns_and_recent_failures(agent_client):
    AntiPatternFactory(title="Critical one", severity="critical")
    AntiPatternFactory(title="Merely high", severity="high", trigger_pattern="(?i)x")
    now = timezone.now()
    LessonFactory(title="fresh failure", last_occurred=now - timedelta(hours=5))
    LessonFactory(title="old failure", last_occurred=now - timedelta(hours=100))
    LessonFactory(title="fresh success", lesson_type="success", last_occurred=now)

    body = context(agent_client)

    assert [a["title"] for a in body["critical_anti_patterns"]] == ["Critical one"]
    assert [x["title"] for x in body["recent_failures"]] == ["fresh failure"]
    assert body["generated_at"]


def test_active_workarounds_leave_out_refuted_ones(agent_client):
    LessonFactory(title="works", lesson_type="workaround", confidence=0.85)
    LessonFactory(title="refuted", lesson_type="workaround", confidence=0.3)
    assert [x["title"] for x in context(agent_client)["active_workarounds"]] == ["works"]


def test_domain_lessons_come_from_the_data_most_severe_first(agent_client, monkeypatch):
    monkeypatch.setattr(conf, "CONTEXT_PER_DOMAIN", 2)
    LessonFactory(title="tf low", domain="terraform", severity="low")
    LessonFactory(title="tf critical", domain="terraform", severity="critical")
    LessonFactory(title="tf medium", domain="terraform", severity="medium")
    LessonFactory(title="k8s high", domain="kubernetes", severity="high")

    domains = context(agent_client)["domain_lessons"]

    assert set(domains) == {*SPEC_DOMAINS, "terraform", "kubernetes"}
    assert [x["title"] for x in domains["terraform"]] == ["tf critical", "tf medium"]
    assert [x["title"] for x in domains["kubernetes"]] == ["k8s high"]


def test_the_specs_domains_are_always_keys_of_domain_lessons_beside_the_busiest(
    agent_client, monkeypatch
):
    # The spec's context: "domain_lessons": {"docker", "supabase", "n8n", "caddy", "aria"}.
    monkeypatch.setattr(conf, "CONTEXT_MAX_DOMAINS", 1)
    LessonFactory(title="n8n lesson", domain="n8n")
    for i in range(3):
        LessonFactory(title=f"tf {i}", domain="terraform")
        LessonFactory(title=f"k8s {i}", domain="kubernetes", severity="low")
    LessonFactory(title="k8s extra", domain="kubernetes")

    domains = context(agent_client)["domain_lessons"]

    assert list(domains)[:5] == ["docker", "supabase", "n8n", "caddy", "aria"]
    assert domains["docker"] == [] and domains["aria"] == []
    assert [x["title"] for x in domains["n8n"]] == ["n8n lesson"]
    assert set(domains) == {*SPEC_DOMAINS, "kubernetes"}  # plus the busiest other one


def test_session_end_reports_become_the_next_sessions_context(agent_client, report):
    lessons = [
        lesson_payload(title="Session lesson one", context="first", outcome="one"),
        lesson_payload(
            title="Session lesson two", context="second", outcome="two", lesson_type="workaround"
        ),
    ]
    response = agent_client.post(
        "/claude-code/session-end", lessons, format="json", HTTP_X_MNEMOSYNE_SESSION="sess-42"
    )
    assert response.status_code == 200
    assert response.json()["processed"] == 2
    report(agent_client, title="Reported later, outside the session")

    body = context(agent_client)

    assert body["last_session_id"] == "sess-42"
    assert [x["title"] for x in body["last_session_lessons"]] == [
        "Session lesson one",
        "Session lesson two",
    ]
    assert Lesson.objects.filter(session_id="sess-42").count() == 2


def test_a_session_end_without_an_id_gets_one(agent_client):
    response = agent_client.post("/claude-code/session-end", [lesson_payload()], format="json")
    assert response.status_code == 200
    assert Lesson.objects.get().session_id == response.json()["session_id"]


def test_the_context_shows_only_what_the_caller_may_read(agent_client, scope_tree):
    LessonFactory(title="hidden", scope=scope_tree["other_project"])
    AntiPatternFactory(title="hidden ap", scope=scope_tree["other_project"])
    body = context(agent_client)
    assert body["recent_failures"] == [] and body["critical_anti_patterns"] == []
    assert body["domain_lessons"] == {domain: [] for domain in SPEC_DOMAINS}


def test_the_context_makes_a_bounded_number_of_queries(agent_client, django_assert_max_num_queries):
    for domain in ["a", "b", "c", "d"]:
        for i in range(3):
            LessonFactory(title=f"{domain}{i}", domain=domain)
    with django_assert_max_num_queries(12):
        body = context(agent_client)
    assert len(body["domain_lessons"]) == len(SPEC_DOMAINS) + 4


# --- dashboard ---------------------------------------------------------------------------------


def test_the_dashboard_answers_the_spec_figures(agent_client, report):
    LessonFactory(title="f1")
    LessonFactory(title="s1", lesson_type="success")
    LessonFactory(title="old", lesson_type="success", created_at=timezone.now() - timedelta(days=3))
    report(
        agent_client,
        lesson_type="anti_pattern",
        title="ap",
        severity="critical",
        action_taken="rm -rf /",
    )

    response = agent_client.get("/dashboard")

    assert response.status_code == 200
    assert response.json() == {
        "total_lessons": 4,
        "failures": 1,
        "successes": 2,
        "anti_patterns": 1,
        "confirmed_patterns": 0,
        "pending_escalations": 3,  # aria: critical + new anti-pattern; domain supervisor
        "lessons_today": 3,
        "lessons_this_week": 4,
    }


def test_the_dashboard_provider_gives_the_governance_page_its_section(scope_tree):
    LessonFactory(title="f1")
    LessonFactory(title="s1", lesson_type="success")
    LessonFactory(title="hidden", scope=scope_tree["other_project"])
    busy = AntiPatternFactory(title="busy")
    busy.times_triggered = 7
    busy.save()
    AntiPatternFactory(title="quiet", trigger_pattern="(?i)quiet")

    agent = Principal(kind="agent", name="a", read_paths=("acme/platform/payments/api",))
    section = dashboard_providers()["lessons"](agent)

    assert section["figures"]["total_lessons"] == 2
    today = timezone.now().date().isoformat()
    assert {(r["date"], r["lesson_type"], r["count"]) for r in section["lessons_per_day"]} == {
        (today, "failure", 1),
        (today, "success", 1),
    }
    assert [a["title"] for a in section["top_anti_patterns"]] == ["busy", "quiet"]
    assert section["top_anti_patterns"][0] == {
        "id": str(busy.pk),
        "title": "busy",
        "times_triggered": 7,
        "severity": "critical",
    }


def test_the_dashboard_needs_a_caller(api_client, db):
    assert api_client.get("/dashboard").status_code == 401
    assert APIClient().get("/claude-code/context").status_code == 401
