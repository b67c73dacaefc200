import pytest
from rest_framework.test import APIClient

from governance.auth import Principal
from lessons import conf, matching
from lessons.models import AntiPattern
from lessons.services import anti_pattern_set_active, anti_pattern_update
from mnemosyne_site.embeddings import embed_one
from mnemosyne_site.errors import Forbidden, InvalidInput
from tests.governance.factories import AgentCredentialFactory
from tests.lessons.factories import AntiPatternFactory, LessonFactory
from tests.metrics import sample

pytestmark = pytest.mark.django_db

CHECK = "/check/anti-pattern"


def check(client, action, **extra):
    body = {
        "proposed_action": action,
        "context": "Cleaning up",
        "domain": "infrastructure",
        "agent": "CHRONOS",
        **extra,
    }
    response = client.post(CHECK, body, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def test_it_blocks_critical_anti_pattern(agent_client):
    anti_pattern = AntiPatternFactory()

    result = check(agent_client, "docker exec -it container rm -rf /data")

    assert result["blocked"] is True
    assert [m["id"] for m in result["matching_patterns"]] == [str(anti_pattern.pk)]
    assert result["matching_patterns"][0]["match_type"].startswith("trigger")
    assert result["alternatives"] == ["Move the directory aside first"]
    assert result["warnings"] == [
        "⚠️ Running rm -rf on data directories: Data loss; there is no undo"
    ]


def test_a_block_action_anti_pattern_blocks_whatever_its_severity(agent_client):
    AntiPatternFactory(severity="medium", block_action=True)
    assert check(agent_client, "sudo rm -rf /data/old")["blocked"] is True


def test_a_high_anti_pattern_warns_without_blocking(agent_client):
    AntiPatternFactory(severity="high")
    result = check(agent_client, "rm -rf /data")
    assert result["blocked"] is False
    assert len(result["warnings"]) == 1


def test_an_action_that_matches_nothing_is_clear(agent_client):
    AntiPatternFactory()
    result = check(agent_client, "ls -la /data")
    assert result == {"blocked": False, "matching_patterns": [], "alternatives": [], "warnings": []}


def test_it_matches_an_action_by_meaning(agent_client, monkeypatch):
    monkeypatch.setattr(conf, "ANTI_PATTERN_SIMILARITY", 0.7)
    anti_pattern = AntiPatternFactory(
        trigger_pattern=r"(?i)\bterraform\s+destroy\b",
        title="Destroying the production infrastructure with terraform",
        example="terraform destroy on the production workspace",
        severity="high",
    )
    action = "destroy the production infrastructure using terraform"
    assert float(embed_one(action) @ embed_one(anti_pattern.embedding_text())) >= 0.7  # premise

    result = check(agent_client, action)

    assert [m["id"] for m in result["matching_patterns"]] == [str(anti_pattern.pk)]
    assert result["matching_patterns"][0]["match_type"] == "semantic"
    assert result["matching_patterns"][0]["similarity"] >= 0.7


def test_alternatives_are_deduplicated_in_order(agent_client):
    AntiPatternFactory(
        trigger_pattern=r"(?i)git\s+push\s+--force",
        title="Force push",
        severity="critical",
        alternatives=["Open a pull request", "Use --force-with-lease"],
    )
    AntiPatternFactory(
        trigger_pattern=r"(?i)git\s+push",
        title="Pushing to main",
        severity="high",
        alternatives=["Use --force-with-lease", "Push a branch"],
    )
    result = check(agent_client, "git push --force origin main")
    assert [m["title"] for m in result["matching_patterns"]] == ["Force push", "Pushing to main"]
    assert result["alternatives"] == [
        "Open a pull request",
        "Use --force-with-lease",
        "Push a branch",
    ]


def test_a_trigger_matches_inside_a_longer_command(agent_client):
    AntiPatternFactory(
        trigger_pattern=r"(?:curl|wget)\s+http://",
        title="Plain HTTP download",
        severity="high",
        embedding=None,
    )
    assert check(agent_client, "cd /tmp && wget http://example.com/x.sh")["warnings"]
    assert check(agent_client, "curl http://example.com")["warnings"]
    assert not check(agent_client, "curl https://example.com")["warnings"]


def test_it_ignores_anti_patterns_the_agent_may_not_read(agent_client, scope_tree, local_client):
    AntiPatternFactory(scope=scope_tree["other_project"])
    assert check(agent_client, "rm -rf /data")["matching_patterns"] == []
    assert check(local_client, "rm -rf /data")["blocked"] is True


def test_an_anti_pattern_of_an_ancestor_scope_applies(agent_client, scope_tree):
    AntiPatternFactory(scope=scope_tree["company"])
    assert check(agent_client, "rm -rf /data")["blocked"] is True


def test_the_next_check_sees_a_new_or_deactivated_anti_pattern(agent_client):
    assert check(agent_client, "rm -rf /data")["blocked"] is False  # builds the index
    anti_pattern = AntiPatternFactory()
    assert check(agent_client, "rm -rf /data")["blocked"] is True

    anti_pattern_set_active(
        anti_pattern_id=anti_pattern.pk, principal=Principal.system("test"), active=False
    )
    assert check(agent_client, "rm -rf /data")["blocked"] is False


def test_an_edited_trigger_takes_effect_and_an_invalid_one_is_refused(agent_client):
    anti_pattern = AntiPatternFactory(embedding=None)  # matching by trigger only
    anti_pattern_update(
        anti_pattern_id=anti_pattern.pk,
        principal=Principal.system("test"),
        changes={"trigger_pattern": r"(?i)shred\s+"},
    )
    assert check(agent_client, "rm -rf /data")["blocked"] is False
    assert check(agent_client, "shred /dev/sda")["blocked"] is True

    with pytest.raises(InvalidInput) as error:
        anti_pattern_update(
            anti_pattern_id=anti_pattern.pk,
            principal=Principal.system("test"),
            changes={"trigger_pattern": r"(?<=x)y"},
        )
    assert "trigger_pattern" in error.value.fields
    anti_pattern.refresh_from_db()
    assert anti_pattern.trigger_pattern == r"(?i)shred\s+"


def test_trigger_statistics_are_counted_without_moving_the_index_version(agent_client):
    anti_pattern = AntiPatternFactory()
    check(agent_client, "rm -rf /data")
    version = matching.current_version()

    check(agent_client, "rm -rf /data/x")

    anti_pattern.refresh_from_db()
    assert anti_pattern.times_triggered == 2
    assert anti_pattern.last_triggered is not None
    assert matching.current_version() == version


def test_statistics_wait_for_the_batch_flush_not_the_request(agent_client, monkeypatch):
    monkeypatch.setattr(conf, "ANTI_PATTERN_STATS_FLUSH_SECONDS", 3600)
    anti_pattern = AntiPatternFactory()
    check(agent_client, "rm -rf /data")
    check(agent_client, "rm -rf /data")
    anti_pattern.refresh_from_db()
    assert anti_pattern.times_triggered == 0

    assert matching.hits_flush() == 1
    anti_pattern.refresh_from_db()
    assert anti_pattern.times_triggered == 2


def test_each_match_says_how_often_it_was_flagged_and_its_source_occurred(
    agent_client, scope_tree, monkeypatch
):
    # What a denial's history line needs, in the check's own answer (a hook asks nothing more).
    monkeypatch.setattr(conf, "ANTI_PATTERN_STATS_FLUSH_SECONDS", 3600)  # counts not flushed yet
    lesson = LessonFactory(occurrence_count=3)
    AntiPatternFactory(source_lesson=lesson)
    hidden = LessonFactory(scope=scope_tree["other_project"], occurrence_count=9)
    AntiPatternFactory(
        title="Shredding disks",
        trigger_pattern=r"(?i)shred\s+",
        embedding=None,
        source_lesson=hidden,
    )

    first = check(agent_client, "rm -rf /data")["matching_patterns"][0]
    second = check(agent_client, "rm -rf /data/x")["matching_patterns"][0]
    unsourced = check(agent_client, "shred /dev/sda")["matching_patterns"][0]

    assert (first["times_triggered"], first["source_occurrence_count"]) == (1, 3)
    assert (second["times_triggered"], second["source_occurrence_count"]) == (2, 3)
    # Its source lesson is in a scope the agent may not read: its count is not told.
    assert (unsourced["times_triggered"], unsourced["source_occurrence_count"]) == (1, None)


def test_a_catastrophic_trigger_cannot_stall_the_check(agent_client):
    # (a+)+$ takes exponential time on a backtracking engine for "aaaa…!"; RE2 is linear.
    AntiPatternFactory(trigger_pattern=r"(a+)+$", title="Evil", severity="high", embedding=None)
    result = check(agent_client, "a" * 5000 + "!")
    assert result["blocked"] is False
    assert check(agent_client, "a" * 50)["warnings"] == ["⚠️ Evil: Data loss; there is no undo"]


def test_a_read_only_agent_may_check(scope_tree):
    token = AgentCredentialFactory(can_write=False).token
    AntiPatternFactory()
    client = APIClient(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert check(client, "rm -rf /data")["blocked"] is True


def test_a_check_without_an_action_is_refused_naming_the_field(agent_client):
    response = agent_client.post(CHECK, {"context": "x"}, format="json")
    assert response.status_code == 400
    assert "proposed_action" in response.json()["fields"]


def test_an_anonymous_check_is_refused(api_client, db):
    assert api_client.post(CHECK, {"proposed_action": "ls"}, format="json").status_code == 401


def test_the_check_makes_a_bounded_number_of_queries(
    agent_client, django_assert_max_num_queries, monkeypatch
):
    monkeypatch.setattr(conf, "ANTI_PATTERN_STATS_FLUSH_SECONDS", 3600)
    for i in range(5):
        AntiPatternFactory(trigger_pattern=rf"(?i)tool{i}\s+--danger", title=f"Danger {i}")
    check(agent_client, "tool1 --danger")  # builds the index and the embedding
    # The token (credential, scope lists and default scope in one call), the index version,
    # the match's history.
    with django_assert_max_num_queries(3):
        result = check(agent_client, "tool3 --danger now")
    assert result["blocked"] is True
    matching.hits_flush()


def test_the_index_skips_an_invalid_trigger_written_around_validation(agent_client):
    AntiPatternFactory(
        trigger_pattern="(unclosed", title="Broken", severity="critical", embedding=None
    )
    AntiPatternFactory()
    result = check(agent_client, "rm -rf /data")
    assert [m["title"] for m in result["matching_patterns"]] == [
        "Running rm -rf on data directories"
    ]
    assert AntiPattern.objects.count() == 2


def test_reembedding_anti_patterns_moves_the_index_version(scope_tree):
    from io import StringIO

    from django.core.management import call_command

    AntiPatternFactory(embedding=None)
    LessonFactory()
    before = matching.current_version()
    out = StringIO()
    call_command(
        "reembed", "--model", "lessons.AntiPattern", "--model", "lessons.Lesson", stdout=out
    )
    assert "lessons.AntiPattern: 1 rows re-embedded" in out.getvalue()
    assert "lessons.Lesson: 1 rows re-embedded" in out.getvalue()
    assert AntiPattern.objects.get().embedding is not None
    assert matching.current_version() != before


def test_a_blocked_action_is_counted_with_its_severity(agent_client):
    AntiPatternFactory(severity="critical")
    blocks = sample("mnemosyne_anti_pattern_blocks_total", severity="critical")
    checks = sample("mnemosyne_anti_pattern_checks_total", result="blocked")

    response = agent_client.post(
        "/check/anti-pattern",
        {
            "proposed_action": "rm -rf /data/old",
            "context": "cleanup",
            "domain": "infrastructure",
            "agent": "CLAUDE_CODE",
        },
        format="json",
    )

    assert response.json()["blocked"] is True
    assert sample("mnemosyne_anti_pattern_blocks_total", severity="critical") - blocks == 1
    assert sample("mnemosyne_anti_pattern_checks_total", result="blocked") - checks == 1


def test_only_maintainers_edit_an_anti_pattern_whoever_calls_the_service(maintainer, member):
    """The rule the API applied in its view now lives in the service, so the admin and commands
    meet it too: a member of the scope, or a token-holding agent, may not switch it off."""
    anti_pattern = AntiPatternFactory()
    agent = Principal(kind="agent", name="a", read_paths=("acme",), write_paths=("acme",))
    for caller in (Principal.for_user(member), agent):
        with pytest.raises(Forbidden):
            anti_pattern_set_active(anti_pattern_id=anti_pattern.pk, principal=caller, active=False)
        with pytest.raises(Forbidden):
            anti_pattern_update(
                anti_pattern_id=anti_pattern.pk, principal=caller, changes={"title": "x"}
            )
    anti_pattern.refresh_from_db()
    assert anti_pattern.active and anti_pattern.title != "x"
    assert anti_pattern_set_active(
        anti_pattern_id=anti_pattern.pk, principal=Principal.for_user(maintainer), active=False
    )
