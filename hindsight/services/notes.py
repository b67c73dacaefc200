"""Hindsight notes: the Markdown knowledge item written for a signature once a fix works.

One note per signature: a new or re-measured resolution rewrites the existing note. A signature
whose note would lie above the dedup similarity to an existing hindsight note is merged into it
instead (`note_duplicate_of`): its resolutions are written into that note.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q

from governance.auth import Principal
from governance.services import audit_record
from hindsight import conf, metrics
from hindsight.linear import compile_linear
from hindsight.models import ErrorSignature, Resolution
from hindsight.scopes import home_scope
from mnemosyne_site.embeddings import embed_one
from mnemosyne_site.vectors import nearest
from notes.models import KnowledgeItem, KnowledgeKind, KnowledgeStatus

# Step boundaries: line breaks, and sentence ends when a capital, digit or backtick follows
# (checked on the match: RE2, linear in the description, has no lookaround).
_STEP_BREAK = compile_linear(r"\n+|[.!?][ \t\r\f\v]+")
_STEP_BULLET = compile_linear(r"^\s*(?:[-*•]|\d+[.)])\s*")
_LIVE_NOTE = ~Q(status__in=[KnowledgeStatus.DEPRECATED, KnowledgeStatus.REJECTED])


def _steps(description: str) -> list[str]:
    """A description as numbered steps: its lines, or its sentences when it is one line."""
    text = description.strip()
    parts, start = [], 0
    for found in _STEP_BREAK.finditer(text):
        if found.group(0)[0] in ".!?":
            after = text[found.end() : found.end() + 1]
            if not (after == "`" or (after.isascii() and (after.isupper() or after.isdigit()))):
                continue
            parts.append(text[start : found.start() + 1])
        else:
            parts.append(text[start : found.start()])
        start = found.end()
    parts.append(text[start:])
    steps = [_STEP_BULLET.sub("", part, count=1).strip() for part in parts]
    return [step for step in steps if step] or [text]


def note_tags(signature: ErrorSignature) -> list[str]:
    """Error type, frameworks, file types and affected files, without duplicates."""
    context = signature.context_patterns or {}
    tags: list[str] = ["hindsight"]
    if signature.error_type:
        tags.append(signature.error_type)
    for key in ("frameworks", "file_types", "files", "dependencies"):
        tags.extend(str(v) for v in context.get(key, []) if v)
    if signature.tool_name:
        tags.append(f"tool:{signature.tool_name}")
    return list(dict.fromkeys(tags))  # first occurrence of each, in order


def note_markdown(signature: ErrorSignature, resolutions: list[Resolution]) -> tuple[str, str]:
    """(title, Markdown content) in the spec's shape: Error Pattern, Resolution, Code Examples,
    Tags."""
    head = signature.error_type or "Error"
    title = f"{head}: {signature.message_template}"[:300]
    lines = ["## Error Pattern", ""]
    lines.append(f"**{head}** — `{signature.message_template}`")
    lines.append("")
    lines.append(f"- Matches: `{signature.message_pattern}`")
    lines.append(
        f"- Seen {signature.occurrence_count} time(s), first {signature.first_seen_at:%Y-%m-%d}, "
        f"last {signature.last_seen_at:%Y-%m-%d}"
    )
    if signature.tool_name:
        lines.append(f"- Tool: `{signature.tool_name}`")
    if signature.stack_patterns:
        lines.append("- Stack:")
        lines.extend(f"  - `{frame}`" for frame in signature.stack_patterns[:8])
    context = signature.context_patterns or {}
    for key, label in (
        ("frameworks", "Frameworks"),
        ("file_types", "File types"),
        ("dependencies", "Dependencies"),
    ):
        if context.get(key):
            lines.append(f"- {label}: {', '.join(map(str, context[key]))}")
    lines += ["", "## Resolution", ""]
    for rank, resolution in enumerate(resolutions, start=1):
        lines.append(
            f"### {rank}. {_steps(resolution.description)[0][:120]} "
            f"(success {resolution.success_rate:.0%} over {resolution.application_count} "
            f"application(s))"
        )
        lines.append("")
        lines.extend(f"{n}. {step}" for n, step in enumerate(_steps(resolution.description), 1))
        lines.append("")
    lines += ["## Code Examples", ""]
    examples = [r for r in resolutions if r.code_change.strip()]
    if examples:
        for resolution in examples:
            is_diff = resolution.code_change.lstrip().startswith(("---", "@@", "+", "-"))
            fence = "diff" if is_diff else ""
            lines += [f"```{fence}", resolution.code_change.rstrip(), "```", ""]
    else:
        lines += ["No code change was recorded.", ""]
    lines += ["## Tags", "", " ".join(f"`{tag}`" for tag in note_tags(signature)), ""]
    return title, "\n".join(lines)


def _metadata(signature: ErrorSignature, resolutions: list[Resolution]) -> dict:
    best = resolutions[0] if resolutions else None
    return {
        "error_signature_id": str(signature.pk),
        "error_signature": {
            "id": str(signature.pk),
            "error_type": signature.error_type,
            "message_template": signature.message_template,
            "message_pattern": signature.message_pattern,
            "stack_patterns": signature.stack_patterns[:20],
            "context_patterns": signature.context_patterns,
            "occurrence_count": signature.occurrence_count,
        },
        "resolutions": [
            {
                "id": str(r.pk),
                "description": r.description,
                "code_change": r.code_change,
                "success_rate": r.success_rate,
                "application_count": r.application_count,
                "success_count": r.success_count,
            }
            for r in resolutions
        ],
        "metrics": {
            "best_success_rate": best.success_rate if best else 0.0,
            "application_count": sum(r.application_count for r in resolutions),
            "success_count": sum(r.success_count for r in resolutions),
            "occurrence_count": signature.occurrence_count,
        },
    }


def _ranked(resolutions) -> list[Resolution]:
    return list(resolutions.order_by("-success_rate", "-application_count", "created_at"))


def _working(ranked: list[Resolution]) -> list[Resolution]:
    return [r for r in ranked if r.success_rate > conf.HINDSIGHT_NOTE_MIN_SUCCESS]


def _near_duplicate(signature: ErrorSignature, resolutions: list[Resolution]):
    """A live hindsight note of the signature's home scope above the dedup similarity, or None."""
    title, content = note_markdown(signature, resolutions)
    cut = 1.0 - conf.HINDSIGHT_NOTE_DEDUP_SIMILARITY
    rows, _ = nearest(
        KnowledgeItem.objects.filter(
            _LIVE_NOTE, kind=KnowledgeKind.HINDSIGHT, scope=home_scope(signature.scope)
        ),
        embed_one(f"{title}\n{content}"),
        limit=1,
        max_distance=cut,
    )
    return rows[0][0] if rows and rows[0][1] < cut else None


