"""An index the exact nearest-neighbour scan of one domain reads alone (an index-only scan):
each report's near-duplicate and pattern check, the one-domain relevant query, and the row count
that picks their plan. They read one heap page per row before (2,200 pages for a domain at
100,000 lessons). It replaces the (scope, domain) index, whose queries the unique constraint
(scope, domain, title) serves as well.

Built with more maintenance memory, as 0007 rebuilt the HNSW indexes: it holds every embedding.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("governance", "0011_policy_drop_unread_thresholds"),
        ("lessons", "0008_anti_pattern_index_version_per_row"),
    ]

    operations = [
        migrations.RunSQL("SET LOCAL maintenance_work_mem = '512MB'", migrations.RunSQL.noop),
        migrations.RemoveIndex(
            model_name="lesson",
            name="lesson_scope_domain_idx",
        ),
        migrations.AddIndex(
            model_name="lesson",
            index=models.Index(
                condition=models.Q(("embedding__isnull", False)),
                fields=["domain", "scope"],
                include=("id", "lesson_type", "last_occurred", "embedding"),
                name="lesson_neighbours_idx",
            ),
        ),
    ]
