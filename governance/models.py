"""Scopes and layers, roles, agent credentials, proposals, escalations, policies, the audit log."""

import uuid

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone


class Layer(models.TextChoices):
    COMPANY = "company"
    ORG = "org"
    TEAM = "team"
    PROJECT = "project"
    SESSION = "session"


# Retrieval precedence: the nearer layer first (session > project > team > org > company).
LAYER_PRECEDENCE = {
    Layer.SESSION: 0,
    Layer.PROJECT: 1,
    Layer.TEAM: 2,
    Layer.ORG: 3,
    Layer.COMPANY: 4,
}
# The layer a scope of each layer may hang under; company scopes are roots.
PARENT_LAYER = {
    Layer.ORG: Layer.COMPANY,
    Layer.TEAM: Layer.ORG,
    Layer.PROJECT: Layer.TEAM,
    Layer.SESSION: Layer.PROJECT,
}


class Scope(models.Model):
    """A node of the tree company → org → team → project → session; knowledge lives in one."""

    layer = models.CharField(max_length=16, choices=Layer.choices)
    slug = models.SlugField(max_length=100)
    name = models.CharField(max_length=200, blank=True)
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="children"
    )
    path = models.CharField(max_length=600, unique=True, editable=False)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["path"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(layer__in=Layer.values), name="scope_layer_valid"
            ),
            models.UniqueConstraint(fields=["parent", "slug"], name="scope_unique_slug"),
        ]

    def __str__(self) -> str:
        return self.path

    @property
    def ancestor_paths(self) -> list[str]:
        """This scope's path and every ancestor's, nearest first."""
        parts = self.path.split("/")
        return ["/".join(parts[:n]) for n in range(len(parts), 0, -1)]

    @property
    def precedence(self) -> int:
        return LAYER_PRECEDENCE[Layer(self.layer)]


class Role(models.TextChoices):
    MAINTAINER = "maintainer"
    SUPERVISOR = "supervisor"
    MEMBER = "member"


class Membership(models.Model):
    """A person's role in a scope; it holds for the scope and everything below it."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    scope = models.ForeignKey(Scope, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(role__in=Role.values), name="membership_role_valid"
            ),
            models.UniqueConstraint(
                fields=["user", "scope", "role"], name="membership_unique_role"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.role} of {self.scope}"


class AgentCredential(models.Model):
    """An agent's bearer token: `mnem_<lookup>_<secret>`; only a keyed digest of it is stored."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=100)
    domain = models.CharField(max_length=100, default="general")
    lookup = models.CharField(max_length=16, unique=True, editable=False)
    digest = models.CharField(max_length=64, editable=False)
    can_write = models.BooleanField(default=True)
    read_scopes = models.ManyToManyField(Scope, related_name="reading_agents", blank=True)
    write_scopes = models.ManyToManyField(Scope, related_name="writing_agents", blank=True)
    default_scope = models.ForeignKey(
        Scope, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    expires_at = models.DateTimeField(null=True, blank=True)
    is_active = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name} (mnem_{self.lookup}_…)"

    @property
    def is_expired(self) -> bool:
        return self.expires_at is not None and self.expires_at <= timezone.now()


class AuditLog(models.Model):
    """Every decision and knowledge operation. Append-only: a trigger refuses UPDATE and DELETE.

    Seed 003's fields map as: session_key, action, actor, target (`target_type:target_id`),
    details, created_at (`at`); the API answers under the spec's names too.
    """

    at = models.DateTimeField(default=timezone.now, db_index=True)
    # The agent session the operation belongs to ('' when none was given).
    session_key = models.CharField(max_length=200, blank=True, default="", db_index=True)
    actor = models.CharField(max_length=200)
    actor_kind = models.CharField(max_length=16)  # person, agent, system
    action = models.CharField(max_length=100, db_index=True)
    target_type = models.CharField(max_length=100)
    target_id = models.CharField(max_length=100, db_index=True)
    scope_path = models.CharField(max_length=600, blank=True, db_index=True)
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name = "audit log entry"
        verbose_name_plural = "audit log entries"
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        target = f"{self.target_type}:{self.target_id}"
        return f"{self.at:%Y-%m-%d %H:%M} {self.actor} {self.action} {target}"


