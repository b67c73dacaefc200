"""The spec's tables: lessons, patterns, anti-patterns, agent memory, validations, escalation rules.

Escalations themselves are `governance.Escalation` (the spec's columns plus a scope); the rules
that raise them live here as data a maintainer edits in the admin. Every lesson, pattern and
anti-pattern belongs to a scope, and every enumeration is a database check constraint, so a row
written by SQL or the admin is held to the same rules as one written through the API.
"""

import uuid

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.db import models
from django.db.models import F
from django.db.models.functions import Lower, Upper
from django.utils import timezone
from pgvector.django import HnswIndex, VectorField

from governance.models import Scope


class LessonType(models.TextChoices):
    SUCCESS = "success"  # what worked
    FAILURE = "failure"  # what failed
    WORKAROUND = "workaround"  # how to work around a problem
    DISCOVERY = "discovery"  # new information learned
    OPTIMIZATION = "optimization"  # better way to do something
    WARNING = "warning"  # potential issue to watch for
    ANTI_PATTERN = "anti_pattern"  # never do this


class Severity(models.TextChoices):
    CRITICAL = "critical"
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


SEVERITY_RANK = {Severity.CRITICAL: 0, Severity.HIGH: 1, Severity.MEDIUM: 2, Severity.LOW: 3}


def _text_array(**kwargs) -> ArrayField:
    return ArrayField(models.TextField(), default=list, blank=True, **kwargs)


class Lesson(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # No index of its own: the unique constraint (scope, domain, title) leads with it.
    scope = models.ForeignKey(
        Scope, on_delete=models.PROTECT, related_name="lessons", db_index=False
    )
    lesson_type = models.CharField(max_length=16, choices=LessonType.choices)
    domain = models.CharField(max_length=100)
    category = models.CharField(max_length=100)
    title = models.CharField(max_length=300)
    context = models.TextField()
    action_taken = models.TextField()
    outcome = models.TextField()
    root_cause = models.TextField(null=True, blank=True)  # noqa: DJ001 (nullable in the spec)
    solution = models.TextField(null=True, blank=True)  # noqa: DJ001 (nullable in the spec)
    alternatives = _text_array()
    severity = models.CharField(max_length=16, choices=Severity.choices, default=Severity.MEDIUM)
    tags = _text_array()
    source_agent = models.CharField(max_length=100)
    related_files = _text_array()
    related_commands = _text_array()
    confidence = models.DecimalField(max_digits=3, decimal_places=2, default=0.80)

    validated = models.BooleanField(default=False)
    validated_by = models.CharField(max_length=200, null=True, blank=True)  # noqa: DJ001 (nullable in the spec)
    validated_at = models.DateTimeField(null=True, blank=True)
    validation_notes = models.TextField(null=True, blank=True)  # noqa: DJ001 (nullable in the spec)

    embedding = VectorField(dimensions=settings.EMBEDDING_DIM, null=True, blank=True)

    occurrence_count = models.PositiveIntegerField(default=1)
    last_occurred = models.DateTimeField(default=timezone.now)
    # Lessons reported together at the end of one Claude Code session share this key, so the
    # context endpoint can hand "the last session's lessons" to the next session.
    session_id = models.CharField(max_length=100, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(lesson_type__in=LessonType.values), name="lesson_type_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(severity__in=Severity.values), name="lesson_severity_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(confidence__gte=0) & models.Q(confidence__lte=1),
                name="lesson_confidence_range",
            ),
            models.CheckConstraint(condition=~models.Q(title=""), name="lesson_title_not_empty"),
            # The spec's "same title in the same domain is one lesson", per scope; it also makes
            # two racing reports of a new lesson meet in one row.
            models.UniqueConstraint(
                fields=["scope", "domain", "title"], name="lesson_unique_title_per_domain"
            ),
        ]
        indexes = [
            models.Index(fields=["lesson_type"], name="lesson_type_idx"),
            models.Index(fields=["domain"], name="lesson_domain_idx"),
            # An agent memory's rebuild reads its domain's lessons case-insensitively (iexact is
            # UPPER() = UPPER()): without it each rebuild scanned the whole table.
            # With what an agent memory's lesson count reads besides, so that it counts from
            # the index alone (`domain` too: an index-only scan needs the column itself).
            models.Index(
                Upper("domain"),
                include=["domain", "source_agent", "scope"],
                name="lesson_domain_upper_idx",
            ),
            models.Index(fields=["category"], name="lesson_category_idx"),
            models.Index(fields=["severity"], name="lesson_severity_idx"),
            # An agent's newest lessons (its memory's profile vector) are a range of it, and its
            # memory counts the agent's own readable lessons from it alone.
            models.Index(
                fields=["source_agent", "-created_at"], include=["scope"], name="lesson_agent_idx"
            ),
            models.Index(fields=["-created_at"], name="lesson_created_idx"),
            # The exact nearest-neighbour scans of one domain (a report's near-duplicate and
            # pattern check, a one-domain relevant query) and their row counts read this index
            # alone: one heap page per row was what they cost. It also serves what the
            # (scope, domain) index served, with the unique constraint.
            models.Index(
                fields=["domain", "scope"],
                include=["id", "lesson_type", "last_occurred", "embedding"],
                condition=models.Q(embedding__isnull=False),
                name="lesson_neighbours_idx",
            ),
            models.Index(fields=["-last_occurred"], name="lesson_last_occurred_idx"),
            # Read by equality only: `db_index` also built a LIKE (pattern_ops) twin nothing read.
            models.Index(fields=["session_id"], name="lesson_session_idx"),
            GinIndex(fields=["tags"], name="lesson_tags_gin"),
            HnswIndex(
                name="lesson_embedding_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=128,
                opclasses=["vector_cosine_ops"],
            ),
        ]

    def __str__(self) -> str:
        return f"[{self.lesson_type}] {self.title}"

    def embedding_text(self) -> str:
        # The spec embeds f"{title} {context} {outcome}".
        return f"{self.title} {self.context} {self.outcome}"


