"""Small filters the review templates share."""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils import timezone
from django.utils.timesince import timesince

from governance.selectors.queues import queue_label as _queue_label

register = template.Library()


@register.filter
def queue_label(value: str) -> str:
    return _queue_label(value)


@register.filter
def humanize_key(value) -> str:
    """`success_rate` → `Success rate`."""
    text = str(value).replace("_", " ").strip()
    return text[:1].upper() + text[1:]


@register.filter
def age(value: datetime | None) -> str:
    """How long ago, in its largest unit only: '3 days', '5 hours'."""
    if not value:
        return ""
    if (timezone.now() - value).total_seconds() < 60:
        return "just now"
    return timesince(value, timezone.now(), depth=1)


@register.filter
def ago(value: datetime | None) -> str:
    text = age(value)
    return text if text in ("", "just now") else f"{text} ago"


@register.filter
def until(value: datetime | None) -> str:
    if not value:
        return ""
    now = timezone.now()
    if value <= now:
        return f"overdue by {timesince(value, now, depth=1)}"
    return f"due in {timesince(now, value, depth=1)}"


@register.filter
def is_mapping(value) -> bool:
    return isinstance(value, dict)


@register.filter
def display(value) -> str:
    """A describer's value as a person reads it."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.0%}" if 0 <= value <= 1 else f"{value:,.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, list | tuple):
        return ", ".join(display(v) for v in value) or "—"
    if isinstance(value, dict):
        return ", ".join(f"{humanize_key(k)}: {display(v)}" for k, v in value.items()) or "—"
    return str(value)


@register.filter
def table_of(value) -> dict | None:
    """A list of dicts as a table (headers from the first row, ids left out), else None."""
    if not (isinstance(value, list | tuple) and value and all(isinstance(r, dict) for r in value)):
        return None
    headers = [key for key in value[0] if key != "id"]
    return {"headers": headers, "rows": [[row.get(key) for key in headers] for row in value]}


@register.filter
def items_of(value):
    """Pairs from a dict, or from a list of {"label"/"name", "value"} or (label, value) rows."""
    if isinstance(value, dict):
        return list(value.items())
    pairs = []
    for row in value or []:
        if isinstance(row, dict):
            pairs.append((row.get("label") or row.get("name") or "", row.get("value")))
        elif isinstance(row, list | tuple) and len(row) == 2:
            pairs.append((row[0], row[1]))
    return pairs


@register.filter
def get(mapping, key):
    return mapping.get(key) if isinstance(mapping, dict) else None
