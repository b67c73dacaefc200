"""Validating lessons: confirmed, partial, outdated or refuted, each moving the confidence.

Steps are `conf.VALIDATION_CONFIDENCE_STEPS` (confirmed +0.10, partial +0.05, outdated -0.15,
refuted -0.20), clamped to [0.1, 1.0]; every validation is kept as history.
"""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from governance.auth import Principal
from governance.services import audit_record
from lessons import conf
from lessons.models import Lesson, Validation, ValidationType
from mnemosyne_site.errors import Forbidden, InvalidInput

POSITIVE = {ValidationType.CONFIRMED, ValidationType.PARTIAL}


def lesson_validate(
    *,
    lesson_id,
    principal: Principal,
    validated: bool,
    validated_by: str,
    notes: str | None = None,
    validation_type: str | None = None,
) -> tuple[Lesson, Validation]:
    kind = validation_type or (ValidationType.CONFIRMED if validated else ValidationType.REFUTED)
    if (kind in POSITIVE) != validated:
        raise InvalidInput(
            fields={"validation_type": [f"{kind!r} does not agree with validated={validated}."]}
        )
    with transaction.atomic():
        lesson = Lesson.objects.select_for_update().select_related("scope").get(pk=lesson_id)
        if not principal.can_write_path(lesson.scope.path):
            raise Forbidden("This caller may not validate lessons in that scope.")
        before = float(lesson.confidence)
        after = before + conf.VALIDATION_CONFIDENCE_STEPS[kind]
        after = min(conf.CONFIDENCE_MAX, max(conf.CONFIDENCE_MIN, after))
        lesson.confidence = Decimal(str(round(after, 2)))
        lesson.validated = validated
        lesson.validated_by = validated_by
        lesson.validated_at = timezone.now()
        lesson.validation_notes = notes
        lesson.save(
            update_fields=[
                "confidence",
                "validated",
                "validated_by",
                "validated_at",
                "validation_notes",
                "updated_at",
            ]
        )
        validation = Validation.objects.create(
            lesson=lesson,
            validated_by=validated_by,
            validation_type=kind,
            notes=notes,
            recorded_by=str(principal),
            confidence_before=Decimal(str(round(before, 2))),
            confidence_after=lesson.confidence,
        )
        audit_record(
            actor=principal,
            action=f"lesson.validate.{kind}",
            target=lesson,
            scope_path=lesson.scope.path,
            details={"validated_by": validated_by, "notes": notes, "from": before, "to": after},
        )
    return lesson, validation
