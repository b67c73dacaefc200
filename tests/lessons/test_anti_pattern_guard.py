"""The guard end to end: an anti-pattern reported once as the spec's client reports it, then
checked with the spec's `search_anti_patterns(action, context, domain)` rules."""

import pytest

from lessons import conf, matching
from lessons.models import AntiPattern
from mnemosyne_site.embeddings import embed_one
from tests.governance.factories import PolicyFactory
from tests.lessons.factories import AntiPatternFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _trusted_reporter(scope_tree):
    """The guard as it runs once a report's blocking is trusted (the scope's policy names the
    reporting agent); untrusted reports are tests/governance/test_poisoning_controls.py's."""
    PolicyFactory(scope=scope_tree["company"], trusted_agents=["agent"])


def report_anti_pattern(report, client, *, title, why_bad, example, domain="development", **extra):
    """What `LessonReporter.anti_pattern(...)` sends (the spec's client, verbatim fields)."""
    return report(
        client,
        lesson_type="anti_pattern",
        domain=domain,
        category=extra.pop("category", domain),
        title=title,
        context=why_bad,
        action_taken=example,
        outcome="BLOCKED - Known anti-pattern",
        alternatives=extra.pop("alternatives", ["Do the safe thing"]),
        severity=extra.pop("severity", "critical"),
        tags=["anti-pattern", "blocked"],
        source_agent="CLAUDE_CODE",
        confidence=1.0,
        **extra,
    )


def check(client, action, *, context="", domain="development"):
    body = {"proposed_action": action, "context": context, "domain": domain, "agent": "A"}
    response = client.post("/check/anti-pattern", body, format="json")
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def force_push(agent_client, report):
    return report_anti_pattern(
        report,
        agent_client,
        title="Never force-push to main",
        why_bad="Rewrites the shared history of main; commits pushed in between are lost.",
        example="git push --force origin main",
    )


@pytest.mark.parametrize(
    "action",
    [
        "git push -f origin main",
        "git push origin main --force",
        "git push origin +main",
        "cd ~/src/api && git push --force upstream main",
    ],
)
def test_a_reported_command_blocks_its_spellings(agent_client, force_push, action):
    assert check(agent_client, action)["blocked"] is True


@pytest.mark.parametrize(
    "action",
    ["git push origin main", "git push --force-with-lease origin x", "git push -f origin x"],
)
def test_a_look_alike_without_the_danger_is_clear(agent_client, force_push, action):
    assert check(agent_client, action) == {
        "blocked": False,
        "matching_patterns": [],
        "alternatives": [],
        "warnings": [],
    }


def test_the_answer_says_why_it_matched(agent_client, force_push):
    match = check(agent_client, "sudo true && git push origin +main")["matching_patterns"][0]
    assert match["match_type"] == "command"
    assert match["blocks"] is True
    assert match["matched"] == {
        "command": "git push origin +main",
        "pattern": "git push --force origin main",
        "program": "git",
        "subcommand": ["push"],
        "flags": ["--force"],
        "arguments": ["main"],
        "sudo": False,
    }


def test_a_report_of_an_everyday_command_gets_no_trigger_and_says_why(agent_client, report):
    body = report_anti_pattern(
        report, agent_client, title="Listing files", why_bad="Noise", example="ls"
    )
    assert body["anti_pattern_notes"] == [
        "`ls` gives no trigger: it would also block `ls`, an everyday command."
    ]
    assert AntiPattern.objects.get().trigger_pattern == ""
    assert check(agent_client, "ls -la")["blocked"] is False
    assert check(agent_client, "false")["blocked"] is False  # no `(?i)ls` substring match


def test_a_match_by_meaning_warns_and_blocks_only_when_near_exact(agent_client, report):
    report_anti_pattern(
        report,
        agent_client,
        title="Never modify prod Supabase directly",
        why_bad="All changes must go through DEV first",
        example="Direct prod modification",
    )
    near = check(agent_client, "modify prod supabase directly")
    assert near["blocked"] is False
    assert near["matching_patterns"][0]["match_type"] == "semantic"
    assert near["warnings"] == [
        "⚠️ Never modify prod Supabase directly: All changes must go through DEV first"
    ]
    exact = check(agent_client, "Never modify prod Supabase directly Direct prod modification")
    assert exact["blocked"] is True
    assert exact["matching_patterns"][0]["similarity"] >= conf.ANTI_PATTERN_BLOCK_SIMILARITY


# --- domain and context: the spec's search_anti_patterns(action, context, domain) ---------------


@pytest.fixture
def docker_anti_pattern(agent_client, report):
    return report_anti_pattern(
        report,
        agent_client,
        title="Never prune every docker volume",
        why_bad="Deletes the volumes of stopped containers, databases included",
        example="docker volume prune -af",
        domain="infrastructure",
        category="docker",
    )


