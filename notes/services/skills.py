"""Skills and external references (seed 003).

Skills are saved as drafts. Activating one that `requires_approval` opens a `skill_activation`
proposal for the scope's maintainers (the registered applier activates it on approval); one
that does not is activated by whoever may write the scope. Changing an active skill that
requires approval sends it back to draft: what runs is always what was approved.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from governance.auth import Principal
from governance.models import Proposal, ProposalKind, Scope
from governance.services import audit_record, proposal_create, scope_require_write
from mnemosyne_site.errors import Conflict
from notes.models import ExternalRef, Skill, SkillStatus
from notes.services.knowledge import knowledge_save_limit


def skill_save(
    *,
    principal: Principal,
    scope: Scope,
    name: str,
    skill_type: str,
    description: str = "",
    definition: dict | None = None,
    parameters: dict | None = None,
    requires_approval: bool = True,
    session_key: str = "",
) -> tuple[Skill, bool]:
    scope_require_write(principal, scope, field="scope")
    knowledge_save_limit(session_key=session_key, scope=scope)
    try:
        with transaction.atomic():
            skill = Skill.objects.select_for_update().filter(scope=scope, name=name).first()
            created = skill is None
            if skill is None:
                skill = Skill(
                    scope=scope, name=name, created_by=principal.name, status=SkillStatus.DRAFT
                )
            changed = not created and (
                skill.definition != (definition or {})
                or skill.parameters != (parameters or {})
                or skill.skill_type != skill_type
            )
            previous_status = skill.status
            if (
                changed
                and skill.status == SkillStatus.ACTIVE
                and (skill.requires_approval or requires_approval)
            ):
                skill.status = SkillStatus.DRAFT
            skill.skill_type = skill_type
            skill.description = description
            skill.definition = definition or {}
            skill.parameters = parameters or {}
            skill.requires_approval = requires_approval
            skill.save()
            audit_record(
                actor=principal,
                action="skill.create" if created else "skill.update",
                target=skill,
                scope_path=scope.path,
                details={
                    "name": name,
                    "status": skill.status,
                    "previous_status": None if created else previous_status,
                    "definition_changed": changed,
                    "session": session_key,
                },
                session_key=session_key,
            )
    except IntegrityError:
        raise Conflict("The skill was created concurrently; retry the save.") from None
    return skill, created


def skill_activate(*, skill_id, actor: Principal, proposal: Proposal | None = None) -> Skill:
    """Set a skill active (the applier of an approved proposal, or a direct activation)."""
    with transaction.atomic():
        skill = Skill.objects.select_for_update().select_related("scope").get(pk=skill_id)
        if skill.status == SkillStatus.ACTIVE:
            return skill
        previous = skill.status
        skill.status = SkillStatus.ACTIVE
        skill.save(update_fields=["status", "updated_at"])
        audit_record(
            actor=actor,
            action="skill.activate",
            target=skill,
            scope_path=skill.scope.path,
            details={"from": previous, "proposal": str(proposal.pk) if proposal else None},
        )
    return skill


def skill_request_activation(
    *, principal: Principal, skill: Skill
) -> tuple[Skill, Proposal | None]:
    scope_require_write(principal, skill.scope)
    if skill.status == SkillStatus.ACTIVE:
        return skill, None
    if skill.requires_approval:
        proposal = proposal_create(
            kind=ProposalKind.SKILL_ACTIVATION,
            scope=skill.scope,
            subject=skill,
            title=f"Activate skill “{skill.name}” ({skill.skill_type})",
            proposed_by=principal,
            payload={
                "name": skill.name,
                "skill_type": skill.skill_type,
                "definition": skill.definition,
            },
        )
        return skill, proposal
    return skill_activate(skill_id=skill.pk, actor=principal), None


def skill_deprecate(*, principal: Principal, skill: Skill) -> Skill:
    scope_require_write(principal, skill.scope)
    with transaction.atomic():
        skill = Skill.objects.select_for_update().select_related("scope").get(pk=skill.pk)
        previous = skill.status
        skill.status = SkillStatus.DEPRECATED
        skill.save(update_fields=["status", "updated_at"])
        audit_record(
            actor=principal,
            action="skill.deprecate",
            target=skill,
            scope_path=skill.scope.path,
            details={"from": previous},
        )
    return skill


def skill_record_usage(*, principal: Principal, skill: Skill, success: bool) -> Skill:
    """IncrementSkillUsage, for the skills ListActiveSkills hands out: a draft or deprecated
    skill is not in use, so counting a use of it is refused."""
    if skill.status != SkillStatus.ACTIVE:
        raise Conflict(
            f"Skill {skill.name!r} is {skill.status}; usage is recorded for active skills only."
        )
    with transaction.atomic():
        Skill.objects.filter(pk=skill.pk).update(
            use_count=F("use_count") + 1,
            success_count=F("success_count") + (1 if success else 0),
            last_used_at=timezone.now(),
        )
        skill.refresh_from_db(fields=["use_count", "success_count", "last_used_at"])
        audit_record(
            actor=principal,
            action="skill.use",
            target=skill,
            scope_path=skill.scope.path,
            details={"success": success, "use_count": skill.use_count},
        )
    return skill


# --- external references --------------------------------------------------------------------------


def external_ref_save(
    *,
    principal: Principal,
    scope: Scope,
    name: str,
    ref_type: str,
    location: str,
    summary: str = "",
    metadata: dict | None = None,
    session_key: str = "",
) -> tuple[ExternalRef, bool]:
    scope_require_write(principal, scope, field="scope")
    knowledge_save_limit(session_key=session_key, scope=scope)
    try:
        with transaction.atomic():
            ref = ExternalRef.objects.select_for_update().filter(scope=scope, name=name).first()
            created = ref is None
            if ref is None:
                ref = ExternalRef(scope=scope, name=name, created_by=principal.name)
            ref.ref_type = ref_type
            ref.location = location
            ref.summary = summary
            ref.metadata = metadata or {}
            ref.save()
            audit_record(
                actor=principal,
                action="external_ref.create" if created else "external_ref.update",
                target=ref,
                scope_path=scope.path,
                details={"name": name, "ref_type": ref_type, "location": location},
                session_key=session_key,
            )
    except IntegrityError:
        raise Conflict("The reference was created concurrently; retry the save.") from None
    return ref, created


def external_ref_delete(*, principal: Principal, ref: ExternalRef) -> None:
    scope_require_write(principal, ref.scope)
    with transaction.atomic():
        audit_record(
            actor=principal,
            action="external_ref.delete",
            target=ref,
            scope_path=ref.scope.path,
            details={"name": ref.name, "location": ref.location},
        )
        ref.delete()
