"""Trajectory capture: batched event ingest, session end and the trajectory hash.

Ingest is the hot write path (≥ 2,000 events/s on two cores): one transaction per batch and three
statements whatever its size — upsert the sessions' trajectories, insert the events (a resent
event id is skipped by `ON CONFLICT DO NOTHING`), and bump each trajectory's counters by what was
really inserted (`RETURNING`), so a retried batch never counts twice.
"""

from __future__ import annotations

import hashlib
import json
import logging
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import connection, transaction
from django.utils import timezone

from governance.auth import Principal
from governance.models import Scope
from governance.services import audit_record, scope_require_write
from mnemosyne_site.errors import Conflict
from mnemosyne_site.outbox import enqueue_on_commit
from notes import conf
from notes.metrics import CAPTURE_BATCH_SIZE, DISTILLATION_TOTAL
from notes.models import DistillationStatus, SessionOutcome, Trajectory, TrajectoryEvent

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ParsedEvent:
    """One validated event, its JSON fields already encoded (the API validated their size)."""

    event_id: uuid.UUID
    session: str
    user: str
    project: str
    tool_name: str
    arguments_json: str
    return_json: str | None
    error: str
    started_at: datetime
    duration_ms: float
    parent_event_id: uuid.UUID | None
    context_json: str
    seq: int


@dataclass
class IngestResult:
    received: int
    stored: int
    duplicates: int
    trajectories: dict[str, str] = field(default_factory=dict)  # session -> trajectory id


def _values(rows: int, width: int, casts: tuple[str, ...] = ()) -> str:
    one = (
        "("
        + ",".join(casts[i] if i < len(casts) and casts[i] else "%s" for i in range(width))
        + ")"
    )
    return ",".join([one] * rows)


def trajectory_events_ingest(
    *, principal: Principal, scope: Scope, events: list[ParsedEvent]
) -> IngestResult:
    scope_require_write(principal, scope, field="scope")
    CAPTURE_BATCH_SIZE.observe(len(events))
    if not events:
        return IngestResult(received=0, stored=0, duplicates=0)
    now = timezone.now()
    agent = principal.name
    sessions: dict[str, ParsedEvent] = {}
    for event in events:
        sessions.setdefault(event.session, event)

    with transaction.atomic(), connection.cursor() as cursor:
        # 1. One trajectory per (scope, session), created on its first event.
        params: list = []
        for session, first in sessions.items():
            params += [uuid.uuid4(), scope.pk, session, first.user, first.project, agent, now, now]
        cursor.execute(
            f"""
            INSERT INTO notes_trajectory (id, scope_id, session_key, user_ref, project_ref, agent,
                created_at, updated_at, event_count, failed_count, outcome, trajectory_hash,
                distillation_status, distillation_reason, distill_attempts)
            SELECT v.id::uuid, v.scope_id::bigint, v.session_key, v.user_ref, v.project_ref,
                   v.agent, v.created_at::timestamptz, v.updated_at::timestamptz, 0, 0,
                   'unknown', '', 'pending', '', 0
            FROM (VALUES {_values(len(sessions), 8)})
                AS v(id, scope_id, session_key, user_ref, project_ref, agent, created_at,
                     updated_at)
            ON CONFLICT (scope_id, session_key) DO UPDATE SET updated_at = EXCLUDED.updated_at
            RETURNING id, session_key
            """,
            params,
        )
        trajectory_ids = {session: tid for tid, session in cursor.fetchall()}

        # 2. The events; a resent event id is skipped.
        params = []
        for e in events:
            params += [
                e.event_id,
                trajectory_ids[e.session],
                e.seq,
                e.tool_name,
                e.arguments_json,
                e.return_json,
                e.error,
                e.started_at,
                e.duration_ms,
                e.parent_event_id,
                e.context_json,
                now,
            ]
        casts = ("", "", "", "", "%s::jsonb", "%s::jsonb", "", "", "", "", "%s::jsonb", "")
        cursor.execute(
            f"""
            INSERT INTO notes_trajectoryevent (event_id, trajectory_id, seq, tool_name, arguments,
                return_value, error, started_at, duration_ms, parent_event_id, context,
                received_at)
            VALUES {_values(len(events), 12, casts)}
            ON CONFLICT (event_id) DO NOTHING
            RETURNING trajectory_id, started_at, duration_ms, error <> ''
            """,
            params,
        )
        inserted = cursor.fetchall()

        # 3. Counters and time span of what was really inserted.
        totals: dict = {}
        for trajectory_id, started_at, duration_ms, failed in inserted:
            ended = started_at + timedelta(milliseconds=duration_ms)
            n, f, first, last = totals.get(trajectory_id, (0, 0, started_at, ended))
            totals[trajectory_id] = (
                n + 1,
                f + int(failed),
                min(first, started_at),
                max(last, ended),
            )
        if totals:
            params = []
            for trajectory_id, (n, f, first, last) in totals.items():
                params += [trajectory_id, n, f, first, last]
            cursor.execute(
                f"""
                UPDATE notes_trajectory t SET
                    event_count = t.event_count + v.n::int,
                    failed_count = t.failed_count + v.f::int,
                    started_at = LEAST(t.started_at, v.first::timestamptz),
                    last_event_at = GREATEST(t.last_event_at, v.last::timestamptz)
                FROM (VALUES {_values(len(totals), 5)}) AS v(id, n, f, first, last)
                WHERE t.id = v.id::uuid
                """,
                params,
            )
    stored = len(inserted)
    return IngestResult(
        received=len(events),
        stored=stored,
        duplicates=len(events) - stored,
        trajectories={s: str(t) for s, t in trajectory_ids.items()},
    )


