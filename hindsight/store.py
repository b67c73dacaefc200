"""The database-backed signature store: the grouper's templates for one scope and error type,
kept in `SignatureTemplate` rows and bucketed as the grouper buckets them.

Used inside the capture transaction. New templates are only collected (`new_templates`): the
capture service writes them once it knows the signature they belong to. Generalising an existing
template is written at once, under a row lock; since generalisation only ever turns positions
into `<*>`, two processes generalising the same template concurrently merge instead of losing
one another's change.
"""

from __future__ import annotations

import math
import time

import numpy as np
from django.db import connection
from django.db.models import ExpressionWrapper, F, FloatField, QuerySet, Value
from pgvector.django import CosineDistance

from governance.models import Scope
from hindsight import conf
from hindsight.grouping import WILDCARD, Template
from hindsight.models import ErrorSignature, SignatureStatus, SignatureTemplate


def set_ef_search(value: int) -> None:
    """A larger HNSW candidate list for this transaction, so scope filters keep recall."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config('hnsw.ef_search', %s, true)", [str(int(value))])


_COUNT_CACHE: dict[object, tuple[int, float]] = {}
_COUNT_TTL_SECONDS = 60.0


def cached_count(queryset: QuerySet, key: object) -> int:
    """A row count cached for a minute per key: it only chooses a search plan, so a slightly
    stale count is harmless."""
    now = time.monotonic()
    cached = _COUNT_CACHE.get(key)
    if cached is not None and cached[1] > now:
        return cached[0]
    count = queryset.count()
    if len(_COUNT_CACHE) > 4096:
        _COUNT_CACHE.clear()
    _COUNT_CACHE[key] = (count, now + _COUNT_TTL_SECONDS)
    return count


def nearest_first(
    signatures: QuerySet, vector: np.ndarray, *, limit: int, filter_key: object | None
) -> QuerySet:
    """`signatures` annotated with `distance` and ordered nearest first, with the plan the
    filter calls for (DESIGN §6). pgvector filters after its HNSW scan, so a filtered search
    (`filter_key` names the filter for the count cache; None means unfiltered) reads the rows
    exactly when they are few, and otherwise widens the HNSW candidate list in proportion to
    what the filter drops. Run it inside a transaction (the candidate list is set locally)."""
    distance = CosineDistance("embedding", vector)
    annotated = signatures.annotate(distance=distance)
    if filter_key is None:
        set_ef_search(conf.HINDSIGHT_EF_SEARCH)
        return annotated.order_by("distance")
    visible = cached_count(signatures, filter_key)
    if visible <= conf.HINDSIGHT_EXACT_SCAN_MAX:
        # "+ 0" hides the distance from the HNSW index: the filter's index and a sort, exactly.
        return annotated.order_by(
            ExpressionWrapper(F("distance") + Value(0.0), output_field=FloatField())
        )
    everything = cached_count(
        ErrorSignature.objects.filter(status=SignatureStatus.ACTIVE), "all-active"
    )
    # About four times `limit` should survive the filter (errors cluster: the nearest candidates
    # are often one error seen in many other scopes); pgvector caps the list at 1,000.
    set_ef_search(
        min(
            1000, max(conf.HINDSIGHT_EF_SEARCH, math.ceil(4 * limit * everything / max(visible, 1)))
        )
    )
    return annotated.order_by("distance")


class DatabaseSignatureStore:
    def __init__(self, scope: Scope, error_type: str) -> None:
        self.scope = scope
        self.error_type = error_type
        self.new_templates: list[Template] = []
        self.touched: dict[str, Template] = {}
        self._owners: dict[str, str] = {}

    # -- TemplateStore

    def candidates(self, bucket_key: str) -> list[Template]:
        rows = (
            SignatureTemplate.objects.filter(
                scope=self.scope, error_type=self.error_type, bucket=bucket_key
            )
            .order_by("created_at", "id")
            .values_list("key", "tokens", "spaces", "count", "signature_id")
        )
        templates = []
        for key, tokens, spaces, count, signature_id in rows:
            self._owners[key] = str(signature_id)
            templates.append(
                Template(
                    key=key,
                    bucket=bucket_key,
                    tokens=list(tokens),
                    spaces=list(spaces),
                    count=count,
                )
            )
        return templates + [t for t in self.new_templates if t.bucket == bucket_key]

    def add(self, template: Template) -> None:
        self.new_templates.append(template)
        self.touched[template.key] = template

    def update(self, template: Template) -> None:
        self.touched[template.key] = template
        if any(t.key == template.key for t in self.new_templates):
            return
        row = (
            SignatureTemplate.objects.select_for_update()
            .filter(scope=self.scope, error_type=self.error_type, key=template.key)
            .first()
        )
        if row is None:
            return
        merged = [
            WILDCARD if WILDCARD in (mine, theirs) or mine != theirs else mine
            for mine, theirs in zip(template.tokens, row.tokens, strict=False)
        ]
        template.tokens[: len(merged)] = merged
        SignatureTemplate.objects.filter(pk=row.pk).update(tokens=merged, count=F("count") + 1)

    # -- SignatureStore

    def signature_for_fingerprint(self, fingerprint: str) -> str | None:
        row = (
            ErrorSignature.objects.filter(scope=self.scope, fingerprint=fingerprint)
            .order_by("created_at")
            .values_list("pk", "status", "merged_into_id")
            .first()
        )
        if row is None:
            return None
        pk, status, merged_into = row
        return str(merged_into if status == SignatureStatus.MERGED and merged_into else pk)

    def signature_for_template(self, template_key: str) -> str | None:
        return self._owners.get(template_key)

    def nearest(self, vector: np.ndarray) -> tuple[str, float, str] | None:
        # Same scope and error type, as templates are: "KeyError: x" never absorbs "ValueError: x".
        candidates = ErrorSignature.objects.filter(
            scope=self.scope, error_type=self.error_type, status=SignatureStatus.ACTIVE
        )
        row = (
            nearest_first(
                candidates,
                vector,
                limit=1,
                filter_key=("signature", self.scope.pk, self.error_type),
            )
            .values_list("pk", "distance", "message_template")
            .first()
        )
        if row is None or row[1] is None:
            return None
        return str(row[0]), 1.0 - float(row[1]), row[2]
