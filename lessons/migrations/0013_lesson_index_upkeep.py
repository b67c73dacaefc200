"""Lessons keep their index-only scans, and a lesson's row maintains two indexes fewer.

Autovacuum runs on `lessons_lesson` after 1,000 + 1% of its rows were inserted (PostgreSQL's
default is 20%): the per-domain exact neighbour scans (each new report's duplicate and pattern
check, the worker's pattern detection, the one-domain relevant query) read `lesson_neighbours_idx`
alone only for rows on pages the visibility map marks all-visible, and a page holding a lesson
inserted since the last vacuum is not. On the bench database a domain's scan fetched 637 heap
pages for its 2,425 rows (1,252 buffers; 633 after a VACUUM). Such a vacuum skips the indexes
while the table holds few dead rows, so it costs about what the new pages cost.

The index on `scope_id` went (the unique constraint (scope, domain, title) leads with it), and
`session_id`'s index is a plain one: `db_index` also built a LIKE (pattern_ops) twin that no query
reads. Each was maintained at every lesson's insert and at every occurrence's update.

An agent memory's rebuild counts the lessons that concern the agent (its own, its domain's,
those propagated to it) as three disjoint counts, each read from one index alone: the agent
index also holds the scope, and the domain index the agent and scope (and `domain` itself,
without which PostgreSQL does not scan an expression index alone). The count of their OR read
every matching row from the heap: for the bench's reporter, the whole table at each rebuild.
The agent index is ordered by creation within an agent too: the rebuild's profile vector
averages the agent's 200 newest lessons, which walked the newest lessons of every agent until
it had them (31,000 buffers for an agent whose lessons are older than another's). The same
rebuild's newest 200 anti-patterns of its domain are a range of the anti-patterns' domain
index, now ordered by creation too: it read and sorted every one of the domain (22,600
buffers, 67-116 ms for a domain of 10,000).
"""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import F
from django.db.models.functions import Upper

AUTOVACUUM = (
    "ALTER TABLE lessons_lesson SET"
    " (autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0.01)"
)
AUTOVACUUM_DEFAULT = (
    "ALTER TABLE lessons_lesson RESET"
    " (autovacuum_vacuum_insert_threshold, autovacuum_vacuum_insert_scale_factor)"
)


class Migration(migrations.Migration):
    dependencies = [
        ("governance", "0011_policy_drop_unread_thresholds"),
        ("lessons", "0012_lesson_pending_queue"),
    ]

    operations = [
        # The index alone: Django's AlterField would drop and re-validate the foreign key too.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="lesson",
                    name="scope",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="lessons",
                        to="governance.scope",
                    ),
                ),
            ],
            database_operations=[
                migrations.RunSQL(
                    "DROP INDEX IF EXISTS lessons_lesson_scope_id_a9a39c9b",
                    "CREATE INDEX lessons_lesson_scope_id_a9a39c9b ON lessons_lesson (scope_id)",
                ),
            ],
        ),
        migrations.AlterField(
            model_name="lesson",
            name="session_id",
            field=models.CharField(blank=True, default="", max_length=100),
        ),
        migrations.AddIndex(
            model_name="lesson",
            index=models.Index(fields=["session_id"], name="lesson_session_idx"),
        ),
        migrations.RemoveIndex(model_name="lesson", name="lesson_agent_idx"),
        migrations.AddIndex(
            model_name="lesson",
            index=models.Index(
                fields=["source_agent", "-created_at"], include=("scope",), name="lesson_agent_idx"
            ),
        ),
        migrations.RemoveIndex(model_name="lesson", name="lesson_domain_upper_idx"),
        migrations.AddIndex(
            model_name="lesson",
            index=models.Index(
                Upper("domain"),
                include=("domain", "source_agent", "scope"),
                name="lesson_domain_upper_idx",
            ),
        ),
        migrations.RemoveIndex(model_name="antipattern", name="anti_pattern_domain_upper_idx"),
        migrations.AddIndex(
            model_name="antipattern",
            index=models.Index(
                Upper("domain"), F("created_at").desc(), name="anti_pattern_domain_upper_idx"
            ),
        ),
        migrations.RunSQL(AUTOVACUUM, AUTOVACUUM_DEFAULT),
    ]
