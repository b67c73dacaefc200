"""Error signatures with their occurrences and templates, resolutions with their applications,
recorded misses, and the tool-result engine's learnings."""

import uuid
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils import timezone
from pgvector.django import HnswIndex, VectorField

from governance.models import Scope
from hindsight.pipeline import embedding_text


class SignatureStatus(models.TextChoices):
    ACTIVE = "active"
    MERGED = "merged"  # folded into `merged_into`; kept as a redirect


class ErrorSignature(models.Model):
    """One kind of error: a normalised message pattern, stack patterns and context.

    Occurrences link here instead of creating a new signature when their fingerprint or template
    matches, or when they lie above the dedup similarity (see `hindsight.grouping_pipeline`).
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    scope = models.ForeignKey(Scope, on_delete=models.PROTECT, related_name="error_signatures")
    status = models.CharField(
        max_length=16, choices=SignatureStatus.choices, default=SignatureStatus.ACTIVE
    )
    error_type = models.CharField(max_length=200, blank=True)
    # The template text (placeholders such as <NUM>, <PATH>, <*>) and an anchored regex that
    # matches raw instances of it.
    message_template = models.TextField()
    message_pattern = models.TextField()
    stack_patterns = models.JSONField(default=list, blank=True)
    context_patterns = models.JSONField(default=dict, blank=True)
    tool_name = models.CharField(max_length=200, blank=True)
    # Fingerprint of the first occurrence (error type + normalised message + frames).
    fingerprint = models.CharField(max_length=64)
    # What every capture that links here updates (with context_patterns, stack_patterns and
    # updated_at). None of them is indexed, and the table keeps room on its pages (fillfactor,
    # migration 0007), so that update is HOT: an indexed column changed, or a full page, re-inserts
    # the row into every index, the HNSW graph included (about 650 shared buffers).
    occurrence_count = models.PositiveIntegerField(default=1)
    first_seen_at = models.DateTimeField(default=timezone.now)
    last_seen_at = models.DateTimeField(default=timezone.now)
    # The original message and stack of the first occurrence, the masked variables, merge history.
    metadata = models.JSONField(default=dict, blank=True)
    embedding = VectorField(dimensions=settings.EMBEDDING_DIM, null=True, blank=True)
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="merged_from"
    )
    # The hindsight note written for this signature (one per signature).
    note = models.OneToOneField(
        "notes.KnowledgeItem",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="hindsight_signature",
    )
    created_by = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=SignatureStatus.values),
                name="signature_status_valid",
            ),
        ]
        indexes = [
            models.Index(fields=["scope", "status", "error_type"]),
            models.Index(fields=["scope", "fingerprint"]),
            HnswIndex(
                name="signature_embedding_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=128,
                opclasses=["vector_cosine_ops"],
            ),
        ]

    def __str__(self) -> str:
        return f"{self.error_type}: {self.message_template[:80]}"

    def embedding_text(self) -> str:
        return signature_embedding_text(self.error_type, self.message_template)


def signature_embedding_text(error_type: str, message_template: str) -> str:
    """What a signature's vector (and a query's) is computed from: the type and the pattern."""
    return embedding_text(error_type, message_template)


class SignatureTemplate(models.Model):
    """A grouping template (the online grouper's state), stored per scope and bucket.

    A signature usually has one; it gains more when a differently shaped message joins it by
    similarity, and a merge moves the other signature's templates over, so later messages of
    either shape land on the survivor.
    """

    scope = models.ForeignKey(Scope, on_delete=models.CASCADE, related_name="+")
    # Templates are grouped per error type: the same words under two types are two errors.
    error_type = models.CharField(max_length=200, blank=True)
    signature = models.ForeignKey(
        ErrorSignature, on_delete=models.CASCADE, related_name="templates"
    )
    key = models.CharField(max_length=64)
    bucket = models.CharField(max_length=300)
    tokens = models.JSONField(default=list)
    spaces = models.JSONField(default=list)
    count = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["scope", "error_type", "key"], name="template_unique_key_per_scope"
            )
        ]
        indexes = [models.Index(fields=["scope", "error_type", "bucket"])]

    def __str__(self) -> str:
        return f"{self.bucket}: {' '.join(self.tokens)[:80]}"


class ErrorOccurrence(models.Model):
    """One reported error, linked to its signature; keeps the raw text for analysis."""

    signature = models.ForeignKey(
        ErrorSignature, on_delete=models.CASCADE, related_name="occurrences"
    )
    scope = models.ForeignKey(Scope, on_delete=models.PROTECT, related_name="+")
    fingerprint = models.CharField(max_length=64)
    message = models.TextField()
    stack = models.TextField(blank=True)
    context = models.JSONField(default=dict, blank=True)
    tool_name = models.CharField(max_length=200, blank=True)
    session_key = models.CharField(max_length=200, blank=True)
    reported_by = models.CharField(max_length=200, blank=True)
    # A retried capture (same Idempotency-Key from the same caller) answers as the first did.
    idempotency_key = models.CharField(max_length=200, blank=True)
    matched_by = models.CharField(max_length=16, blank=True)
    created_signature = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["signature", "-created_at"])]
        constraints = [
            models.UniqueConstraint(
                fields=["reported_by", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="occurrence_idempotent_per_caller",
            )
        ]

    def __str__(self) -> str:
        return self.message[:80]


class Resolution(models.Model):
    """A fix that worked for a signature, with how often it has worked since."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    signature = models.ForeignKey(
        ErrorSignature, on_delete=models.CASCADE, related_name="resolutions"
    )
    scope = models.ForeignKey(Scope, on_delete=models.PROTECT, related_name="+")
    description = models.TextField()
    code_change = models.TextField(blank=True)
    context = models.JSONField(default=dict, blank=True)
    success_count = models.PositiveIntegerField(default=1)
    application_count = models.PositiveIntegerField(default=1)
    success_rate = models.FloatField(default=1.0)
    last_success_at = models.DateTimeField(null=True, blank=True)
    last_failure_at = models.DateTimeField(null=True, blank=True)
    created_by = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-success_rate", "-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(success_count__lte=models.F("application_count")),
                name="resolution_successes_within_applications",
            ),
            models.CheckConstraint(
                condition=models.Q(success_rate__gte=0.0, success_rate__lte=1.0),
                name="resolution_success_rate_range",
            ),
        ]

    def __str__(self) -> str:
        return self.description[:80]


