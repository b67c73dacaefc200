"""Reads of learnings: SearchLearnings and GetFixForError (seeds 001 and 003)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from governance.auth import Principal
from governance.selectors import readable
from hindsight import conf
from hindsight.models import Learning
from hindsight.pipeline import extract_error_pattern


def learnings_visible(principal: Principal) -> QuerySet[Learning]:
    return readable(Learning.objects.all(), principal).select_related("scope")


def learnings_search(
    *, principal: Principal, query: str, limit: int = 10, category: str | None = None
) -> list[Learning]:
    """Learnings the principal may read whose error pattern or trigger contains `query`, most
    confident first."""
    learnings = learnings_visible(principal).filter(
        Q(error_pattern__icontains=query) | Q(trigger__icontains=query)
    )
    if category:
        learnings = learnings.filter(category=category)
    return list(learnings.select_related("scope").order_by("-confidence", "-updated_at")[:limit])


@dataclass(frozen=True)
class Fix:
    fix: str
    learning: Learning


def learning_fix_for_error(*, principal: Principal, error: str) -> Fix | None:
    """GetFixForError: the fix of the most confident matching learning, only when its confidence
    is above the auto-apply threshold (0.7) and it has a fix at all."""
    pattern = extract_error_pattern(error)
    if not pattern:
        return None
    for learning in learnings_search(
        principal=principal,
        query=pattern,
        limit=conf.LEARNING_SEARCH_LIMIT,
    ):
        if learning.confidence > conf.LEARNING_AUTO_APPLY_CONFIDENCE and learning.fix.strip():
            return Fix(fix=learning.fix, learning=learning)
    return None
