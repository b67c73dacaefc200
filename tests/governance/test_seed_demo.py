import pytest
from django.core.management import call_command

from governance.models import QueueAssignment

pytestmark = pytest.mark.django_db


def test_the_demo_supervisor_works_the_specs_escalation_queues(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    call_command("seed_demo", verbosity=0)
    call_command("seed_demo", verbosity=0)  # idempotent
    queues = set(
        QueueAssignment.objects.filter(user__username="supervisor").values_list("queue", flat=True)
    )
    assert queues == {"aria", "varys", "domain_supervisor"}
    assert QueueAssignment.objects.count() == 3
