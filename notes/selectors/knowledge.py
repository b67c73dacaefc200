"""Reads of key-value knowledge, skills and external references.

Everything addressed by a name (a key, a skill name, a reference name) resolves through the
scope's layers: the entry in the scope itself wins, then its parent's, up to the company's, so a
project can override a company-wide rule by saving the same key.

Keyword relevance, for the spec's "ordered by relevance score descending":

    relevance = match strength × the entry's stored relevance_score (a weight, default 1.0)

with match strength 1.0 for the exact key, 0.8 for a key starting with the query, 0.6 for a key
containing it, 0.4 for a title containing it and 0.3 for content only. Ties go to the nearer
layer, then the more used entry.
"""

from __future__ import annotations

import numpy as np
from django.db.models import Case, F, FloatField, IntegerField, Q, QuerySet, Value, When

from governance.auth import Principal
from governance.models import LAYER_PRECEDENCE, Scope
from governance.selectors import readable, readable_scope_ids, scope_ancestors
from notes.models import (
    KEY_VALUE_KINDS,
    RETRIEVABLE_STATUSES,
    ExternalRef,
    KnowledgeItem,
    Skill,
    SkillStatus,
)
from notes.selectors.notes import knowledge_nearest


def _precedence_case(field: str = "scope__layer") -> Case:
    return Case(
        *[When(**{field: layer}, then=Value(rank)) for layer, rank in LAYER_PRECEDENCE.items()],
        default=Value(9),
        output_field=IntegerField(),
    )


def _in_scope(qs: QuerySet, principal: Principal, scope: Scope | None) -> QuerySet:
    if scope is not None:
        return qs.filter(scope__path__in=scope.ancestor_paths)
    return readable(qs, principal)


def knowledge_semantic_search(
    *,
    principal: Principal,
    scope: Scope | None,
    embedding: np.ndarray,
    category: str | None,
    limit: int,
    threshold: float,
) -> list[KnowledgeItem]:
    """Key-value entries above `threshold` cosine similarity, nearest first; each carries its
    `relevance` (the similarity). A scope searches its layers; none, everything readable."""
    hits, _ = knowledge_nearest(
        embedding=embedding,
        kinds=[category] if category else list(KEY_VALUE_KINDS),
        statuses=RETRIEVABLE_STATUSES,
        scope_ids=scope_ancestors(scope).values("id") if scope else readable_scope_ids(principal),
        limit=limit,
        threshold=threshold,
    )
    # Each row carries its similarity as `relevance`, as the keyword search's rows do.
    relevance = Case(
        *(When(pk=hit.id, then=Value(round(hit.similarity, 6))) for hit in hits),
        default=Value(0.0),
        output_field=FloatField(),
    )
    items = (
        KnowledgeItem.objects.select_related("scope")
        .annotate(relevance=relevance)
        .in_bulk([hit.id for hit in hits])
    )
    return [items[hit.id] for hit in hits]


def knowledge_visible(principal: Principal, scope: Scope | None = None) -> QuerySet[KnowledgeItem]:
    qs = KnowledgeItem.objects.filter(kind__in=KEY_VALUE_KINDS).select_related("scope")
    return _in_scope(qs, principal, scope)


def knowledge_by_key(*, principal: Principal, scope: Scope, key: str) -> KnowledgeItem | None:
    """The entry for `key` in the nearest layer of `scope` that has one."""
    return (
        knowledge_visible(principal, scope)
        .filter(key=key)
        .annotate(precedence=_precedence_case())
        .order_by("precedence")
        .first()
    )


def knowledge_keyword_search(
    *,
    principal: Principal,
    scope: Scope | None,
    query: str,
    category: str | None = None,
    limit: int = 10,
) -> list[KnowledgeItem]:
    qs = knowledge_visible(principal, scope).filter(status__in=RETRIEVABLE_STATUSES)
    if category:
        qs = qs.filter(kind=category)
    qs = qs.filter(
        Q(key__icontains=query) | Q(title__icontains=query) | Q(content__icontains=query)
    )
    match = Case(
        When(key__iexact=query, then=Value(1.0)),
        When(key__istartswith=query, then=Value(0.8)),
        When(key__icontains=query, then=Value(0.6)),
        When(title__icontains=query, then=Value(0.4)),
        default=Value(0.3),
        output_field=FloatField(),
    )
    return list(
        qs.annotate(relevance=match * F("relevance_score"), precedence=_precedence_case()).order_by(
            "-relevance", "precedence", "-use_count", "key"
        )[:limit]
    )


# --- skills ---------------------------------------------------------------------------------------


def skills_visible(principal: Principal, scope: Scope | None = None) -> QuerySet[Skill]:
    return _in_scope(Skill.objects.select_related("scope"), principal, scope)


def skill_by_name(*, principal: Principal, scope: Scope, name: str) -> Skill | None:
    return (
        skills_visible(principal, scope)
        .filter(name=name)
        .annotate(precedence=_precedence_case())
        .order_by("precedence")
        .first()
    )


def skills_active(*, principal: Principal, scope: Scope | None) -> list[Skill]:
    """Active skills of the scope's layers; a nearer layer's skill hides a farther namesake."""
    rows = (
        skills_visible(principal, scope)
        .filter(status=SkillStatus.ACTIVE)
        .annotate(precedence=_precedence_case())
        .order_by("name", "precedence")
    )
    seen: set[str] = set()
    result: list[Skill] = []
    for skill in rows:
        if skill.name not in seen:
            seen.add(skill.name)
            result.append(skill)
    return result


# --- external references --------------------------------------------------------------------------


def external_refs_visible(
    principal: Principal, scope: Scope | None = None
) -> QuerySet[ExternalRef]:
    return _in_scope(ExternalRef.objects.select_related("scope"), principal, scope)


def external_ref_by_name(*, principal: Principal, scope: Scope, name: str) -> ExternalRef | None:
    return (
        external_refs_visible(principal, scope)
        .filter(name=name)
        .annotate(precedence=_precedence_case())
        .order_by("precedence")
        .first()
    )


def external_refs_search(
    *,
    principal: Principal,
    scope: Scope | None,
    query: str,
    ref_type: str | None = None,
    limit: int = 50,
) -> list[ExternalRef]:
    qs = external_refs_visible(principal, scope).filter(
        Q(name__icontains=query) | Q(summary__icontains=query)
    )
    if ref_type:
        qs = qs.filter(ref_type=ref_type)
    match = Case(
        When(name__iexact=query, then=Value(1.0)),
        When(name__icontains=query, then=Value(0.6)),
        default=Value(0.3),
        output_field=FloatField(),
    )
    return list(
        qs.annotate(relevance=match, precedence=_precedence_case()).order_by(
            "-relevance", "precedence", "name"
        )[:limit]
    )