class ResolutionApplication(models.Model):
    """One use of a resolution and whether it worked; failures keep their context."""

    resolution = models.ForeignKey(
        Resolution, on_delete=models.CASCADE, related_name="applications"
    )
    success = models.BooleanField()
    context = models.JSONField(default=dict, blank=True)
    error_message = models.TextField(blank=True)
    session_key = models.CharField(max_length=200, blank=True)
    applied_by = models.CharField(max_length=200, blank=True)
    idempotency_key = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["applied_by", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="application_idempotent_per_caller",
            )
        ]

    def __str__(self) -> str:
        return f"{'success' if self.success else 'failure'} of {self.resolution_id}"


class FixOfferOutcome(models.TextChoices):
    PENDING = "pending"
    SUCCESS = "success"
    FAILURE = "failure"


class FixOffer(models.Model):
    """A resolution shown to an agent's session as the fix of a failed call, awaiting its
    outcome: the session's next successful run of the same command (or its corrected form)
    proves it worked, the same signature failing again proves it did not. Each offer settles
    once, into one `ResolutionApplication`."""

    resolution = models.ForeignKey(Resolution, on_delete=models.CASCADE, related_name="offers")
    signature = models.ForeignKey(ErrorSignature, on_delete=models.CASCADE, related_name="+")
    session_key = models.CharField(max_length=200)
    tool_use_id = models.CharField(max_length=200, blank=True)
    tool_name = models.CharField(max_length=200, blank=True)
    command = models.TextField(blank=True)
    near = models.BooleanField(default=False)
    confidence = models.FloatField(default=0.0)
    outcome = models.CharField(
        max_length=16, choices=FixOfferOutcome.choices, default=FixOfferOutcome.PENDING
    )
    settled_by = models.CharField(max_length=200, blank=True)  # the proving call's tool_use_id
    application = models.OneToOneField(
        ResolutionApplication, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    settled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["session_key", "outcome"], name="fixoffer_session_pending")]
        constraints = [
            models.UniqueConstraint(
                fields=["session_key", "tool_use_id", "resolution"],
                condition=~models.Q(tool_use_id=""),
                name="fixoffer_once_per_call",
            )
        ]

    def __str__(self) -> str:
        return f"{self.outcome} offer of {self.resolution_id} in {self.session_key}"


class SuggestionMiss(models.Model):
    """An error for which nothing could be suggested: the backlog of fixes worth learning."""

    scope = models.ForeignKey(Scope, null=True, blank=True, on_delete=models.SET_NULL)
    source = models.CharField(max_length=16)  # capture or match
    error_type = models.CharField(max_length=200, blank=True)
    message_template = models.TextField()
    signature = models.ForeignKey(
        ErrorSignature, null=True, blank=True, on_delete=models.SET_NULL, related_name="misses"
    )
    context = models.JSONField(default=dict, blank=True)
    reported_by = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        verbose_name_plural = "suggestion misses"
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"miss: {self.message_template[:80]}"


class LearningCategory(models.TextChoices):
    TOOL_ERROR = "tool_error"
    PROVIDER_ERROR = "provider_error"
    USER_CORRECTION = "user_correction"
    TIMEOUT = "timeout"
    PERMISSION = "permission"
    GENERAL = "general"


class Learning(models.Model):
    """What the tool-result engine learned from a failing tool call (seed 001 / 003 schema)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    scope = models.ForeignKey(Scope, on_delete=models.PROTECT, related_name="learnings")
    trigger = models.CharField(max_length=300, db_index=True)
    error_pattern = models.TextField()
    diagnosis = models.TextField(blank=True)
    fix = models.TextField(blank=True)
    category = models.CharField(max_length=32, choices=LearningCategory.choices)
    tags = models.JSONField(default=list, blank=True)
    # Two exact decimals, as lessons keep theirs: boosts of 0.03 or 0.1 must land on the values
    # the spec compares with "> 0.7", not a float a hair above them.
    confidence = models.DecimalField(max_digits=3, decimal_places=2, default=Decimal("0.50"))
    occurrence_count = models.PositiveIntegerField(default=1)
    success_count = models.PositiveIntegerField(default=0)
    # The summarised tool parameters of the call that produced it.
    context = models.JSONField(default=dict, blank=True)
    session_key = models.CharField(max_length=200, blank=True)
    embedding = VectorField(dimensions=settings.EMBEDDING_DIM, null=True, blank=True)
    created_by = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-confidence", "-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(category__in=LearningCategory.values),
                name="learning_category_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(confidence__gte=0.1, confidence__lte=1.0),
                name="learning_confidence_range",
            ),
        ]
        indexes = [
            models.Index(fields=["scope", "-confidence"]),
            HnswIndex(
                name="learning_embedding_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=128,
                opclasses=["vector_cosine_ops"],
            ),
        ]

    def __str__(self) -> str:
        return f"{self.trigger}: {self.error_pattern[:80]}"

    def embedding_text(self) -> str:
        return f"{self.trigger}\n{self.error_pattern}\n{self.diagnosis}"
