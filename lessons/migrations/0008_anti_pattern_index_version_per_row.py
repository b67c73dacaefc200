"""Each anti-pattern row carries the index version of its last matching change, so a web process
brings its guard index up to date by reading only the rows changed since it built it, instead of
rebuilding from all of them (0.8 s of CPU at 10,000 anti-patterns, in every process, after every
anti-pattern report).

Why a process that read version V can trust that every row stamped at or below V is visible:
the row trigger stamps a row from the sequence only after taking the lock on the version row
(the upsert), which is held until commit. Writers therefore stamp one after the other; a
transaction that has not committed yet holds the lock, so every row it stamps gets a number
above every version already visible. A deletion cannot be followed by reading changed rows, so
it moves `full_since` as well, which sends every process to a full rebuild.
"""

from django.db import migrations, models

WATCHED = (
    "trigger_pattern, command_trigger, cross_domain, builtin_key, trigger_embedding, domain, "
    "category, title, why_bad, example, alternatives, severity, block_action, active, scope_id, "
    "awaiting_confirmation"
)

FORWARD = f"""
DROP TRIGGER IF EXISTS lessons_anti_pattern_version_upd ON lessons_antipattern;
DROP TRIGGER IF EXISTS lessons_anti_pattern_version_ins_del ON lessons_antipattern;
DROP FUNCTION IF EXISTS lessons_anti_pattern_bump_version();

-- The next version, taken under the version row's lock; `rebuild` also moves `full_since`. A
-- missing row (a test flush, or by hand) is recreated with `full_since` at the new version.
CREATE FUNCTION lessons_anti_pattern_next_version(rebuild boolean) RETURNS bigint AS $$
DECLARE
    stamped bigint;
BEGIN
    INSERT INTO lessons_antipatternindexversion (name, version, full_since)
         VALUES ('anti_patterns', nextval('lessons_anti_pattern_version_seq'),
                 currval('lessons_anti_pattern_version_seq'))
    ON CONFLICT (name) DO UPDATE
        SET version = EXCLUDED.version,
            full_since = CASE WHEN rebuild THEN EXCLUDED.version
                              ELSE lessons_antipatternindexversion.full_since END
    RETURNING version INTO stamped;
    RETURN stamped;
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION lessons_anti_pattern_stamp_version() RETURNS trigger AS $$
BEGIN
    NEW.index_version := lessons_anti_pattern_next_version(false);
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION lessons_anti_pattern_version_full() RETURNS trigger AS $$
BEGIN
    PERFORM lessons_anti_pattern_next_version(true);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER lessons_anti_pattern_version_row
    BEFORE INSERT OR UPDATE OF {WATCHED} ON lessons_antipattern
    FOR EACH ROW EXECUTE FUNCTION lessons_anti_pattern_stamp_version();
CREATE TRIGGER lessons_anti_pattern_version_del
    AFTER DELETE OR TRUNCATE ON lessons_antipattern
    FOR EACH STATEMENT EXECUTE FUNCTION lessons_anti_pattern_version_full();

UPDATE lessons_antipatternindexversion SET full_since = version WHERE name = 'anti_patterns';
"""

BACKWARD = f"""
DROP TRIGGER IF EXISTS lessons_anti_pattern_version_row ON lessons_antipattern;
DROP TRIGGER IF EXISTS lessons_anti_pattern_version_del ON lessons_antipattern;
DROP FUNCTION IF EXISTS lessons_anti_pattern_stamp_version();
DROP FUNCTION IF EXISTS lessons_anti_pattern_version_full();
DROP FUNCTION IF EXISTS lessons_anti_pattern_next_version(boolean);

CREATE FUNCTION lessons_anti_pattern_bump_version() RETURNS trigger AS $$
BEGIN
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


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0007_hnsw_ef_construction_128"),
    ]

    operations = [
        migrations.AddField(
            model_name="antipattern",
            name="index_version",
            field=models.BigIntegerField(default=0, editable=False),
        ),
        migrations.AddIndex(
            model_name="antipattern",
            index=models.Index(fields=["index_version"], name="anti_pattern_index_version_idx"),
        ),
        migrations.AddField(
            model_name="antipatternindexversion",
            name="full_since",
            field=models.BigIntegerField(default=0),
        ),
        migrations.RunSQL(FORWARD, BACKWARD),
    ]
