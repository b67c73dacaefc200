import logging
from decimal import Decimal

import numpy as np
import pytest

from governance.auth import Principal
from hindsight.models import Learning
from hindsight.services.learnings import (
    categorize_error,
    extract_error_pattern,
    learning_boost,
    learning_save,
    summarize_params,
)
from mnemosyne_site.embeddings import embed_one
from mnemosyne_site.errors import RateLimited

URL = "/api/v1/tool-results"


def observe(client, tool, error=None, **extra):
    response = client.post(URL, {"tool_name": tool, "error": error, **extra}, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


# --- pure parts -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("error", "tool", "deadline", "expected"),
    [
        ("context deadline exceeded", "http", False, "timeout"),
        ("request failed: Timeout while reading", "http", False, "timeout"),
        ("wrapped: something odd", "http", True, "timeout"),  # errors.Is(DeadlineExceeded)
        ("open /etc/shadow: permission denied", "fs", False, "permission"),
        ("Access denied for user", "db", False, "permission"),
        ("403 Forbidden", "http", False, "permission"),
        ("timeout: permission denied", "fs", False, "timeout"),  # the spec's order decides
        ("rate limit reached for requests", "llm", False, "provider_error"),
        ("model not found: gpt-9", "llm", False, "provider_error"),
        ("upstream provider returned 502", "llm", False, "provider_error"),
        ("exit status 1", "bash", False, "tool_error"),
        ("exit status 1", "", False, "general"),
    ],
)
def test_errors_are_categorised_in_the_specs_order(error, tool, deadline, expected):
    assert categorize_error(error, tool, deadline_exceeded=deadline) == expected


def test_dynamic_identifiers_become_placeholders():
    pattern = extract_error_pattern(
        "dial tcp 10.0.0.7:5432 failed for job 3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60 at "
        "2024-05-01T10:22:33Z reading /var/lib/app/data.db"
    )
    for raw in ("10.0.0.7", "5432", "3f1c2a9e", "2024-05-01", "/var/lib"):
        assert raw not in pattern
    assert "<UUID>" in pattern and "<TS>" in pattern and "<PATH>" in pattern


def test_parameters_are_summarised():
    summary = summarize_params(
        {
            "command": "x" * 250,
            "short": "ls -la",
            "files": ["a", "b", "c"],
            "n": 3,
            "nested": {"args": [1, 2]},
        }
    )
    assert summary["command"] == "x" * 200 + "..."
    assert summary["short"] == "ls -la"
    assert summary["files"] == "[3 items]"
    assert summary["n"] == 3
    assert summary["nested"] == {"args": "[2 items]"}
    assert summarize_params({"exact": "y" * 200})["exact"] == "y" * 200


# --- the engine -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_tool_error_is_learned_with_its_pattern_category_and_parameters(agent_client):
    body = observe(
        agent_client,
        "bash",
        "open /home/u/project/.env: permission denied",
        params={"command": "cat " + "x" * 300, "args": [1, 2]},
        session="s-1",
    )
    assert body["action"] == "learned"
    assert body["category"] == "permission"
    learning = Learning.objects.get(pk=body["learning"]["id"])
    assert learning.trigger == "tool:bash"
    assert "<PATH>" in learning.error_pattern
    assert learning.category == "permission"
    assert learning.context["params"]["args"] == "[2 items]"
    assert learning.context["params"]["command"].endswith("...")
    assert learning.session_key == "s-1"
    assert learning.scope.path == "acme/platform/payments/api"


@pytest.mark.django_db
def test_a_known_confident_learning_is_not_learned_again(agent_client, scope_tree, caplog):
    learning_save(
        scope=scope_tree["project"],
        trigger="tool:git",
        actor=Principal.system("a"),
        error_pattern="fatal: not a git repository",
        fix="run git init",
        category="tool_error",
    )
    Learning.objects.update(confidence=0.71)
    with caplog.at_level(logging.INFO, logger="hindsight.services.learnings"):
        body = observe(agent_client, "git", "fatal: not a git repository")
    assert body["action"] == "known_fix"
    assert body["known_fix"] == "run git init"
    assert Learning.objects.count() == 1
    assert any(getattr(r, "fix", None) == "run git init" for r in caplog.records)


@pytest.mark.django_db
def test_a_known_but_unproven_learning_does_not_stop_a_new_one(agent_client, scope_tree):
    learning_save(
        scope=scope_tree["project"],
        trigger="tool:git",
        actor=Principal.system("a"),
        error_pattern="fatal: not a git repository",
        category="tool_error",
    )
    Learning.objects.update(confidence=0.7)  # not above 0.7
    body = observe(agent_client, "git", "fatal: not a git repository: /srv/other")
    assert body["action"] == "learned"
    assert Learning.objects.count() == 2


