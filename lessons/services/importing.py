"""Importing a LESSONS-LEARNED.md file: new lessons through the report path, changed ones
updated in place, unchanged ones skipped — so importing the same file again creates nothing."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from governance.auth import Principal
from governance.services import audit_record, scope_for_write
from lessons.api.serializers import LessonInputSerializer
from lessons.models import Lesson, LessonType
from lessons.services.reporting import anti_pattern_upsert_for_lesson, lessons_report
from mnemosyne_site.embeddings import embed
from mnemosyne_site.outbox import enqueue_on_commit

COMPARED = (
    "lesson_type",
    "category",
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
)


@dataclass
class ImportLine:
    action: str  # created, updated, skipped
    title: str
    note: str = ""


def _differences(lesson: Lesson, item: dict) -> list[str]:
    changed = [
        name for name in COMPARED if (getattr(lesson, name) or None) != (item.get(name) or None)
    ]
    if round(float(lesson.confidence), 2) != round(float(item["confidence"]), 2):
        changed.append("confidence")
    return changed


def lessons_import(
    *, items: list[dict], principal: Principal, scope_path: str | None = None
) -> list[ImportLine]:
    scope = scope_for_write(principal, scope_path)
    lines: list[ImportLine] = []
    valid: list[dict] = []
    seen: set[tuple[str, str]] = set()
    for raw in items:
        serializer = LessonInputSerializer(data=raw)
        if not serializer.is_valid():
            problems = "; ".join(f"{k}: {v[0]}" for k, v in serializer.errors.items())
            lines.append(
                ImportLine("skipped", str(raw.get("title", ""))[:80], f"invalid ({problems})")
            )
            continue
        item = dict(serializer.validated_data)
        key = (item["domain"], item["title"])
        if key in seen:
            lines.append(ImportLine("skipped", item["title"], "repeated heading in the file"))
            continue
        seen.add(key)
        valid.append(item)

    existing = {
        (lesson.domain, lesson.title): lesson
        for lesson in Lesson.objects.filter(
            scope=scope, title__in=[i["title"] for i in valid]
        ).defer("embedding")
    }
    new, changed = [], []
    for item in valid:
        lesson = existing.get((item["domain"], item["title"]))
        if lesson is None:
            new.append(item)
        elif differences := _differences(lesson, item):
            changed.append((lesson, item, differences))
        else:
            lines.append(ImportLine("skipped", item["title"], "unchanged"))

    if new:
        lessons_report(principal=principal, items=new, scope_path=scope.path, near_duplicates=False)
        lines += [ImportLine("created", item["title"]) for item in new]
    for lesson, item, differences in changed:
        _update(lesson_id=lesson.pk, item=item, principal=principal)
        lines.append(ImportLine("updated", item["title"], ", ".join(differences)))
    return lines


def _update(*, lesson_id, item: dict, principal: Principal) -> None:
    texts = [f"{item['title']} {item['context']} {item['outcome']}"]
    if item["lesson_type"] == LessonType.ANTI_PATTERN:
        texts.append(f"{item['title']} {item['action_taken']}".strip())
    vectors = embed(texts)
    with transaction.atomic():
        lesson = Lesson.objects.select_for_update().select_related("scope").get(pk=lesson_id)
        previous = {"action_taken": lesson.action_taken, "commands": list(lesson.related_commands)}
        for name in COMPARED:
            setattr(
                lesson,
                name,
                item.get(name)
                if item.get(name) is not None
                else (
                    []
                    if name in ("alternatives", "tags", "related_files", "related_commands")
                    else None
                    if name in ("root_cause", "solution")
                    else ""
                ),
            )
        lesson.confidence = round(item["confidence"], 2)
        lesson.embedding = vectors[0]
        lesson.save()
        if lesson.lesson_type == LessonType.ANTI_PATTERN:
            anti_pattern_upsert_for_lesson(
                reporter=principal, lesson=lesson, vector=vectors[1], previous=previous
            )
        audit_record(
            actor=principal,
            action="lesson.import_update",
            target=lesson,
            scope_path=lesson.scope.path,
            details={"title": lesson.title},
        )
        enqueue_on_commit("lessons.lesson_process", str(lesson_id))
