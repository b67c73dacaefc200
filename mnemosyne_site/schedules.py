"""Every periodic task, declared in one place.

`manage.py setup_periodic_tasks` creates or updates each by name in django-celery-beat's
database scheduler, so intervals a maintainer edits in the admin are kept unless the task itself
changes. Apps add their entries here as they gain scheduled work.
"""

# name -> (task path, every N seconds, kwargs)
SCHEDULES: dict[str, tuple[str, int, dict]] = {
    # Lessons whose after-commit task never ran (broker down) get processed here.
    "lessons: process missed lessons": ("lessons.tasks.lessons_sweep", 300, {}),
}
