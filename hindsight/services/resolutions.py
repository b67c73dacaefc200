"""Resolutions: fixes linked to a signature, and every later application of them."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import F, FloatField
from django.db.models.functions import Cast
from django.utils import timezone

from governance.auth import Principal
from governance.services import audit_record, scope_require_write
from hindsight import metrics
from hindsight.models import (
    ErrorSignature,
    Resolution,
    ResolutionApplication,
    SignatureStatus,
)
from mnemosyne_site.outbox import enqueue_on_commit


def signature_live(signature: ErrorSignature) -> ErrorSignature:
    """Follow merge redirects to the signature that now holds the history."""
    seen = set()
    while signature.status == SignatureStatus.MERGED and signature.merged_into_id:
        if signature.pk in seen:  # a cycle would be a bug; stop rather than spin
            break
        seen.add(signature.pk)
        signature = ErrorSignature.objects.select_related("scope").get(pk=signature.merged_into_id)
    return signature


def _after_commit_refresh(signature_id) -> None:
    enqueue_on_commit("hindsight.signature_refresh", str(signature_id))


def resolution_create(
    *,
    signature: ErrorSignature,
    description: str,
    code_change: str = "",
    context: dict | None = None,
    session_key: str = "",
    actor: Principal,
) -> Resolution:
    """Record a fix that worked: success rate 1.0 over its one application so far; writers of
    the signature's scope only."""
    scope_require_write(actor, signature.scope)
    signature = signature_live(signature)
    now = timezone.now()
    with transaction.atomic():
        resolution = Resolution.objects.create(
            signature=signature,
            scope_id=signature.scope_id,
            description=description,
            code_change=code_change,
            context=context or {},
            success_count=1,
            application_count=1,
            success_rate=1.0,
            last_success_at=now,
            created_by=actor.name,
        )
        ResolutionApplication.objects.create(
            resolution=resolution,
            success=True,
            context=context or {},
            session_key=session_key,
            applied_by=actor.name,
        )
        audit_record(
            actor=actor,
            action="hindsight.resolution.create",
            target=resolution,
            scope_path=signature.scope.path,
            details={"signature_id": str(signature.pk), "description": description[:200]},
            session_key=session_key,
        )
        _after_commit_refresh(signature.pk)
    metrics.RESOLUTION_APPLICATIONS.labels(success="true", layer=signature.scope.layer).inc()
    metrics.RESOLUTION_SUCCESS_RATE.observe(1.0)
    return resolution


def resolution_apply(
    *,
    resolution_id,
    success: bool,
    context: dict | None = None,
    error_message: str = "",
    session_key: str = "",
    idempotency_key: str = "",
    actor: Principal,
) -> Resolution:
    """Record one application of a resolution and recompute its metrics.

    The counters and the rate are computed by one UPDATE from the row's own current values, so
    concurrent applications from several processes never lose a count or mix old and new values.
    A failure's context and message are kept on the application row for later analysis. The
    same `idempotency_key` from the same caller is applied once: the application row is written
    first, so a concurrent retry fails on its unique key before it counts anything.
    """
    # Applications move a fix's success rate, which decides what is suggested and promoted:
    # only those who may write in the resolution's scope report them.
    target = Resolution.objects.select_related("scope").only("scope").filter(pk=resolution_id)
    if not target:
        raise Resolution.DoesNotExist(resolution_id)
    scope_require_write(actor, target[0].scope)
    hit = 1 if success else 0
    now = timezone.now()
    name = actor.name
    if (
        idempotency_key
        and ResolutionApplication.objects.filter(
            applied_by=name, idempotency_key=idempotency_key
        ).exists()
    ):
        return Resolution.objects.select_related("scope", "signature").get(pk=resolution_id)
    try:
        with transaction.atomic():
            ResolutionApplication.objects.create(
                resolution_id=resolution_id,
                success=success,
                context=context or {},
                error_message=error_message,
                session_key=session_key,
                applied_by=name,
                idempotency_key=idempotency_key,
            )
            resolution = _apply_counts(resolution_id, hit=hit, now=now, success=success)
            audit_record(
                actor=actor,
                action="hindsight.resolution.apply",
                target=resolution,
                scope_path=resolution.scope.path,
                details={
                    "success": success,
                    "success_rate": resolution.success_rate,
                    "application_count": resolution.application_count,
                    **({"error": error_message[:500]} if error_message else {}),
                },
            )
            _after_commit_refresh(resolution.signature_id)
    except IntegrityError:
        if not idempotency_key:
            raise
        # The same key won a race a moment ago: answer with what it recorded.
        return Resolution.objects.select_related("scope", "signature").get(pk=resolution_id)
    metrics.RESOLUTION_APPLICATIONS.labels(
        success="true" if success else "false", layer=resolution.scope.layer
    ).inc()
    metrics.RESOLUTION_SUCCESS_RATE.observe(resolution.success_rate)
    return resolution


def _apply_counts(resolution_id, *, hit: int, now, success: bool) -> Resolution:
    """One UPDATE computes the counters and the rate from the row's own current values."""
    changes = {
        "application_count": F("application_count") + 1,
        "success_count": F("success_count") + hit,
        "success_rate": Cast(F("success_count") + hit, FloatField())
        / Cast(F("application_count") + 1, FloatField()),
        "updated_at": now,
    }
    if success:
        changes["last_success_at"] = now
    else:
        changes["last_failure_at"] = now
    if Resolution.objects.filter(pk=resolution_id).update(**changes) != 1:
        raise Resolution.DoesNotExist(resolution_id)
    return Resolution.objects.select_related("scope", "signature").get(pk=resolution_id)
