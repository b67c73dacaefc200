"""Recompute every stored embedding with the current backend (after switching backends)."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import models

from mnemosyne_site.embeddings import embedding_dim, get_embedder
from mnemosyne_site.embeddings.reembed import (
    embedding_models,
    field_dimensions,
    is_embedding_model,
    reembed_model,
)


class Command(BaseCommand):
    help = (
        "Re-embed every row of every model with an `embedding` VectorField and an "
        "`embedding_text()` method, in batches, one transaction per batch."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--batch-size", type=int, default=None, help="rows per transaction")
        parser.add_argument(
            "--model",
            action="append",
            dest="model_labels",
            metavar="APP_LABEL.MODEL",
            help="only this model (repeatable)",
        )

    def handle(
        self, *args: Any, batch_size: int | None, model_labels: list[str] | None, **options: Any
    ) -> None:
        batch_size = batch_size or _default_batch_size()
        if batch_size < 1:
            raise CommandError("--batch-size must be at least 1")
        targets = [_model(label) for label in model_labels] if model_labels else embedding_models()
        if not targets:
            self.stdout.write("nothing needed re-embedding: no model stores an embedding")
            return
        _check_dimensions(targets)

        self.stdout.write(f"backend {get_embedder().name}, batches of {batch_size}")
        total = 0
        for model in targets:
            count = reembed_model(model, batch_size=batch_size)
            total += count
            self.stdout.write(f"{model._meta.label}: {count} rows re-embedded")
        self.stdout.write(self.style.SUCCESS(f"done: {total} rows in {len(targets)} model(s)"))


def _default_batch_size() -> int:
    # Rows are locked for the time of one batch; a few hundred keep that well under a second.
    return int(getattr(settings, "EMBEDDING_BATCH_SIZE", 32)) * 8


def _model(label: str) -> type[models.Model]:
    try:
        model = apps.get_model(label)
    except (LookupError, ValueError) as exc:
        raise CommandError(f"unknown model {label!r}; use app_label.ModelName") from exc
    if not is_embedding_model(model):
        raise CommandError(
            f"{label} has no `embedding` VectorField with an `embedding_text()` method"
        )
    return model


def _check_dimensions(targets: list[type[models.Model]]) -> None:
    # Refuse before writing anything, rather than fail halfway through a model.
    width = embedding_dim()
    wrong = [m._meta.label for m in targets if field_dimensions(m) not in (None, width)]
    if wrong:
        raise CommandError(f"EMBEDDING_DIM is {width}, but these fields differ: {', '.join(wrong)}")
