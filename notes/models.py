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
    key = models.CharField(max_length=200, null=True, blank=True)  # noqa: DJ001 (NULL: no key)
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

    # Key-value knowledge (seed 003): where the entry came from, and a caller-set weight that
    # breaks ties between equally good keyword matches.
    source = models.CharField(max_length=300, blank=True)
    relevance_score = models.FloatField(default=1.0)
    last_retrieved_at = models.DateTimeField(null=True, blank=True)
    # A merged note keeps its row (history) and points at the survivor (redirect).
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="merged_from"
    )

    # Not stored: set on the notes a search returns, for the answer's serializer.
    similarity: float

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
                ef_construction=128,
                opclasses=["vector_cosine_ops"],
            ),
        ]

    def __str__(self) -> str:
        return self.title

    def embedding_text(self) -> str:
        return f"{self.title}\n{self.content}"

    @property
    def lineage_root_id(self):
        """Promoted copies share their original's id, so retrieval shows one per lineage."""
        return self.original_id or self.id


NOTE_KINDS = (KnowledgeKind.PATTERN, KnowledgeKind.HINDSIGHT)
KEY_VALUE_KINDS = (
    KnowledgeKind.RULE,
    KnowledgeKind.DEFINITION,
    KnowledgeKind.PREFERENCE,
    KnowledgeKind.FACT,
)
# Statuses retrieval serves: drafts too, or their quality could never be measured.
RETRIEVABLE_STATUSES = (
    KnowledgeStatus.DRAFT,
    KnowledgeStatus.PROPOSED,
    KnowledgeStatus.ACCEPTED,
)


class NoteRetrieval(models.Model):
    """One note returned by one search: the retrieval context the quality scores come from."""

    note = models.ForeignKey(KnowledgeItem, on_delete=models.CASCADE, related_name="retrievals")
    session_key = models.CharField(max_length=200, blank=True, db_index=True)
    query = models.CharField(max_length=1000)
    scope = models.ForeignKey(Scope, null=True, blank=True, on_delete=models.SET_NULL)
    similarity = models.FloatField()
    rank = models.PositiveSmallIntegerField()
    actor = models.CharField(max_length=200)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.note_id} for {self.query[:60]!r}"


class FeedbackOutcome(models.TextChoices):
    POSITIVE = "positive"
    NEGATIVE = "negative"


class SessionFeedback(models.Model):
    """The outcome a user reported for a session; applied once to the notes in its context."""

    session_key = models.CharField(max_length=200, unique=True)
    outcome = models.CharField(max_length=16, choices=FeedbackOutcome.choices)
    rating = models.FloatField()
    comment = models.TextField(blank=True)
    notes_credited = models.PositiveIntegerField(default=0)
    actor = models.CharField(max_length=200)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name_plural = "session feedback"
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(outcome__in=FeedbackOutcome.values),
                name="session_feedback_outcome_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(rating__gte=0, rating__lte=1),
                name="session_feedback_rating_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session_key}: {self.outcome}"


# --- trajectories --------------------------------------------------------------------------------


class SessionOutcome(models.TextChoices):
    UNKNOWN = "unknown"
    SUCCESS = "success"
    FAILURE = "failure"


class DistillationStatus(models.TextChoices):
    PENDING = "pending"  # not ended yet, or ended and waiting for the worker
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    DUPLICATE = "duplicate"  # the note already existed; its reference count grew
    SKIPPED = "skipped"
    FAILED = "failed"  # retries exhausted; recorded, and can be queued again