class LessonProcessing(models.Model):
    """When the worker last ran pattern detection, escalation and propagation for a lesson (the
    newest `last_occurred` that run read); a sweep re-runs lessons whose after-commit task never
    arrived (broker down) or is behind. No row: never processed.

    Kept out of the lesson's row on purpose: that row is about 2 KB (its vector) on full pages
    and indexed fifteen ways, so marking it processed was an UPDATE that could not be HOT and
    re-inserted the lesson into every index, the HNSW graph included, once per report. Here the
    mark is a narrow row with one index.
    """

    lesson = models.OneToOneField(
        Lesson, primary_key=True, on_delete=models.CASCADE, related_name="processing"
    )
    processed_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.lesson_id} processed at {self.processed_at.isoformat()}"


class LessonPending(models.Model):
    """A lesson with an occurrence no worker run has read yet: the worker's queue. A trigger on
    the lesson (migration 0012) writes the row whenever a lesson is created or its
    `last_occurred` moves; the run that reads the lesson at that occurrence deletes it.

    Finding the pending lessons is then a range of this small table's `occurred` index, which
    costs what the pending lessons cost: filtering every lesson of a time window against its
    mark read the whole window (25,000 buffers for 30 minutes at 100,000 lessons), and a
    worker behind a backlog had a wider window at every drain.
    """

    lesson = models.OneToOneField(
        Lesson, primary_key=True, on_delete=models.CASCADE, related_name="pending"
    )
    occurred = models.DateTimeField()  # the lesson's `last_occurred` when it was written

    class Meta:
        indexes = [models.Index(fields=["occurred"], name="lesson_pending_occurred_idx")]

    def __str__(self) -> str:
        return f"{self.lesson_id} pending since {self.occurred.isoformat()}"


class PatternType(models.TextChoices):
    RECURRING_FAILURE = "recurring_failure"
    COMMON_SOLUTION = "common_solution"
    BEST_PRACTICE = "best_practice"
    ANTI_PATTERN = "anti_pattern"
    OPTIMIZATION = "optimization"


class PatternStatus(models.TextChoices):
    EMERGING = "emerging"
    CONFIRMED = "confirmed"
    DEPRECATED = "deprecated"


