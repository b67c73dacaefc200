"""Read a LESSONS-LEARNED.md style file into lesson dicts (the spec's phase 5 migration).

What a file may look like::

    # Lessons Learned                      <- the document's title: ignored
    ## Docker                              <- a section: the category of the lessons below it
    ### 2024-01-10 PostgreSQL permission denied after upgrade      <- a lesson
    - **Type:** failure
    - **Severity:** high
    - **Context:** Running backup after container restart
    - **Action:** Attempted to run pg_dump
    - **Outcome:** Permission denied error
    - **Root cause:** Container UID mismatch
    - **Solution:** chown -R postgres:postgres /var/lib/postgresql/data
    - **Alternatives:** restore from snapshot; recreate the volume
    - **Tags:** docker, postgres
    Any free text under the heading becomes the context (or is added to it).

A heading is a lesson when its body has a recognised `- Field: value` bullet, or when it has a
body and no sub-headings; other headings are sections. Without a `Type` the type is guessed from
the words used ("never" → anti_pattern, "workaround" → workaround, …).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lessons.models import LessonType, Severity

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FIELD = re.compile(
    r"^\s*[-*+]\s+(?:\*\*|__)?([A-Za-z][A-Za-z _-]{1,30}?)(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*(.*)$"
)
_SUB_BULLET = re.compile(r"^\s{2,}[-*+]\s+(.*)$")
_DATE_PREFIX = re.compile(r"^\s*\[?\d{4}-\d{2}-\d{2}\]?\s*[:\-–—]?\s*")

FIELD_NAMES = {
    "type": "lesson_type",
    "lesson type": "lesson_type",
    "kind": "lesson_type",
    "severity": "severity",
    "priority": "severity",
    "domain": "domain",
    "category": "category",
    "context": "context",
    "problem": "context",
    "situation": "context",
    "action": "action_taken",
    "action taken": "action_taken",
    "tried": "action_taken",
    "what was tried": "action_taken",
    "outcome": "outcome",
    "result": "outcome",
    "what happened": "outcome",
    "root cause": "root_cause",
    "cause": "root_cause",
    "why": "root_cause",
    "solution": "solution",
    "fix": "solution",
    "resolution": "solution",
    "workaround": "solution",
    "alternatives": "alternatives",
    "instead": "alternatives",
    "tags": "tags",
    "commands": "related_commands",
    "command": "related_commands",
    "files": "related_files",
    "file": "related_files",
    "confidence": "confidence",
    "agent": "source_agent",
    "source": "source_agent",
}
LIST_FIELDS = {"alternatives", "tags", "related_commands", "related_files"}

TYPE_WORDS = [
    (LessonType.ANTI_PATTERN, ("never ", "don't", "do not", "anti-pattern", "anti pattern", "❌")),
    (LessonType.WORKAROUND, ("workaround", "work around")),
    (LessonType.WARNING, ("warning", "⚠", "beware", "watch out")),
    (LessonType.OPTIMIZATION, ("faster", "optimiz", "optimis", "speed up")),
    (LessonType.FAILURE, ("fail", "error", "broke", "denied", "crash", "❗")),
    (LessonType.SUCCESS, ("✅", "works", "success", "solved")),
]
TYPE_ALIASES = {
    "anti-pattern": "anti_pattern",
    "antipattern": "anti_pattern",
    "anti pattern": "anti_pattern",
    "fix": "workaround",
    "optimisation": "optimization",
}


@dataclass
class Block:
    level: int
    heading: str
    lines: list[str] = field(default_factory=list)
    children: int = 0


def _split_list(value: str) -> list[str]:
    parts = re.split(r"\s*[;,]\s*" if ";" in value or "," in value else r"\s{2,}", value)
    return [p.strip().strip("`").strip() for p in parts if p.strip().strip("`").strip()]


def _clean(text: str) -> str:
    return re.sub(r"(\*\*|__|`)", "", text).strip()


def _blocks(text: str) -> list[Block]:
    blocks: list[Block] = []
    stack: list[Block] = []
    in_fence = False
    for line in text.splitlines():
        if line.strip().startswith("```"):
            in_fence = not in_fence
            if blocks:
                blocks[-1].lines.append(line)
            continue
        match = None if in_fence else _HEADING.match(line)
        if match:
            block = Block(level=len(match.group(1)), heading=match.group(2).strip())
            while stack and stack[-1].level >= block.level:
                stack.pop()
            if stack:
                stack[-1].children += 1
            stack.append(block)
            blocks.append(block)
        elif blocks:
            blocks[-1].lines.append(line)
    return blocks


def _fields(block: Block) -> tuple[dict, list[str]]:
    fields: dict = {}
    free: list[str] = []
    current = None
    for line in block.lines:
        match = _FIELD.match(line)
        name = FIELD_NAMES.get(match.group(1).strip().lower()) if match else None
        if match and name:
            value = _clean(match.group(2))
            current = name
            if name in LIST_FIELDS:
                fields.setdefault(name, []).extend(_split_list(value) if value else [])
            else:
                fields[name] = value
            continue
        sub = _SUB_BULLET.match(line)
        if sub and current:
            value = _clean(sub.group(1))
            if current in LIST_FIELDS:
                fields.setdefault(current, []).append(value)
            else:
                fields[current] = f"{fields.get(current, '')}\n{value}".strip()
            continue
        current = None
        if line.strip() and not line.strip().startswith("```"):
            free.append(line.strip())
    return fields, free


def _guess_type(text: str) -> str:
    lowered = f" {text.lower()} "
    for lesson_type, words in TYPE_WORDS:
        if any(word in lowered for word in words):
            return lesson_type
    return LessonType.DISCOVERY


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", _clean(text).lower()).strip("_")[:100] or "general"


def parse_lessons(text: str, *, domain: str, agent: str) -> list[dict]:
    """Lesson dicts in the report API's shape (validated again by the caller's serializer)."""
    lessons = []
    sections: dict[int, str] = {}
    for block in _blocks(text):
        fields, free = _fields(block)
        is_lesson = bool(fields) or (block.children == 0 and bool(free) and block.level > 1)
        if not is_lesson:
            if block.level > 1:
                sections[block.level] = _slug(block.heading)
            for level in [lv for lv in sections if lv > block.level]:
                del sections[level]
            continue
        category = next(
            (sections[lv] for lv in sorted(sections, reverse=True) if lv < block.level), None
        )
        title = _DATE_PREFIX.sub("", _clean(block.heading)).strip() or _clean(block.heading)
        free_text = " ".join(free)
        raw_type = (fields.get("lesson_type") or "").strip().lower().replace(" ", "_")
        raw_type = TYPE_ALIASES.get(raw_type, raw_type)
        lesson_type = (
            raw_type if raw_type in LessonType.values else _guess_type(f"{title} {free_text}")
        )
        severity = (fields.get("severity") or "").strip().lower()
        if severity not in Severity.values:
            severity = Severity.CRITICAL if "critical" in title.lower() else Severity.MEDIUM
        context = fields.get("context") or ""
        if free_text:
            context = f"{context}\n{free_text}".strip() if context else free_text
        lesson = {
            "lesson_type": lesson_type,
            "domain": fields.get("domain") or domain,
            "category": fields.get("category") or category or fields.get("domain") or domain,
            "title": title[:300],
            "context": context,
            "action_taken": fields.get("action_taken")
            or (title if lesson_type == LessonType.ANTI_PATTERN else ""),
            "outcome": fields.get("outcome") or "",
            "root_cause": fields.get("root_cause") or None,
            "solution": fields.get("solution") or None,
            "alternatives": fields.get("alternatives", []),
            "severity": severity,
            "tags": fields.get("tags", []),
            "source_agent": fields.get("source_agent") or agent,
            "related_files": fields.get("related_files", []),
            "related_commands": fields.get("related_commands", []),
        }
        confidence = fields.get("confidence")
        if confidence:
            try:
                lesson["confidence"] = float(confidence)
            except ValueError:
                pass
        lessons.append(lesson)
    return lessons