class Trajectory(models.Model):
    """The tool calls of one agent session, in the scope the session worked in."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    scope = models.ForeignKey(Scope, on_delete=models.PROTECT, related_name="trajectories")
    session_key = models.CharField(max_length=200)
    user_ref = models.CharField(max_length=200, blank=True)
    project_ref = models.CharField(max_length=200, blank=True)
    agent = models.CharField(max_length=200, blank=True)
    event_count = models.PositiveIntegerField(default=0)
    failed_count = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    last_event_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(
        max_length=16, choices=SessionOutcome.choices, default=SessionOutcome.UNKNOWN
    )
    # sha256 of the ordered (tool, arguments) sequence: equal hashes are the same trajectory.
    trajectory_hash = models.CharField(max_length=64, blank=True, db_index=True)
    distillation_status = models.CharField(
        max_length=16, choices=DistillationStatus.choices, default=DistillationStatus.PENDING
    )
    distillation_reason = models.CharField(max_length=500, blank=True)
    distill_attempts = models.PositiveSmallIntegerField(default=0)
    note = models.ForeignKey(
        KnowledgeItem, null=True, blank=True, on_delete=models.SET_NULL, related_name="sources"
    )
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "trajectories"
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["scope", "session_key"], name="trajectory_one_per_session"
            ),
            models.CheckConstraint(
                condition=models.Q(outcome__in=SessionOutcome.values),
                name="trajectory_outcome_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(distillation_status__in=DistillationStatus.values),
                name="trajectory_distillation_status_valid",
            ),
        ]
        indexes = [models.Index(fields=["distillation_status", "ended_at"])]

    def __str__(self) -> str:
        return f"{self.session_key} ({self.event_count} events)"

    @property
    def duration_seconds(self) -> float:
        if self.started_at is None or self.last_event_at is None:
            return 0.0
        return (self.last_event_at - self.started_at).total_seconds()


class TrajectoryEvent(models.Model):
    """One tool call. `event_id` is the client's, so a resent batch is stored once."""

    event_id = models.UUIDField(unique=True)
    trajectory = models.ForeignKey(Trajectory, on_delete=models.CASCADE, related_name="events")
    seq = models.BigIntegerField(default=0)
    tool_name = models.CharField(max_length=200)
    arguments = models.JSONField(default=dict, blank=True)
    return_value = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    started_at = models.DateTimeField()
    duration_ms = models.FloatField(default=0)
    # Not a foreign key: a parent may arrive in a later batch than its child.
    parent_event_id = models.UUIDField(null=True, blank=True)
    context = models.JSONField(default=dict, blank=True)
    received_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["started_at", "seq"]
        indexes = [models.Index(fields=["trajectory", "started_at", "seq"])]

    def __str__(self) -> str:
        return f"{self.tool_name} @ {self.started_at:%H:%M:%S}"


# --- skills and external references ---------------------------------------------------------------


class SkillType(models.TextChoices):
    COMPOSITE = "composite"
    SCRIPT = "script"
    TEMPLATE = "template"


class SkillStatus(models.TextChoices):
    DRAFT = "draft"
    ACTIVE = "active"
    DEPRECATED = "deprecated"


class Skill(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    scope = models.ForeignKey(Scope, on_delete=models.PROTECT, related_name="skills")
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    skill_type = models.CharField(max_length=16, choices=SkillType.choices)
    definition = models.JSONField(default=dict, blank=True)
    parameters = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=SkillStatus.choices, default=SkillStatus.DRAFT)
    created_by = models.CharField(max_length=200, blank=True)
    requires_approval = models.BooleanField(default=True)
    use_count = models.PositiveIntegerField(default=0)
    success_count = models.PositiveIntegerField(default=0)
    last_used_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["scope", "name"], name="skill_unique_name_per_scope"),
            models.CheckConstraint(
                condition=models.Q(skill_type__in=SkillType.values), name="skill_type_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=SkillStatus.values), name="skill_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class RefType(models.TextChoices):
    DOCUMENTATION = "documentation"
    API = "api"
    WIKI = "wiki"
    REPOSITORY = "repository"
    TOOL = "tool"


class ExternalRef(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    scope = models.ForeignKey(Scope, on_delete=models.PROTECT, related_name="external_refs")
    name = models.CharField(max_length=200)
    ref_type = models.CharField(max_length=16, choices=RefType.choices)
    location = models.CharField(max_length=2000)
    summary = models.TextField(blank=True)
    metadata = models.JSONField(default=dict, blank=True)
    created_by = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "external reference"
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["scope", "name"], name="external_ref_unique_name"),
            models.CheckConstraint(
                condition=models.Q(ref_type__in=RefType.values), name="external_ref_type_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name
