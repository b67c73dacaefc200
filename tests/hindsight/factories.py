"""Rows for hindsight tests, built with the real embedding model."""

from __future__ import annotations

import hashlib

import factory
from factory.django import DjangoModelFactory

from hindsight.models import ErrorSignature, signature_embedding_text
from mnemosyne_site.embeddings import embed_one
from tests.governance.factories import demo_project


class ErrorSignatureFactory(DjangoModelFactory):
    """A signature in the demo project; `embed=False` leaves it without a vector."""

    class Meta:
        model = ErrorSignature

    class Params:
        embed = True

    scope = factory.LazyFunction(demo_project)
    error_type = "KeyError"
    message_template = "KeyError: 'user_id' not found in <PATH>"
    message_pattern = factory.LazyAttribute(lambda s: "^" + s.message_template + "$")
    stack_patterns = factory.LazyFunction(list)
    context_patterns = factory.LazyFunction(dict)
    fingerprint = factory.LazyAttribute(
        lambda s: hashlib.sha256(
            f"{s.scope.pk}{s.error_type}{s.message_template}".encode()
        ).hexdigest()
    )
    occurrence_count = 1
    embedding = factory.Maybe(
        "embed",
        yes_declaration=factory.LazyAttribute(
            lambda s: embed_one(signature_embedding_text(s.error_type, s.message_template))
        ),
        no_declaration=None,
    )
    metadata = factory.LazyAttribute(lambda s: {"original_message": s.message_template})