class Pattern(models.Model):
    """Several similar lessons in a domain: emerging until a maintainer confirms or deprecates."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    scope = models.ForeignKey(Scope, on_delete=models.PROTECT, related_name="lesson_patterns")
    pattern_name = models.CharField(max_length=300)
    pattern_type = models.CharField(max_length=32, choices=PatternType.choices)
    description = models.TextField()
    domain = models.CharField(max_length=100)
    categories = _text_array()

    lesson_ids = ArrayField(models.UUIDField())
    occurrence_count = models.PositiveIntegerField(default=1)
    first_seen = models.DateTimeField(default=timezone.now)
    last_seen = models.DateTimeField(default=timezone.now)

    confidence = models.DecimalField(max_digits=3, decimal_places=2, default=0.50)
    status = models.CharField(
        max_length=16, choices=PatternStatus.choices, default=PatternStatus.EMERGING
    )
    confirmed_by = models.CharField(max_length=200, null=True, blank=True)  # noqa: DJ001 (nullable in the spec)
    confirmed_at = models.DateTimeField(null=True, blank=True)

    recommended_action = models.TextField(null=True, blank=True)  # noqa: DJ001 (nullable in the spec)
    prevention_steps = _text_array(null=True)

    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-last_seen"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(pattern_type__in=PatternType.values),
                name="pattern_type_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=PatternStatus.values), name="pattern_status_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(confidence__gte=0) & models.Q(confidence__lte=1),
                name="pattern_confidence_range",
            ),
        ]
        indexes = [
            models.Index(fields=["pattern_type"], name="pattern_type_idx"),
            models.Index(fields=["domain"], name="pattern_domain_idx"),
            models.Index(fields=["status"], name="pattern_status_idx"),
            GinIndex(fields=["lesson_ids"], name="pattern_lessons_gin"),
        ]

    def __str__(self) -> str:
        return f"{self.pattern_name} [{self.status}]"


class AntiPattern(models.Model):
    """Something to block or warn about before an agent acts.

    What it blocks is the command trigger (`lessons.command_triggers`: the commands it names,
    read structurally), or, when one was given explicitly, a regular expression run on a
    linear-time engine (re2); the vector, stored in the spec's `trigger_embedding` column,
    matches proposed actions by meaning (a warning, unless near-exact).
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    scope = models.ForeignKey(Scope, on_delete=models.PROTECT, related_name="anti_patterns")
    # The spec's column: a regular expression, given explicitly (empty when the command trigger
    # or the meaning alone matches).
    trigger_pattern = models.TextField(blank=True, default="")
    command_trigger = models.JSONField(
        default=dict,
        blank=True,
        help_text="The commands this anti-pattern blocks (derived from the report; editable).",
    )
    embedding = VectorField(
        dimensions=settings.EMBEDDING_DIM, null=True, blank=True, db_column="trigger_embedding"
    )
    domain = models.CharField(max_length=100)
    category = models.CharField(max_length=100, null=True, blank=True)  # noqa: DJ001 (nullable in the spec)
    # Applies to agents of every domain (as `general` and `development` anti-patterns do).
    cross_domain = models.BooleanField(default=False)
    # Set on the anti-patterns Mnemosyne ships (`lessons.builtin`): they apply in every scope,
    # and the loader that installs them recognises them by it.
    builtin_key = models.CharField(max_length=100, blank=True, default="", editable=False)

    title = models.CharField(max_length=300)
    why_bad = models.TextField()
    example = models.TextField(null=True, blank=True)  # noqa: DJ001 (nullable in the spec)
    alternatives = ArrayField(models.TextField(), default=list)

    severity = models.CharField(max_length=16, choices=Severity.choices)
    block_action = models.BooleanField(default=False)

    source_lesson = models.ForeignKey(
        Lesson, null=True, blank=True, on_delete=models.SET_NULL, related_name="anti_patterns"
    )
    source_pattern = models.ForeignKey(
        Pattern, null=True, blank=True, on_delete=models.SET_NULL, related_name="anti_patterns"
    )

    times_triggered = models.PositiveIntegerField(default=0)
    last_triggered = models.DateTimeField(null=True, blank=True)

    active = models.BooleanField(default=True)
    # Reported blocking by an agent the scope's policy does not trust: it only warns until a
    # person confirms it (activating it again confirms).
    awaiting_confirmation = models.BooleanField(default=False)
    # Switched off by a person (or the system): an agent's re-report does not switch it back on
    # unless the scope's policy lets agents re-activate.
    switched_off = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    # The index version of the row's last matching change, stamped by a database trigger
    # (migration 0008): a web process re-reads only the rows stamped after its index.
    index_version = models.BigIntegerField(default=0, editable=False)

    class Meta:
        verbose_name = "anti-pattern"
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(severity__in=Severity.values),
                name="anti_pattern_severity_valid",
            ),
            models.UniqueConstraint(
                fields=["builtin_key"],
                condition=~models.Q(builtin_key=""),
                name="anti_pattern_builtin_key_unique",
            ),
        ]
        indexes = [
            models.Index(fields=["domain"], name="anti_pattern_domain_idx"),
            # An agent memory's rebuild reads its domain's newest anti-patterns
            # case-insensitively: a range of this index, not every one of the domain sorted.
            models.Index(
                Upper("domain"), F("created_at").desc(), name="anti_pattern_domain_upper_idx"
            ),
            models.Index(fields=["active"], name="anti_pattern_active_idx"),
            models.Index(fields=["severity"], name="anti_pattern_severity_idx"),
            models.Index(fields=["index_version"], name="anti_pattern_index_version_idx"),
            HnswIndex(
                name="anti_pattern_embedding_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=128,
                opclasses=["vector_cosine_ops"],
            ),
        ]

    def __str__(self) -> str:
        return self.title

    def embedding_text(self) -> str:
        return f"{self.title} {self.example or ''}".strip()


