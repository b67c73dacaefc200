"""Anti-patterns an untrusted agent reported blocking wait for a person's confirmation, and what
a person switched off stays off; the index version trigger watches the new column that changes
what the check answers (`awaiting_confirmation`)."""

from django.db import migrations, models

WATCHED = (
    "trigger_pattern, command_trigger, cross_domain, builtin_key, trigger_embedding, domain, "
    "category, title, why_bad, example, alternatives, severity, block_action, active, scope_id, "
    "awaiting_confirmation"
)
WATCHED_BEFORE = (
    "trigger_pattern, command_trigger, cross_domain, builtin_key, trigger_embedding, domain, "
    "category, title, why_bad, example, alternatives, severity, block_action, active, scope_id"
)


def _update_trigger(columns: str) -> str:
    return f"""
DROP TRIGGER IF EXISTS lessons_anti_pattern_version_upd ON lessons_antipattern;
CREATE TRIGGER lessons_anti_pattern_version_upd
    AFTER UPDATE OF {columns} ON lessons_antipattern
    FOR EACH STATEMENT EXECUTE FUNCTION lessons_anti_pattern_bump_version();
"""


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0005_verbose_names"),
    ]

    operations = [
        migrations.AddField(
            model_name="antipattern",
            name="awaiting_confirmation",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="antipattern",
            name="switched_off",
            field=models.BooleanField(default=False),
        ),
        migrations.RunSQL(_update_trigger(WATCHED), _update_trigger(WATCHED_BEFORE)),
    ]
