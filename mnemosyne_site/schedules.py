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
    # Send tasks that waited in the outbox while the broker was down.
    "flush outbox": ("mnemosyne_site.flush_outbox", 60, {}),
    # Tell handlers once about escalations that passed their priority's deadline.
    "governance-flag-overdue-escalations": (
        "governance.tasks.escalations_flag_overdue_task",
        600,
        {},
    ),
    # Send notification e-mails whose task never ran (broker down, worker lost).
    "governance-send-pending-notification-emails": (
        "governance.tasks.notifications_send_pending_task",
        300,
        {},
    ),
    # Lessons whose after-commit task never ran (broker down) get processed here.
    "lessons: process missed lessons": ("lessons.tasks.lessons_sweep", 300, {}),
    # Alert maintainers of scopes whose hindsight notes pass the bloat threshold; storage gauge.
    "hindsight-bloat-check": ("hindsight.bloat_check", 3600, {}),
}