class AntiPatternIndexVersion(models.Model):
    """One row whose `version` moves (from a sequence, via database triggers) whenever an
    anti-pattern's matching fields change; web processes bring their in-process index up to it
    when it differs from the one they built. `full_since` is the last version a deletion made:
    an index older than it is rebuilt from every row. See `lessons.matching`."""

    name = models.CharField(max_length=50, primary_key=True)
    version = models.BigIntegerField(default=0)
    full_since = models.BigIntegerField(default=0)

    class Meta:
        verbose_name = "anti-pattern index version"

    def __str__(self) -> str:
        return f"{self.name} v{self.version}"


class AgentMemory(models.Model):
    """Per-agent cache of what an agent should know, rebuilt by the worker."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    agent_name = models.CharField(max_length=100, unique=True)
    domain = models.CharField(max_length=100)

    relevant_lessons = models.JSONField(default=list, blank=True)
    anti_patterns = models.JSONField(default=list, blank=True)
    # Lessons other agents reported that propagation judged relevant to this one (newest last).
    propagated_lesson_ids = ArrayField(models.UUIDField(), default=list, blank=True)
    # The mean of this agent's own lesson vectors: what "similar to this agent's work" means for
    # propagation. Derived from other rows, not from text, so it is not named `embedding`.
    profile_vector = VectorField(dimensions=settings.EMBEDDING_DIM, null=True, blank=True)

    last_sync = models.DateTimeField(default=timezone.now)
    lessons_count = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["agent_name"]
        verbose_name_plural = "agent memories"
        indexes = [models.Index(Lower("domain"), name="agent_memory_domain_idx")]

    def __str__(self) -> str:
        return self.agent_name


class ValidationType(models.TextChoices):
    CONFIRMED = "confirmed"
    REFUTED = "refuted"
    PARTIAL = "partial"
    OUTDATED = "outdated"


class Validation(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="validations")
    validated_by = models.CharField(max_length=200)
    validation_type = models.CharField(max_length=16, choices=ValidationType.choices)
    notes = models.TextField(null=True, blank=True)  # noqa: DJ001 (nullable in the spec)
    # Who actually made the call (the spec's validated_by is whatever the caller claims).
    recorded_by = models.CharField(max_length=200, blank=True, default="")
    confidence_before = models.DecimalField(max_digits=3, decimal_places=2, null=True)
    confidence_after = models.DecimalField(max_digits=3, decimal_places=2, null=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(validation_type__in=ValidationType.values),
                name="validation_type_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.validation_type} by {self.validated_by}"


class EscalationRule(models.Model):
    """One line of the spec's ESCALATION_RULES, kept as data.

    `condition` is a small Python-like expression over the lesson's fields (`severity`,
    `lesson_type`, `domain`, `category`, `tags`, `confidence`, `occurrence_count`, …), e.g.
    `lesson_type == 'failure' and confidence > 0.8`; `lessons.rules` evaluates it safely.
    """

    target = models.CharField(max_length=100)
    condition = models.CharField(max_length=500)
    reason = models.CharField(max_length=200)
    # Empty: the escalation takes the lesson's severity as its priority.
    priority = models.CharField(max_length=16, choices=Severity.choices, blank=True, default="")
    position = models.PositiveIntegerField(default=0)
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["target", "position", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(priority__in=["", *Severity.values]),
                name="escalation_rule_priority_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.target}: {self.condition}"


class ReportReceipt(models.Model):
    """The answer to a report sent with an `Idempotency-Key`, so a retried report is stored once."""

    principal = models.CharField(max_length=200)
    key = models.CharField(max_length=200)
    response = models.JSONField()
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["principal", "key"], name="report_receipt_unique")
        ]

    def __str__(self) -> str:
        return f"{self.principal} {self.key}"
