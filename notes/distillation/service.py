"""Distil an ended trajectory into a `pattern` note (the worker's job).

States of `Trajectory.distillation_status`: pending → running → succeeded | duplicate | skipped,
or → pending again when the LLM is unavailable and attempts remain (the task retries it with
exponential backoff), or → failed once they are spent. A failed trajectory keeps its events and
its error; `POST /api/v1/trajectories/{id}/distill` or `manage.py distill_trajectories` queues
it again. Nothing is dropped.
"""

from __future__ import annotations

import logging
import time

import numpy as np
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from governance.auth import Principal
from governance.models import LAYER_PRECEDENCE, Layer
from mnemosyne_site import llm
from mnemosyne_site.embeddings import EmbeddingError, embed_one
from notes import conf
from notes.distillation.extractive import extractive_distill
from notes.distillation.prompt import (
    SCHEMA_HINT,
    SYSTEM_PROMPT,
    DistilledNote,
    prompt_events,
    user_prompt,
)
from notes.metrics import DISTILLATION_DURATION_MS, DISTILLATION_TOTAL
from notes.models import (
    DistillationStatus,
    KnowledgeItem,
    KnowledgeKind,
    KnowledgeStatus,
    Trajectory,
    TrajectoryEvent,
)
from notes.selectors.notes import knowledge_nearest
from notes.services.lifecycle import note_create, note_reference
from notes.services.trajectories import distillation_skip_reason

logger = logging.getLogger(__name__)
D = DistillationStatus
EXTRACTIVE = "extractive"


class DistillationDeferred(Exception):
    """A transient failure (LLM or embedding service unavailable): try again later."""


def _claim(trajectory_id) -> bool:
    # A conditional update: of two workers handed the same id, one claims it.
    return bool(
        Trajectory.objects.filter(
            pk=trajectory_id, distillation_status=D.PENDING, ended_at__isnull=False
        ).update(
            distillation_status=D.RUNNING,
            distill_attempts=F("distill_attempts") + 1,
            updated_at=timezone.now(),
        )
    )


def _finish(trajectory: Trajectory, status: str, reason: str = "", note=None) -> None:
    trajectory.distillation_status = status
    trajectory.distillation_reason = reason[:500]
    if note is not None:
        trajectory.note = note
    trajectory.save(
        update_fields=["distillation_status", "distillation_reason", "note", "updated_at"]
    )


def _llm_distill(
    trajectory: Trajectory, events: list[TrajectoryEvent]
) -> tuple[DistilledNote, str]:
    result = llm.complete_json(
        system=SYSTEM_PROMPT, user=user_prompt(trajectory, events), schema_hint=SCHEMA_HINT
    )
    data = result.data
    context = str(data.get("context") or "").strip()
    solution = str(data.get("solution") or "").strip()
    if not context or not solution:
        raise llm.LLMResponseError("the reply lacks a Context or a Solution")

    def strings(value) -> list[str]:
        if isinstance(value, str):
            value = [part.strip() for part in value.replace("\n", ",").split(",")]
        return [str(v).strip() for v in value or [] if str(v).strip()]

    examples = []
    for item in data.get("code_examples") or []:
        if isinstance(item, dict):
            examples.append(item)
        elif isinstance(item, str) and item.strip():
            examples.append({"code": item})
    note = DistilledNote(
        title=str(data.get("title") or "").strip()[:300]
        or f"Session {trajectory.session_key}: {events[0].tool_name} …",
        context=context,
        solution=solution,
        key_patterns=strings(data.get("key_patterns")),
        code_examples=examples,
        tags=[t.lower().lstrip("#")[:40] for t in strings(data.get("tags"))][:12],
    )
    return note, result.model


def note_scope(trajectory: Trajectory):
    """Where the trajectory's note goes: its own scope, or for a session its project."""
    scope = trajectory.scope
    if (
        scope.layer == Layer.SESSION
        and conf.DISTILL_SESSION_NOTES_LAYER == "project"
        and scope.parent_id is not None
    ):
        return scope.parent
    return scope


def _nearest_duplicate(scope, vector: np.ndarray) -> tuple[KnowledgeItem, float] | None:
    """An existing note (the scope or an ancestor, any status) above the duplicate threshold;
    the nearest layer wins, then the higher similarity."""
    scopes = {
        s.pk: LAYER_PRECEDENCE[Layer(s.layer)]
        for s in type(scope).objects.filter(path__in=scope.ancestor_paths)
    }
    hits, _ = knowledge_nearest(
        embedding=vector,
        kinds=[KnowledgeKind.PATTERN],
        statuses=KnowledgeStatus.values,
        scope_ids=list(scopes),
        limit=5,
        threshold=conf.NOTE_DUPLICATE_SIMILARITY,
    )
    hits = [h for h in hits if h.similarity > conf.NOTE_DUPLICATE_SIMILARITY]
    if not hits:
        return None
    notes = KnowledgeItem.objects.in_bulk([h.id for h in hits])
    best = min(hits, key=lambda h: (scopes.get(notes[h.id].scope_id, 9), -h.similarity))
    return notes[best.id], best.similarity


