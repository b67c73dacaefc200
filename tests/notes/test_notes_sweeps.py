"""Notes upkeep on beat: retention, retries of failed distillations, merge suggestions, and the
alerts as data (bloat escalations, deprecation proposals for low-quality notes)."""

import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from governance.auth import Principal
from governance.models import AuditLog, Escalation, Notification, Proposal
from mnemosyne_site.models import TaskRun
from notes import conf
from notes.models import KnowledgeItem, Trajectory, TrajectoryEvent
from tests.governance.factories import DEMO_PROJECT, ScopeFactory
from tests.metrics import sample
from tests.notes.factories import KnowledgeItemFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def session_scope(scope_tree):
    return ScopeFactory(path=f"{DEMO_PROJECT}/s-1")


def backdate(model, pk, **fields):
    """Set timestamps a normal save would overwrite (auto_now)."""
    model.objects.filter(pk=pk).update(**fields)


def _trajectory(scope, key, *, ended_days_ago=None, status="succeeded", last_event_days_ago=None):
    now = timezone.now()
    trajectory = Trajectory.objects.create(
        scope=scope,
        session_key=key,
        distillation_status=status,
        ended_at=now - timedelta(days=ended_days_ago) if ended_days_ago is not None else None,
        last_event_at=(
            now - timedelta(days=last_event_days_ago) if last_event_days_ago is not None else now
        ),
    )
    TrajectoryEvent.objects.create(
        trajectory=trajectory, event_id=uuid.uuid4(), tool_name="bash", started_at=now
    )
    return trajectory


def test_retention_deletes_old_trajectories_with_their_events_and_keeps_recent_ones(scope_tree):
    from notes.tasks import expire_old_records

    project = scope_tree["project"]
    old = _trajectory(project, "old", ended_days_ago=conf.TRAJECTORY_RETENTION_DAYS + 1)
    abandoned = _trajectory(
        project,
        "abandoned",
        last_event_days_ago=conf.TRAJECTORY_RETENTION_DAYS + 1,
        status="pending",
    )
    recent = _trajectory(project, "recent", ended_days_ago=1)
    waiting = _trajectory(
        project, "waiting", ended_days_ago=conf.TRAJECTORY_RETENTION_DAYS + 1, status="pending"
    )

    result = expire_old_records.delay().get()

    assert result["trajectories_deleted"] == 2 and result["events_deleted"] == 2
    assert set(Trajectory.objects.values_list("pk", flat=True)) == {recent.pk, waiting.pk}
    assert not TrajectoryEvent.objects.filter(trajectory_id__in=[old.pk, abandoned.pk]).exists()
    audit = AuditLog.objects.get(action="retention.trajectories")
    assert audit.details["deleted"] == 2
    # Idempotent: nothing left to do on the next run.
    assert expire_old_records.delay().get()["trajectories_deleted"] == 0
    assert TaskRun.objects.filter(task_name="notes.records_expire").count() == 2


def test_retention_deletes_stale_session_items_but_keeps_endorsed_used_or_project_ones(
    scope_tree, session_scope
):
    from notes.services.maintenance import session_items_expire

    age = timezone.now() - timedelta(days=conf.SESSION_ITEM_RETENTION_DAYS + 1)
    stale = KnowledgeItemFactory(title="stale session draft", scope=session_scope)
    accepted = KnowledgeItemFactory(
        title="accepted session note", scope=session_scope, status="accepted"
    )
    used = KnowledgeItemFactory(
        title="recently retrieved", scope=session_scope, last_retrieved_at=timezone.now()
    )
    project = KnowledgeItemFactory(title="old project draft", scope=scope_tree["project"])
    for note in (stale, accepted, used, project):
        backdate(KnowledgeItem, note.pk, updated_at=age)

    assert session_items_expire() == {"session_items_deleted": 1}
    assert set(KnowledgeItem.objects.values_list("pk", flat=True)) == {
        accepted.pk,
        used.pk,
        project.pk,
    }
    audit = AuditLog.objects.get(action="retention.session_items")
    assert audit.scope_path == session_scope.path and audit.details["ids"] == [str(stale.pk)]


