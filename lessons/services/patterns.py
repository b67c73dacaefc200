"""Pattern detection (in the worker) and the maintainer's confirm / deprecate decisions.

Several similar lessons — at least `PATTERN_MIN_LESSONS` of one scope and domain, each at least
`PATTERN_SIMILARITY` close to the newest — form an `emerging` pattern, or grow the one that
already holds any of them. A new pattern queues a `pattern_confirmation` proposal for the scope's
maintainers; confirming one of a failure kind puts an anti-pattern in force.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
from django.db import transaction
from django.db.models import Max, Min, Sum
from django.utils import timezone

from governance.auth import Principal
from governance.models import ProposalKind, Role
from governance.services import audit_record, proposal_create
from lessons import conf, metrics
from lessons.command_triggers import derive
from lessons.models import (
    SEVERITY_RANK,
    AntiPattern,
    Lesson,
    LessonType,
    Pattern,
    PatternStatus,
    PatternType,
    Severity,
)
from mnemosyne_site.errors import Conflict, Forbidden
from mnemosyne_site.vectors import nearest

TYPE_OF_LESSON = {
    LessonType.FAILURE: PatternType.RECURRING_FAILURE,
    LessonType.WARNING: PatternType.RECURRING_FAILURE,
    LessonType.ANTI_PATTERN: PatternType.ANTI_PATTERN,
    LessonType.WORKAROUND: PatternType.COMMON_SOLUTION,
    LessonType.SUCCESS: PatternType.BEST_PRACTICE,
    LessonType.DISCOVERY: PatternType.BEST_PRACTICE,
    LessonType.OPTIMIZATION: PatternType.OPTIMIZATION,
}
# Confirming a pattern of these kinds means "block / warn before doing this again".
ENFORCED_TYPES = {PatternType.RECURRING_FAILURE, PatternType.ANTI_PATTERN}
ACTIVE_STATUSES = [PatternStatus.EMERGING, PatternStatus.CONFIRMED]


def _confidence(lessons: int, occurrences: int) -> float:
    """0.5 at the threshold, +0.05 per further lesson, +0.02 per repeat occurrence; at most 0.95."""
    extra_lessons = max(0, lessons - conf.PATTERN_MIN_LESSONS)
    repeats = max(0, occurrences - lessons)
    return round(min(0.95, 0.5 + 0.05 * extra_lessons + 0.02 * repeats), 2)


def _refresh_evidence(pattern: Pattern) -> list[Lesson]:
    """Recompute a pattern's figures from its lessons; returns the lessons."""
    lessons = list(Lesson.objects.filter(pk__in=pattern.lesson_ids).defer("embedding"))
    figures = Lesson.objects.filter(pk__in=pattern.lesson_ids).aggregate(
        occurrences=Sum("occurrence_count"), first=Min("created_at"), last=Max("last_occurred")
    )
    pattern.lesson_ids = [lesson.pk for lesson in sorted(lessons, key=lambda x: x.created_at)]
    pattern.occurrence_count = figures["occurrences"] or len(lessons)
    pattern.first_seen = figures["first"] or pattern.first_seen
    pattern.last_seen = figures["last"] or pattern.last_seen
    pattern.categories = sorted({lesson.category for lesson in lessons})
    types = Counter(TYPE_OF_LESSON[LessonType(lesson.lesson_type)] for lesson in lessons)
    pattern.pattern_type = types.most_common(1)[0][0] if types else pattern.pattern_type
    if pattern.status == PatternStatus.EMERGING:
        pattern.confidence = _confidence(len(lessons), pattern.occurrence_count)
    solutions = Counter(lesson.solution for lesson in lessons if lesson.solution)
    if solutions:
        pattern.recommended_action = solutions.most_common(1)[0][0]
    steps: list[str] = []
    for lesson in lessons:
        for alternative in lesson.alternatives or []:
            if alternative not in steps:
                steps.append(alternative)
    pattern.prevention_steps = steps[:20]
    oldest = lessons[0] if lessons else None
    if oldest is not None:
        label = pattern.pattern_type.replace("_", " ")
        pattern.description = (
            f"{len(lessons)} similar lessons in {pattern.domain} "
            f"({pattern.occurrence_count} occurrences), first: {oldest.title}"
        )
        if not pattern.pattern_name:
            pattern.pattern_name = f"{label.capitalize()}: {oldest.title}"[:300]
    return lessons


