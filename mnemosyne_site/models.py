"""Core bookkeeping: tasks kept while the broker is down, and what each periodic task last did."""

from django.db import models
from django.utils import timezone


class OutboxMessage(models.Model):
    """A task that could not be sent because the broker was down; resent when it is back."""

    task_name = models.CharField(max_length=200)
    args = models.JSONField(default=list)
    kwargs = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.task_name} (queued {self.created_at:%Y-%m-%d %H:%M:%S})"


class TaskRun(models.Model):
    """One run of a scheduled task and what it reported (counts), for the operator's view."""

    task_name = models.CharField(max_length=200, db_index=True)
    started_at = models.DateTimeField(default=timezone.now, db_index=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    succeeded = models.BooleanField(default=False)
    result = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["-started_at"]

    def __str__(self) -> str:
        return f"{self.task_name} at {self.started_at:%Y-%m-%d %H:%M:%S}"
