"""Chart geometry for the dashboard, computed here and drawn as inline SVG by the templates.

No JavaScript and no CDN: the page is complete when the HTML arrives, prints well, and the
numbers stay readable (every bar has a <title> and every chart a table-like legend).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date, timedelta
from math import log10

# One colour per lesson type, chosen to read as their meaning (failure red, success green...).
LESSON_TYPE_COLOURS = {
    "failure": "#d64545",
    "anti_pattern": "#7a1f3d",
    "warning": "#e8833a",
    "workaround": "#e0b43c",
    "discovery": "#3b82c4",
    "optimization": "#8458b3",
    "success": "#3a9d5d",
}
FALLBACK_COLOURS = ["#5b6b7f", "#2aa3a3", "#b35c9e", "#8c8c3a", "#4a5fd1"]
PRIORITY_COLOURS = {"critical": "#c0392b", "high": "#e67e22", "medium": "#d4ac0d", "low": "#7f8c8d"}
SEVERITY_COLOURS = PRIORITY_COLOURS


def colour_for(name: str, palette: dict[str, str], index: int = 0) -> str:
    return palette.get(name) or FALLBACK_COLOURS[index % len(FALLBACK_COLOURS)]


def nice_max(value: float) -> float:
    """A round axis maximum at or above `value` (1, 2, 5 × 10^n)."""
    if value <= 0:
        return 1
    exponent = 10 ** int(log10(value))
    for step in (1, 2, 5, 10):
        if value <= step * exponent:
            return step * exponent
    return 10 * exponent


def stacked_days(
    rows: Iterable[dict],
    *,
    days: int = 30,
    today: date | None = None,
    category: str = "lesson_type",
    palette: dict[str, str] | None = None,
    width: int = 720,
    height: int = 220,
) -> dict:
    """Daily stacked bars over the last `days` days from rows of {date, <category>, count}.

    Days without rows are drawn as empty slots, so gaps read as quiet days, not missing data.
    """
    palette = palette or LESSON_TYPE_COLOURS
    today = today or date.today()
    start = today - timedelta(days=days - 1)
    per_day: dict[date, dict[str, int]] = defaultdict(dict)
    categories: list[str] = []
    for row in rows:
        day = row.get("date")
        if isinstance(day, str):
            try:
                day = date.fromisoformat(day[:10])
            except ValueError:
                continue
        if not isinstance(day, date) or day < start or day > today:
            continue
        name = str(row.get(category) or "other")
        per_day[day][name] = per_day[day].get(name, 0) + int(row.get("count") or 0)
        if name not in categories:
            categories.append(name)
    known = [c for c in palette if c in categories]
    categories = known + sorted(c for c in categories if c not in palette)
    colours = {c: colour_for(c, palette, i) for i, c in enumerate(categories)}

    left, bottom, top = 36, 22, 8
    # Room on the right for the last date label, which is centred on the last bar.
    plot_w, plot_h = width - left - 22, height - bottom - top
    totals = [sum(per_day.get(start + timedelta(d), {}).values()) for d in range(days)]
    peak = nice_max(max(totals, default=0))
    slot = plot_w / days
    bar_w = max(2.0, slot * 0.72)
    bars = []
    for d in range(days):
        day = start + timedelta(d)
        x = left + d * slot + (slot - bar_w) / 2
        y = float(top + plot_h)
        segments = []
        for name in categories:
            count = per_day.get(day, {}).get(name, 0)
            if not count:
                continue
            h = plot_h * count / peak
            y -= h
            segments.append(
                {
                    "y": round(y, 1),
                    "h": round(h, 1),
                    "colour": colours[name],
                    "name": name,
                    "count": count,
                }
            )
        bars.append(
            {
                "x": round(x, 1),
                "w": round(bar_w, 1),
                "day": day,
                "total": totals[d],
                "segments": segments,
                # Label every 5th day and the last, so 30 labels do not collide.
                "label": day.strftime("%d %b") if (days - 1 - d) % 5 == 0 else "",
                "label_x": round(x + bar_w / 2, 1),
            }
        )
    ticks = [
        # The true value at each gridline: 2.5 on a 0–5 axis, never a rounded-down 2.
        {
            "value": int(peak * f) if float(peak * f).is_integer() else round(peak * f, 1),
            "y": round(top + plot_h - plot_h * f, 1),
        }
        for f in (0, 0.5, 1)
    ]
    return {
        "width": width,
        "height": height,
        "left": left,
        "plot_right": left + plot_w,
        "baseline": top + plot_h,
        "label_y": height - 6,
        "bars": bars,
        "ticks": ticks,
        "legend": [
            {"name": c, "colour": colours[c], "total": sum(per_day[d].get(c, 0) for d in per_day)}
            for c in categories
        ],
        "total": sum(totals),
        "empty": sum(totals) == 0,
    }


def hbars(
    items: Iterable[dict],
    *,
    value: str,
    label: str,
    colour: str | None = None,
    colour_key: str | None = None,
    palette: dict[str, str] | None = None,
    maximum: float | None = None,
    percent: bool = False,
    limit: int = 10,
    width: int = 460,
    row_height: int = 26,
) -> dict:
    """Horizontal bars, one row per item, longest first as given; labels sit above the bars."""
    rows = [item for item in items][:limit]
    values = [float(item.get(value) or 0) for item in rows]
    top_value = maximum if maximum is not None else nice_max(max(values, default=0))
    label_w, bar_area = 0, width - 60
    out = []
    for index, (item, amount) in enumerate(zip(rows, values, strict=True)):
        fill = colour or "#3b82c4"
        if colour_key and palette:
            fill = colour_for(str(item.get(colour_key, "")), palette, index)
        if percent:
            fill = "#3a9d5d" if amount >= 0.8 else "#e0b43c" if amount >= 0.5 else "#d64545"
        w = 0 if not top_value else bar_area * min(amount, top_value) / top_value
        out.append(
            {
                "y": index * (row_height * 2) + row_height,
                "text_y": index * (row_height * 2) + row_height - 6,
                "w": round(max(w, 2 if amount else 0), 1),
                "value_x": round(label_w + max(w, 2) + 6, 1),
                "colour": fill,
                "label": str(item.get(label, ""))[:90],
                "value": amount,
                "display": f"{amount:.0%}"
                if percent
                else (f"{int(amount):,}" if amount == int(amount) else f"{amount:.2f}"),
                "item": item,
            }
        )
    return {
        "width": width,
        "height": max(row_height * 2 * len(out), row_height),
        "bar_h": row_height - 10,
        "rows": out,
        "empty": not out,
    }


def split_bar(parts: list[tuple[str, int, str]], *, width: int = 460, height: int = 18) -> dict:
    """One bar split into coloured parts (e.g. open escalations by priority)."""
    total = sum(count for _, count, _ in parts)
    x, out = 0.0, []
    for name, count, fill in parts:
        if not count:
            continue
        w = width * count / total
        out.append(
            {"x": round(x, 1), "w": round(w, 1), "name": name, "count": count, "colour": fill}
        )
        x += w
    return {"width": width, "height": height, "parts": out, "total": total, "empty": total == 0}
