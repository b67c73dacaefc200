"""Distil ended trajectories that are waiting or failed: queue them, or run them here."""

from django.core.management.base import BaseCommand

from notes.distillation.service import trajectory_distill
from notes.models import DistillationStatus, Trajectory
from notes.services.trajectories import trajectory_queue_distillation


class Command(BaseCommand):
    help = "Queue (or, with --now, run in this process) the distillation of ended trajectories."

    def add_arguments(self, parser):
        parser.add_argument("--failed", action="store_true", help="include failed trajectories")
        parser.add_argument("--now", action="store_true", help="distil here, not in the worker")
        parser.add_argument("--limit", type=int, default=1000)

    def handle(self, *args, failed=False, now=False, limit=1000, **options):
        statuses = [DistillationStatus.PENDING] + ([DistillationStatus.FAILED] if failed else [])
        ids = list(
            Trajectory.objects.filter(distillation_status__in=statuses, ended_at__isnull=False)
            .order_by("ended_at")
            .values_list("pk", flat=True)[:limit]
        )
        Trajectory.objects.filter(pk__in=ids, distillation_status=DistillationStatus.FAILED).update(
            distillation_status=DistillationStatus.PENDING, distill_attempts=0
        )
        outcomes: dict[str, int] = {}
        for trajectory_id in ids:
            if now:
                status = trajectory_distill(trajectory_id=trajectory_id, final_attempt=True)
            else:
                trajectory_queue_distillation(trajectory_id=trajectory_id)
                status = "queued"
            outcomes[status] = outcomes.get(status, 0) + 1
        summary = ", ".join(f"{n} {s}" for s, n in sorted(outcomes.items())) or "nothing to do"
        self.stdout.write(summary)
