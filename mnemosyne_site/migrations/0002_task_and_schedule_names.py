"""Rename stored task and beat-entry names to the one convention (mnemosyne_site/schedules.py).

Task names live in beat rows (`PeriodicTask.task`), outbox rows and the TaskRun history (a
sweep's watermark is read back by task name); beat-entry names in `PeriodicTask.name`, which
`setup_periodic_tasks` matches on, so an unrenamed row would run beside its renamed twin.
"""

from django.db import migrations
from django.utils import timezone

TASKS = {
    "lessons.tasks.lesson_process": "lessons.lesson_process",
    "lessons.tasks.lessons_sweep": "lessons.sweep",
    "lessons.tasks.anti_pattern_hits_apply": "lessons.anti_pattern_hits_apply",
    "lessons.tasks.agent_memory_refresh": "lessons.agent_memory_refresh",
    "lessons.tasks.patterns_sweep": "lessons.patterns_sweep",
    "lessons.tasks.agent_memories_refresh": "lessons.agent_memories_refresh",
    "governance.tasks.notification_email_task": "governance.notification_email_send",
    "governance.tasks.escalations_flag_overdue_task": "governance.escalations_flag_overdue",
    "governance.tasks.notifications_send_pending_task": "governance.notifications_send_pending",
    "governance.tasks.escalations_age_task": "governance.escalations_age",
    "notes.tasks.distill_trajectory": "notes.trajectory_distill",
    "notes.tasks.review_note_quality": "notes.note_quality_review",
    "notes.tasks.suggest_note_merges": "notes.note_suggest_merges",
    "notes.tasks.sweep_distillations": "notes.distillations_sweep",
    "notes.tasks.sweep_note_quality": "notes.note_quality_sweep",
    "notes.tasks.expire_old_records": "notes.records_expire",
    "notes.tasks.retry_failed_distillations": "notes.distillations_retry_failed",
    "notes.tasks.sweep_merge_suggestions": "notes.suggest_merges_sweep",
    "notes.tasks.bloat_check": "notes.bloat_check",
    "hindsight.learning_propagate": "hindsight.learning_propagate_success",
    "mnemosyne_site.flush_outbox": "mnemosyne_site.outbox_flush",
}

BEAT_ENTRIES = {
    "flush outbox": "mnemosyne_site: flush the outbox",
    "governance-flag-overdue-escalations": "governance: flag overdue escalations",
    "governance-send-pending-notification-emails": "governance: send pending notification e-mails",
    "hindsight-bloat-check": "hindsight: bloat check",
}


def _rename(apps, tasks: dict[str, str], entries: dict[str, str]) -> None:
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    PeriodicTasks = apps.get_model("django_celery_beat", "PeriodicTasks")
    OutboxMessage = apps.get_model("mnemosyne_site", "OutboxMessage")
    TaskRun = apps.get_model("mnemosyne_site", "TaskRun")
    for old, new in entries.items():
        if PeriodicTask.objects.filter(name=new).exists():
            PeriodicTask.objects.filter(name=old).delete()  # the new one already runs it
        else:
            PeriodicTask.objects.filter(name=old).update(name=new)
    for old, new in tasks.items():
        PeriodicTask.objects.filter(task=old).update(task=new)
        OutboxMessage.objects.filter(task_name=old).update(task_name=new)
        TaskRun.objects.filter(task_name=old).update(task_name=new)
    # Bulk updates send no signals: tell a running beat that its schedule changed.
    PeriodicTasks.objects.update_or_create(ident=1, defaults={"last_update": timezone.now()})


def forwards(apps, schema_editor):
    _rename(apps, TASKS, BEAT_ENTRIES)


def backwards(apps, schema_editor):
    _rename(
        apps,
        {new: old for old, new in TASKS.items()},
        {new: old for old, new in BEAT_ENTRIES.items()},
    )


class Migration(migrations.Migration):
    dependencies = [
        ("mnemosyne_site", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
