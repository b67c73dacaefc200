"""Fixes that reach the agent and the closed loop: exact before near, near only when close, the
fix endpoint matching both ways, and applications recorded from the session's own next calls."""

import pytest

from governance.auth import Principal
from hindsight.models import ErrorSignature, FixOffer, Learning, Resolution, ResolutionApplication
from hindsight.selectors.matching import Suggestion
from hindsight.services import resolution_create
from hindsight.services.fix_loop import same_command
from hindsight.services.learnings import learning_save
from hindsight.services.suggestions import near_fixes

CAPTURE = "/api/v1/hindsight/errors"
TOOL_RESULTS = "/api/v1/tool-results"
SESSION = "session-7f3a"
ERROR = (
    "Traceback (most recent call last):\n"
    '  File "scripts/run.py", line 7, in <module>\n'
    "ModuleNotFoundError: No module named 'boto3'"
)


def capture(client, *, tool_use_id: str, command: str = "python scripts/run.py", **extra):
    body = {
        "error_type": "ModuleNotFoundError",
        "message": ERROR,
        "tool_name": "Bash",
        "session": SESSION,
        "tool_use_id": tool_use_id,
        "command": command,
        **extra,
    }
    response = client.post(CAPTURE, body, format="json")
    assert response.status_code in (200, 201), response.content
    return response.json()


def succeed(client, command: str, *, tool_use_id: str, session: str = SESSION):
    body = {
        "tool_name": "Bash",
        "params": {"command": command},
        "session": session,
        "tool_use_id": tool_use_id,
    }
    response = client.post(TOOL_RESULTS, body, format="json")
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def known_fix(agent_client):
    """A signature whose fix was recorded once, outside the session under test."""
    first = capture(agent_client, tool_use_id="toolu_setup", session="setup-session")
    signature_id = first["signature"]["id"]
    response = agent_client.post(
        f"/api/v1/hindsight/signatures/{signature_id}/resolutions",
        {"description": "pip install boto3 into the project's virtualenv"},
        format="json",
    )
    assert response.status_code == 201, response.content
    return Resolution.objects.get(pk=response.json()["id"])


def counts(resolution: Resolution) -> tuple[int, int]:
    resolution.refresh_from_db()
    return resolution.application_count, resolution.success_count


# --- same command or its corrected form ---------------------------------------------------------


@pytest.mark.parametrize(
    ("failed", "later", "same"),
    [
        ("python scripts/run.py --env local", "python  scripts/run.py --env local", True),
        ("python scripts/run.py", "python3 scripts/run.py --env local", True),
        ("pip install psycopg2", "pip3 install --user psycopg2-binary", True),
        ("npm install", "cd web && npm install --legacy-peer-deps", True),
        ("sudo -u app psql -c 'select 1'", "PGHOST=db psql -c 'select 1'", True),
        ("git push origin main", "git pull --rebase origin main", False),
        ("python scripts/run.py", "python scripts/other.py", False),
        ("make build", "", False),
        ("cargo build", "go build ./...", False),
    ],
)
def test_a_later_command_counts_as_the_same_or_its_corrected_form(failed, later, same):
    assert same_command(failed, later) is same


# --- exact before near ----------------------------------------------------------------------


def _suggestion(match: str, similarity: float, error_type: str = "Bash exit 1") -> Suggestion:
    return Suggestion(
        resolution=Resolution(description=f"{match} {similarity}"),
        signature_id="s",
        confidence=similarity,
        rank_score=similarity,
        match=match,
        similarity=similarity,
        error_type=error_type,
    )


def test_the_errors_own_fix_is_offered_alone_when_it_has_one(hindsight_conf):
    hindsight_conf(HINDSIGHT_NEAR_FIX_SIMILARITY=0.9)
    own, near = _suggestion("exact", 1.0), _suggestion("near", 0.97)
    assert near_fixes([near, own], error_type="Bash exit 1") == [own]


def test_a_near_fix_is_offered_only_when_close_and_of_the_same_type(hindsight_conf):
    hindsight_conf(HINDSIGHT_NEAR_FIX_SIMILARITY=0.9)
    close = _suggestion("near", 0.95)
    far = _suggestion("near", 0.88)
    other_type = _suggestion("near", 0.99, error_type="KeyError")
    assert near_fixes([close, far, other_type], error_type="Bash exit 1") == [close]


@pytest.mark.django_db
def test_a_captured_error_with_a_fix_answers_it_as_an_exact_match(agent_client, known_fix):
    answer = capture(agent_client, tool_use_id="toolu_1")
    top = answer["suggestions"][0]
    assert top["resolution_id"] == str(known_fix.pk)
    assert top["match"] == "exact"
    assert top["similarity"] == 1.0


