"""Reads of the lessons app: relevant lessons, patterns, escalations, context and dashboard.

Every read is scoped to what the principal may read (`governance.selectors.readable`).
"""

from __future__ import annotations

from datetime import timedelta

import numpy as np
from django.db.models import (
    Case,
    Count,
    F,
    FloatField,
    IntegerField,
    Q,
    QuerySet,
    Value,
    When,
    Window,
)
from django.db.models.functions import Cast, Extract, RowNumber, TruncDate
from django.utils import timezone

from governance.auth import Principal
from governance.models import Escalation, EscalationStatus
from governance.selectors import readable
from lessons import conf, metrics
from lessons.models import (
    SEVERITY_RANK,
    AntiPattern,
    Lesson,
    LessonType,
    Pattern,
    PatternStatus,
    Severity,
)
from mnemosyne_site.errors import NotFound
from mnemosyne_site.vectors import nearest

SIMILARITY_WEIGHT = 0.7  # the spec's blend: similarity * 0.7 + recency * 0.3
RECENCY_WEIGHT = 0.3


def lessons_readable(principal: Principal) -> QuerySet[Lesson]:
    return readable(Lesson.objects.all(), principal)


def patterns_readable(principal: Principal) -> QuerySet[Pattern]:
    return readable(Pattern.objects.all(), principal)


def anti_patterns_readable(principal: Principal) -> QuerySet[AntiPattern]:
    return readable(AntiPattern.objects.all(), principal)


def lesson_get(principal: Principal, lesson_id) -> Lesson:
    lesson = lessons_readable(principal).select_related("scope").filter(pk=lesson_id).first()
    if lesson is None:
        raise NotFound("No such lesson.")
    return lesson


def pattern_get(principal: Principal, pattern_id) -> Pattern:
    pattern = patterns_readable(principal).select_related("scope").filter(pk=pattern_id).first()
    if pattern is None:
        raise NotFound("No such pattern.")
    return pattern


def recency_score(occurred: float, now: float) -> float:
    """1.0 now, halving every `RECENCY_HALF_LIFE_DAYS` since the lesson last occurred (both
    as Unix times)."""
    age_days = max(0.0, (now - occurred) / 86400)
    return 0.5 ** (age_days / conf.RECENCY_HALF_LIFE_DAYS)


def lesson_summary(lesson: Lesson, *, scope_path: str | None = None) -> dict:
    """The JSON shape a lesson takes in answers and in agent memory."""
    return {
        "id": str(lesson.id),
        "lesson_type": lesson.lesson_type,
        "domain": lesson.domain,
        "category": lesson.category,
        "title": lesson.title,
        "context": lesson.context,
        "action_taken": lesson.action_taken,
        "outcome": lesson.outcome,
        "root_cause": lesson.root_cause,
        "solution": lesson.solution,
        "alternatives": list(lesson.alternatives or []),
        "severity": lesson.severity,
        "tags": list(lesson.tags or []),
        "source_agent": lesson.source_agent,
        "related_files": list(lesson.related_files or []),
        "related_commands": list(lesson.related_commands or []),
        "confidence": float(lesson.confidence),
        "validated": lesson.validated,
        "occurrence_count": lesson.occurrence_count,
        "last_occurred": lesson.last_occurred.isoformat(),
        "created_at": lesson.created_at.isoformat(),
        "scope": scope_path if scope_path is not None else lesson.scope.path,
    }


def _summaries(lessons) -> list[dict]:
    return [lesson_summary(lesson) for lesson in lessons]


# --- relevant lessons -----------------------------------------------------------------------------


SUMMARY_FIELDS = (
    "id",
    "lesson_type",
    "domain",
    "category",
    "title",
    "context",
    "action_taken",
    "outcome",
    "root_cause",
    "solution",
    "alternatives",
    "severity",
    "tags",
    "source_agent",
    "related_files",
    "related_commands",
    "confidence",
    "validated",
    "occurrence_count",
    "last_occurred",
    "created_at",
)


