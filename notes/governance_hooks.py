"""What approving a proposal about notes and skills does, and what the review page shows.

Registered in `NotesConfig.ready()`. Appliers run inside the approving transaction with the
locked proposal; raising `Conflict` rolls the whole decision back.
"""

from __future__ import annotations

from django.db.models import Count

from governance.auth import Principal
from governance.models import Proposal, ProposalKind
from governance.registry import (
    register_applier,
    register_dashboard_provider,
    register_describer,
)
from governance.selectors import readable
from mnemosyne_site.errors import Conflict
from notes.models import NOTE_KINDS, KnowledgeItem, KnowledgeStatus, Skill, Trajectory
from notes.services.lifecycle import note_merge, note_metrics, note_promote, note_transition
from notes.services.skills import skill_activate

NOTE = "notes.knowledgeitem"
SKILL = "notes.skill"


def _actor(proposal: Proposal) -> Principal:
    # The deciding person is in the approvals; the applier acts for the proposal they approved.
    last = proposal.approvals.select_related("user").order_by("-created_at").first()
    return Principal.for_user(last.user) if last else Principal.system()


def apply_promotion(proposal: Proposal) -> None:
    note_promote(note_id=proposal.subject_id, target_scope=proposal.scope, actor=_actor(proposal))


def apply_lifecycle(proposal: Proposal) -> None:
    target = (proposal.payload or {}).get("target_status")
    if target not in KnowledgeStatus.values:
        raise Conflict(f"The proposal names no valid target status ({target!r}).")
    note_transition(
        note_id=proposal.subject_id,
        status=target,
        actor=_actor(proposal),
        reason=f"proposal {proposal.pk}: {(proposal.payload or {}).get('reason', '')}",
    )


def apply_merge(proposal: Proposal) -> None:
    other_id = (proposal.payload or {}).get("other_id")
    if not other_id:
        raise Conflict("The merge proposal names no other note.")
    note_merge(survivor_id=proposal.subject_id, other_id=other_id, actor=_actor(proposal))


def apply_skill_activation(proposal: Proposal) -> None:
    skill_activate(skill_id=proposal.subject_id, actor=_actor(proposal), proposal=proposal)


def describe_note(subject_id: str) -> dict:
    """Title, status, layer, metrics, the promotion lineage (scopes climbed, oldest first) and
    the content, in the keys the review page lays out."""

    note = KnowledgeItem.objects.select_related("scope").filter(pk=subject_id).first()
    if note is None:
        return {"title": "(deleted note)", "fields": {"id": subject_id}}
    copies = [
        f"{path} ({status})"
        for path, status in note.promoted_copies.values_list("scope__path", "status")
    ]
    return {
        "title": note.title,
        "status": note.status,
        "kind": note.kind,
        "layer": note.scope.layer,
        "scope": note.scope.path,
        "tags": list(note.tags),
        "content": note.content[:3000],
        "fields": {
            "key": note.key or "—",
            "created by": note.created_by,
            "created at": note.created_at.isoformat(timespec="seconds"),
            "model used": note.metadata.get("llm_model_used", "—"),
            "source trajectory": note.metadata.get("source_trajectory_id", "—"),
            "original": str(note.original_id) if note.original_id else "—",
            "promoted copies": ", ".join(copies) or "—",
            "merged into": str(note.merged_into_id) if note.merged_into_id else "—",
        },
        "metrics": note_metrics(note),
        "lineage": [*note.promotion_path, note.scope.path],
    }


def describe_skill(subject_id: str) -> dict:
    skill = Skill.objects.select_related("scope").filter(pk=subject_id).first()
    if skill is None:
        return {"title": "(deleted skill)", "fields": {"id": subject_id}}
    return {
        "title": skill.name,
        "text": skill.description,
        "status": skill.status,
        "kind": skill.skill_type,
        "scope": skill.scope.path,
        "layer": skill.scope.layer,
        "fields": {
            "requires_approval": skill.requires_approval,
            "created_by": skill.created_by,
            "definition": skill.definition,
            "parameters": skill.parameters,
        },
        "metrics": {
            "use_count": skill.use_count,
            "success_count": skill.success_count,
            "last_used_at": skill.last_used_at.isoformat() if skill.last_used_at else None,
        },
    }


def notes_dashboard(principal) -> dict:
    notes = readable(KnowledgeItem.objects.filter(kind__in=NOTE_KINDS), principal)
    by_status = dict(notes.values_list("status").annotate(n=Count("pk")).values_list("status", "n"))
    distillations = dict(
        readable(Trajectory.objects.all(), principal)
        .values_list("distillation_status")
        .annotate(n=Count("pk"))
        .values_list("distillation_status", "n")
    )
    return {
        "notes_by_status": by_status,
        "low_quality": notes.filter(low_quality=True).count(),
        "distillations": distillations,
        "top_notes": [
            {"id": str(pk), "title": title, "retrieval_count": r, "usefulness_score": u}
            for pk, title, r, u in notes.order_by(
                "-usefulness_score", "-retrieval_count"
            ).values_list("pk", "title", "retrieval_count", "usefulness_score")[:10]
        ],
    }


def register() -> None:
    register_applier(ProposalKind.PROMOTION, NOTE, apply_promotion)
    register_applier(ProposalKind.LIFECYCLE, NOTE, apply_lifecycle)
    register_applier(ProposalKind.MERGE, NOTE, apply_merge)
    register_applier(ProposalKind.SKILL_ACTIVATION, SKILL, apply_skill_activation)
    register_describer(NOTE, describe_note)
    register_describer(SKILL, describe_skill)
    register_dashboard_provider("notes", notes_dashboard)
