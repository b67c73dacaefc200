"""Capturing an error: group it into a signature (new or existing) and record the occurrence."""

from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np
from django.db import IntegrityError, transaction
from django.utils import timezone

from governance.auth import Principal
from governance.models import Scope
from governance.services import audit_record, scope_require_write
from hindsight import conf, metrics
from hindsight.context import CONTEXT_KEYS, context_patterns, unique_values
from hindsight.grouping import Template
from hindsight.models import ErrorOccurrence, ErrorSignature, SignatureTemplate
from hindsight.pipeline import Assignment, PreparedError, SignatureGrouping, prepare_error
from hindsight.scopes import home_scope
from hindsight.selectors.matching import has_working_fix
from hindsight.store import DatabaseSignatureStore
from mnemosyne_site.embeddings import embed_one


def _merge_context(old: dict, new: dict) -> dict:
    return {
        key: unique_values([*(old.get(key) or []), *(new.get(key) or [])]) for key in CONTEXT_KEYS
    }


def _signature_size(signature: ErrorSignature) -> int:
    return len(
        json.dumps(
            [
                signature.message_template,
                signature.message_pattern,
                signature.stack_patterns,
                signature.context_patterns,
            ],
            ensure_ascii=False,
        ).encode()
    )


def _replay(reported_by: str, key: str) -> CaptureResult | None:
    occurrence = (
        ErrorOccurrence.objects.filter(reported_by=reported_by, idempotency_key=key)
        .select_related("signature__scope")
        .first()
    )
    if occurrence is None:
        return None
    return CaptureResult(
        signature=occurrence.signature,
        occurrence=occurrence,
        is_new=occurrence.created_signature,
        via=occurrence.matched_by or "fingerprint",
        similarity=1.0,
        vector=None,
        has_fixes=None,
        replayed=True,
    )


@dataclass(frozen=True)
class CaptureResult:
    signature: ErrorSignature
    occurrence: ErrorOccurrence
    is_new: bool
    via: str
    similarity: float
    vector: np.ndarray | None
    # Whether the signature has a resolution that worked (None: not known); the error's own
    # fixes are answered alone, so with one no near signature needs to be looked for.
    has_fixes: bool | None
    replayed: bool = False


def _new_signature(
    *,
    scope,
    error,
    assignment,
    template: Template | None,
    vector,
    context,
    tool_name,
    message,
    stack,
    actor_name,
) -> ErrorSignature:
    now = timezone.now()
    signature = ErrorSignature.objects.create(
        scope=scope,
        error_type=error.error_type,
        message_template=template.text if template else error.message.text,
        message_pattern=template.regex() if template else error.message.regex,
        stack_patterns=error.frames,
        context_patterns=context,
        tool_name=tool_name,
        fingerprint=error.fingerprint,
        occurrence_count=1,
        first_seen_at=now,
        last_seen_at=now,
        metadata={
            "original_message": message[: conf.HINDSIGHT_MAX_MESSAGE_CHARS],
            "original_stack": stack[:8192],
            "variables": [list(v) for v in error.message.variables[:50]],
            "template_key": assignment.template_key,
        },
        embedding=vector,
        created_by=actor_name,
    )
    return signature


def _link(
    signature_id: str,
    *,
    error: PreparedError,
    assignment: Assignment,
    store: DatabaseSignatureStore,
    context: dict,
) -> tuple[ErrorSignature, bool]:
    """Count the occurrence on the existing signature (under its row lock, so context merges and
    template updates from concurrent captures are not lost); and whether it has a fix that
    worked (read with it)."""
    signature = (
        ErrorSignature.objects.select_for_update(of=("self",))
        .select_related("scope")
        .annotate(has_fixes=has_working_fix())
        .get(pk=signature_id)
    )
    signature.occurrence_count += 1  # exact: the row is locked
    signature.last_seen_at = timezone.now()
    signature.context_patterns = _merge_context(signature.context_patterns, context)
    if not signature.stack_patterns and error.frames:
        signature.stack_patterns = error.frames
    fields = [
        "occurrence_count",
        "last_seen_at",
        "context_patterns",
        "stack_patterns",
        "updated_at",
    ]
    template = store.touched.get(assignment.template_key or "")
    if (
        template is not None
        and assignment.via == "template"
        and (signature.metadata.get("template_key") == template.key)
    ):
        # The founding template was generalised: the signature's pattern follows it.
        signature.message_template = template.text
        signature.message_pattern = template.regex()
        fields += ["message_template", "message_pattern"]
    signature.save(update_fields=fields)
    return signature, signature.has_fixes