def lesson_summaries_by_id(ids: list) -> dict:
    """Summaries of these lessons from plain values (no model instances: the hot path)."""
    rows = Lesson.objects.filter(pk__in=ids).order_by().values(*SUMMARY_FIELDS, "scope__path")
    answer = {}
    for row in rows:
        row["id"] = str(row["id"])
        row["confidence"] = float(row["confidence"])
        row["last_occurred"] = row["last_occurred"].isoformat()
        row["created_at"] = row["created_at"].isoformat()
        row["scope"] = row.pop("scope__path")
        for name in ("alternatives", "tags", "related_files", "related_commands"):
            row[name] = list(row[name] or [])
        answer[row["id"]] = row
    return answer


def relevant_lessons(
    *,
    principal: Principal,
    vector: np.ndarray,
    domain: str | None,
    include_cross_domain: bool,
    max_results: int,
) -> list[dict]:
    """Lessons nearest the query, ranked by similarity * 0.7 + recency * 0.3 (the spec).

    With a domain and `include_cross_domain` false only that domain is searched; with it true
    (the spec's default) every domain is, and the domain only breaks ties. Candidates are ranked
    as (id, distance, last occurred, domain) tuples; only the answer is fetched in full.
    """
    filter_domain = domain if (domain and not include_cross_domain) else None
    # Candidates carry when they last occurred as Unix time: a float is read far more cheaply
    # than a timestamp, and there are dozens of candidates per query.
    queryset = lessons_readable(principal).annotate(
        occurred=Cast(Extract("last_occurred", "epoch"), FloatField())
    )
    if filter_domain:
        queryset = queryset.filter(domain=filter_domain)
    fetch = max(max_results * conf.RELEVANT_OVERFETCH, 20)
    candidates, plan = nearest(
        queryset,
        vector,
        limit=fetch,
        fields=("occurred", "domain"),
        # The filter is the principal's readable scopes and the domain: naming it so is cheaper
        # than compiling its SQL to look up its row count.
        count_key=("relevant", principal.read_paths, filter_domain),
    )
    metrics.RELEVANT_QUERIES.labels(plan=plan).inc()
    now = timezone.now().timestamp()
    scored = []
    for pk, distance, occurred, lesson_domain in candidates:
        similarity = max(0.0, 1.0 - float(distance))
        recency = recency_score(occurred, now)
        relevance = similarity * SIMILARITY_WEIGHT + recency * RECENCY_WEIGHT
        scored.append(
            (relevance, bool(domain) and lesson_domain == domain, pk, similarity, recency)
        )
    scored.sort(key=lambda x: (x[0], x[1]), reverse=True)
    chosen = scored[:max_results]
    summaries = lesson_summaries_by_id([pk for _, _, pk, _, _ in chosen])
    results = []
    for relevance, _, pk, similarity, recency in chosen:
        item = summaries.get(str(pk))
        if item is None:
            continue  # deleted between the two reads
        item["similarity"] = round(similarity, 4)
        item["recency_score"] = round(recency, 4)
        item["relevance"] = round(relevance, 4)
        results.append(item)
    return results


# --- patterns and escalations ---------------------------------------------------------------------


def emerging_patterns(*, principal: Principal, domain: str | None = None) -> QuerySet[Pattern]:
    queryset = patterns_readable(principal).filter(status=PatternStatus.EMERGING)
    if domain:
        queryset = queryset.filter(domain=domain)
    return queryset.select_related("scope").order_by("-confidence", "-last_seen")


