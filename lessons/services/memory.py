"""Agent memory (a per-agent cache) and cross-agent propagation, both run by the worker.

An agent's memory holds the lessons that concern it — its own, its domain's, and those other
agents' lessons that propagation brought to it — with the critical ones kept whatever their age,
and its domain's active anti-patterns. Propagation sends a new lesson to every other agent whose
domain it concerns: the lesson's domain or category is the agent's domain, the agent's domain is
among its tags, or the lesson is `PROPAGATION_SIMILARITY` close to the agent's own work (the mean
of its lessons' vectors). An agent with a credential only ever receives what it may read.

A memory is stale when what it is built from changed after its last rebuild began:
`updated_at` (moved by every change of its inputs) is later than `last_sync` (when the last
rebuild began; a rebuild leaves `updated_at` alone). The worker rebuilds after a report at most
once per `AGENT_MEMORY_REBUILD_SECONDS`; a read of a stale memory rebuilds it, and so does the
periodic refresh, so no reader sees a lesson missing while a busy agent's reports cost one
rebuild per interval rather than one each.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta
from typing import Any

import numpy as np
from django.db import connection
from django.db.models import Avg, Q
from django.utils import timezone
from pgvector.django import VectorField

from governance.auth import Principal
from governance.models import AgentCredential
from governance.selectors import readable
from lessons import conf
from lessons.models import SEVERITY_RANK, AgentMemory, AntiPattern, Lesson, Severity
from lessons.selectors import anti_pattern_summary, lesson_summary, severity_rank_expression
from mnemosyne_site.errors import NotFound

CRITICAL_SEVERITIES = (Severity.CRITICAL, Severity.HIGH)
PROFILE_LESSONS = 200


def _credential(agent_name: str) -> AgentCredential | None:
    return (
        AgentCredential.objects.filter(name=agent_name, is_active=True)
        .prefetch_related("read_scopes", "write_scopes")
        .order_by("-created_at")
        .first()
    )


def _agent_principal(agent_name: str) -> Principal | None:
    credential = _credential(agent_name)
    return Principal.for_agent(credential) if credential else None


def agent_is_known(agent_name: str) -> bool:
    """An agent holds an active credential or has reported a lesson."""
    return (
        AgentCredential.objects.filter(name=agent_name, is_active=True).exists()
        or Lesson.objects.filter(source_agent=agent_name).exists()
    )


def agent_domain(agent_name: str) -> str:
    """The agent's credential's domain, else what it has been, else what it reports about."""
    credential = AgentCredential.objects.filter(name=agent_name, is_active=True).first()
    if credential is not None and credential.domain:
        return credential.domain
    memory = AgentMemory.objects.filter(agent_name=agent_name).values_list("domain", flat=True)
    if memory:
        return memory[0]
    domains = Counter(
        Lesson.objects.filter(source_agent=agent_name)
        .order_by("-created_at")
        .values_list("domain", flat=True)[:PROFILE_LESSONS]
    )
    return domains.most_common(1)[0][0] if domains else "general"


def _visible(queryset, principal: Principal | None):
    return queryset if principal is None else readable(queryset, principal)


def agent_memory_is_stale(memory: AgentMemory) -> bool:
    return memory.updated_at > memory.last_sync


def agent_memory_refresh(*, agent_name: str) -> AgentMemory:
    """Rebuild one agent's cache; idempotent."""
    principal = _agent_principal(agent_name)
    domain = agent_domain(agent_name)
    memory, _ = AgentMemory.objects.get_or_create(
        agent_name=agent_name, defaults={"domain": domain}
    )
    started = timezone.now()  # what changes from now on is not read below: it stays stale
    concern = (
        Q(source_agent=agent_name)
        | Q(domain__iexact=domain)
        | Q(pk__in=list(memory.propagated_lesson_ids))
    )
    lessons = _visible(Lesson.objects.filter(concern), principal).select_related("scope")
    lessons = lessons.defer("embedding")
    recent = list(lessons.order_by("-last_occurred")[: conf.AGENT_MEMORY_LESSONS])
    critical = list(
        lessons.filter(
            domain__iexact=domain,
            severity__in=CRITICAL_SEVERITIES,
            confidence__gt=conf.AGENT_CRITICAL_MIN_CONFIDENCE,
        ).order_by(severity_rank_expression(), "-created_at")[: conf.AGENT_CRITICAL_MAX]
    )
    kept = {lesson.pk: lesson for lesson in [*recent, *critical]}
    ordered = sorted(kept.values(), key=lambda lesson: lesson.last_occurred, reverse=True)
    anti_patterns = (
        _visible(AntiPattern.objects.filter(active=True, domain__iexact=domain), principal)
        .select_related("scope")
        .defer("embedding")
    )
    anti_patterns = sorted(
        anti_patterns[:200],
        key=lambda a: (["critical", "high", "medium", "low"].index(a.severity), -a.times_triggered),
    )

    # The mean is taken by the database: one vector comes back instead of 200 to parse.
    mean = (
        Lesson.objects.filter(source_agent=agent_name, embedding__isnull=False)
        .order_by("-created_at")[:PROFILE_LESSONS]
        .aggregate(mean=Avg("embedding", output_field=VectorField()))["mean"]
    )
    profile = None
    if mean is not None:
        mean = np.asarray(mean, dtype=np.float32)
        profile = mean / max(float(np.linalg.norm(mean)), 1e-12)

    # An update, not save(): `updated_at` keeps marking changes made since `started`.
    AgentMemory.objects.filter(pk=memory.pk).update(
        domain=domain,
        relevant_lessons=[lesson_summary(lesson) for lesson in ordered],
        anti_patterns=[anti_pattern_summary(a) for a in anti_patterns],
        lessons_count=_concerned_count(agent_name, domain, memory.propagated_lesson_ids, principal),
        profile_vector=profile,
        last_sync=started,
    )
    memory.refresh_from_db()
    return memory