class ProposalKind(models.TextChoices):
    PROMOTION = "promotion"
    MERGE = "merge"
    LIFECYCLE = "lifecycle"
    SKILL_ACTIVATION = "skill_activation"
    PATTERN_CONFIRMATION = "pattern_confirmation"


class ProposalState(models.TextChoices):
    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"
    CANCELLED = "cancelled"
    # Its subject changed after it was proposed (a skill's definition): approving it would apply
    # what nobody reviewed, so it can no longer be decided.
    STALE = "stale"


class Proposal(models.Model):
    """A decision people must make about a piece of knowledge, in the scope that decides it.

    The subject is named by model label and primary key (apps register what approval does
    through `governance.registry`, so governance never imports them).
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=32, choices=ProposalKind.choices)
    state = models.CharField(
        max_length=16, choices=ProposalState.choices, default=ProposalState.PENDING
    )
    scope = models.ForeignKey(Scope, on_delete=models.PROTECT, related_name="proposals")
    subject_type = models.CharField(max_length=100)
    subject_id = models.CharField(max_length=64)
    title = models.CharField(max_length=300)
    payload = models.JSONField(default=dict, blank=True)
    required_approvals = models.PositiveSmallIntegerField(default=1)
    proposed_by = models.CharField(max_length=200)
    proposed_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="proposals_made",
    )
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind__in=ProposalKind.values), name="proposal_kind_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(state__in=ProposalState.values), name="proposal_state_valid"
            ),
            # One open proposal of a kind per subject: a repeated sweep cannot queue it twice.
            models.UniqueConstraint(
                fields=["kind", "subject_type", "subject_id", "scope"],
                condition=models.Q(state="pending"),
                name="proposal_one_pending_per_subject",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind}: {self.title} [{self.state}]"


class Decision(models.TextChoices):
    APPROVE = "approve"
    REJECT = "reject"


class Approval(models.Model):
    proposal = models.ForeignKey(Proposal, on_delete=models.CASCADE, related_name="approvals")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    decision = models.CharField(max_length=16, choices=Decision.choices)
    comment = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at"]
        constraints = [
            models.UniqueConstraint(fields=["proposal", "user"], name="approval_once_per_user"),
            models.CheckConstraint(
                condition=models.Q(decision__in=Decision.values), name="approval_decision_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.decision}s {self.proposal_id}"


class Priority(models.TextChoices):
    CRITICAL = "critical"
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class EscalationStatus(models.TextChoices):
    PENDING = "pending"
    REVIEWED = "reviewed"
    RESOLVED = "resolved"
    DISMISSED = "dismissed"


# Escalations still waiting for a supervisor: a reviewed one is acknowledged, not closed.
OPEN_ESCALATION_STATES = (EscalationStatus.PENDING, EscalationStatus.REVIEWED)


class Escalation(models.Model):
    """Something a supervisor queue must look at (the spec's ARIA, VARYS, domain supervisors).

    `lesson_id` and `pattern_id` keep the spec's columns; `subject_type`/`subject_id` name any
    other source (an alert, a signature) without governance importing that app.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    lesson_id = models.UUIDField(null=True, blank=True, db_index=True)
    pattern_id = models.UUIDField(null=True, blank=True, db_index=True)
    subject_type = models.CharField(max_length=100, blank=True)
    subject_id = models.CharField(max_length=64, blank=True)
    scope = models.ForeignKey(
        Scope, null=True, blank=True, on_delete=models.PROTECT, related_name="escalations"
    )
    escalated_to = models.CharField(max_length=100, db_index=True)
    # The domain of the lesson or pattern (docker, n8n, ...): a queue's people assigned to that
    # domain hear of it first (the spec's per-domain supervisors). '' when it has none.
    domain = models.CharField(max_length=100, blank=True, default="", db_index=True)
    title = models.CharField(max_length=300, blank=True)
    reason = models.TextField()
    priority = models.CharField(max_length=16, choices=Priority.choices)
    status = models.CharField(
        max_length=16, choices=EscalationStatus.choices, default=EscalationStatus.PENDING
    )
    # Nullable like the spec's columns: "not resolved yet" differs from "resolved, no notes".
    resolved_by = models.CharField(max_length=200, blank=True, null=True)  # noqa: DJ001
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolution_notes = models.TextField(blank=True, null=True)  # noqa: DJ001
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    # Set at creation from the scope's policy deadline for the priority; an open escalation past
    # it is overdue. Stored rather than computed so queues can filter and count overdue in SQL.
    due_at = models.DateTimeField(null=True, blank=True)
    # When the handlers were told it went overdue, so the sweep tells them once.
    overdue_notified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(priority__in=Priority.values), name="escalation_priority_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=EscalationStatus.values),
                name="escalation_status_valid",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "escalated_to"]),
            models.Index(fields=["status", "due_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.escalated_to}: {self.title or self.reason[:60]} [{self.status}]"

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_ESCALATION_STATES

    @property
    def overdue(self) -> bool:
        return self.is_open and self.due_at is not None and self.due_at <= timezone.now()


class RateLimitWindow(models.Model):
    """A fixed-window counter; the increment is one atomic upsert, so it holds across processes."""

    key = models.CharField(max_length=300)
    window_start = models.DateTimeField()
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["key", "window_start"], name="ratelimit_unique_window")
        ]

    def __str__(self) -> str:
        return f"{self.key} @ {self.window_start:%H:%M:%S}: {self.count}"


