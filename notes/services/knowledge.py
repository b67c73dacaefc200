"""Key-value knowledge (seed 003): entries addressed by key within a scope.

A key-value entry is a `KnowledgeItem` whose kind is its category (rule, definition,
preference, fact). It is saved `accepted`: the agent's own working knowledge, usable at once; it
can still be promoted and deprecated like any knowledge item. Saves count against the session's
rate limit (an empty session key bypasses it, as the spec says).
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import F

from governance.auth import Principal
from governance.models import Scope
from governance.ratelimit import rate_limit_hit
from governance.selectors import policy_threshold
from governance.services import audit_record, scope_require_write
from mnemosyne_site.embeddings import embed_one
from mnemosyne_site.errors import Conflict
from notes import conf
from notes.models import KnowledgeItem, KnowledgeStatus


def knowledge_save_limit(*, session_key: str, scope: Scope | None = None) -> None:
    """One knowledge save for this session; raises 429 past the limit (atomic across processes).

    The limit is the scope's governance policy `knowledge_saves_per_session` when one sets it,
    else `KNOWLEDGE_SAVES_PER_SESSION`.
    """
    if not session_key:
        return  # the spec: an empty session key bypasses the limit
    limit = policy_threshold(
        scope, "knowledge_saves_per_session", default=conf.KNOWLEDGE_SAVES_PER_SESSION
    )
    rate_limit_hit(
        key=f"notes.save:{session_key}",
        limit=int(limit),
        window_seconds=conf.KNOWLEDGE_SAVE_WINDOW_SECONDS,
    )


def knowledge_save(
    *,
    principal: Principal,
    scope: Scope,
    key: str,
    category: str,
    content: str,
    tags: list[str] | None = None,
    source: str = "",
    title: str = "",
    relevance_score: float | None = None,
    session_key: str = "",
) -> tuple[KnowledgeItem, bool]:
    """Create the entry, or update the one with this key in this scope. Returns (item, created)."""
    scope_require_write(principal, scope, field="scope")
    knowledge_save_limit(session_key=session_key, scope=scope)
    title = title or key
    # The embedding is computed before the transaction opens: no lock is held while it runs.
    vector = embed_one(f"{title}\n{content}")
    try:
        with transaction.atomic():
            item = KnowledgeItem.objects.select_for_update().filter(scope=scope, key=key).first()
            created = item is None
            if item is None:
                item = KnowledgeItem(
                    scope=scope, key=key, status=KnowledgeStatus.ACCEPTED, created_by=principal.name
                )
            elif item.kind not in ("rule", "definition", "preference", "fact"):
                raise Conflict("That key belongs to a note, not a key-value entry.")
            before = None if created else {"category": item.kind, "content": item.content}
            item.kind = category
            item.title = title[:300]
            item.content = content
            item.tags = tags or []
            item.source = source
            if relevance_score is not None:
                item.relevance_score = relevance_score
            item.embedding = vector
            item.save()
            audit_record(
                actor=principal,
                action="knowledge.create" if created else "knowledge.update",
                target=item,
                scope_path=scope.path,
                details={
                    "key": key,
                    "category": category,
                    "session": session_key,
                    "previous": before,
                },
                session_key=session_key,
            )
    except IntegrityError:
        # Two first saves of one key raced; the loser's save is an update of the winner's.
        raise Conflict("The key was created concurrently; retry the save.") from None
    return item, created


def knowledge_delete(*, principal: Principal, item: KnowledgeItem) -> None:
    scope_require_write(principal, item.scope)
    with transaction.atomic():
        audit_record(
            actor=principal,
            action="knowledge.delete",
            target=item,
            scope_path=item.scope.path,
            details={"key": item.key, "category": item.kind, "content": item.content[:2000]},
        )
        item.delete()


def knowledge_use(*, principal: Principal, item: KnowledgeItem) -> KnowledgeItem:
    with transaction.atomic():
        KnowledgeItem.objects.filter(pk=item.pk).update(use_count=F("use_count") + 1)
        item.refresh_from_db(fields=["use_count"])
        audit_record(
            actor=principal,
            action="knowledge.use",
            target=item,
            scope_path=item.scope.path,
            details={"key": item.key, "use_count": item.use_count},
        )
    return item