@pytest.mark.django_db
def test_a_recurring_unproven_error_counts_an_occurrence_instead_of_a_new_row(agent_client):
    # Seed 001/003: a learning has an occurrence_count; the same tool failing with the same
    # pattern again is another occurrence of it (below 0.7 it is not skipped as known).
    first = observe(agent_client, "git", "fatal: not a git repository (or any parent): /srv/a")
    again = observe(agent_client, "git", "fatal: not a git repository (or any parent): /srv/b")
    third = observe(agent_client, "git", "fatal: not a git repository (or any parent): /srv/c")

    assert first["action"] == "learned"
    assert again["action"] == third["action"] == "recurred"
    assert Learning.objects.count() == 1
    learning = Learning.objects.get()
    assert third["learning"]["id"] == str(learning.pk)
    assert learning.occurrence_count == 3
    other_tool = observe(agent_client, "hg", "fatal: not a git repository (or any parent): /x")
    assert other_tool["action"] == "learned" and Learning.objects.count() == 2


@pytest.mark.django_db
def test_a_failed_save_is_logged_with_session_tool_and_error(agent_client, hindsight_conf, caplog):
    hindsight_conf(LEARNING_MAX_SAVES_PER_SESSION=1)
    observe(agent_client, "npm", "ENOENT: no such file package.json", session="s-7")
    with caplog.at_level(logging.WARNING, logger="hindsight.services.learnings"):
        body = observe(agent_client, "npm", "EACCES: cannot write to cache", session="s-7")
    assert body["action"] == "save_failed"
    record = next(r for r in caplog.records if r.levelno == logging.WARNING)
    assert record.session_key == "s-7"
    assert record.tool == "npm"
    assert "Too many" in record.error
    assert Learning.objects.count() == 1


@pytest.mark.django_db
def test_learning_saves_are_rate_limited_per_session_and_not_without_one(
    scope_tree, hindsight_conf
):
    hindsight_conf(LEARNING_MAX_SAVES_PER_SESSION=2)
    scope = scope_tree["project"]
    for n in range(2):
        learning_save(
            scope=scope,
            trigger="t",
            error_pattern=f"e{n}",
            session_key="s-1",
            actor=Principal.system("a"),
        )
    with pytest.raises(RateLimited):
        learning_save(
            scope=scope,
            trigger="t",
            error_pattern="e3",
            session_key="s-1",
            actor=Principal.system("a"),
        )
    learning_save(
        scope=scope, trigger="t", error_pattern="e3", session_key="s-2", actor=Principal.system("a")
    )
    for n in range(4):  # an empty session key bypasses the limit
        learning_save(
            scope=scope,
            trigger="t",
            error_pattern=f"x{n}",
            session_key="",
            actor=Principal.system("a"),
        )
    assert Learning.objects.count() == 7


@pytest.mark.django_db
def test_success_boosts_only_learnings_whose_trigger_is_exactly_the_tool(agent_client, scope_tree):
    scope = scope_tree["project"]
    exact = learning_save(
        scope=scope, trigger="tool:git", error_pattern="e1", actor=Principal.system("a")
    )
    prefix = learning_save(
        scope=scope, trigger="tool:git-lfs", error_pattern="e2", actor=Principal.system("a")
    )
    body = observe(agent_client, "git", None)
    assert body["action"] == "boosted"
    assert body["boosted"] == [str(exact.pk)]
    exact.refresh_from_db()
    prefix.refresh_from_db()
    assert exact.success_count == 1
    assert exact.confidence == Decimal("0.50")  # success / (success + occurrence) = 1 / 2
    assert prefix.success_count == 0
    assert prefix.confidence == 0.5