def pending_escalations(*, principal: Principal, escalated_to: str | None = None) -> list[dict]:
    """Pending escalations the principal may read, each with its lesson's or pattern's title."""
    queryset = readable(
        Escalation.objects.filter(status=EscalationStatus.PENDING), principal
    ).select_related("scope")
    if escalated_to:
        queryset = queryset.filter(escalated_to__iexact=escalated_to.strip())
    escalations = list(queryset.order_by("-created_at")[:500])
    lesson_ids = {e.lesson_id for e in escalations if e.lesson_id}
    pattern_ids = {e.pattern_id for e in escalations if e.pattern_id}
    lessons = {
        pk: (title, lesson_type, severity, domain)
        for pk, title, lesson_type, severity, domain in Lesson.objects.filter(
            pk__in=lesson_ids
        ).values_list("id", "title", "lesson_type", "severity", "domain")
    }
    patterns = dict(Pattern.objects.filter(pk__in=pattern_ids).values_list("id", "pattern_name"))
    rank = {p: i for i, p in enumerate(Severity.values)}
    escalations.sort(key=lambda e: (rank.get(e.priority, 9), -e.created_at.timestamp()))
    answer = []
    for e in escalations:
        lesson = lessons.get(e.lesson_id) if e.lesson_id else None
        pattern_name = patterns.get(e.pattern_id) if e.pattern_id else None
        answer.append(
            {
                "id": str(e.id),
                "lesson_id": str(e.lesson_id) if e.lesson_id else None,
                "pattern_id": str(e.pattern_id) if e.pattern_id else None,
                "escalated_to": e.escalated_to,
                "reason": e.reason,
                "priority": e.priority,
                "status": e.status,
                "title": e.title or (lesson[0] if lesson else pattern_name or ""),
                "lesson_type": lesson[1] if lesson else None,
                "severity": lesson[2] if lesson else None,
                "domain": lesson[3] if lesson else (e.domain or None),
                "pattern_name": pattern_name,
                "scope": e.scope.path if e.scope else None,
                "created_at": e.created_at.isoformat(),
            }
        )
    return answer


# --- anti-patterns as lists -----------------------------------------------------------------------


def anti_pattern_summary(anti_pattern: AntiPattern, *, scope_path: str | None = None) -> dict:
    return {
        "id": str(anti_pattern.id),
        "title": anti_pattern.title,
        "why_bad": anti_pattern.why_bad,
        "example": anti_pattern.example,
        "trigger_pattern": anti_pattern.trigger_pattern,
        "alternatives": list(anti_pattern.alternatives or []),
        "severity": anti_pattern.severity,
        "block_action": anti_pattern.block_action,
        "domain": anti_pattern.domain,
        "category": anti_pattern.category,
        "times_triggered": anti_pattern.times_triggered,
        "last_triggered": anti_pattern.last_triggered.isoformat()
        if anti_pattern.last_triggered
        else None,
        "scope": scope_path if scope_path is not None else anti_pattern.scope.path,
    }


# --- Claude Code context --------------------------------------------------------------------------


def claude_code_context(*, principal: Principal) -> dict:
    now = timezone.now()
    limit = conf.CONTEXT_LIST_MAX
    lessons = lessons_readable(principal).select_related("scope").defer("embedding")
    critical = (
        anti_patterns_readable(principal)
        # What is enforced: one still waiting for a person's confirmation only warns.
        .filter(active=True, awaiting_confirmation=False)
        .filter(Q(severity=Severity.CRITICAL) | Q(block_action=True))
        .select_related("scope")
        .defer("embedding")
        .order_by("-times_triggered", "-created_at")[:limit]
    )
    failures = lessons.filter(
        lesson_type=LessonType.FAILURE,
        last_occurred__gte=now - timedelta(hours=conf.CONTEXT_FAILURE_HOURS),
    ).order_by("-last_occurred")[:limit]
    workarounds = lessons.filter(
        lesson_type=LessonType.WORKAROUND, confidence__gte=conf.WORKAROUND_MIN_CONFIDENCE
    ).order_by("-last_occurred")[:limit]

    # The spec's domains, then those with the most lessons, each with its most severe and most
    # recent lessons, in one query (a window function rather than a query per domain).
    busiest = list(
        lessons.exclude(domain__in=conf.CONTEXT_SPEC_DOMAINS)
        .values("domain")
        .annotate(n=Count("id"))
        .order_by("-n", "domain")
        .values_list("domain", flat=True)[: conf.CONTEXT_MAX_DOMAINS]
    )
    top_domains = [*conf.CONTEXT_SPEC_DOMAINS, *busiest]
    per_domain = (
        lessons.filter(domain__in=top_domains)
        .annotate(
            severity_rank=severity_rank_expression(),
            position=Window(
                RowNumber(),
                partition_by=[F("domain")],
                order_by=[F("severity_rank").asc(), F("last_occurred").desc()],
            ),
        )
        .filter(position__lte=conf.CONTEXT_PER_DOMAIN)
        .order_by("domain", "position")
    )
    domain_lessons: dict[str, list[dict]] = {domain: [] for domain in top_domains}
    for lesson in per_domain:
        domain_lessons[lesson.domain].append(lesson_summary(lesson))

    last_session = (
        lessons.exclude(session_id="").order_by("-created_at").values_list("session_id", flat=True)
    ).first()
    session_lessons = (
        list(lessons.filter(session_id=last_session).order_by("created_at")[:limit])
        if last_session
        else []
    )
    return {
        "critical_anti_patterns": [anti_pattern_summary(a) for a in critical],
        "recent_failures": _summaries(failures),
        "active_workarounds": _summaries(workarounds),
        "domain_lessons": domain_lessons,
        "last_session_lessons": _summaries(session_lessons),
        "last_session_id": last_session,
        "generated_at": now.isoformat(),
    }