def pattern_detect(*, lesson_id=None, lesson: Lesson | None = None) -> Pattern | None:
    """Form or grow the pattern a lesson (given by id, or loaded with its scope) belongs to;
    idempotent. The pattern comes back with its scope."""
    if lesson is None:
        lesson = Lesson.objects.select_related("scope").filter(pk=lesson_id).first()
    if lesson is None or lesson.embedding is None:
        return None
    # The lesson itself is dropped from the answer rather than excluded in SQL, so the row
    # count that picks the plan is cached per scope and domain instead of asked per lesson.
    neighbours, _ = nearest(
        Lesson.objects.filter(scope_id=lesson.scope_id, domain=lesson.domain),
        lesson.embedding,
        limit=conf.PATTERN_NEIGHBOURS + 1,
        count_key=("pattern_neighbours", lesson.scope_id, lesson.domain),
    )
    similar = [
        pk
        for pk, distance in neighbours
        if pk != lesson.pk and 1.0 - float(distance) >= conf.PATTERN_SIMILARITY
    ][: conf.PATTERN_NEIGHBOURS]
    members = [lesson.pk, *similar]
    if (
        len(members) < conf.PATTERN_MIN_LESSONS
        and not Pattern.objects.filter(
            scope_id=lesson.scope_id,
            domain=lesson.domain,
            lesson_ids__overlap=members,
            status__in=ACTIVE_STATUSES,
        ).exists()
    ):
        return None  # too few to form one, none to grow: nothing to lock
    with transaction.atomic():
        holders = list(
            Pattern.objects.select_for_update()
            .filter(scope_id=lesson.scope_id, domain=lesson.domain, lesson_ids__overlap=members)
            .order_by("first_seen")
        )
        for holder in holders:
            holder.scope = lesson.scope  # the same scope: no query to read it later
        active = next((p for p in holders if p.status in ACTIVE_STATUSES), None)
        if len(members) < conf.PATTERN_MIN_LESSONS and active is None:
            return None
        if active is None and holders:
            # Maintainers deprecated this pattern: keep the evidence, do not raise it again.
            pattern = holders[0]
            pattern.lesson_ids = list(dict.fromkeys([*pattern.lesson_ids, *members]))
            _refresh_evidence(pattern)
            pattern.save()
            return pattern
        created = active is None
        if active is None:
            pattern = Pattern(
                scope=lesson.scope,
                domain=lesson.domain,
                pattern_name="",
                description="",
                pattern_type=TYPE_OF_LESSON[LessonType(lesson.lesson_type)],
                lesson_ids=members,
            )
            before = 0
        else:
            pattern = active
            before = len(pattern.lesson_ids)
            if len(members) >= conf.PATTERN_MIN_LESSONS:
                pattern.lesson_ids = list(dict.fromkeys([*pattern.lesson_ids, *members]))
        _refresh_evidence(pattern)
        pattern.save()
        if created or len(pattern.lesson_ids) != before:
            audit_record(
                actor=Principal.system(),
                action="pattern.detect" if created else "pattern.grow",
                target=pattern,
                scope_path=lesson.scope.path,
                details={"lessons": len(pattern.lesson_ids), "trigger_lesson": str(lesson.pk)},
            )
        if created:
            proposal_create(
                kind=ProposalKind.PATTERN_CONFIRMATION,
                scope=lesson.scope,
                subject=pattern,
                title=f"Confirm pattern: {pattern.pattern_name}",
                proposed_by=Principal.system(),
                payload={
                    "pattern_type": pattern.pattern_type,
                    "domain": pattern.domain,
                    "lesson_ids": [str(pk) for pk in pattern.lesson_ids],
                    "occurrence_count": pattern.occurrence_count,
                    "confidence": float(pattern.confidence),
                },
            )
        metrics.PATTERNS_DETECTED.labels(outcome="formed" if created else "grown").inc()
    return pattern


# --- decisions -----------------------------------------------------------------------------------


def may_decide_pattern(principal: Principal, pattern: Pattern) -> bool:
    """Maintainers of the pattern's scope decide; under `make run` the local developer agent
    (anonymous loopback, `MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL`) stands in for the maintainer, so the
    spec's single-user setup works. Token-holding agents never decide."""
    if principal.kind == "local" or principal.kind == "system":
        return True
    return principal.kind == "person" and principal.has_role(pattern.scope.path, Role.MAINTAINER)