def test_a_domains_anti_patterns_apply_to_that_domain(agent_client, docker_anti_pattern):
    same = check(agent_client, "docker volume prune -a -f", domain="infrastructure")
    assert same["blocked"] is True
    assert same["matching_patterns"][0]["domain_match"] == "same_domain"
    # the category names the domain too
    assert check(agent_client, "docker volume prune -af", domain="docker")["blocked"] is True


def test_another_domains_anti_patterns_do_not_apply(agent_client, docker_anti_pattern):
    assert check(agent_client, "docker volume prune -af", domain="creative") == {
        "blocked": False,
        "matching_patterns": [],
        "alternatives": [],
        "warnings": [],
    }


def test_a_check_naming_no_domain_sees_every_domain(agent_client, docker_anti_pattern):
    answer = check(agent_client, "docker volume prune -af", domain="")
    assert answer["blocked"] is True
    assert answer["matching_patterns"][0]["domain_match"] == "any_domain"


@pytest.mark.parametrize("domain", ["general", "development"])
def test_cross_domain_anti_patterns_apply_to_every_domain(agent_client, report, domain):
    report_anti_pattern(
        report,
        agent_client,
        title="Never run crontab -r",
        why_bad="Deletes the whole crontab without asking",
        example="crontab -r",
        domain=domain,
    )
    answer = check(agent_client, "crontab -u deploy -r", domain="creative")
    assert answer["blocked"] is True
    assert answer["matching_patterns"][0]["domain_match"] == "cross_domain"
    assert answer["matching_patterns"][0]["domain"] == domain


def test_an_anti_pattern_marked_cross_domain_applies_to_every_domain(
    agent_client, docker_anti_pattern
):
    AntiPattern.objects.update(cross_domain=True)
    answer = check(agent_client, "docker volume prune -af", domain="creative")
    assert answer["matching_patterns"][0]["domain_match"] == "cross_domain"
    assert answer["matching_patterns"][0]["domain"] == "infrastructure"


def test_context_raises_or_lowers_a_match_by_meaning(agent_client, report):
    report_anti_pattern(
        report,
        agent_client,
        title="Never restore a database backup over production",
        why_bad="Overwrites live customer data with an old copy",
        example="Restoring last night's backup onto the production database",
        severity="high",
    )
    action = "restoring last night backup onto production database"
    related = check(agent_client, action, context="overwriting live customer data in production")
    unrelated = check(agent_client, action, context="choosing a colour for the logo")
    plain = check(agent_client, action, context="")
    raised = related["matching_patterns"][0]
    assert raised["context_similarity"] > conf.ANTI_PATTERN_CONTEXT_NEUTRAL
    assert raised["similarity"] > plain["matching_patterns"][0]["similarity"]
    lowered = unrelated["matching_patterns"]
    assert not lowered or lowered[0]["similarity"] < plain["matching_patterns"][0]["similarity"]


def test_context_does_not_move_a_structural_match(agent_client, force_push):
    answer = check(agent_client, "git push -f origin main", context="choosing a logo colour")
    match = answer["matching_patterns"][0]
    assert answer["blocked"] is True
    assert match["match_type"] == "command" and match["similarity"] is None


def test_a_command_is_not_matched_by_meaning_against_a_command_trigger(agent_client, force_push):
    vector = embed_one("Never force-push to main git push --force origin main")
    assert float(vector @ embed_one("git push origin main")) >= conf.ANTI_PATTERN_SIMILARITY
    assert check(agent_client, "git push origin main")["warnings"] == []


def test_a_command_is_not_embedded_when_every_anti_pattern_has_a_command_trigger(
    agent_client, force_push
):
    """Meaning could speak for no anti-pattern, so the check skips its largest cost."""
    assert check(agent_client, "git push origin main --tags")["warnings"] == []
    assert "git push origin main --tags" not in matching._vectors
    prose = "overwrite what is on main with my local history"
    check(agent_client, prose)  # not a command: matched by meaning, so embedded
    assert prose in matching._vectors
    AntiPatternFactory(trigger_pattern="", title="Never push a release without its changelog")
    # one anti-pattern meaning speaks for, of the infrastructure domain (not cross-domain): an
    # agent of another domain could not be told of it, so its command is not embedded either
    check(agent_client, "git push origin main --tags", domain="frontend")
    assert "git push origin main --tags" not in matching._vectors
    check(agent_client, "git push origin main --tags", domain="infrastructure")
    assert "git push origin main --tags" in matching._vectors


def test_what_the_report_offers_instead_stays_clear(agent_client, report):
    report_anti_pattern(
        report,
        agent_client,
        title="Never terraform destroy without a plan",
        why_bad="Destroys every resource in the state, databases included.",
        example="terraform destroy -auto-approve",
        alternatives=["terraform destroy -target=<resource> after reading the plan"],
    )
    assert check(agent_client, "cd infra && terraform destroy --auto-approve")["blocked"] is True
    assert check(agent_client, "terraform destroy -target=aws_instance.web")["blocked"] is False