def severity_rank_expression():
    return Case(
        *[When(severity=s, then=Value(r)) for s, r in SEVERITY_RANK.items()],
        default=Value(9),
        output_field=IntegerField(),
    )


# --- dashboard ------------------------------------------------------------------------------------


def dashboard_figures(*, principal: Principal) -> dict:
    """The spec's `mnemosyne_dashboard` view, over what the principal may read, in one query
    for the lessons and one each for patterns and escalations."""
    now = timezone.now()
    lessons = lessons_readable(principal).aggregate(
        total_lessons=Count("id"),
        failures=Count("id", filter=Q(lesson_type=LessonType.FAILURE)),
        successes=Count("id", filter=Q(lesson_type=LessonType.SUCCESS)),
        anti_patterns=Count("id", filter=Q(lesson_type=LessonType.ANTI_PATTERN)),
        lessons_today=Count("id", filter=Q(created_at__gt=now - timedelta(hours=24))),
        lessons_this_week=Count("id", filter=Q(created_at__gt=now - timedelta(days=7))),
    )
    confirmed = patterns_readable(principal).filter(status=PatternStatus.CONFIRMED).count()
    escalations = readable(Escalation.objects.filter(status=EscalationStatus.PENDING), principal)
    return {
        "total_lessons": lessons["total_lessons"],
        "failures": lessons["failures"],
        "successes": lessons["successes"],
        "anti_patterns": lessons["anti_patterns"],
        "confirmed_patterns": confirmed,
        "pending_escalations": escalations.count(),
        "lessons_today": lessons["lessons_today"],
        "lessons_this_week": lessons["lessons_this_week"],
    }


def lessons_per_day(*, principal: Principal, days: int = 30) -> list[dict]:
    since = timezone.now() - timedelta(days=days)
    rows = (
        lessons_readable(principal)
        .filter(created_at__gte=since)
        .annotate(date=TruncDate("created_at"))
        .values("date", "lesson_type")
        .annotate(count=Count("id"))
        .order_by("date", "lesson_type")
    )
    return [
        {"date": r["date"].isoformat(), "lesson_type": r["lesson_type"], "count": r["count"]}
        for r in rows
    ]


def top_anti_patterns(*, principal: Principal, limit: int = 10) -> list[dict]:
    rows = (
        anti_patterns_readable(principal)
        .order_by("-times_triggered", "-created_at")
        .values("id", "title", "times_triggered", "severity")[:limit]
    )
    return [{**r, "id": str(r["id"])} for r in rows]


def dashboard_section(principal: Principal) -> dict:
    """The governance dashboard's "lessons" section (registered in `LessonsConfig.ready`)."""
    return {
        "figures": dashboard_figures(principal=principal),
        "lessons_per_day": lessons_per_day(principal=principal),
        "top_anti_patterns": top_anti_patterns(principal=principal),
    }