def _decide(*, pattern_id, principal: Principal, status: str, by: str, notes: str) -> Pattern:
    with transaction.atomic():
        pattern = Pattern.objects.select_for_update().select_related("scope").get(pk=pattern_id)
        if not may_decide_pattern(principal, pattern):
            raise Forbidden("Only maintainers of the pattern's scope may decide it.")
        if pattern.status == status:
            return pattern  # a repeated decision changes nothing
        if pattern.status != PatternStatus.EMERGING and status == PatternStatus.CONFIRMED:
            raise Conflict(
                f"The pattern is {pattern.status}; only emerging patterns are confirmed."
            )
        previous = pattern.status
        pattern.status = status
        if status == PatternStatus.CONFIRMED:
            pattern.confirmed_by = by or principal.name
            pattern.confirmed_at = timezone.now()
            pattern.confidence = max(float(pattern.confidence), 0.9)
        pattern.save()
        enforced = None
        if status == PatternStatus.CONFIRMED and pattern.pattern_type in ENFORCED_TYPES:
            enforced = _enforce(pattern)
        elif status == PatternStatus.DEPRECATED:
            AntiPattern.objects.filter(source_pattern=pattern, active=True).update(active=False)
        audit_record(
            actor=principal,
            action=f"pattern.{status}",
            target=pattern,
            scope_path=pattern.scope.path,
            details={
                "from": previous,
                "by": by,
                "notes": notes,
                "anti_pattern": str(enforced.pk) if enforced else None,
            },
        )
    return pattern


def pattern_confirm(
    *, pattern_id, principal: Principal, confirmed_by: str = "", notes: str = ""
) -> Pattern:
    return _decide(
        pattern_id=pattern_id,
        principal=principal,
        status=PatternStatus.CONFIRMED,
        by=confirmed_by,
        notes=notes,
    )


def pattern_deprecate(*, pattern_id, principal: Principal, notes: str = "") -> Pattern:
    return _decide(
        pattern_id=pattern_id,
        principal=principal,
        status=PatternStatus.DEPRECATED,
        by=principal.name,
        notes=notes,
    )


def _enforce(pattern: Pattern) -> AntiPattern | None:
    """An anti-pattern for a confirmed failure pattern, from its lessons' actions and commands."""
    existing = AntiPattern.objects.filter(source_pattern=pattern).first()
    if existing is not None:
        if not existing.active:
            existing.active = True
            existing.save(update_fields=["active", "updated_at"])
        return existing
    lessons = list(Lesson.objects.filter(pk__in=pattern.lesson_ids).order_by("created_at"))
    if not lessons:
        return None
    commands: list[str] = []
    for lesson in lessons:
        for text in [*lesson.related_commands, lesson.action_taken]:
            if text and text not in commands:
                commands.append(text)
    derived = derive(
        texts=commands,
        prose=f"{pattern.pattern_name} {pattern.description}",
        title=pattern.pattern_name,
        alternatives=[a for lesson in lessons for a in lesson.alternatives or []],
    )
    severity = min(
        (lesson.severity for lesson in lessons), key=lambda s: SEVERITY_RANK[Severity(s)]
    )
    vectors = [lesson.embedding for lesson in lessons if lesson.embedding is not None]
    centroid = None
    if vectors:
        mean = np.mean(np.vstack(vectors), axis=0)
        centroid = mean / max(float(np.linalg.norm(mean)), 1e-12)
    return AntiPattern.objects.create(
        scope_id=pattern.scope_id,
        command_trigger=derived.trigger or ({"notes": derived.notes} if derived.notes else {}),
        embedding=centroid,
        domain=pattern.domain,
        category=pattern.categories[0] if pattern.categories else None,
        title=pattern.pattern_name,
        why_bad=pattern.description,
        example=lessons[0].action_taken,
        alternatives=list(pattern.prevention_steps or []),
        severity=severity,
        block_action=severity == Severity.CRITICAL,
        source_pattern=pattern,
    )


def apply_pattern_confirmation(proposal) -> None:
    """Governance applier: approving a `pattern_confirmation` proposal confirms the pattern."""
    approver = proposal.approvals.order_by("-created_at").select_related("user").first()
    name = approver.user.get_username() if approver else "governance"
    pattern_confirm(
        pattern_id=proposal.subject_id,
        principal=Principal.system(name),
        confirmed_by=name,
        notes=f"approved proposal {proposal.pk}",
    )


def describe_pattern(subject_id: str) -> dict:
    """Evidence for the governance review page."""
    pattern = Pattern.objects.filter(pk=subject_id).first()
    if pattern is None:
        return {"title": "(deleted pattern)"}
    lessons = Lesson.objects.filter(pk__in=pattern.lesson_ids).order_by("created_at")
    return {
        "title": pattern.pattern_name,
        "fields": {
            "type": pattern.pattern_type,
            "status": pattern.status,
            "domain": pattern.domain,
            "categories": ", ".join(pattern.categories),
            "recommended action": pattern.recommended_action or "",
        },
        "metrics": {
            "lessons": len(pattern.lesson_ids),
            "occurrences": pattern.occurrence_count,
            "confidence": float(pattern.confidence),
            "first seen": pattern.first_seen.isoformat(),
            "last seen": pattern.last_seen.isoformat(),
        },
        "text": pattern.description,
        "lessons": [
            {"id": str(lesson.pk), "title": lesson.title, "type": lesson.lesson_type}
            for lesson in lessons
        ],
    }