@pytest.mark.django_db
def test_a_learned_error_is_answered_before_the_worker_embeds_it(
    agent_client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        body = observe(agent_client, "bash", "make: *** No rule to make target 'tset'")
    learning = Learning.objects.get(pk=body["learning"]["id"])
    assert body["action"] == "learned"
    assert learning.embedding is None  # the answer did not wait for the model
    for callback in callbacks:
        callback()
    learning.refresh_from_db()
    assert learning.embedding is not None
    expected = embed_one(learning.embedding_text())
    assert float(np.dot(np.asarray(learning.embedding), expected)) == pytest.approx(1.0, abs=1e-3)


@pytest.mark.django_db
def test_success_propagates_a_tenth_of_the_rate_to_similar_learnings(
    agent_client, scope_tree, django_capture_on_commit_callbacks
):
    scope = scope_tree["project"]
    with django_capture_on_commit_callbacks(execute=True):  # the worker embeds them
        learning_save(
            scope=scope,
            trigger="tool:docker",
            actor=Principal.system("a"),
            error_pattern="docker: Cannot connect to the Docker daemon socket",
        )
        similar = learning_save(
            scope=scope,
            trigger="tool:podman",
            actor=Principal.system("a"),
            error_pattern="docker: Cannot connect to the Docker daemon socket!",
        )
        unrelated = learning_save(
            scope=scope,
            trigger="tool:psql",
            actor=Principal.system("a"),
            error_pattern="relation users does not exist",
        )
    with django_capture_on_commit_callbacks(execute=True):
        observe(agent_client, "docker", None)
    similar.refresh_from_db()
    unrelated.refresh_from_db()
    assert similar.confidence == Decimal("0.53")  # 0.5 + 0.1 x 0.3
    assert similar.success_count == 0
    assert unrelated.confidence == 0.5


@pytest.mark.django_db
def test_boosts_clamp_confidence_to_its_range(scope_tree):
    learning = learning_save(
        scope=scope_tree["project"], trigger="t", error_pattern="e", actor=Principal.system("a")
    )
    learning_boost(principal=Principal.system(), learning=learning, confidence_boost=0.9)
    learning.refresh_from_db()
    assert learning.confidence == 1.0
    Learning.objects.filter(pk=learning.pk).update(occurrence_count=100)
    learning_boost(principal=Principal.system(), learning=learning, success_delta=0)
    learning.refresh_from_db()
    assert learning.confidence == Decimal("0.10")  # 0 / 100 would be 0: never below 0.1


# --- fix lookup -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_fix_endpoint_answers_only_above_the_threshold(agent_client, scope_tree):
    learning = learning_save(
        scope=scope_tree["project"],
        trigger="tool:pip",
        actor=Principal.system("a"),
        error_pattern=extract_error_pattern("No matching distribution found for torch==9.9"),
        fix="Use a released version of torch.",
    )
    Learning.objects.filter(pk=learning.pk).update(confidence=0.7)
    url = "/api/v1/hindsight/fix"
    miss = agent_client.get(url, {"error": "No matching distribution found for torch==9.9"})
    assert miss.status_code == 200
    assert miss.json()["found"] is False and miss.json()["fix"] is None
    Learning.objects.filter(pk=learning.pk).update(confidence=0.71)
    hit = agent_client.get(url, {"error": "No matching distribution found for torch==10.1"})
    assert hit.json()["found"] is True
    assert hit.json()["fix"] == "Use a released version of torch."
    assert hit.json()["learning_id"] == str(learning.pk)


@pytest.mark.django_db
def test_the_fix_endpoint_needs_an_error(agent_client):
    response = agent_client.get("/api/v1/hindsight/fix")
    assert response.status_code == 400
    assert "error" in response.json()["fields"]


@pytest.mark.django_db
def test_confident_near_triggers_do_not_crowd_out_the_exact_one(agent_client, scope_tree):
    scope = scope_tree["project"]
    for n in range(6):
        learning_save(
            scope=scope, trigger=f"tool:git-{n}", error_pattern=f"e{n}", actor=Principal.system("a")
        )
    Learning.objects.update(confidence=0.9)
    exact = learning_save(
        scope=scope, trigger="tool:git", error_pattern="x", actor=Principal.system("a")
    )
    assert observe(agent_client, "git", None)["boosted"] == [str(exact.pk)]


@pytest.mark.django_db
def test_fractional_boosts_reaching_0_7_land_on_0_7_exactly_and_do_not_pass_the_threshold(
    agent_client, scope_tree
):
    # Seed 001: skip a new learning only when a match has confidence > 0.7. Ten boosts of 0.03
    # from 0.4 make 0.7, which is not above 0.7 (float addition would make 0.7000000000000003).
    learning = learning_save(
        scope=scope_tree["project"],
        trigger="tool:git",
        actor=Principal.system("a"),
        error_pattern="fatal: not a git repository",
        fix="run git init",
    )
    Learning.objects.filter(pk=learning.pk).update(confidence=0.4)
    for _ in range(10):
        learning_boost(principal=Principal.system(), learning=learning, confidence_boost=0.03)
    learning.refresh_from_db()
    assert learning.confidence == Decimal("0.70")

    body = observe(agent_client, "git", "fatal: not a git repository")
    assert body["action"] != "known_fix"
    miss = agent_client.get("/api/v1/hindsight/fix", {"error": "fatal: not a git repository"})
    assert miss.json()["found"] is False
