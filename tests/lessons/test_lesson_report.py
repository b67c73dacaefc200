import numpy as np
import pytest
from rest_framework.test import APIClient

from governance.models import AuditLog, Escalation
from lessons import conf
from lessons.models import AntiPattern, Lesson
from mnemosyne_site.embeddings import embed_one
from tests.governance.factories import AgentCredentialFactory, PolicyFactory
from tests.lessons.factories import lesson_payload

pytestmark = pytest.mark.django_db


def test_it_records_a_lesson_in_the_agents_scope_with_its_embedding(
    agent_client, report, scope_tree
):
    body = report(agent_client, title="PostgreSQL permission denied on /var/lib/postgresql/data")

    assert body["status"] == "recorded"
    assert body["occurrence"] is False
    lesson = Lesson.objects.get(pk=body["lesson_id"])
    assert lesson.scope == scope_tree["project"]
    assert lesson.source_agent == "CLAUDE_CODE"
    assert lesson.tags == ["docker", "permissions"]
    expected = embed_one(f"{lesson.title} {lesson.context} {lesson.outcome}")
    assert float(np.dot(np.asarray(lesson.embedding), expected)) > 0.999
    assert AuditLog.objects.filter(action="lesson.report", target_id=str(lesson.pk)).exists()


def test_the_same_title_in_the_same_domain_records_an_occurrence(agent_client, report):
    first = report(agent_client, tags=["docker"])
    lesson = Lesson.objects.get(pk=first["lesson_id"])
    before = lesson.last_occurred

    second = report(agent_client, tags=["postgres"], context="Another time entirely")

    assert second["lesson_id"] == first["lesson_id"]
    assert second["occurrence"] is True
    assert second["occurrence_count"] == 2
    lesson.refresh_from_db()
    assert Lesson.objects.count() == 1
    assert lesson.occurrence_count == 2
    assert lesson.last_occurred > before
    assert lesson.tags == ["docker", "postgres"]


def test_the_same_title_in_another_domain_is_a_new_lesson(agent_client, report):
    first = report(agent_client, domain="docker")
    second = report(agent_client, domain="kubernetes")
    assert first["lesson_id"] != second["lesson_id"]
    assert Lesson.objects.count() == 2


def test_a_near_duplicate_records_an_occurrence(agent_client, report, monkeypatch):
    monkeypatch.setattr(conf, "LESSON_DUPLICATE_SIMILARITY", 0.9)
    texts = {
        "title": "Container cannot write to the mounted data volume",
        "context": "Restarting the postgres container after an upgrade",
        "outcome": "Permission denied on /var/lib/postgresql/data",
    }
    near = dict(texts, title="Container can't write to the mounted data volume")
    a = embed_one(f"{texts['title']} {texts['context']} {texts['outcome']}")
    b = embed_one(f"{near['title']} {near['context']} {near['outcome']}")
    assert float(a @ b) >= 0.9  # the premise of the test

    first = report(agent_client, **texts)
    second = report(agent_client, **near)
    unrelated = report(
        agent_client,
        title="Caddy reload drops TLS certificates",
        context="Reloading Caddy",
        outcome="Certificates re-issued, rate limit hit",
    )

    assert second["lesson_id"] == first["lesson_id"]
    assert second["occurrence_count"] == 2
    assert unrelated["lesson_id"] != first["lesson_id"]
    assert Lesson.objects.count() == 2


def test_a_near_duplicate_of_another_lesson_type_is_a_new_lesson(agent_client, report, monkeypatch):
    monkeypatch.setattr(conf, "LESSON_DUPLICATE_SIMILARITY", 0.5)
    first = report(agent_client, title="Pinning the image tag fixed the drift")
    second = report(
        agent_client, title="Pinning the image tag fixes the drift", lesson_type="success"
    )
    assert first["lesson_id"] != second["lesson_id"]


