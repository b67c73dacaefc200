"""Skills and external references (seed 003).

Skills are saved as drafts. Activating one that `requires_approval` opens a `skill_activation`
proposal for the scope's maintainers carrying the hash of the definition they review; approval
activates the skill only while its definition still has that hash. Only a maintainer of the
scope may save a skill that needs no approval (which whoever may write the scope then activates).
A new definition sends an active skill back to draft and makes a pending proposal stale, unless
a maintainer saves it as needing no approval: what runs is always what a person approved.
"""

from __future__ import annotations

import hashlib
import json
import re
from urllib.parse import urlsplit

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from governance.auth import Principal
from governance.models import Proposal, ProposalKind, Role, Scope
from governance.services import (
    audit_record,
    proposal_create,
    proposals_mark_stale,
    scope_require_write,
)
from mnemosyne_site.errors import Conflict, Forbidden, InvalidInput, Stale
from notes.models import ExternalRef, RefType, Skill, SkillStatus
from notes.services.knowledge import knowledge_save_limit


def skill_definition_hash(*, skill_type: str, definition: dict, parameters: dict) -> str:
    """What a reviewer approves: the type, definition and parameters, hashed canonically."""
    canonical = json.dumps(
        {"skill_type": skill_type, "definition": definition, "parameters": parameters},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=True,
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def _hash_of(skill: Skill) -> str:
    return skill_definition_hash(
        skill_type=skill.skill_type, definition=skill.definition, parameters=skill.parameters
    )


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
    maintainer = principal.has_role(scope.path, Role.MAINTAINER)
    if not requires_approval and not maintainer:
        raise Forbidden(
            fields={
                "requires_approval": [
                    "Only a maintainer of the scope may save a skill that needs no approval."
                ]
            }
        )
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
            # A maintainer saving a skill as needing no approval is the approval.
            if changed and skill.status == SkillStatus.ACTIVE and requires_approval:
                skill.status = SkillStatus.DRAFT
            skill.skill_type = skill_type
            skill.description = description
            skill.definition = definition or {}
            skill.parameters = parameters or {}
            skill.requires_approval = requires_approval
            skill.save()
            if changed:
                proposals_mark_stale(
                    subject=skill,
                    kind=ProposalKind.SKILL_ACTIVATION,
                    actor=principal,
                    reason="The skill's definition changed after it was proposed.",
                )
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
    """Set a skill active (the applier of an approved proposal, or a direct activation). From a
    proposal, only while the definition is the one it was proposed with (`Stale` otherwise)."""
    with transaction.atomic():
        skill = Skill.objects.select_for_update().select_related("scope").get(pk=skill_id)
        if proposal is not None and (proposal.payload or {}).get("definition_hash") != _hash_of(
            skill
        ):
            raise Stale("The skill's definition changed after it was proposed; propose it again.")
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
                "parameters": skill.parameters,
                "definition_hash": _hash_of(skill),
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


# What each type of reference may point at. Agents follow these, so a reference can never be a
# `javascript:`/`data:` link or free text: web pages by http(s) URL, files by path, repositories
# also by git's own addresses, tools also by their command name.
_WEB = "an http(s) URL"
_PATH = "a file path (like docs/runbook.md or /srv/docs)"
_LOCATION_KINDS = {
    RefType.API: ("web",),
    RefType.WIKI: ("web",),
    RefType.DOCUMENTATION: ("web", "path"),
    RefType.REPOSITORY: ("web", "git", "path"),
    RefType.TOOL: ("web", "path", "command"),
}
_KIND_WORDS = {
    "web": _WEB,
    "path": _PATH,
    "git": "a git address (git@host:org/repo.git, ssh:// or git://)",
    "command": "a command name",
}
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_SCP_GIT = re.compile(r"^[\w.-]+@[\w.-]+:[\w./~-]+$")
_COMMAND = re.compile(r"^[\w.+-]+$")
_WINDOWS_DRIVE = re.compile(r"^[a-zA-Z]:[\\/]")


def _location_kind(location: str) -> str | None:
    """Which kind of address `location` is, or None when it is none we know."""
    if _WINDOWS_DRIVE.match(location):
        return "path"
    if _SCP_GIT.match(location):
        return "git"
    parts = urlsplit(location)
    scheme = parts.scheme.lower()
    if scheme:
        if " " in location or not parts.hostname:
            return None
        if scheme in ("http", "https"):
            return "web"
        return "git" if scheme in ("ssh", "git", "git+ssh") else None
    if ":" in location.split("/", 1)[0]:
        return None  # a scheme urlsplit did not recognise ("javascript:alert(1)" parses as one)
    if location.startswith(("/", "./", "../", "~/")) or "/" in location or "\\" in location:
        return "path"
    return "command" if _COMMAND.match(location) else None


def external_ref_location_clean(ref_type: str, location: str) -> str:
    """The location, checked against the reference's type; 400 naming `location` otherwise."""
    location = location.strip()
    allowed = _LOCATION_KINDS.get(RefType(ref_type), ())
    kind = None if not location or _CONTROL.search(location) else _location_kind(location)
    if kind not in allowed:
        wanted = " or ".join(_KIND_WORDS[k] for k in allowed)
        raise InvalidInput(fields={"location": [f"A {ref_type} reference needs {wanted}."]})
    return location


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
    location = external_ref_location_clean(ref_type, location)
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
