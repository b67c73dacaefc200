import pytest
from django.core.management import call_command
from django_celery_beat.models import PeriodicTask

from mnemosyne_site.tasks import flush_outbox

pytestmark = pytest.mark.django_db


def test_the_admin_shows_last_run_result_and_next_run(client, django_user_model):
    call_command("setup_periodic_tasks", verbosity=0)
    flush_outbox()
    admin = django_user_model.objects.create_superuser("root", "root@example.com", "pw")
    client.force_login(admin)
    page = client.get("/admin/django_celery_beat/periodictask/").content.decode()
    row = next(tr for tr in page.split("<tr") if ">mnemosyne_site: flush the outbox<" in tr)
    cell = row.split('<td class="field-last_result">', 1)[1].split("</td>", 1)[0]
    assert sorted(cell.split(", ")) == ["failed 0", "sent 0", "still_queued 0"]
    next_run = row.split('<td class="field-next_run">', 1)[1].split("</td>", 1)[0]
    assert next_run[:2] == "20"  # a timestamp, not the empty marker


def test_setup_keeps_an_interval_edited_in_the_admin():
    call_command("setup_periodic_tasks", verbosity=0)
    task = PeriodicTask.objects.get(name="mnemosyne_site: flush the outbox")
    task.interval.every = 999
    task.interval.save()
    call_command("setup_periodic_tasks", verbosity=0)
    assert PeriodicTask.objects.get(name="mnemosyne_site: flush the outbox").interval.every == 999
