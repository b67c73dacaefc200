"""Every periodic task, declared in one place.

`manage.py setup_periodic_tasks` creates or updates each by name in django-celery-beat's
database scheduler, so intervals a maintainer edits in the admin are kept unless the task itself
changes. Apps add their entries here as they gain scheduled work.
"""

# name -> (task path, every N seconds, kwargs)
SCHEDULES: dict[str, tuple[str, int, dict]] = {
    # notes: re-send distillations whose task was lost (broker down at commit, dead worker)
    "notes: distillation sweep": ("notes.tasks.sweep_distillations", 300, {}),
    # notes: quality thresholds crossed while the worker was away
    "notes: quality sweep": ("notes.tasks.sweep_note_quality", 3600, {}),
}