def _concerned_count(
    agent_name: str, domain: str, propagated: list, principal: Principal | None
) -> int:
    """How many lessons the agent may read concern it: its own, its domain's, those propagated
    to it. Counted as three disjoint parts, each an index-only scan (`lesson_agent_idx`,
    `lesson_domain_upper_idx`, the primary key): one count of their OR read every matching
    row from the heap, which for a busy reporter was a scan of the whole table (37,000 buffers,
    300 ms at 140,000 lessons) at every rebuild."""
    visible = _visible(Lesson.objects.all(), principal)
    own = visible.filter(source_agent=agent_name)
    of_domain = visible.filter(domain__iexact=domain).exclude(source_agent=agent_name)
    parts = [own.count(), of_domain.count()]
    if propagated:
        others = visible.filter(pk__in=list(propagated)).exclude(source_agent=agent_name)
        parts.append(others.exclude(domain__iexact=domain).count())
    return sum(parts)


def agent_memories_ensure() -> None:
    """Agents with a credential can receive lessons before they ever report one."""
    known = AgentMemory.objects.values("agent_name")
    missing = (
        AgentCredential.objects.filter(is_active=True)
        .exclude(name__in=known)
        .values_list("name", "domain")
        .distinct()
    )
    AgentMemory.objects.bulk_create(
        [AgentMemory(agent_name=name, domain=domain or "general") for name, domain in missing],
        ignore_conflicts=True,
    )


