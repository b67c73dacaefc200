"""Alerts as data: bloat, low-quality notes and overdue escalations reach people's queues."""

from datetime import timedelta

import pytest
from django.utils import timezone

from governance.models import Escalation, Notification, Proposal
from notes import conf as notes_conf
from notes.models import KnowledgeItem
from tests.ops.conftest import sample

pytestmark = pytest.mark.django_db


def test_note_bloat_in_a_scope_becomes_one_escalation_and_sets_the_layer_gauge(
    scope_tree, monkeypatch
):
    from notes.tasks import bloat_check

    monkeypatch.setattr(notes_conf, "NOTES_BLOAT_THRESHOLD", 2)
    for i in range(3):
        KnowledgeItem.objects.create(
            kind="pattern", scope=scope_tree["project"], title=f"note {i}", content="c"
        )
    KnowledgeItem.objects.create(kind="pattern", scope=scope_tree["team"], title="t", content="c")
    KnowledgeItem.objects.create(
        kind="pattern", scope=scope_tree["project"], title="gone", content="c", status="deprecated"
    )

    assert bloat_check.delay().get() == {"scopes_over_threshold": 1}
    assert bloat_check.delay().get() == {"scopes_over_threshold": 1}

    escalation = Escalation.objects.get()  # the second run did not queue it again
    assert escalation.scope == scope_tree["project"] and escalation.status == "pending"
    assert "3 notes, 3 low-value" in escalation.title
    assert sample("note_taking_storage_count", layer="project") == 3
    assert sample("note_taking_storage_count", layer="team") == 1


def test_a_low_quality_note_becomes_a_deprecation_proposal_its_maintainers_are_told_of(
    scope_tree, maintainer
):
    from notes.tasks import sweep_note_quality

    note = KnowledgeItem.objects.create(
        kind="pattern",
        scope=scope_tree["project"],
        title="rarely useful",
        content="c",
        retrieval_count=notes_conf.QUALITY_REVIEW_MIN_RETRIEVALS + 10,
        usefulness_score=0,
    )
    sweep_note_quality.delay().get()

    proposal = Proposal.objects.get(subject_id=str(note.pk))
    assert proposal.kind == "lifecycle" and proposal.payload["target_status"] == "deprecated"
    assert Notification.objects.filter(user=maintainer).exists()


def test_an_overdue_escalation_is_told_to_its_handlers_once(scope_tree, supervisor):
    from governance.services import escalation_create
    from governance.tasks import escalations_flag_overdue_task

    escalation = escalation_create(
        escalated_to="domain_supervisor", reason="r", priority="high", scope=scope_tree["team"]
    )
    Escalation.objects.filter(pk=escalation.pk).update(due_at=timezone.now() - timedelta(minutes=1))
    before = Notification.objects.filter(user=supervisor, kind="overdue").count()
    assert escalations_flag_overdue_task.delay().get() == 1
    assert escalations_flag_overdue_task.delay().get() == 0
    assert Notification.objects.filter(user=supervisor, kind="overdue").count() == before + 1
