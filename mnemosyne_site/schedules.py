"""Every periodic task, declared in one place.

`manage.py setup_periodic_tasks` creates or updates each by name in django-celery-beat's
database scheduler, so intervals a maintainer edits in the admin are kept unless the task itself
changes. Apps add their entries here as they gain scheduled work.

Naming (both names are stored: beat rows, TaskRun rows, outbox rows, broker messages, metric
labels; renaming one takes a data migration, see mnemosyne_site/migrations/0002):
- A task is registered as `<app>.<service>`, the service function it calls without a leading
  `<app>_` that only repeats the app: `lessons.lesson_process`, `notes.bloat_check` (calls
  `notes_bloat_check`), `mnemosyne_site.outbox_flush`. Always given with `name=` on the task
  (and the same string to `scheduled_task`), never derived from the module path.
- A beat entry is named `<app>: <what it does>`, in plain words: `notes: bloat check`.
"""

# beat entry name -> (task name, every N seconds, kwargs)
SCHEDULES: dict[str, tuple[str, int, dict]] = {
    # Send tasks that waited in the outbox while the broker was down.
    "mnemosyne_site: flush the outbox": ("mnemosyne_site.outbox_flush", 60, {}),
    # notes: re-send distillations whose task was lost (broker down at commit, dead worker)
    "notes: distillation sweep": ("notes.distillations_sweep", 300, {}),
    # notes: quality thresholds crossed while the worker was away
    "notes: quality sweep": ("notes.note_quality_sweep", 3600, {}),
    # notes: retention of old trajectories and stale session-layer items (notes/conf.py ages)
    "notes: retention": ("notes.records_expire", 86400, {}),
    # notes: queue failed distillations again, a bounded number of rounds
    "notes: retry failed distillations": ("notes.distillations_retry_failed", 3600, {}),
    # notes: merge suggestions for accepted notes changed since the last run
    "notes: merge suggestions": ("notes.suggest_merges_sweep", 3600, {}),
    # notes: stored-notes gauge per layer; scopes past NOTES_BLOAT_THRESHOLD are escalated
    "notes: bloat check": ("notes.bloat_check", 3600, {}),
    # Tell handlers once about escalations that passed their priority's deadline.
    "governance: flag overdue escalations": ("governance.escalations_flag_overdue", 600, {}),
    # Raise the priority of escalations left open a whole further deadline after going overdue;
    # sets the open-escalations gauge.
    "governance: escalation ageing": ("governance.escalations_age", 900, {}),
    # Send notification e-mails whose task never ran (broker down, worker lost).
    "governance: send pending notification e-mails": (
        "governance.notifications_send_pending",
        300,
        {},
    ),
    # Rate-limit windows past their retention (governance.ratelimit.RETENTION), so the table
    # holds about a week of windows instead of growing forever.
    "governance: prune rate-limit windows": ("governance.rate_limit_prune", 3600, {}),
    # Lessons whose after-commit task never ran (broker down) get processed here.
    "lessons: process missed lessons": ("lessons.sweep", 300, {}),
    # Pattern detection again for recent lessons in no pattern (lost tasks, later neighbours).
    "lessons: pattern detection sweep": ("lessons.patterns_sweep", 3600, {}),
    # Rebuild agent memories not rebuilt for AGENT_MEMORY_REFRESH_SECONDS.
    "lessons: agent memory refresh": ("lessons.agent_memories_refresh", 900, {}),
    # Alert maintainers of scopes whose hindsight notes pass the bloat threshold; storage gauge.
    "hindsight: bloat check": ("hindsight.bloat_check", 3600, {}),
    # Hindsight promotion proposals and merge suggestions a lost refresh task never made.
    "hindsight: auto-proposal sweep": ("hindsight.proposals_sweep", 3600, {}),
}