def trajectory_distill(*, trajectory_id, final_attempt: bool = True) -> str:
    """Distil one trajectory; returns the resulting status. Raises DistillationDeferred for a
    transient failure when `final_attempt` is False (the task then retries)."""
    if not _claim(trajectory_id):
        current = (
            Trajectory.objects.filter(pk=trajectory_id)
            .values_list("distillation_status", flat=True)
            .first()
        )
        return current or "missing"
    started = time.perf_counter()
    trajectory = Trajectory.objects.select_related("scope").get(pk=trajectory_id)
    log = {"trajectory": str(trajectory.pk), "session": trajectory.session_key}

    reason = distillation_skip_reason(trajectory)
    if reason:
        _finish(trajectory, D.SKIPPED, reason)
        DISTILLATION_TOTAL.labels(status="skip").inc()
        logger.info("distillation skipped: %s", reason, extra=log)
        return D.SKIPPED

    # The same work distilled before (same trajectory hash): reference its note.
    twin = (
        Trajectory.objects.filter(
            trajectory_hash=trajectory.trajectory_hash,
            note__isnull=False,
            scope__path__in=trajectory.scope.ancestor_paths,
        )
        .exclude(pk=trajectory.pk)
        .select_related("note")
        .first()
    )
    if twin is not None and trajectory.trajectory_hash:
        with transaction.atomic():
            note_reference(
                note_id=twin.note_id,
                actor=Principal.system(),
                reason=f"trajectory {trajectory.pk} repeats {twin.pk}",
            )
            _finish(trajectory, D.DUPLICATE, f"same trajectory hash as {twin.pk}", twin.note)
        DISTILLATION_TOTAL.labels(status="success").inc()
        logger.info("duplicate trajectory: referenced the existing note", extra=log)
        return D.DUPLICATE

    events = list(trajectory.events.order_by("started_at", "seq"))
    try:
        if llm.llm_configured():
            distilled, model = _llm_distill(trajectory, events)
        else:
            distilled, model = extractive_distill(trajectory, events), EXTRACTIVE
        markdown = distilled.markdown()
        vector = embed_one(f"{distilled.title}\n{markdown}")
    except (llm.LLMError, EmbeddingError) as exc:
        if not final_attempt:
            _finish(trajectory, D.PENDING, f"attempt {trajectory.distill_attempts}: {exc}")
            logger.warning("distillation deferred: %s", exc, extra=log)
            raise DistillationDeferred(str(exc)) from exc
        _finish(trajectory, D.FAILED, f"after {trajectory.distill_attempts} attempts: {exc}")
        DISTILLATION_TOTAL.labels(status="error").inc()
        DISTILLATION_DURATION_MS.observe((time.perf_counter() - started) * 1000)
        logger.error("distillation failed: %s", exc, extra=log)
        return D.FAILED

    target = note_scope(trajectory)
    with transaction.atomic():
        duplicate = _nearest_duplicate(target, vector)
        if duplicate is not None:
            existing, similarity = duplicate
            note_reference(
                note_id=existing.pk,
                actor=Principal.system(),
                reason=f"distilled a duplicate (similarity {similarity:.3f}) from trajectory "
                f"{trajectory.pk}",
            )
            _finish(
                trajectory,
                D.DUPLICATE,
                f"similarity {similarity:.3f} to note {existing.pk}",
                existing,
            )
            status = D.DUPLICATE
            logger.info(
                "duplicate note detected: similarity %.3f to %s",
                similarity,
                existing.pk,
                extra=log,
            )
        else:
            note = note_create(
                scope=target,
                kind=KnowledgeKind.PATTERN,
                title=distilled.title,
                content=markdown,
                created_by=Principal.system(),
                tags=distilled.tags,
                embedding=vector,
                metadata={
                    "source_trajectory_id": str(trajectory.pk),
                    "distillation_timestamp": timezone.now().isoformat(),
                    "llm_model_used": model,
                    "session_id": trajectory.session_key,
                    "user_id": trajectory.user_ref,
                    "project_id": trajectory.project_ref,
                    "trajectory_hash": trajectory.trajectory_hash,
                    "trajectory_scope": trajectory.scope.path,
                    "events_in_prompt": len(prompt_events(events)),
                },
            )
            _finish(trajectory, D.SUCCEEDED, "", note)
            status = D.SUCCEEDED
            logger.info("note distilled", extra={**log, "note": str(note.pk), "model": model})
    DISTILLATION_TOTAL.labels(status="success").inc()
    DISTILLATION_DURATION_MS.observe((time.perf_counter() - started) * 1000)
    return status