def test_an_anti_pattern_lesson_creates_a_blocking_anti_pattern(agent_client, report, scope_tree):
    PolicyFactory(scope=scope_tree["company"], trusted_agents=["agent"])
    body = report(
        agent_client,
        lesson_type="anti_pattern",
        domain="production",
        category="deployment",
        title="Never modify prod Supabase directly",
        context="All changes must go through DEV first",
        action_taken="Direct prod modification",
        outcome="Data inconsistency, rollback required",
        alternatives=["Use DEV environment", "Use promote-to-prod.sh"],
        related_commands=["psql $PROD_DATABASE_URL -c"],
        severity="critical",
    )

    anti_pattern = AntiPattern.objects.get(source_lesson_id=body["lesson_id"])
    assert body["anti_pattern_id"] == str(anti_pattern.pk)
    assert anti_pattern.severity == "critical"
    assert anti_pattern.block_action is True
    assert anti_pattern.alternatives == ["Use DEV environment", "Use promote-to-prod.sh"]
    assert anti_pattern.why_bad == "All changes must go through DEV first"
    assert anti_pattern.embedding is not None
    assert anti_pattern.trigger_pattern == ""  # no regex: the command trigger reads commands
    assert anti_pattern.command_trigger["commands"] == [
        {
            "program": "psql",
            "flags": ["--command"],
            # "prod" is what the title names: production anywhere in the command (a variable,
            # a host, a service name) or another machine not named for development
            # (`value_classes.PRODUCTION`), not this one spelling of it
            "anywhere": ["<production>"],
            # production is never the agent's own machine: a loopback psql is not it
            "remote": True,
            "text": "psql $PROD_DATABASE_URL -c",
        }
    ]

    def blocked(action):
        body = {"proposed_action": action, "context": "", "domain": "production"}
        return agent_client.post("/check/anti-pattern", body, format="json").json()["blocked"]

    assert blocked("psql   \"$PROD_DATABASE_URL\" -c 'delete from users'")
    assert blocked("sudo -u postgres psql -c 'delete from users' ${PROD_DATABASE_URL}")
    assert not blocked("psql $DEV_DATABASE_URL -c 'delete from users'")
    assert blocked("psql -h db.prod.internal -c 'delete from users'")  # production by host
    assert blocked("psql -h pg.corp.example.com -c 'delete from users'")  # another machine
    assert not blocked("psql -h localhost -c 'delete from users'")
    assert not blocked("psql $PROD_DATABASE_URL")  # no -c


def test_a_high_anti_pattern_warns_without_blocking_and_occurring_again_merges(
    agent_client, report
):
    first = report(
        agent_client,
        lesson_type="anti_pattern",
        severity="high",
        title="Never rm -rf data dirs",
        action_taken="rm -rf /var/lib/data",
        alternatives=["Move it to /tmp first"],
    )
    anti_pattern = AntiPattern.objects.get(pk=first["anti_pattern_id"])
    assert anti_pattern.block_action is False

    second = report(
        agent_client,
        lesson_type="anti_pattern",
        severity="critical",
        title="Never rm -rf data dirs",
        action_taken="rm -rf /var/lib/data",
        alternatives=["Use the backup tool", "Move it to /tmp first"],
        related_commands=["find /data -delete"],
    )

    assert second["anti_pattern_id"] == first["anti_pattern_id"]
    anti_pattern.refresh_from_db()
    assert AntiPattern.objects.count() == 1
    assert anti_pattern.alternatives == ["Move it to /tmp first", "Use the backup tool"]
    assert anti_pattern.severity == "critical" and anti_pattern.block_action is True
    # the derived trigger grew with the lesson
    commands = anti_pattern.command_trigger["commands"]
    assert {c["text"] for c in commands} == {"rm -rf /var/lib/data", "find /data -delete"}


