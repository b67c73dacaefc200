"""Knowledge items: the one model every kind of stored knowledge uses."""

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone
from pgvector.django import HnswIndex, VectorField

from governance.models import Scope


class KnowledgeKind(models.TextChoices):
    PATTERN = "pattern"  # distilled from a trajectory
    HINDSIGHT = "hindsight"  # generated from an error signature and its resolution
    RULE = "rule"
    DEFINITION = "definition"
    PREFERENCE = "preference"
    FACT = "fact"


class KnowledgeStatus(models.TextChoices):
    DRAFT = "draft"
    PROPOSED = "proposed"
    ACCEPTED = "accepted"
    DEPRECATED = "deprecated"
    REJECTED = "rejected"


class KnowledgeItem(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=16, choices=KnowledgeKind.choices)
    scope = models.ForeignKey(Scope, on_delete=models.PROTECT, related_name="knowledge_items")
    status = models.CharField(
        max_length=16, choices=KnowledgeStatus.choices, default=KnowledgeStatus.DRAFT
    )
    # Key-value knowledge is addressed by key within its scope; notes have none.
    key = models.CharField(max_length=200, null=True, blank=True)
    title = models.CharField(max_length=300)
    content = models.TextField()
    metadata = models.JSONField(default=dict, blank=True)
    tags = models.JSONField(default=list, blank=True)
    embedding = VectorField(dimensions=settings.EMBEDDING_DIM, null=True, blank=True)

    retrieval_count = models.PositiveIntegerField(default=0)
    usefulness_score = models.FloatField(default=0.0)
    reference_count = models.PositiveIntegerField(default=1)
    use_count = models.PositiveIntegerField(default=0)
    low_quality = models.BooleanField(default=False)

    # Promotion lineage: the item this one was copied from and the scope paths it climbed.
    original = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="promoted_copies"
    )
    promotion_path = models.JSONField(default=list, blank=True)

    created_by = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind__in=KnowledgeKind.values), name="knowledge_kind_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=KnowledgeStatus.values),
                name="knowledge_status_valid",
            ),
            models.UniqueConstraint(
                fields=["scope", "key"],
                condition=models.Q(key__isnull=False),
                name="knowledge_unique_key_per_scope",
            ),
        ]
        indexes = [
            models.Index(fields=["scope", "status", "kind"]),
            HnswIndex(
                name="knowledge_embedding_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=64,
                opclasses=["vector_cosine_ops"],
            ),
        ]

    def __str__(self) -> str:
        return self.title

    def embedding_text(self) -> str:
        return f"{self.title}\n{self.content}"