# --- policies ---------------------------------------------------------------------------------


class Policy(models.Model):
    """How a scope and everything below it is governed.

    Every field left empty is inherited from the nearest ancestor's policy that sets it, and past
    the root from the app's own default (governance settings, or the default the reading app
    passes). So a company can set a rule once and a team can tighten it for its own subtree.
    """

    scope = models.OneToOneField(Scope, on_delete=models.CASCADE, related_name="policy")
    proposer_may_approve = models.BooleanField(
        null=True,
        blank=True,
        help_text="May whoever proposed something also approve it? Empty: inherit (never, "
        "unless an ancestor allows it).",
    )
    # Thresholds the other apps read through governance.selectors.policy_threshold().
    promotion_min_applications = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="Applications a resolution needs before its note is proposed one layer up.",
    )
    promotion_min_success_rate = models.FloatField(
        null=True,
        blank=True,
        help_text="Success rate (0–1) a resolution needs before its note is proposed.",
    )
    bloat_limit = models.PositiveIntegerField(
        null=True, blank=True, help_text="Hindsight notes per layer before a bloat alert."
    )
    knowledge_saves_per_session = models.PositiveIntegerField(
        null=True, blank=True, help_text="Knowledge saves one session may make."
    )
    learning_saves_per_session = models.PositiveIntegerField(
        null=True, blank=True, help_text="Learning saves one session may make."
    )
    # What agents may make others obey (poisoning controls); people are always trusted.
    trusted_agents = ArrayField(
        models.CharField(max_length=100),
        null=True,
        blank=True,
        help_text="Agents (credential names) whose new blocking anti-patterns block at once. "
        "Anyone else's warn until a person confirms them. Empty: inherit (nobody).",
    )
    trust_local_agent = models.BooleanField(
        null=True,
        blank=True,
        help_text="Is the anonymous local agent (a developer's own machine under `make run`) "
        "trusted like the agents above? Empty: inherit (yes).",
    )
    agent_max_confidence = models.FloatField(
        null=True,
        blank=True,
        validators=[MinValueValidator(0.1), MaxValueValidator(1.0)],
        help_text="The highest confidence (0.1–1) an agent may set or boost a learning to; "
        "people are not limited. Empty: inherit (0.7, so no agent alone makes a fix "
        "auto-applied to others).",
    )
    inject_drafts = models.BooleanField(
        null=True,
        blank=True,
        help_text="Are draft notes served to agents other than their author (session context, "
        "note search)? Empty: inherit (no).",
    )
    agents_may_reactivate = models.BooleanField(
        null=True,
        blank=True,
        help_text="May an agent's new report re-activate an anti-pattern a person switched "
        "off? Empty: inherit (no).",
    )
    # Deadlines per escalation priority, in hours; an open escalation past it is overdue.
    deadline_critical_hours = models.PositiveIntegerField(null=True, blank=True)
    deadline_high_hours = models.PositiveIntegerField(null=True, blank=True)
    deadline_medium_hours = models.PositiveIntegerField(null=True, blank=True)
    deadline_low_hours = models.PositiveIntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "policies"
        ordering = ["scope__path"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(promotion_min_success_rate__isnull=True)
                | models.Q(promotion_min_success_rate__gte=0, promotion_min_success_rate__lte=1),
                name="policy_success_rate_0_1",
            ),
        ]

    def __str__(self) -> str:
        return f"policy of {self.scope.path}"