def error_capture(
    *,
    principal: Principal,
    scope: Scope,
    error_type: str,
    message: str,
    stack: str = "",
    context: dict | None = None,
    tool_name: str = "",
    session_key: str = "",
    idempotency_key: str = "",
) -> CaptureResult:
    """Group the error into its signature (see `hindsight.pipeline`) and record the occurrence.

    At most one embedding: only when the error starts a new template. Two processes creating the
    same new template at once collide on its unique key; the loser retries once and links. A
    capture retried with the same `idempotency_key` by the same caller is answered from the
    occurrence it recorded the first time, and counted once.
    """
    scope_require_write(principal, scope, field="scope")
    home = home_scope(scope)
    error = prepare_error(error_type, message, stack)
    derived = context_patterns(context, stack)
    vectors: dict[str, np.ndarray] = {}

    def embed_cached(text: str) -> np.ndarray:
        if text not in vectors:
            vectors[text] = embed_one(text)
        return vectors[text]

    for attempt in range(2):
        if idempotency_key:
            replay = _replay(principal.name, idempotency_key)
            if replay is not None:
                return replay
        try:
            with transaction.atomic():
                store = DatabaseSignatureStore(home, error.error_type)
                assignment = SignatureGrouping(
                    store, embed=embed_cached, dedup_similarity=conf.HINDSIGHT_DEDUP_SIMILARITY
                ).assign(error)
                if assignment.signature_key is None:  # a new signature
                    template = store.touched.get(assignment.template_key or "")
                    signature = _new_signature(
                        scope=home,
                        error=error,
                        assignment=assignment,
                        template=template,
                        vector=assignment.vector,
                        context=derived,
                        tool_name=tool_name,
                        message=message,
                        stack=stack,
                        actor_name=principal.name,
                    )
                    has_fixes = False
                else:
                    signature, has_fixes = _link(
                        assignment.signature_key,
                        error=error,
                        assignment=assignment,
                        store=store,
                        context=derived,
                    )
                SignatureTemplate.objects.bulk_create(
                    [
                        SignatureTemplate(
                            scope=home,
                            error_type=error.error_type,
                            signature=signature,
                            key=t.key,
                            bucket=t.bucket,
                            tokens=t.tokens,
                            spaces=t.spaces,
                            count=t.count,
                        )
                        for t in store.new_templates
                    ]
                )
                occurrence = ErrorOccurrence.objects.create(
                    signature=signature,
                    scope=scope,
                    fingerprint=error.fingerprint,
                    message=message,
                    stack=stack,
                    context=context or {},
                    tool_name=tool_name,
                    session_key=session_key,
                    reported_by=principal.name,
                    idempotency_key=idempotency_key,
                    matched_by=assignment.via,
                    created_signature=assignment.is_new,
                )
                audit_record(
                    actor=principal,
                    action="hindsight.error.capture",
                    target=signature,
                    scope_path=scope.path,
                    details={
                        "new": assignment.is_new,
                        "via": assignment.via,
                        "occurrence_id": occurrence.pk,
                    },
                )
            break
        except IntegrityError:
            if attempt:
                raise
    metrics.CAPTURE_TOTAL.labels(
        error_type=metrics.error_type_label(error.error_type), layer=home.layer
    ).inc()
    if assignment.is_new:
        metrics.CAPTURE_SIGNATURE_SIZE.observe(_signature_size(signature))
    signature.scope = home
    return CaptureResult(
        signature=signature,
        occurrence=occurrence,
        is_new=assignment.is_new,
        via=assignment.via,
        similarity=assignment.similarity,
        vector=assignment.vector,
        has_fixes=has_fixes,
    )
