"""The worker's queue of pending lessons, `lessons_lessonpending`, kept by a trigger.

Every lesson created, and every lesson whose `last_occurred` moves (a repeated report), gets a
row holding that occurrence, so the reporting paths cannot forget to queue one; the worker run
that reads the lesson at that occurrence deletes it. The lessons no run has read at their latest
occurrence are queued here from the marks.
"""

import django.db.models.deletion
from django.db import migrations, models

FORWARD = """
CREATE FUNCTION lessons_lesson_queue_pending() RETURNS trigger AS $$
BEGIN
    INSERT INTO lessons_lessonpending (lesson_id, occurred) VALUES (NEW.id, NEW.last_occurred)
    ON CONFLICT (lesson_id) DO UPDATE SET occurred = EXCLUDED.occurred;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER lessons_lesson_pending_ins
    AFTER INSERT ON lessons_lesson
    FOR EACH ROW EXECUTE FUNCTION lessons_lesson_queue_pending();
CREATE TRIGGER lessons_lesson_pending_upd
    AFTER UPDATE OF last_occurred ON lessons_lesson
    FOR EACH ROW WHEN (NEW.last_occurred IS DISTINCT FROM OLD.last_occurred)
    EXECUTE FUNCTION lessons_lesson_queue_pending();

INSERT INTO lessons_lessonpending (lesson_id, occurred)
SELECT lesson.id, lesson.last_occurred
  FROM lessons_lesson AS lesson
  LEFT JOIN lessons_lessonprocessing AS mark ON mark.lesson_id = lesson.id
 WHERE mark.lesson_id IS NULL OR mark.processed_at < lesson.last_occurred;
"""

BACKWARD = """
DROP TRIGGER IF EXISTS lessons_lesson_pending_upd ON lessons_lesson;
DROP TRIGGER IF EXISTS lessons_lesson_pending_ins ON lessons_lesson;
DROP FUNCTION IF EXISTS lessons_lesson_queue_pending();
"""


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0011_lesson_domain_upper_index"),
    ]

    operations = [
        migrations.CreateModel(
            name="LessonPending",
            fields=[
                (
                    "lesson",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="pending",
                        serialize=False,
                        to="lessons.lesson",
                    ),
                ),
                ("occurred", models.DateTimeField()),
            ],
            options={
                "indexes": [
                    models.Index(fields=["occurred"], name="lesson_pending_occurred_idx")
                ],
            },
        ),
        migrations.RunSQL(FORWARD, BACKWARD),
    ]