class ApprovalRule(models.Model):
    """How many maintainer approvals a decision needs in this policy's subtree.

    Empty kind or layer means any. Proposals name their target scope, so `layer` is the layer a
    promotion goes into. The nearest scope with a matching rule decides; within one scope the most
    specific rule (kind and layer, then kind, then layer, then neither) wins.
    """

    policy = models.ForeignKey(Policy, on_delete=models.CASCADE, related_name="approval_rules")
    kind = models.CharField(max_length=32, choices=ProposalKind.choices, blank=True)
    layer = models.CharField(max_length=16, choices=Layer.choices, blank=True)
    approvals = models.PositiveSmallIntegerField(default=1)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["policy", "kind", "layer"], name="approvalrule_unique_match"
            ),
            models.CheckConstraint(
                condition=models.Q(approvals__gte=1), name="approvalrule_at_least_one"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind or 'any decision'} into {self.layer or 'any layer'}: {self.approvals}"


# --- queues and notifications -----------------------------------------------------------------


class QueueAssignment(models.Model):
    """A person assigned to an escalation queue (the spec's ARIA, VARYS, domain supervisors).

    Assignment routes notifications and fills the person's "my queues" view; deciding still needs
    the supervisor role in the escalation's scope. `queue` is compared case-insensitively with
    `Escalation.escalated_to`.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_assignments"
    )
    queue = models.CharField(max_length=100)
    scope = models.ForeignKey(Scope, on_delete=models.CASCADE, related_name="queue_assignments")
    # Only this domain's escalations (e.g. the docker supervisor on `domain_supervisor`); '' for
    # every domain, which is also the fallback for a domain nobody is assigned to.
    domain = models.CharField(max_length=100, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["queue", "scope__path", "domain"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "queue", "scope", "domain"], name="queueassignment_unique"
            ),
        ]

    def __str__(self) -> str:
        where = f" for {self.domain}" if self.domain else ""
        return f"{self.user} on {self.queue}{where} in {self.scope}"

    def clean(self):
        # One case for queue names and domains, so lookups and uniqueness agree (the service
        # does the same).
        self.queue = (self.queue or "").strip().lower()
        self.domain = (self.domain or "").strip().lower()


class NotificationKind(models.TextChoices):
    PROPOSAL = "proposal"  # a proposal entered a maintainer's queue
    ESCALATION = "escalation"  # an escalation entered a supervisor's queue
    OVERDUE = "overdue"  # an open escalation passed its deadline
    DECIDED = "decided"  # a proposal someone made was approved or rejected


class Notification(models.Model):
    """One line in a person's in-app inbox; e-mailed once after the change that made it commits."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=16, choices=NotificationKind.choices)
    title = models.CharField(max_length=300)
    body = models.TextField(blank=True)
    url = models.CharField(max_length=500, blank=True)
    subject_type = models.CharField(max_length=100)
    subject_id = models.CharField(max_length=64)
    scope = models.ForeignKey(
        Scope, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    read_at = models.DateTimeField(null=True, blank=True)
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind__in=NotificationKind.values),
                name="notification_kind_valid",
            ),
            # A person hears about one event once, however often the sweep or the caller retries.
            models.UniqueConstraint(
                fields=["user", "kind", "subject_type", "subject_id"],
                name="notification_once_per_event",
            ),
        ]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self) -> str:
        return f"to {self.user}: {self.title}"

    @property
    def is_read(self) -> bool:
        return self.read_at is not None