def test_a_report_names_the_escalation_queues_and_the_worker_opens_them(agent_client, report):
    body = report(agent_client, severity="critical", tags=["deadline"], confidence=0.9)

    assert body["escalated_to"] == ["ARIA", "domain_supervisor", "VARYS"]
    queues = set(
        Escalation.objects.filter(lesson_id=body["lesson_id"]).values_list("escalated_to", "reason")
    )
    assert queues == {
        ("ARIA", "Critical issue"),
        ("VARYS", "Deadline risk"),
        ("domain_supervisor", "Domain issue"),
        ("domain_supervisor", "Confirmed failure"),
    }


def test_a_low_success_escalates_nowhere(agent_client, report):
    body = report(agent_client, lesson_type="success", severity="low")
    assert body["escalated_to"] == []
    assert not Escalation.objects.exists()


def test_a_retried_report_with_an_idempotency_key_is_stored_once(agent_client):
    for _ in range(2):
        response = agent_client.post(
            "/lessons/report", lesson_payload(), format="json", HTTP_IDEMPOTENCY_KEY="abc-1"
        )
        assert response.status_code == 200
    lesson = Lesson.objects.get()
    assert lesson.occurrence_count == 1


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"lesson_type": "mistake"}, "lesson_type"),
        ({"severity": "urgent"}, "severity"),
        ({"confidence": 1.5}, "confidence"),
        ({"confidence": -0.1}, "confidence"),
        ({"title": ""}, "title"),
        ({"title": "   "}, "title"),
        ({"title": "x" * 301}, "title"),
        ({"context": "x" * 20_001}, "context"),
        ({"tags": ["x"] * 51}, "tags"),
        ({"domain": None}, "domain"),
        ({"lesson_type": "anti_pattern", "trigger_pattern": "(a)\\1"}, "trigger_pattern"),
    ],
)
def test_it_rejects_bad_input_naming_the_field(agent_client, change, field):
    response = agent_client.post("/lessons/report", lesson_payload(**change), format="json")
    assert response.status_code == 400
    assert field in response.json()["fields"]
    assert not Lesson.objects.exists()