def hindsight_note_upsert(*, signature_id) -> KnowledgeItem | None:
    """Write or rewrite the signature's note; None when no fix works well enough yet.

    A signature whose note would be a near-duplicate of an existing one joins that note (seed
    000: its resolution is added there, no new note is made), and the note is rewritten with the
    resolutions of every signature it covers, under the error pattern of its own signature.
    """
    with transaction.atomic():
        signature = (
            ErrorSignature.objects.select_for_update(of=("self",))
            .select_related("scope", "note")
            .get(pk=signature_id)
        )
        own = _working(_ranked(signature.resolutions.all()))
        note = signature.note or _live_note(signature.metadata.get("note_duplicate_of"))
        if note is None and not own:
            return None
        action = "hindsight.note.update"
        if note is None:
            duplicate = _near_duplicate(signature, own)
            if duplicate is not None:
                note = KnowledgeItem.objects.select_for_update().get(pk=duplicate)
                signature.metadata = {**signature.metadata, "note_duplicate_of": str(duplicate)}
                signature.save(update_fields=["metadata", "updated_at"])
                action = "hindsight.note.merge"
        if note is not None:
            # The note's own signature names the error; it and every near-duplicate signature
            # merged into the note contribute their fixes.
            primary = ErrorSignature.objects.filter(note=note).first() or signature
            merged = ErrorSignature.objects.filter(metadata__note_duplicate_of=str(note.pk))
            ranked = _ranked(
                Resolution.objects.filter(
                    Q(signature=primary) | Q(signature__in=merged.values("pk"))
                )
            )
        else:
            primary, ranked = signature, _ranked(signature.resolutions.all())
        resolutions = _working(ranked) or ranked  # a note whose fixes stopped working says so
        title, content = note_markdown(primary, resolutions)
        metadata = _metadata(primary, resolutions)
        vector = embed_one(f"{title}\n{content}")
        if note is not None:
            # Lineage fields and counters belong to the notes app; only the content moves.
            metadata = {**note.metadata, **metadata}
            note.title, note.content, note.metadata = title, content, metadata
            note.tags, note.embedding = note_tags(primary), vector
            note.save(
                update_fields=["title", "content", "metadata", "tags", "embedding", "updated_at"]
            )
        else:
            note = KnowledgeItem.objects.create(
                kind=KnowledgeKind.HINDSIGHT,
                scope=home_scope(signature.scope),
                status=KnowledgeStatus.ACCEPTED,
                title=title,
                content=content,
                metadata=metadata,
                tags=note_tags(signature),
                embedding=vector,
                created_by="hindsight",
            )
            signature.note = note
            signature.save(update_fields=["note", "updated_at"])
            action = "hindsight.note.create"
        audit_record(
            actor=Principal.system(),
            action=action,
            target=note,
            scope_path=note.scope.path,
            details={"signature_id": str(signature.pk), "resolutions": len(resolutions)},
        )
    return note


