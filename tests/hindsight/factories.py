"""Rows for hindsight tests, built with the real embedding model."""

from __future__ import annotations

import hashlib

from hindsight.models import ErrorSignature, signature_embedding_text
from mnemosyne_site.embeddings import embed_one


def make_signature(
    scope,
    template: str = "KeyError: 'user_id' not found in <PATH>",
    *,
    error_type: str = "KeyError",
    context: dict | None = None,
    stack: list[str] | None = None,
    occurrence_count: int = 1,
    embed: bool = True,
) -> ErrorSignature:
    vector = embed_one(signature_embedding_text(error_type, template)) if embed else None
    return ErrorSignature.objects.create(
        scope=scope,
        error_type=error_type,
        message_template=template,
        message_pattern="^" + template + "$",
        stack_patterns=stack or [],
        context_patterns=context or {},
        fingerprint=hashlib.sha256(f"{scope.pk}{error_type}{template}".encode()).hexdigest(),
        occurrence_count=occurrence_count,
        embedding=vector,
        metadata={"original_message": template},
    )