# --- session end ----------------------------------------------------------------------------------


def trajectory_hash(trajectory: Trajectory) -> str:
    """sha256 of the ordered (tool, arguments) sequence: the same work done twice hashes alike,
    whatever the timings, outputs or ids."""
    digest = hashlib.sha256()
    rows = (
        TrajectoryEvent.objects.filter(trajectory=trajectory)
        .order_by("started_at", "seq")
        .values_list("tool_name", "arguments")
    )
    for tool_name, arguments in rows.iterator(chunk_size=500):
        digest.update(tool_name.encode())
        digest.update(b"\x00")
        digest.update(json.dumps(arguments, sort_keys=True, separators=(",", ":")).encode())
        digest.update(b"\x01")
    return digest.hexdigest()


def distillation_skip_reason(trajectory: Trajectory) -> str:
    """Why this trajectory is not worth distilling ('' when it is)."""
    if trajectory.outcome != SessionOutcome.SUCCESS:
        return f"session outcome is {trajectory.outcome}, not success"
    if trajectory.event_count < conf.DISTILL_MIN_EVENTS:
        return (
            f"trivial trajectory: {trajectory.event_count} tool executions "
            f"(fewer than {conf.DISTILL_MIN_EVENTS})"
        )
    if trajectory.duration_seconds < conf.DISTILL_MIN_SECONDS:
        return (
            f"trivial trajectory: lasted {trajectory.duration_seconds:.1f} s "
            f"(less than {conf.DISTILL_MIN_SECONDS:g} s)"
        )
    return ""


def trajectory_end(
    *, principal: Principal, scope: Scope, session_key: str, outcome: str
) -> Trajectory:
    """Close a session's trajectory; a successful, non-trivial one is queued for distillation.

    Idempotent: ending an ended trajectory returns it unchanged.
    """
    scope_require_write(principal, scope, field="scope")
    with transaction.atomic():
        trajectory = (
            Trajectory.objects.select_for_update()
            .select_related("scope")
            .filter(scope=scope, session_key=session_key)
            .first()
        )
        if trajectory is None:
            # A session with no captured call (all sampled out, or none made) still ends.
            trajectory = Trajectory.objects.create(
                scope=scope,
                session_key=session_key,
                agent=principal.name,
            )
        if trajectory.ended_at is not None:
            return trajectory
        trajectory.ended_at = timezone.now()
        trajectory.outcome = outcome
        trajectory.trajectory_hash = trajectory_hash(trajectory)
        reason = distillation_skip_reason(trajectory)
        if reason:
            trajectory.distillation_status = DistillationStatus.SKIPPED
            trajectory.distillation_reason = reason
            DISTILLATION_TOTAL.labels(status="skip").inc()
            logger.info(
                "distillation skipped: %s",
                reason,
                extra={"trajectory": str(trajectory.pk), "session": session_key},
            )
        trajectory.save()
        audit_record(
            actor=principal,
            action="trajectory.end",
            target=trajectory,
            scope_path=scope.path,
            details={
                "session": session_key,
                "outcome": outcome,
                "events": trajectory.event_count,
                "distillation": trajectory.distillation_status,
                "reason": reason,
            },
            session_key=session_key,
        )
        if not reason:
            trajectory_queue_distillation(trajectory_id=trajectory.pk)
    return trajectory


def trajectory_queue_distillation(*, trajectory_id) -> None:
    """Send the distillation task after commit; with the broker down it waits in the outbox
    (and the pending row itself is picked up by the distillation sweep)."""
    enqueue_on_commit("notes.trajectory_distill", str(trajectory_id))


def trajectory_requeue(*, trajectory_id, actor: Principal) -> Trajectory:
    """Queue a failed (or stuck) distillation again: writers of the trajectory's scope."""
    with transaction.atomic():
        trajectory = (
            Trajectory.objects.select_for_update().select_related("scope").get(pk=trajectory_id)
        )
        scope_require_write(actor, trajectory.scope)
        if trajectory.ended_at is None:
            raise Conflict("The session has not ended yet.")
        if trajectory.distillation_status not in (
            DistillationStatus.FAILED,
            DistillationStatus.PENDING,
            DistillationStatus.RUNNING,
        ):
            raise Conflict(f"Distillation already {trajectory.distillation_status}.")
        trajectory.distillation_status = DistillationStatus.PENDING
        trajectory.distill_attempts = 0
        trajectory.save(update_fields=["distillation_status", "distill_attempts", "updated_at"])
        audit_record(
            actor=actor,
            action="trajectory.requeue",
            target=trajectory,
            scope_path=trajectory.scope.path,
        )
        trajectory_queue_distillation(trajectory_id=trajectory.pk)
    return trajectory
