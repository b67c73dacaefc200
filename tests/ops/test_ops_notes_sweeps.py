"""Notes upkeep on beat: retention, retries of failed distillations, merge suggestions."""

import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from governance.auth import Principal
from governance.models import AuditLog, Proposal
from mnemosyne_site.models import TaskRun
from notes import conf
from notes.models import KnowledgeItem, Trajectory, TrajectoryEvent
from tests.ops.conftest import backdate

pytestmark = pytest.mark.django_db


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
    scope_tree, session_scope, make_note
):
    from notes.services.maintenance import session_items_expire

    age = timezone.now() - timedelta(days=conf.SESSION_ITEM_RETENTION_DAYS + 1)
    stale = make_note("stale session draft", scope=session_scope)
    accepted = make_note("accepted session note", scope=session_scope, status="accepted")
    used = make_note("recently retrieved", scope=session_scope, last_retrieved_at=timezone.now())
    project = make_note("old project draft", scope="project")
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


def test_a_session_item_under_review_is_kept(scope_tree, session_scope, make_note):
    from governance.models import ProposalKind
    from governance.services import proposal_create
    from notes.services.maintenance import session_items_expire

    note = make_note("draft under review", scope=session_scope)
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


def test_the_merge_sweep_suggests_merges_once_and_moves_its_watermark(make_note):
    from notes.tasks import sweep_merge_suggestions

    a = make_note("Retry the flaky payments webhook with exponential backoff", status="accepted")
    b = make_note("Retry the flaky payments webhook with an exponential backoff", status="accepted")
    make_note("Rotate the database credentials every quarter", status="accepted")

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
