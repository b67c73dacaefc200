"""Rows for notes tests: knowledge items embedded with the real model."""

from __future__ import annotations

import factory
from factory.django import DjangoModelFactory

from mnemosyne_site.embeddings import embed_one
from notes.models import KnowledgeItem
from tests.governance.factories import demo_project


class KnowledgeItemFactory(DjangoModelFactory):
    """A draft note in the demo project whose embedding is the real model's vector of its text."""

    class Meta:
        model = KnowledgeItem

    kind = "pattern"
    scope = factory.LazyFunction(demo_project)
    status = "draft"
    title = factory.Sequence(lambda n: f"Note {n}")
    content = factory.LazyAttribute(lambda note: note.title)
    embedding = factory.LazyAttribute(lambda note: embed_one(f"{note.title}\n{note.content}"))
    created_by = "test"