def test_it_rejects_malformed_json(agent_client):
    response = agent_client.post(
        "/lessons/report", '{"lesson_type": "failure",', content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["error"] == "malformed_request"


def test_it_refuses_anonymous_reports(api_client, db):
    response = api_client.post("/lessons/report", lesson_payload(), format="json")
    assert response.status_code == 401


def test_it_refuses_reports_from_a_read_only_agent(scope_tree):
    token = AgentCredentialFactory(can_write=False).token
    client = APIClient(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = client.post("/lessons/report", lesson_payload(), format="json")
    assert response.status_code == 403
    assert not Lesson.objects.exists()


def test_it_refuses_a_report_into_a_scope_the_agent_may_not_write(agent_client):
    response = agent_client.post(
        "/lessons/report", lesson_payload(scope="acme/platform/search/indexer"), format="json"
    )
    assert response.status_code == 403
    assert not Lesson.objects.exists()


def test_a_failed_report_leaves_nothing_half_written(agent_client):
    good = lesson_payload(title="A fine lesson")
    # An anti-pattern with no action and no command to trigger on fails after the first lesson
    # was written inside the same transaction.
    bad = lesson_payload(lesson_type="anti_pattern", title="Never do it", action_taken="")
    response = agent_client.post("/lessons/bulk", [good, bad], format="json")

    assert response.status_code == 400
    assert "action_taken" in response.json()["fields"]
    assert not Lesson.objects.exists()
    assert not AntiPattern.objects.exists()
    assert not AuditLog.objects.filter(action__startswith="lesson.").exists()


def test_bulk_reports_every_lesson(agent_client, django_capture_on_commit_callbacks):
    topics = [
        "Caddy drops TLS certificates on reload",
        "n8n workflow import loses credentials",
        "Supabase migration locks the auth table",
    ]
    lessons = [lesson_payload(title=t, context=t, outcome=f"Fixed: {t}") for t in topics]
    with django_capture_on_commit_callbacks(execute=True):
        response = agent_client.post("/lessons/bulk", lessons, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["processed"] == 3
    assert len({r["lesson_id"] for r in body["results"]}) == 3
    assert Lesson.objects.count() == 3


def test_bulk_names_the_bad_lesson_by_position(agent_client):
    lessons = [lesson_payload(title="ok"), lesson_payload(title="bad", severity="urgent")]
    response = agent_client.post("/lessons/bulk", lessons, format="json")
    assert response.status_code == 400
    assert "lessons[1].severity" in response.json()["fields"]
    assert not Lesson.objects.exists()


def test_a_report_of_a_stored_title_is_an_occurrence_without_an_embedding(
    agent_client, report, monkeypatch
):
    from lessons.services import reporting

    first = report(agent_client, title="Caddy drops TLS certificates on reload")
    embedded: list[str] = []
    real_embed = reporting.embed

    def counting_embed(texts):
        embedded.extend(texts)
        return real_embed(texts)

    monkeypatch.setattr(reporting, "embed", counting_embed)
    second = report(
        agent_client, title="Caddy drops TLS certificates on reload", context="Again, elsewhere"
    )

    assert second["lesson_id"] == first["lesson_id"]
    assert second["occurrence"] is True
    assert second["occurrence_count"] == 2
    assert embedded == []  # the answer needs no vector: the title already names the lesson
    assert AuditLog.objects.filter(
        action="lesson.occurrence", target_id=first["lesson_id"]
    ).exists()


def test_a_new_lesson_is_reported_in_a_bounded_number_of_queries(
    agent_client, report, django_assert_max_num_queries
):
    report(agent_client, title="Warm the caches with a first lesson")
    # Credential, scope, stored titles, then in one transaction: the nearest lessons (and their
    # count), the insert under a savepoint, the audit row.
    with django_assert_max_num_queries(11):
        body = report(
            agent_client, title="Caddy drops TLS certificates on reload", run_worker=False
        )
    assert body["occurrence"] is False


def test_bulk_audits_every_lesson_and_answers_each_as_it_was_recorded(
    agent_client, django_capture_on_commit_callbacks
):
    same = lesson_payload(title="Caddy drops TLS certificates on reload")
    other = lesson_payload(title="n8n workflow import loses credentials", domain="n8n")
    with django_capture_on_commit_callbacks(execute=True):
        response = agent_client.post("/lessons/bulk", [same, other, same], format="json")

    assert response.status_code == 200
    first, second, third = response.json()["results"]
    assert third["lesson_id"] == first["lesson_id"]
    assert (first["occurrence"], first["occurrence_count"]) == (False, 1)
    assert (third["occurrence"], third["occurrence_count"]) == (True, 2)
    assert second["occurrence"] is False
    audits = AuditLog.objects.filter(action__startswith="lesson.").order_by("id")
    assert [(a.action, a.target_id) for a in audits] == [
        ("lesson.report", first["lesson_id"]),
        ("lesson.report", second["lesson_id"]),
        ("lesson.occurrence", first["lesson_id"]),
    ]
    assert Lesson.objects.get(pk=first["lesson_id"]).occurrence_count == 2


def test_an_anti_pattern_reported_with_its_regex_is_not_given_a_derived_trigger(
    agent_client, report, monkeypatch
):
    from lessons.services import reporting

    derived: list[str] = []
    real_derive = reporting.lesson_command_trigger

    def counting_derive(lesson):
        derived.append(lesson.title)
        return real_derive(lesson)

    monkeypatch.setattr(reporting, "lesson_command_trigger", counting_derive)
    body = report(
        agent_client,
        lesson_type="anti_pattern",
        title="Never wipe the data directory",
        action_taken="rm -rf /data",
        trigger_pattern=r"(?i)rm\s+-rf\s+/data",
    )

    anti_pattern = AntiPattern.objects.get(pk=body["anti_pattern_id"])
    assert anti_pattern.trigger_pattern == r"(?i)rm\s+-rf\s+/data"
    assert anti_pattern.command_trigger == {}
    assert derived == []  # the named regex replaces the derived trigger: no work spent on it
