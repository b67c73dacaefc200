import json

from django.core.management.base import BaseCommand
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from mnemosyne_site.schedules import SCHEDULES


class Command(BaseCommand):
    help = "Create or update the periodic tasks declared in mnemosyne_site.schedules."

    def handle(self, *args, **options):
        for name, (task, every, kwargs) in SCHEDULES.items():
            existing = PeriodicTask.objects.filter(name=name).first()
            if existing and existing.task == task:
                continue  # keep what an operator set in the admin
            interval, _ = IntervalSchedule.objects.get_or_create(
                every=every, period=IntervalSchedule.SECONDS
            )
            PeriodicTask.objects.update_or_create(
                name=name,
                defaults={"task": task, "interval": interval, "kwargs": json.dumps(kwargs)},
            )
        self.stdout.write(f"{len(SCHEDULES)} periodic tasks declared")
