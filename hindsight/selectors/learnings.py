"""Reads of learnings: SearchLearnings and GetFixForError (seeds 001 and 003)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import BooleanField, ExpressionWrapper, F, Q, QuerySet, Value
from django.db.models.functions import Length
from django.db.models.lookups import IContains

from governance.auth import Principal
from governance.selectors import readable
from hindsight import conf
from hindsight.extract import extract_error
from hindsight.models import Learning

# A stored pattern found inside the error's must say this much: a learning stored as `error`
# would otherwise answer every error.
_INSIDE_MIN_CHARS = 12


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


def above_auto_apply(learning: Learning) -> bool:
    """The spec's "confidence > 0.7", on the stored two decimals: 0.70 is not above 0.7."""
    return learning.confidence > Decimal(str(conf.LEARNING_AUTO_APPLY_CONFIDENCE))


def learnings_for_error(*, principal: Principal, error: str, limit: int) -> list[Learning]:
    """Learnings whose error pattern matches the error's extracted pattern both ways, most
    confident first: the stored pattern contains the error's (or its raw key line), or the
    error's contains the stored one. So `npm ERR! ERESOLVE unable to resolve dependency tree`
    finds the learning stored as `ERESOLVE unable to resolve dependency tree`, and the reverse."""
    key = extract_error("", error)
    pattern = key.pattern
    if not pattern:
        return []
    texts = [t for t in dict.fromkeys((pattern, " ".join(key.key.split()))) if t]
    contains = Q()
    inside = Q()
    for index, text in enumerate(texts):
        contains |= Q(error_pattern__icontains=text)
        inside |= Q(**{f"_inside{index}": True})
    learnings = learnings_visible(principal).annotate(
        _stored_chars=Length("error_pattern"),
        **{
            f"_inside{index}": ExpressionWrapper(
                IContains(Value(text), F("error_pattern")), output_field=BooleanField()
            )
            for index, text in enumerate(texts)
        },
    )
    found = learnings.filter(
        contains
        | Q(trigger__icontains=pattern)
        | (inside & Q(_stored_chars__gte=_INSIDE_MIN_CHARS))
    )
    return list(found.order_by("-confidence", "-updated_at")[:limit])


def learning_fix_for_error(*, principal: Principal, error: str) -> Fix | None:
    """GetFixForError: the fix of the most confident matching learning (`learnings_for_error`),
    only when its confidence is above the auto-apply threshold (0.7) and it has a fix at all."""
    for learning in learnings_for_error(
        principal=principal, error=error, limit=conf.LEARNING_SEARCH_LIMIT
    ):
        if above_auto_apply(learning) and learning.fix.strip():
            return Fix(fix=learning.fix, learning=learning)
    return None
