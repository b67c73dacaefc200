"""Command triggers on anti-patterns, cross-domain and built-in anti-patterns.

Anti-patterns whose regular expression was generated from the lesson's action (the old
derivation: the action as a case-insensitive, whitespace-flexible regex, which blocked `ls` inside
every command holding those two letters) get a command trigger derived from the same lesson
instead, and lose the regex; a regex a person or agent wrote explicitly is kept. The version
trigger now also watches the new matching columns.
"""

import re

import re2
from django.db import migrations, models

from lessons.command_triggers import derive

WATCHED = (
    "trigger_pattern, command_trigger, cross_domain, builtin_key, trigger_embedding, domain, "
    "category, title, why_bad, example, alternatives, severity, block_action, active, scope_id"
)
WATCHED_BEFORE = (
    "trigger_pattern, trigger_embedding, domain, category, title, why_bad, example, "
    "alternatives, severity, block_action, active, scope_id"
)


def _update_trigger(columns: str) -> str:
    return f"""
DROP TRIGGER IF EXISTS lessons_anti_pattern_version_upd ON lessons_antipattern;
CREATE TRIGGER lessons_anti_pattern_version_upd
    AFTER UPDATE OF {columns} ON lessons_antipattern
    FOR EACH STATEMENT EXECUTE FUNCTION lessons_anti_pattern_bump_version();
"""


_PLACEHOLDER = re.compile(r"^(<[^<>\s]+>|\{[^{}\s]+\}|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\.\.\.|…)$")


def _old_generated(action_taken: str, related_commands: list[str]) -> str | None:
    """The regex the previous release generated from a lesson (kept here to recognise it)."""
    seen: list[str] = []
    for text in [*related_commands, action_taken]:
        text = (text or "").strip()
        if text and text.lower() not in (s.lower() for s in seen):
            seen.append(text)
    alternatives = []
    for text in seen:
        parts = [r"\S+" if _PLACEHOLDER.match(t) else re2.escape(t) for t in text.split()]
        if parts:
            alternatives.append(r"\s+".join(parts))
    if not alternatives:
        return None
    return "(?i)" + "|".join(
        f"(?:{a})" if len(alternatives) > 1 else a for a in alternatives
    )


def _store(anti_pattern, texts: list[str], prose: str, title: str) -> None:
    derived = derive(texts=texts, prose=prose, title=title)
    anti_pattern.trigger_pattern = ""
    anti_pattern.command_trigger = derived.trigger or {"notes": derived.notes}
    anti_pattern.save(update_fields=["trigger_pattern", "command_trigger"])


def rederive(apps, schema_editor):
    AntiPattern = apps.get_model("lessons", "AntiPattern")
    Lesson = apps.get_model("lessons", "Lesson")
    rows = AntiPattern.objects.filter(source_lesson__isnull=False).select_related("source_lesson")
    for anti_pattern in rows.iterator():
        lesson = anti_pattern.source_lesson
        commands = list(lesson.related_commands or [])
        if anti_pattern.trigger_pattern == _old_generated(lesson.action_taken, commands):
            _store(
                anti_pattern,
                [*commands, lesson.action_taken],
                f"{lesson.title} {lesson.context}",
                lesson.title,
            )
    rows = AntiPattern.objects.filter(source_pattern__isnull=False).select_related("source_pattern")
    for anti_pattern in rows.iterator():
        pattern = anti_pattern.source_pattern
        commands: list[str] = []
        for lesson in Lesson.objects.filter(pk__in=pattern.lesson_ids).order_by("created_at"):
            for text in [*(lesson.related_commands or []), lesson.action_taken]:
                if text and text not in commands:
                    commands.append(text)
        if anti_pattern.trigger_pattern == _old_generated("", commands):
            _store(
                anti_pattern,
                commands,
                f"{pattern.pattern_name} {pattern.description}",
                pattern.pattern_name,
            )


class Migration(migrations.Migration):
    dependencies = [
        ("governance", "0003_policies_queues_notifications"),
        ("lessons", "0003_lesson_processed_at"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="antipattern",
            name="anti_pattern_trigger_not_empty",
        ),
        migrations.AddField(
            model_name="antipattern",
            name="builtin_key",
            field=models.CharField(blank=True, default="", editable=False, max_length=100),
        ),
        migrations.AddField(
            model_name="antipattern",
            name="command_trigger",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="The commands this anti-pattern blocks (derived from the report; editable).",
            ),
        ),
        migrations.AddField(
            model_name="antipattern",
            name="cross_domain",
            field=models.BooleanField(default=False),
        ),
        migrations.AlterField(
            model_name="antipattern",
            name="trigger_pattern",
            field=models.TextField(blank=True, default=""),
        ),
        migrations.AddConstraint(
            model_name="antipattern",
            constraint=models.UniqueConstraint(
                condition=models.Q(("builtin_key", ""), _negated=True),
                fields=("builtin_key",),
                name="anti_pattern_builtin_key_unique",
            ),
        ),
        migrations.RunSQL(_update_trigger(WATCHED), _update_trigger(WATCHED_BEFORE)),
        migrations.RunPython(rederive, migrations.RunPython.noop),
    ]
