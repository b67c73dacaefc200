"""The worker's "processed" mark moves from the lesson's row to a table of its own.

Marking a lesson processed updated its row, which is about 2 KB on full pages and indexed
fifteen ways: no such update was HOT (`n_tup_hot_upd` 4 of 2,759 on the bench database), so
each one re-inserted the lesson into every index, the HNSW graph included (about 1,240 shared
buffers per lesson). The marks the lessons hold are copied over.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0009_neighbour_scan_index"),
    ]

    operations = [
        migrations.CreateModel(
            name="LessonProcessing",
            fields=[
                (
                    "lesson",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="processing",
                        serialize=False,
                        to="lessons.lesson",
                    ),
                ),
                ("processed_at", models.DateTimeField()),
            ],
        ),
        migrations.RunSQL(
            "INSERT INTO lessons_lessonprocessing (lesson_id, processed_at)"
            " SELECT id, processed_at FROM lessons_lesson WHERE processed_at IS NOT NULL",
            "UPDATE lessons_lesson AS lesson SET processed_at = mark.processed_at"
            " FROM lessons_lessonprocessing AS mark WHERE mark.lesson_id = lesson.id",
        ),
        migrations.RemoveField(
            model_name="lesson",
            name="processed_at",
        ),
    ]