def _live_note(note_id) -> KnowledgeItem | None:
    """The live hindsight note a signature was merged into, locked; None if it is gone."""
    if not note_id:
        return None
    return (
        KnowledgeItem.objects.select_for_update()
        .filter(_LIVE_NOTE, pk=note_id, kind=KnowledgeKind.HINDSIGHT)
        .first()
    )


def note_lineage(note: KnowledgeItem) -> list[KnowledgeItem]:
    """The note's whole promotion family: the original and every copy made from it."""
    root, climbed = note, {note.pk}
    while root.original_id and root.original_id not in climbed:
        root = KnowledgeItem.objects.get(pk=root.original_id)
        climbed.add(root.pk)
    seen = {root.pk}
    family, frontier = [root], [root.pk]
    while frontier:
        children = list(KnowledgeItem.objects.filter(original_id__in=frontier).exclude(pk__in=seen))
        seen.update(c.pk for c in children)
        family += children
        frontier = [c.pk for c in children]
    return family


def note_metrics_aggregate(*, note: KnowledgeItem) -> dict:
    """Sum the resolution metrics of every signature whose note belongs to this lineage and write
    the totals onto each member, so a promoted copy shows what all its instances have seen."""
    family = note_lineage(note)
    ids = [n.pk for n in family]
    resolutions = list(
        Resolution.objects.filter(signature__note_id__in=ids).values(
            "application_count", "success_count"
        )
    )
    applications = sum(r["application_count"] for r in resolutions)
    successes = sum(r["success_count"] for r in resolutions)
    occurrences = sum(
        ErrorSignature.objects.filter(note_id__in=ids).values_list("occurrence_count", flat=True)
    )
    totals = {
        "instances": len(family),
        "application_count": applications,
        "success_count": successes,
        "success_rate": successes / applications if applications else 0.0,
        "occurrence_count": occurrences,
    }
    completed = []
    with transaction.atomic():
        members = KnowledgeItem.objects.select_for_update(of=("self",)).select_related(
            "scope", "original__scope"
        )
        for member in members.filter(pk__in=ids):
            metadata = {**member.metadata, "aggregated_metrics": totals}
            # A copy the notes app made on approval: count the completed promotion once.
            if member.original is not None and not metadata.get("hindsight_promotion_counted"):
                metadata["hindsight_promotion_counted"] = True
                completed.append((member.original.scope.layer, member.scope.layer))
            member.metadata = metadata
            member.save(update_fields=["metadata", "updated_at"])
    for from_layer, to_layer in completed:
        metrics.PROMOTION_TOTAL.labels(
            from_layer=from_layer, to_layer=to_layer, status="completed"
        ).inc()
    return totals
