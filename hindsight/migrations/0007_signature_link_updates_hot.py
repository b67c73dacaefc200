"""A capture that links to a signature updates its row (occurrence_count, last_seen_at, context and
stack patterns): that update is now HOT, so it no longer re-inserts the row into every index,
the HNSW graph included (EXPLAIN ANALYZE of the update on the 100,000-signature bench database:
about 650 shared buffers and 16 ms, nearly all of it the HNSW insert).

A HOT update needs no indexed column to change and room for the new row version on its page:
the indexes on occurrence_count and last_seen_at go (nothing filters on them; the dashboard's
top ten and the regex fallback's most frequent signatures sort the few rows their other filters
keep), and the table's pages are filled to 70% (a signature row is about 2 KB of an 8 KB page).
Existing full pages are not rewritten: a signature's next update moves its row to a page with
room, once, and the updates after that are HOT.
"""

from django.db import migrations, models
from django.utils import timezone


class Migration(migrations.Migration):
    dependencies = [
        ("hindsight", "0006_hnsw_ef_construction_128"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="errorsignature",
            name="hindsight_e_occurre_8e3acd_idx",
        ),
        migrations.AlterField(
            model_name="errorsignature",
            name="last_seen_at",
            field=models.DateTimeField(default=timezone.now),
        ),
        migrations.RunSQL(
            "ALTER TABLE hindsight_errorsignature SET (fillfactor = 70)",
            "ALTER TABLE hindsight_errorsignature RESET (fillfactor)",
        ),
    ]
