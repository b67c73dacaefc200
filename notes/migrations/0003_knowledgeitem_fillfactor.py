from django.db import migrations


class Migration(migrations.Migration):
    """Every search bumps the retrieval counters of the notes it returns. With room left on each
    page those updates are HOT (heap-only): PostgreSQL then skips the indexes, above all the HNSW
    index, whose insert made each counter update cost about a millisecond per row."""

    dependencies = [("notes", "0002_trajectories_skills_refs")]

    operations = [
        migrations.RunSQL(
            "ALTER TABLE notes_knowledgeitem SET (fillfactor = 70)",
            "ALTER TABLE notes_knowledgeitem RESET (fillfactor)",
        )
    ]