# --- the fix endpoint, both ways ------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("stored", "asked"),
    [
        (
            "ERESOLVE unable to resolve dependency tree X",
            "npm ERR! ERESOLVE unable to resolve dependency tree X",
        ),
        (
            "npm ERR! ERESOLVE unable to resolve dependency tree X",
            "ERESOLVE unable to resolve dependency tree X",
        ),
    ],
)
def test_the_fix_endpoint_matches_the_extracted_pattern_both_ways(
    agent_client, scope_tree, stored, asked
):
    learning = learning_save(
        scope=scope_tree["project"],
        trigger="tool:npm",
        error_pattern=stored,
        fix="npm install --legacy-peer-deps",
        actor=Principal.system("a"),
    )
    Learning.objects.filter(pk=learning.pk).update(confidence=0.8)

    answer = agent_client.get("/api/v1/hindsight/fix", {"error": asked}).json()

    assert answer["found"] is True
    assert answer["learning_id"] == str(learning.pk)
    assert answer["fix"] == "npm install --legacy-peer-deps"


@pytest.mark.django_db
def test_a_short_stored_pattern_inside_the_error_does_not_answer_it(agent_client, scope_tree):
    learning = learning_save(
        scope=scope_tree["project"],
        trigger="tool:any",
        error_pattern="ERR",
        fix="Reinstall everything.",
        actor=Principal.system("a"),
    )
    Learning.objects.filter(pk=learning.pk).update(confidence=0.9)
    answer = agent_client.get(
        "/api/v1/hindsight/fix", {"error": "npm ERR! ERESOLVE unable to resolve dependency tree"}
    ).json()
    assert answer["found"] is False


# --- the closed loop ------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_session_rerunning_the_command_records_one_successful_application(
    agent_client, known_fix
):
    before = counts(known_fix)
    capture(agent_client, tool_use_id="toolu_fail")
    offer = FixOffer.objects.get(session_key=SESSION)
    assert (offer.outcome, offer.resolution_id) == ("pending", known_fix.pk)

    succeed(agent_client, "python scripts/run.py", tool_use_id="toolu_ok")
    succeed(agent_client, "python scripts/run.py", tool_use_id="toolu_ok")  # a resend

    assert counts(known_fix) == (before[0] + 1, before[1] + 1)
    application = ResolutionApplication.objects.get(session_key=SESSION)
    assert application.success is True
    assert application.context["tool_use_id"] == "toolu_ok"
    offer.refresh_from_db()
    assert (offer.outcome, offer.settled_by, offer.application_id) == (
        "success",
        "toolu_ok",
        application.pk,
    )
    detail = agent_client.get(f"/api/v1/hindsight/resolutions/{known_fix.pk}").json()
    proven = detail["recent_applications"][0]
    assert proven["session"] == SESSION
    assert proven["origin"] == "hook-loop"
    assert proven["tool_use_id"] == "toolu_ok"
    assert proven["success"] is True


@pytest.mark.django_db
def test_the_same_signature_failing_again_records_one_failed_application(agent_client, known_fix):
    before = counts(known_fix)
    capture(agent_client, tool_use_id="toolu_1")
    capture(agent_client, tool_use_id="toolu_1")  # the same call resent: not a second failure
    assert counts(known_fix) == before

    capture(agent_client, tool_use_id="toolu_2")
    capture(agent_client, tool_use_id="toolu_2")  # resent again

    assert counts(known_fix) == (before[0] + 1, before[1])
    failed = ResolutionApplication.objects.get(session_key=SESSION)
    assert failed.success is False
    assert "No module named" in failed.error_message
    assert Resolution.objects.get(pk=known_fix.pk).last_failure_at is not None


@pytest.mark.django_db
def test_another_command_or_another_session_proves_nothing(agent_client, known_fix):
    before = counts(known_fix)
    capture(agent_client, tool_use_id="toolu_fail")

    succeed(agent_client, "git status", tool_use_id="toolu_a")
    succeed(agent_client, "python scripts/run.py", tool_use_id="toolu_b", session="other")

    assert counts(known_fix) == before
    assert FixOffer.objects.get(session_key=SESSION).outcome == "pending"


@pytest.mark.django_db
def test_a_capture_without_a_session_offers_nothing_to_settle(agent_client, known_fix):
    capture(agent_client, tool_use_id="toolu_x", session="")
    assert not FixOffer.objects.filter(resolution=known_fix, session_key="").exists()


@pytest.mark.django_db
def test_a_fix_below_the_offer_confidence_waits_for_nothing(
    agent_client, known_fix, hindsight_conf
):
    hindsight_conf(HINDSIGHT_FIX_OFFER_MIN_CONFIDENCE=1.01)
    capture(agent_client, tool_use_id="toolu_fail")
    assert not FixOffer.objects.filter(session_key=SESSION).exists()


@pytest.mark.django_db
def test_a_resolution_created_by_hand_is_listed_as_reported(agent_client, scope_tree):
    first = capture(agent_client, tool_use_id="toolu_0", session="s0")
    resolution = resolution_create(
        signature=ErrorSignature.objects.get(pk=first["signature"]["id"]),
        description="fix",
        session_key="s0",
        actor=Principal.system("maintainer"),
    )
    detail = agent_client.get(f"/api/v1/hindsight/resolutions/{resolution.pk}").json()
    assert detail["recent_applications"][0]["origin"] == "reported"
    assert detail["recent_applications"][0]["session"] == "s0"
