"""Recompute stored vectors after a backend switch (``manage.py reembed``).

A model qualifies when it has a ``pgvector.django.VectorField`` named ``embedding`` declared on
itself (not inherited from a concrete parent, whose own pass covers those rows; proxies are
skipped likewise) and an ``embedding_text()`` method.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from django.apps import apps
from django.core.exceptions import FieldDoesNotExist
from django.db import models, router, transaction
from pgvector.django import VectorField

from mnemosyne_site.embeddings import embed

EMBEDDING_FIELD = "embedding"


def is_embedding_model(model: type[models.Model]) -> bool:
    if model._meta.proxy or not callable(getattr(model, "embedding_text", None)):
        return False
    try:
        field = model._meta.get_field(EMBEDDING_FIELD)
    except FieldDoesNotExist:
        return False
    return isinstance(field, VectorField) and field.model is model


def embedding_models() -> list[type[models.Model]]:
    return [model for model in apps.get_models() if is_embedding_model(model)]


def field_dimensions(model: type[models.Model]) -> int | None:
    # Only embedding models get here: their embedding field is a VectorField.
    return model._meta.get_field(EMBEDDING_FIELD).dimensions  # type: ignore[union-attr]


def reembed_model(
    model: type[models.Model],
    *,
    batch_size: int,
    embed_texts: Callable[[Sequence[str]], np.ndarray] = embed,
    on_batch: Callable[[int], None] | None = None,
) -> int:
    """Re-embed every row of `model`, one transaction per batch; returns the number of rows."""
    manager = model._base_manager.db_manager(router.db_for_write(model))
    total = 0
    last_pk = None
    while True:
        # Rows are locked while their text is read and the vector written, so an edit made
        # meanwhile is never overwritten with a vector of the old text.
        with transaction.atomic(using=manager.db):
            rows = manager.order_by("pk").defer(EMBEDDING_FIELD).select_for_update()
            if last_pk is not None:
                rows = rows.filter(pk__gt=last_pk)
            batch = list(rows[:batch_size])
            if not batch:
                return total
            # Every embedding model (Lesson, KnowledgeItem, ...) defines embedding_text().
            vectors = embed_texts([row.embedding_text() for row in batch])  # type: ignore[attr-defined]
            for row, vector in zip(batch, vectors, strict=True):
                setattr(row, EMBEDDING_FIELD, vector)
            manager.bulk_update(batch, [EMBEDDING_FIELD])
        last_pk = batch[-1].pk
        total += len(batch)
        if on_batch is not None:
            on_batch(total)
