"""/metrics, scraped after every feature has been exercised, shows every named metric with its
labels: the specs' hindsight and note-taking metrics, and the project's own (lessons reported,
anti-pattern checks and blocks, escalations opened and closed, task runs and failures, sweeps).

The features are exercised once, by the first test of the module, and the scrape is shared.
"""

import time
import uuid
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from governance.auth import Principal
from governance.models import Policy

# (name as exposed, labels every series must carry); a histogram is named by its `_count`.
NAMED_METRICS = [
    # hindsight spec (000)
    ("hindsight_capture_total", ("error_type", "layer")),
    ("hindsight_capture_signature_size_bytes_count", ()),
    ("hindsight_match_latency_ms_count", ()),
    ("hindsight_match_total", ("match_type", "found")),
    ("hindsight_match_results_count_count", ()),
    ("hindsight_resolution_applications_total", ("success", "layer")),
    ("hindsight_resolution_success_rate_count", ()),
    ("hindsight_promotion_total", ("from_layer", "to_layer", "status")),
    ("hindsight_storage_count", ("layer",)),
    # note-taking spec (002)
    ("note_taking_distillation_duration_ms_count", ()),
    ("note_taking_distillation_total", ("status",)),
    ("note_taking_retrieval_results_count_count", ()),
    ("note_taking_retrieval_latency_ms_count", ()),
    ("note_taking_capture_batch_size_count", ()),
    ("note_taking_storage_count", ("layer",)),
    # lessons, anti-patterns, escalations
    ("mnemosyne_lessons_reported_total", ("lesson_type", "outcome")),
    ("mnemosyne_anti_pattern_checks_total", ("result",)),
    ("mnemosyne_anti_pattern_blocks_total", ("severity",)),
    ("mnemosyne_patterns_detected_total", ("outcome",)),
    ("mnemosyne_escalations_created_total", ("priority",)),
    ("mnemosyne_escalations_resolved_total", ("priority", "status")),
    ("mnemosyne_escalations_open", ("priority", "overdue")),
    # tasks, sweeps, requests
    ("mnemosyne_task_runs_total", ("task", "outcome")),
    ("mnemosyne_task_duration_seconds_count", ("task",)),
    ("mnemosyne_sweep_items_total", ("task", "outcome")),
    ("mnemosyne_http_request_duration_seconds_count", ("route", "method", "status")),
]
# Label values the specs fix: each must be present (at zero when nothing happened yet).
FIXED_SERIES = (
    [
        ("hindsight_storage_count", {"layer": layer})
        for layer in ("company", "org", "team", "project", "session")
    ]
    + [("note_taking_distillation_total", {"status": s}) for s in ("success", "skip", "error")]
    + [
        ("mnemosyne_anti_pattern_checks_total", {"result": r})
        for r in ("blocked", "warned", "clear")
    ]
    + [
        ("mnemosyne_escalations_resolved_total", {"priority": p, "status": s})
        for p in ("critical", "high", "medium", "low")
        for s in ("resolved", "dismissed")
    ]
    + [
        ("mnemosyne_task_runs_total", {"task": "notes.records_expire", "outcome": o})
        for o in ("success", "failure")
    ]
)


def _events(n):
    start = time.time() - 600
    return [
        {
            "event_id": str(uuid.uuid4()),
            "tool_name": tool,
            "arguments": {"command": tool},
            "return_value": "ok",
            "error": None,
            "started_at": start + i * 15,
            "duration_ms": 1000.0,
            "seq": i,
        }
        for i, tool in enumerate(["Read", "Edit", "Bash", "Grep"][:n])
    ]


