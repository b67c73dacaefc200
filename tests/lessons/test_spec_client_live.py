"""The spec's own LessonReporter and curl commands, unchanged, against a live server.

`spec_lesson_reporter.py` is the spec's module copied verbatim; it reads MNEMOSYNE_URL and talks
to `live_server` as an anonymous loopback agent (what `make run` allows). The worker's after-commit
work runs too (Celery is eager in tests), so escalations and memories are real.
"""

import asyncio
import importlib.util
import json
import shutil
import subprocess
from pathlib import Path
from urllib.request import Request, urlopen

import pytest

from governance.models import Escalation
from lessons.models import AntiPattern, Lesson
from tests.governance.factories import AgentCredentialFactory, PolicyFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("spec_rules")]

HERE = Path(__file__).parent


@pytest.fixture
def spec_module(live_server, settings, monkeypatch):
    settings.MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL = True
    monkeypatch.setenv("MNEMOSYNE_URL", live_server.url)
    monkeypatch.delenv("LEARNING_ENABLED", raising=False)
    spec = importlib.util.spec_from_file_location(
        "spec_lesson_reporter", HERE / "spec_lesson_reporter.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_specs_lesson_reporter_works_unchanged(spec_module):
    async def scenario():
        reporter = spec_module.LessonReporter("CHRONOS")
        failure = await reporter.failure(
            title="PostgreSQL permission denied on /var/lib/postgresql/data",
            context="Running backup after container restart",
            action_taken="Attempted to run pg_dump",
            outcome="Permission denied error",
            root_cause="Container UID mismatch after postgres upgrade",
            solution="Run: docker exec <container> chown -R postgres:postgres "
            "/var/lib/postgresql/data",
            tags=["docker", "postgres", "permissions"],
        )
        success = await reporter.success(
            title="Backup completed with streaming compression",
            context="Nightly backup routine",
            action_taken="Used pg_dump | gzip pipeline",
            outcome="Backup size reduced 70%, time reduced 40%",
            tags=["backup", "optimization"],
        )
        anti = await reporter.anti_pattern(
            title="Never rm -rf inside a database container",
            why_bad="Wipes the data volume with no undo",
            example="docker exec -it container rm -rf /data",
            alternatives=["Stop the container and snapshot the volume", "Use the cleanup job"],
            severity="critical",
        )
        workaround = await reporter.workaround(
            title="n8n loses credentials on workflow import",
            problem="Imported workflows have no credentials",
            workaround="Re-link the credentials by hand after import",
        )
        discovery = await reporter.discovery(
            title="Caddy reloads keep certificates in memory",
            context="Investigating TLS renewals",
            discovery="A reload does not re-issue certificates",
            implications=["Reload freely"],
        )
        check = await reporter.check_before_action(
            "docker exec -it container rm -rf /data", context="Cleaning up old data"
        )
        clear = await reporter.check_before_action("ls /data", context="Looking around")
        relevant = await reporter.get_relevant_lessons(
            "postgres backup fails with permission denied"
        )
        quick = await spec_module.quick_lesson(
            "CLAUDE_CODE",
            "failure",
            title="pytest hangs on the embedded database",
            context="Running the suite",
            outcome="Timed out",
            action_taken="make test",
        )
        return failure, success, anti, workaround, discovery, check, clear, relevant, quick

    failure, success, anti, workaround, discovery, check, clear, relevant, quick = asyncio.run(
        scenario()
    )

    for answer in (failure, success, anti, workaround, discovery, quick):
        assert answer["status"] == "recorded", answer
    assert Lesson.objects.count() == 6
    assert Lesson.objects.get(pk=failure["lesson_id"]).domain == "infrastructure"
    assert AntiPattern.objects.get(source_lesson_id=anti["lesson_id"]).block_action is True
    assert anti["escalated_to"] == ["ARIA", "domain_supervisor"]
    assert Escalation.objects.filter(lesson_id=anti["lesson_id"]).count() == 3

    assert check["blocked"] is True
    assert check["alternatives"] == [
        "Stop the container and snapshot the volume",
        "Use the cleanup job",
    ]
    assert check["warnings"] == [
        "⚠️ Never rm -rf inside a database container: Wipes the data volume with no undo"
    ]
    assert clear["blocked"] is False

    assert relevant[0]["id"] == failure["lesson_id"]
    assert {"similarity", "recency_score"} <= set(relevant[0])


def test_the_specs_reporter_fails_open_when_the_server_is_away(spec_module, monkeypatch):
    monkeypatch.setenv("MNEMOSYNE_URL", "http://127.0.0.1:9")  # nothing listens on discard

    async def scenario():
        reporter = spec_module.LessonReporter("CHRONOS")
        return (
            await reporter.failure(title="t", context="c", action_taken="a", outcome="o"),
            await reporter.check_before_action("rm -rf /", context="x"),
            await reporter.get_relevant_lessons("anything"),
        )

    report, check, lessons = asyncio.run(scenario())
    assert report["status"] == "error"
    assert check == {"blocked": False, "warnings": ["Check failed - proceed with caution"]}
    assert lessons == []


CURL_EXAMPLES = [
    # The spec's Rule #13 commands, with the spec's bodies (jq dropped).
    (
        "/lessons/report",
        {
            "lesson_type": "failure",
            "domain": "docker",
            "category": "containers",
            "title": "Brief description",
            "context": "What was happening",
            "action_taken": "What was tried",
            "outcome": "What happened",
            "root_cause": "Why it happened",
            "solution": "How to fix",
            "severity": "high",
            "tags": ["docker", "permissions"],
            "source_agent": "CLAUDE_CODE",
        },
    ),
    (
        "/lessons/report",
        {
            "lesson_type": "anti_pattern",
            "domain": "production",
            "category": "deployment",
            "title": "Never modify prod Supabase directly",
            "context": "All changes must go through DEV first",
            "action_taken": "Direct prod modification",
            "outcome": "Data inconsistency, rollback required",
            "alternatives": ["Use DEV environment", "Use promote-to-prod.sh"],
            "severity": "critical",
            "tags": ["production", "supabase", "anti-pattern"],
            "source_agent": "CLAUDE_CODE",
        },
    ),
    ("/query/relevant", {"context": "YOUR_TASK_DESCRIPTION", "domain": "infrastructure"}),
    (
        "/check/anti-pattern",
        {
            "proposed_action": "YOUR_COMMAND",
            "context": "WHY",
            "domain": "docker",
            "agent": "CLAUDE_CODE",
        },
    ),
    (
        "/check/anti-pattern",
        {
            "proposed_action": "Modify prod Supabase directly",
            "context": "hotfix",
            "domain": "production",
            "agent": "CLAUDE_CODE",
        },
    ),
]


def _post(url: str, body: dict) -> dict:
    if shutil.which("curl"):
        output = subprocess.run(
            [
                "curl",
                "-s",
                "-X",
                "POST",
                url,
                "-H",
                "Content-Type: application/json",
                "-d",
                json.dumps(body),
            ],
            check=True,
            capture_output=True,
            text=True,
            timeout=30,
        ).stdout
        return json.loads(output)
    request = Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def _status(url: str) -> int:
    """A GET's status, through curl when the machine has it (a bare one may not)."""
    if shutil.which("curl"):
        output = subprocess.run(
            ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", url],
            capture_output=True,
            text=True,
            timeout=30,
        )
        return int(output.stdout)
    with urlopen(url, timeout=30) as response:
        return response.status


def test_the_specs_curl_examples_work(live_server, settings):
    settings.MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL = True
    answers = [_post(f"{live_server.url}{path}", body) for path, body in CURL_EXAMPLES]

    failure, anti, relevant, check, blocked = answers
    assert failure["status"] == "recorded" and anti["status"] == "recorded"
    assert [r["title"] for r in relevant][:2] and isinstance(relevant, list)
    assert check["blocked"] is False
    # A prose action matches the critical anti-pattern by meaning: a warning with its
    # alternatives (only a command trigger or a near-exact meaning blocks).
    assert blocked["warnings"][0].startswith("⚠️ Never modify prod Supabase directly")
    assert blocked["matching_patterns"][0]["match_type"] == "semantic"
    assert blocked["matching_patterns"][0]["domain_match"] == "same_domain"
    assert blocked["alternatives"] == ["Use DEV environment", "Use promote-to-prod.sh"]
    # And the GET endpoints of the spec answer on the same server.
    for path in [
        "/claude-code/context",
        "/patterns/emerging",
        "/escalations/pending",
        "/agent/CLAUDE_CODE/memory",
        "/dashboard",
    ]:
        assert _status(f"{live_server.url}{path}") == 200, path


def test_our_client_with_a_token_async_and_sync(live_server, monkeypatch, scope_tree):
    from integrations.lesson_reporter import LessonReporter, SyncLessonReporter

    token = AgentCredentialFactory(name="CHRONOS", domain="infrastructure").token
    PolicyFactory(scope=scope_tree["company"], trusted_agents=["CHRONOS"])  # its blocks block
    monkeypatch.setenv("MNEMOSYNE_URL", live_server.url)
    monkeypatch.setenv("MNEMOSYNE_TOKEN", token)

    reporter = LessonReporter("CHRONOS")
    answer = asyncio.run(
        reporter.anti_pattern(
            title="Never drop the production schema",
            why_bad="Everything is gone",
            example="psql -c 'drop schema public cascade'",
            alternatives=["Restore a dev copy"],
            severity="critical",
        )
    )
    assert answer.status == "recorded"
    assert Lesson.objects.get(pk=answer.lesson_id).scope.path == "acme/platform/payments/api"

    sync = SyncLessonReporter("CHRONOS")
    check = sync.check_before_action("psql -c 'drop schema public cascade'", "cleanup")
    assert check.blocked is True and check.alternatives == ["Restore a dev copy"]
    assert sync.get_relevant_lessons("dropping the production schema")[0].title == (
        "Never drop the production schema"
    )

    monkeypatch.setenv("MNEMOSYNE_TOKEN", "mnem_bad_token")
    refused = SyncLessonReporter("CHRONOS").failure(
        title="t", context="c", action_taken="a", outcome="o"
    )
    assert refused.status == "error" and refused.http_status == 401
    assert SyncLessonReporter("CHRONOS").check_before_action("rm -rf /", "x").warnings == [
        "Check failed - proceed with caution"
    ]