def test_a_session_item_under_review_is_kept(scope_tree, session_scope):
    from governance.models import ProposalKind
    from governance.services import proposal_create
    from notes.services.maintenance import session_items_expire

    note = KnowledgeItemFactory(title="draft under review", scope=session_scope)
    proposal_create(
        kind=ProposalKind.LIFECYCLE,
        scope=session_scope,
        subject=note,
        title="deprecate",
        proposed_by=Principal.system(),
        payload={},
    )
    backdate(
        KnowledgeItem,
        note.pk,
        updated_at=timezone.now() - timedelta(days=conf.SESSION_ITEM_RETENTION_DAYS + 1),
    )
    assert session_items_expire() == {"session_items_deleted": 0}
    assert KnowledgeItem.objects.filter(pk=note.pk).exists()


def test_failed_distillations_are_retried_after_a_pause_a_bounded_number_of_rounds(
    scope_tree, monkeypatch, django_capture_on_commit_callbacks
):
    from notes.services.maintenance import distillations_retry_failed

    monkeypatch.setattr(conf, "DISTILL_FAILED_RETRY_ROUNDS", 2)
    trajectory = _trajectory(scope_tree["project"], "failed", ended_days_ago=1, status="failed")
    fresh = _trajectory(scope_tree["project"], "fresh-failure", ended_days_ago=0, status="failed")
    paused = timezone.now() - timedelta(seconds=conf.DISTILL_FAILED_RETRY_AFTER_SECONDS + 5)
    backdate(Trajectory, trajectory.pk, updated_at=paused)

    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            assert distillations_retry_failed() == {"retried": 1, "gave_up": 0}
        # The distillation ran again (eagerly here): this session's outcome is unknown, so it
        # ends as skipped rather than failed.
        assert Trajectory.objects.get(pk=trajectory.pk).distillation_status == "skipped"
        # Suppose it had failed again.
        Trajectory.objects.filter(pk=trajectory.pk).update(distillation_status="failed")
        backdate(Trajectory, trajectory.pk, updated_at=paused)
    assert distillations_retry_failed() == {"retried": 0, "gave_up": 1}
    assert Trajectory.objects.get(pk=trajectory.pk).distillation_status == "failed"
    assert Trajectory.objects.get(pk=fresh.pk).distillation_status == "failed"  # not yet due
    assert (
        AuditLog.objects.filter(action="trajectory.requeue", target_id=str(trajectory.pk)).count()
        == 2
    )


def test_the_merge_sweep_suggests_merges_once_and_moves_its_watermark(scope_tree):
    from notes.tasks import sweep_merge_suggestions

    a = KnowledgeItemFactory(
        title="Retry the flaky payments webhook with exponential backoff", status="accepted"
    )
    b = KnowledgeItemFactory(
        title="Retry the flaky payments webhook with an exponential backoff", status="accepted"
    )
    KnowledgeItemFactory(title="Rotate the database credentials every quarter", status="accepted")

    first = sweep_merge_suggestions.delay().get()
    assert first["checked"] == 3 and first["suggested"] == 1
    proposal = Proposal.objects.get(kind="merge")
    assert {proposal.subject_id, proposal.payload["other_id"]} == {str(a.pk), str(b.pk)}

    second = sweep_merge_suggestions.delay().get()
    assert second["checked"] == 0 and second["cursor"] == first["cursor"]
    KnowledgeItem.objects.filter(pk=a.pk).update(updated_at=timezone.now())
    third = sweep_merge_suggestions.delay().get()
    assert third["checked"] == 1 and third["suggested"] == 0  # suggested before: no nagging
    assert Proposal.objects.filter(kind="merge").count() == 1


def test_note_bloat_in_a_scope_becomes_one_escalation_and_sets_the_layer_gauge(
    scope_tree, monkeypatch
):
    from notes.tasks import bloat_check

    monkeypatch.setattr(conf, "NOTES_BLOAT_THRESHOLD", 2)
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
        retrieval_count=conf.QUALITY_REVIEW_MIN_RETRIEVALS + 10,
        usefulness_score=0,
    )
    sweep_note_quality.delay().get()

    proposal = Proposal.objects.get(subject_id=str(note.pk))
    assert proposal.kind == "lifecycle" and proposal.payload["target_status"] == "deprecated"
    assert Notification.objects.filter(user=maintainer).exists()