def propagation_targets(lessons: list[Lesson]) -> dict[Any, dict[str, datetime | None]]:
    """Per lesson, the other agents whose domain it concerns (the lesson's domain or category,
    one of its tags, or its vector `PROPAGATION_SIMILARITY` close to the agent's profile), with
    when each memory was last rebuilt; one query for all the lessons."""
    targets: dict[Any, dict[str, datetime | None]] = {lesson.pk: {} for lesson in lessons}
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT lesson.id, memory.agent_name, memory.last_sync"
            " FROM lessons_lesson AS lesson JOIN lessons_agentmemory AS memory"
            " ON memory.agent_name <> lesson.source_agent AND ("
            "  lower(memory.domain) IN (lower(lesson.domain), lower(lesson.category))"
            "  OR lower(memory.domain) IN (SELECT lower(tag) FROM unnest(lesson.tags) AS tag)"
            "  OR (memory.profile_vector <=> lesson.embedding) <= %s)"
            " WHERE lesson.id = ANY(%s::uuid[])"
            " ORDER BY memory.agent_name",
            [1.0 - conf.PROPAGATION_SIMILARITY, [lesson.pk for lesson in lessons]],
        )
        for lesson_id, agent_name, last_sync in cursor.fetchall():
            targets[lesson_id][agent_name] = last_sync
    return targets


def lesson_propagate(*, lesson_id=None, lesson: Lesson | None = None) -> list[str]:
    """Put a lesson (given by id, or loaded with its scope) into the memory of the agents it
    concerns; returns their names (see `lessons_propagate`)."""
    if lesson is None:
        lesson = Lesson.objects.select_related("scope").filter(pk=lesson_id).first()
    if lesson is None:
        return []
    return lessons_propagate([lesson])[lesson.pk]


def lessons_propagate(lessons: list[Lesson]) -> dict[Any, list[str]]:
    """Put each lesson (loaded with its scope) into the memory of the agents it concerns, mark
    their memories and the reporters' stale, and rebuild those not rebuilt within
    `AGENT_MEMORY_REBUILD_SECONDS`; returns the agents reached per lesson id. Idempotent: a
    lesson already in an agent's memory is not added twice.

    However many lessons, the targets are one query, the memories' update one statement; the
    reporters' rows, the agents' credentials and the rebuild check are read once for all."""
    sources = list(dict.fromkeys(lesson.source_agent for lesson in lessons))
    synced: dict[str, datetime | None] = dict(
        AgentMemory.objects.filter(agent_name__in=sources).values_list("agent_name", "last_sync")
    )
    for source in sources:
        if source not in synced:
            AgentMemory.objects.get_or_create(
                agent_name=source, defaults={"domain": agent_domain(source)}
            )
            synced[source] = None
    agent_memories_ensure()
    targets = propagation_targets(lessons)
    names = list(dict.fromkeys(name for found in targets.values() for name in found))
    principals: dict[str, Principal | None] = dict.fromkeys(names)
    principals.update(_agent_principals(names) if names else {})
    reached_by: dict[Any, list[str]] = {}
    for lesson in lessons:
        reached = [
            name
            for name in targets[lesson.pk]
            if (principal := principals[name]) is None or principal.can_read_path(lesson.scope.path)
        ]
        for name in reached:
            synced.setdefault(name, targets[lesson.pk][name])
        reached_by[lesson.pk] = reached
    _memories_add(lessons, reached_by)
    recent = timezone.now() - timedelta(seconds=conf.AGENT_MEMORY_REBUILD_SECONDS)
    for name, last_sync in synced.items():
        if last_sync is None or last_sync <= recent:
            agent_memory_refresh(agent_name=name)
    return reached_by


def _agent_principals(agent_names: list[str]) -> dict[str, Principal]:
    """The principals of those agents that hold an active credential (the newest), in three
    queries for all of them."""
    credentials = (
        AgentCredential.objects.filter(name__in=agent_names, is_active=True)
        .select_related("default_scope")
        .prefetch_related("read_scopes", "write_scopes")
        .order_by("name", "-created_at")
    )
    principals: dict[str, Principal] = {}
    for credential in credentials:
        if credential.name not in principals:
            principals[credential.name] = Principal.for_agent(credential)
    return principals


