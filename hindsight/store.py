"""The database-backed signature store: the grouper's templates for one scope and error type,
kept in `SignatureTemplate` rows and bucketed as the grouper buckets them.

Used inside the capture transaction. New templates are only collected (`new_templates`): the
capture service writes them once it knows the signature they belong to. Generalising an existing
template is written at once, under a row lock; since generalisation only ever turns positions
into `<*>`, two processes generalising the same template concurrently merge instead of losing
one another's change.
"""

from __future__ import annotations

import numpy as np
from django.db.models import F

from governance.models import Scope
from hindsight.grouping import WILDCARD, Template
from hindsight.models import ErrorSignature, SignatureStatus, SignatureTemplate
from mnemosyne_site.vectors import nearest


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
        """The nearest active signature of the store's scope and error type, as templates are
        ("KeyError: x" never absorbs "ValueError: x")."""
        candidates = ErrorSignature.objects.filter(
            scope=self.scope, error_type=self.error_type, status=SignatureStatus.ACTIVE
        )
        rows, _ = nearest(candidates, vector, limit=1, fields=("message_template",))
        if not rows:
            return None
        pk, distance, template = rows[0]
        return str(pk), 1.0 - float(distance), template
