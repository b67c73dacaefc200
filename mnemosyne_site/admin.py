"""The operator's view: each periodic task's last run, what it reported, and its next run."""

from datetime import timedelta

from django.contrib import admin
from django.db.models import OuterRef, Subquery
from django.utils import timezone
from django_celery_beat.admin import PeriodicTaskAdmin as BeatPeriodicTaskAdmin
from django_celery_beat.models import PeriodicTask

from mnemosyne_site.models import OutboxMessage, TaskRun


def next_run_at(task: PeriodicTask):
    """When beat will next send the task (None when disabled or not scheduled)."""
    if not task.enabled:
        return None
    now = timezone.now()
    remaining = task.schedule.remaining_estimate(task.last_run_at or now)
    return now + max(remaining, timedelta(0))


admin.site.unregister(PeriodicTask)


@admin.register(PeriodicTask)
class PeriodicTaskAdmin(BeatPeriodicTaskAdmin):
    list_display = ("name", "enabled", "interval", "last_run_at", "last_result", "next_run")
    list_select_related = ("interval", "crontab", "solar", "clocked")

    def get_queryset(self, request):
        latest = TaskRun.objects.filter(task_name=OuterRef("task")).order_by("-started_at")
        return (
            super()
            .get_queryset(request)
            .annotate(
                _last_succeeded=Subquery(latest.values("succeeded")[:1]),
                _last_result=Subquery(latest.values("result")[:1]),
                _last_finished=Subquery(latest.values("finished_at")[:1]),
            )
        )

    @admin.display(description="last result")
    def last_result(self, task):
        if task._last_finished is None:
            return "—"
        if not task._last_succeeded:
            return "failed"
        counts = task._last_result or {}
        return ", ".join(f"{key} {value}" for key, value in counts.items()) or "ok"

    @admin.display(description="next run")
    def next_run(self, task):
        when = next_run_at(task)
        return timezone.localtime(when).strftime("%Y-%m-%d %H:%M:%S") if when else "—"


@admin.register(TaskRun)
class TaskRunAdmin(admin.ModelAdmin):
    list_display = ("task_name", "started_at", "finished_at", "succeeded", "result")
    list_filter = ("succeeded", "task_name")
    readonly_fields = [f.name for f in TaskRun._meta.fields]
    show_full_result_count = False

    def has_add_permission(self, request):
        return False


@admin.register(OutboxMessage)
class OutboxMessageAdmin(admin.ModelAdmin):
    list_display = ("task_name", "created_at", "attempts", "last_error")
    readonly_fields = [f.name for f in OutboxMessage._meta.fields]

    def has_add_permission(self, request):
        return False
