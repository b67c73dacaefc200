"""Metrics counted where the event happens: escalations opened and closed, anti-pattern blocks."""

import pytest

from governance.auth import Principal
from governance.services import escalation_create, escalation_transition
from tests.ops.conftest import sample

pytestmark = pytest.mark.django_db


def test_escalations_are_counted_when_opened_and_when_resolved(
    scope_tree, supervisor, django_capture_on_commit_callbacks
):
    created = sample("mnemosyne_escalations_created_total", priority="high")
    resolved = sample("mnemosyne_escalations_resolved_total", priority="high", status="resolved")

    with django_capture_on_commit_callbacks(execute=True):
        escalation = escalation_create(
            escalated_to="domain_supervisor",
            reason="r",
            priority="high",
            scope=scope_tree["team"],
        )
    with django_capture_on_commit_callbacks(execute=True):
        again = escalation_create(  # the same pending escalation: not a new one
            escalated_to="domain_supervisor",
            reason="r",
            priority="high",
            scope=scope_tree["team"],
        )
    assert again.pk == escalation.pk
    assert sample("mnemosyne_escalations_created_total", priority="high") - created == 1

    with django_capture_on_commit_callbacks(execute=True):
        escalation_transition(
            escalation_id=escalation.pk,
            principal=Principal.for_user(supervisor),
            status="resolved",
            notes="fixed the runbook",
        )
    after = sample("mnemosyne_escalations_resolved_total", priority="high", status="resolved")
    assert after - resolved == 1


def test_a_blocked_action_is_counted_with_its_severity(
    scope_tree, agent_client, fresh_anti_pattern_index
):
    from lessons.models import AntiPattern
    from mnemosyne_site.embeddings import embed_one

    anti_pattern = AntiPattern(
        scope=scope_tree["project"],
        trigger_pattern=r"(?i)rm\s+-rf\s+/data",
        domain="infrastructure",
        title="Running rm -rf on data directories",
        why_bad="Data loss",
        example="rm -rf /data",
        alternatives=[],
        severity="critical",
    )
    anti_pattern.embedding = embed_one(anti_pattern.embedding_text())
    anti_pattern.save()
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