def _exercise_everything() -> None:
    from django.contrib.auth import get_user_model

    from governance.services import (
        agent_create,
        escalation_create,
        escalation_transition,
        membership_grant,
        scope_ensure_path,
    )
    from governance.tasks import escalations_age_task
    from hindsight.models import ErrorSignature
    from hindsight.services import resolution_apply, resolution_create
    from hindsight.tasks import bloat_check as hindsight_bloat_check_task
    from hindsight.tasks import proposals_sweep as hindsight_proposals_sweep_task
    from lessons import matching
    from lessons.models import AntiPattern
    from mnemosyne_site.embeddings import embed_one
    from notes.models import Trajectory
    from notes.tasks import bloat_check, expire_old_records

    project = scope_ensure_path(path="acme/platform/payments/api")
    _, token = agent_create(
        name="scraper", domain="docker", scopes=[project], can_write=True, ttl_days=1
    )
    agent = APIClient()
    agent.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    Policy.objects.create(scope=project, trusted_agents=["scraper"])  # its blocks block at once

    # lessons reported, anti-pattern checks and blocks
    response = agent.post(
        "/lessons/report",
        {
            "lesson_type": "failure",
            "domain": "docker",
            "category": "containers",
            "title": "Volume permissions",
            "context": "c",
            "action_taken": "a",
            "outcome": "o",
            "root_cause": "r",
            "solution": "s",
            "severity": "high",
            "source_agent": "scraper",
        },
        format="json",
    )
    assert response.status_code == 200, response.content
    anti_pattern = AntiPattern(
        scope=project,
        trigger_pattern=r"(?i)rm\s+-rf\s+/data",
        domain="docker",
        title="rm -rf on data",
        why_bad="loss",
        example="rm -rf /data",
        severity="critical",
    )
    anti_pattern.embedding = embed_one(anti_pattern.embedding_text())
    anti_pattern.save()
    matching.reset_index()
    response = agent.post(
        "/check/anti-pattern",
        {
            "proposed_action": "rm -rf /data/x",
            "context": "c",
            "domain": "docker",
            "agent": "scraper",
        },
        format="json",
    )
    assert response.json()["blocked"] is True
    matching.reset_index()

    # trajectory capture, distillation, note retrieval
    agent.post(
        "/api/v1/trajectories/events", {"session": "scrape", "events": _events(4)}, format="json"
    )
    agent.post(
        "/api/v1/trajectories/end", {"session": "scrape", "outcome": "success"}, format="json"
    )
    agent.post("/api/v1/notes/search", {"query": "edit then run"}, format="json")
    bloat_check.delay().get()
    # a sweep with something to do: a trajectory past its retention age
    Trajectory.objects.create(
        scope=project,
        session_key="old",
        distillation_status="skipped",
        ended_at=timezone.now() - timedelta(days=400),
    )
    assert expire_old_records.delay().get()["trajectories_deleted"] == 1

    # hindsight: capture, match, a resolution applied until its promotion is due, bloat
    error = {
        "error_type": "KeyError",
        "message": "KeyError: 'user_id' in handler.py line 42",
        "stack": "File handler.py, line 42",
    }
    assert agent.post("/api/v1/hindsight/errors", error, format="json").status_code in (200, 201)
    assert agent.post("/api/v1/hindsight/match", error, format="json").status_code == 200
    signature = ErrorSignature.objects.get()
    resolution = resolution_create(
        signature=signature, description="Use dict.get.", actor=Principal.system("a")
    )
    for _ in range(4):
        resolution_apply(resolution_id=resolution.pk, success=True, actor=Principal.system("a"))
    hindsight_proposals_sweep_task.delay().get()
    hindsight_bloat_check_task.delay().get()

    # escalations opened, closed and aged
    person = get_user_model().objects.create_user("scrape-supervisor", password="pw")
    membership_grant(user=person, scope=project, role="supervisor")
    escalation = escalation_create(
        escalated_to="domain_supervisor", reason="scrape", priority="high", scope=project
    )
    escalation_transition(
        escalation_id=escalation.pk,
        principal=Principal.for_user(person),
        status="resolved",
        notes="done",
    )
    escalations_age_task.delay().get()


_scraped: list[str] = []


@pytest.fixture
def scraped(db, settings, monkeypatch, django_capture_on_commit_callbacks) -> str:
    """The scrape, taken once (by the first test that asks, inside its rolled-back transaction)
    and shared by the rest."""
    if not _scraped:
        from lessons import conf as lessons_conf

        settings.LLM_BASE_URL = ""
        # Hit statistics flushed in the request, not by a background thread.
        monkeypatch.setattr(lessons_conf, "ANTI_PATTERN_STATS_FLUSH_SECONDS", 0.0)
        with django_capture_on_commit_callbacks(execute=True):
            _exercise_everything()
        _scraped.append(Client().get("/metrics").content.decode())
    return _scraped[0]


def _series(text: str, name: str) -> list[dict]:
    found = []
    for line in text.split("\n"):  # the exposition format ends lines with \n only
        if line.startswith(name + "{") or line.startswith(name + " "):
            labels = {}
            if "{" in line:
                body = line[line.index("{") + 1 : line.rindex("}")]
                for pair in body.split('",'):
                    key, _, value = pair.partition("=")
                    labels[key.strip()] = value.strip().strip('"')
            found.append(labels)
    return found


@pytest.mark.parametrize(("name", "labels"), NAMED_METRICS, ids=[m[0] for m in NAMED_METRICS])
def test_every_named_metric_is_on_metrics_with_its_labels(scraped, name, labels):
    series = _series(scraped, name)
    assert series, f"{name} is not on /metrics"
    for one in series:
        assert set(labels) <= set(one), (name, one)


@pytest.mark.parametrize(
    ("name", "labels"), FIXED_SERIES, ids=[f"{n}-{'-'.join(v.values())}" for n, v in FIXED_SERIES]
)
def test_every_fixed_label_value_has_a_series(scraped, name, labels):
    assert any(all(one.get(k) == v for k, v in labels.items()) for one in _series(scraped, name)), (
        name,
        labels,
    )
