"""Task and beat-entry names follow one convention (mnemosyne_site/schedules.py), and stored
names from before it are renamed by a migration."""

import re
from importlib import import_module

import pytest
from django.apps import apps
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from mnemosyne_site.celery import app
from mnemosyne_site.models import OutboxMessage, TaskRun
from mnemosyne_site.schedules import SCHEDULES

APPS = ("mnemosyne_site", "governance", "lessons", "hindsight", "notes")
TASK_NAME = re.compile(rf"^({'|'.join(APPS)})\.[a-z][a-z0-9_]*$")
BEAT_NAME = re.compile(rf"^({'|'.join(APPS)}): [a-z].*$")

rename = import_module("mnemosyne_site.migrations.0002_task_and_schedule_names")


def _our_tasks() -> dict:
    app.loader.import_default_modules()
    return {name: task for name, task in app.tasks.items() if task.__module__.split(".")[0] in APPS}


def test_every_task_is_named_app_dot_service():
    tasks = _our_tasks()
    assert "notes.bloat_check" in tasks and "mnemosyne_site.outbox_flush" in tasks
    assert [name for name in tasks if not TASK_NAME.match(name)] == []
    for name, task in tasks.items():
        assert name.split(".")[0] == task.__module__.split(".")[0], name  # named for its app


def test_a_scheduled_task_records_its_runs_under_its_own_name():
    scheduled = {
        name: task.run.scheduled_name
        for name, task in _our_tasks().items()
        if hasattr(task.run, "scheduled_name")
    }
    assert len(scheduled) == len(SCHEDULES)
    assert [name for name, recorded in scheduled.items() if name != recorded] == []


def test_every_beat_entry_is_named_app_colon_what_and_runs_a_registered_task():
    tasks = _our_tasks()
    for entry, (task, _every, _kwargs) in SCHEDULES.items():
        assert BEAT_NAME.match(entry), entry
        assert entry.split(":")[0] == task.split(".")[0], entry
        assert task in tasks, task


@pytest.mark.django_db
def test_the_migration_renames_stored_task_and_beat_entry_names():
    every, _ = IntervalSchedule.objects.get_or_create(every=60, period=IntervalSchedule.SECONDS)
    PeriodicTask.objects.create(
        name="flush outbox", task="mnemosyne_site.flush_outbox", interval=every
    )
    PeriodicTask.objects.create(
        name="notes: bloat check", task="notes.tasks.bloat_check", interval=every
    )
    # Renamed while a row under the new name exists already: the old row goes, not a twin.
    PeriodicTask.objects.create(
        name="hindsight: bloat check", task="hindsight.bloat_check", interval=every
    )
    PeriodicTask.objects.create(
        name="hindsight-bloat-check", task="hindsight.bloat_check", interval=every
    )
    OutboxMessage.objects.create(task_name="notes.tasks.distill_trajectory", args=["t"])
    TaskRun.objects.create(
        task_name="notes.tasks.sweep_merge_suggestions", succeeded=True, result={"cursor": "c"}
    )

    rename.forwards(apps, None)

    assert dict(PeriodicTask.objects.values_list("name", "task")) == {
        "mnemosyne_site: flush the outbox": "mnemosyne_site.outbox_flush",
        "notes: bloat check": "notes.bloat_check",
        "hindsight: bloat check": "hindsight.bloat_check",
    }
    assert OutboxMessage.objects.get().task_name == "notes.trajectory_distill"
    assert TaskRun.objects.get().task_name == "notes.suggest_merges_sweep"

    rename.backwards(apps, None)
    assert PeriodicTask.objects.get(name="flush outbox").task == "mnemosyne_site.flush_outbox"
    assert OutboxMessage.objects.get().task_name == "notes.tasks.distill_trajectory"


def test_the_migration_maps_every_old_name_to_a_registered_task():
    tasks = _our_tasks()
    assert [new for new in rename.TASKS.values() if new not in tasks] == []
    assert set(rename.BEAT_ENTRIES.values()) <= set(SCHEDULES)
