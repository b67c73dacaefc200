"""The anti-pattern index version trigger, and the spec's ESCALATION_RULES as editable rows.

Any statement that changes what the anti-pattern check matches on (the trigger, the vector, the
severity, whether it blocks or is active, its scope, its texts) moves `version` to a fresh value
of a sequence. Sequences are never rolled back, so a version number is never reused, even by a
transaction that rolled back (tests) — a process can never mistake a stale index for a fresh one.
Statistics updates (`times_triggered`, `last_triggered`) touch none of those columns and leave
the index alone.
"""

from django.db import migrations

WATCHED = (
    "trigger_pattern, trigger_embedding, domain, category, title, why_bad, example, "
    "alternatives, severity, block_action, active, scope_id"
)

FORWARD = f"""
CREATE SEQUENCE lessons_anti_pattern_version_seq;
INSERT INTO lessons_antipatternindexversion (name, version)
    VALUES ('anti_patterns', nextval('lessons_anti_pattern_version_seq'));

CREATE FUNCTION lessons_anti_pattern_bump_version() RETURNS trigger AS $$
BEGIN
    -- An upsert, so a table emptied by a test flush or by hand heals on the next change.
    INSERT INTO lessons_antipatternindexversion (name, version)
         VALUES ('anti_patterns', nextval('lessons_anti_pattern_version_seq'))
    ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER lessons_anti_pattern_version_ins_del
    AFTER INSERT OR DELETE OR TRUNCATE ON lessons_antipattern
    FOR EACH STATEMENT EXECUTE FUNCTION lessons_anti_pattern_bump_version();
CREATE TRIGGER lessons_anti_pattern_version_upd
    AFTER UPDATE OF {WATCHED} ON lessons_antipattern
    FOR EACH STATEMENT EXECUTE FUNCTION lessons_anti_pattern_bump_version();
"""

BACKWARD = """
DROP TRIGGER IF EXISTS lessons_anti_pattern_version_upd ON lessons_antipattern;
DROP TRIGGER IF EXISTS lessons_anti_pattern_version_ins_del ON lessons_antipattern;
DROP FUNCTION IF EXISTS lessons_anti_pattern_bump_version();
DELETE FROM lessons_antipatternindexversion WHERE name = 'anti_patterns';
DROP SEQUENCE IF EXISTS lessons_anti_pattern_version_seq;
"""

# The spec's ESCALATION_RULES, verbatim.
SPEC_RULES = {
    "aria": [
        ("severity == 'critical'", "Critical issue"),
        ("lesson_type == 'anti_pattern'", "New anti-pattern"),
        ("occurrence_count > 3", "Recurring issue"),
    ],
    "varys": [
        ("domain == 'project'", "Project impact"),
        ("'deadline' in tags", "Deadline risk"),
        ("'launch' in tags", "Launch impact"),
    ],
    "domain_supervisor": [
        ("severity in ['critical', 'high']", "Domain issue"),
        ("lesson_type == 'failure' and confidence > 0.8", "Confirmed failure"),
    ],
}


def seed_rules(apps, schema_editor):
    EscalationRule = apps.get_model("lessons", "EscalationRule")
    for target, rules in SPEC_RULES.items():
        for position, (condition, reason) in enumerate(rules):
            EscalationRule.objects.get_or_create(
                target=target,
                condition=condition,
                defaults={"reason": reason, "position": position},
            )


def unseed_rules(apps, schema_editor):
    EscalationRule = apps.get_model("lessons", "EscalationRule")
    for target, rules in SPEC_RULES.items():
        for condition, _ in rules:
            EscalationRule.objects.filter(target=target, condition=condition).delete()


class Migration(migrations.Migration):
    dependencies = [("lessons", "0001_initial")]

    operations = [
        migrations.RunSQL(FORWARD, BACKWARD),
        migrations.RunPython(seed_rules, unseed_rules),
    ]