def _memories_add(lessons: list[Lesson], reached_by: dict[Any, list[str]]) -> None:
    """One statement: the reporters' memories and those reached are marked changed, and those
    reached get their lessons appended (in order) where missing, each list kept to its newest
    `AGENT_MEMORY_PROPAGATED_MAX` (the row locks the update takes keep two workers from losing
    each other's lessons)."""
    touched = list(
        dict.fromkeys(
            [lesson.source_agent for lesson in lessons]
            + [name for reached in reached_by.values() for name in reached]
        )
    )
    pairs = [(name, lesson.pk) for lesson in lessons for name in reached_by[lesson.pk]]
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE lessons_agentmemory AS memory"
            " SET updated_at = %s, propagated_lesson_ids = CASE WHEN added.ids IS NULL"
            "  THEN memory.propagated_lesson_ids"
            "  ELSE (SELECT kept[greatest(cardinality(kept) + 1 - %s, 1):] FROM ("
            "   SELECT memory.propagated_lesson_ids || ARRAY("
            "    SELECT id FROM unnest(added.ids) WITH ORDINALITY AS fresh(id, n)"
            "    WHERE NOT id = ANY(memory.propagated_lesson_ids) ORDER BY n) AS kept"
            "  ) AS appended) END"
            " FROM unnest(%s::text[]) AS touched(name) LEFT JOIN ("
            "  SELECT agent, array_agg(lesson ORDER BY n) AS ids"
            "  FROM unnest(%s::text[], %s::uuid[]) WITH ORDINALITY AS pair(agent, lesson, n)"
            "  GROUP BY agent) AS added ON added.agent = touched.name"
            " WHERE memory.agent_name = touched.name",
            [
                timezone.now(),
                conf.AGENT_MEMORY_PROPAGATED_MAX,
                touched,
                [name for name, _ in pairs],
                [pk for _, pk in pairs],
            ],
        )


def agent_critical(summaries: list[dict], domain: str) -> list[dict]:
    """The spec's `mnemosyne_agent_critical` over an agent's cached lessons (the refresh keeps
    every lesson it selects): the domain's critical and high lessons above the confidence bar,
    critical first, then newest."""
    chosen = [
        x
        for x in summaries
        if x["domain"].lower() == domain.lower()
        and x["severity"] in CRITICAL_SEVERITIES
        and x["confidence"] > conf.AGENT_CRITICAL_MIN_CONFIDENCE
    ]
    chosen.sort(key=lambda x: x["created_at"], reverse=True)
    chosen.sort(key=lambda x: SEVERITY_RANK[x["severity"]])
    return chosen[: conf.AGENT_CRITICAL_MAX]


def agent_memory_answer(*, principal: Principal, agent_name: str) -> dict:
    """`GET /agent/{name}/memory`: the agent's memory as the principal may see it (entries of
    scopes it cannot read are left out), built now when missing or stale."""
    memory = AgentMemory.objects.filter(agent_name=agent_name).first()
    if memory is None:
        # A name nobody holds a credential for and nobody has reported as gets no memory built
        # for it: it would only hold other agents' lessons and leave a row per probed name.
        if not agent_is_known(agent_name):
            raise NotFound(f"No agent named {agent_name!r}.")
    if memory is None or agent_memory_is_stale(memory):
        memory = agent_memory_refresh(agent_name=agent_name)
    lessons = [x for x in memory.relevant_lessons if principal.can_read_path(x["scope"])]
    anti_patterns = [x for x in memory.anti_patterns if principal.can_read_path(x["scope"])]
    hidden = len(lessons) != len(memory.relevant_lessons)
    return {
        "agent": memory.agent_name,
        "domain": memory.domain,
        "lessons_count": len(lessons) if hidden else memory.lessons_count,
        "critical_lessons": agent_critical(lessons, memory.domain),
        "recent_lessons": lessons[:20],
        "anti_patterns": anti_patterns,
        "last_updated": memory.last_sync.isoformat(),
    }
