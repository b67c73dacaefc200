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
    # notes: retention of old trajectories and stale session-layer items (notes/conf.py ages)
    "notes: retention": ("notes.tasks.expire_old_records", 86400, {}),
    # notes: queue failed distillations again, a bounded number of rounds
    "notes: retry failed distillations": ("notes.tasks.retry_failed_distillations", 3600, {}),
    # notes: merge suggestions for accepted notes changed since the last run
    "notes: merge suggestions": ("notes.tasks.sweep_merge_suggestions", 3600, {}),
    # notes: stored-notes gauge per layer; scopes past NOTES_BLOAT_THRESHOLD are escalated
    "notes: bloat check": ("notes.tasks.bloat_check", 3600, {}),
    # Send tasks that waited in the outbox while the broker was down.
    "flush outbox": ("mnemosyne_site.flush_outbox", 60, {}),
    # Tell handlers once about escalations that passed their priority's deadline.
    "governance-flag-overdue-escalations": (
        "governance.tasks.escalations_flag_overdue_task",
        600,
        {},
    ),
    # Raise the priority of escalations left open a whole further deadline after going overdue;
    # sets the open-escalations gauge.
    "governance: escalation ageing": ("governance.tasks.escalations_age_task", 900, {}),
    # Send notification e-mails whose task never ran (broker down, worker lost).
    "governance-send-pending-notification-emails": (
        "governance.tasks.notifications_send_pending_task",
        300,
        {},
    ),
    # Lessons whose after-commit task never ran (broker down) get processed here.
    "lessons: process missed lessons": ("lessons.tasks.lessons_sweep", 300, {}),
    # Pattern detection again for recent lessons in no pattern (lost tasks, later neighbours).
    "lessons: pattern detection sweep": ("lessons.tasks.patterns_sweep", 3600, {}),
    # Rebuild agent memories not rebuilt for AGENT_MEMORY_REFRESH_SECONDS.
    "lessons: agent memory refresh": ("lessons.tasks.agent_memories_refresh", 900, {}),
    # Alert maintainers of scopes whose hindsight notes pass the bloat threshold; storage gauge.
    "hindsight-bloat-check": ("hindsight.bloat_check", 3600, {}),
    # Hindsight promotion proposals and merge suggestions a lost refresh task never made.
    "hindsight: auto-proposal sweep": ("hindsight.proposals_sweep", 3600, {}),
}
