"""Nothing is lost when the broker is down: tasks wait in the outbox and are sent later."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from mnemosyne_site import embedded
from mnemosyne_site.celery import app
from mnemosyne_site.models import OutboxMessage, TaskRun
from mnemosyne_site.outbox import enqueue_on_commit, outbox_flush, registered_task
from mnemosyne_site.tasks import flush_outbox

pytestmark = pytest.mark.django_db


@pytest.fixture
def broker(request, celery_broker):
    celery_broker(request.param)


DOWN = "redis://127.0.0.1:1/0"  # nothing listens on port 1
broker_down = pytest.mark.parametrize("broker", [DOWN], indirect=True)


@broker_down
def test_a_task_is_kept_in_the_outbox_when_the_broker_is_down(
    broker, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        enqueue_on_commit("mnemosyne_site.ping", "kept")
    row = OutboxMessage.objects.get()
    assert row.task_name == "mnemosyne_site.ping"
    assert row.args == ["kept"]
    assert row.last_error


@pytest.mark.parametrize("broker", [embedded.broker_url()], indirect=True)
def test_flushing_sends_queued_tasks_once_the_broker_is_back(broker):
    OutboxMessage.objects.create(task_name="mnemosyne_site.ping", args=["late"])
    result = outbox_flush()
    assert result == {"sent": 1, "still_queued": 0, "failed": 0}
    assert not OutboxMessage.objects.exists()


@broker_down
def test_flushing_keeps_rows_while_the_broker_is_still_down(broker):
    OutboxMessage.objects.create(task_name="mnemosyne_site.ping", args=["a"])
    OutboxMessage.objects.create(task_name="mnemosyne_site.ping", args=["b"])
    result = outbox_flush()
    assert result["sent"] == 0 and result["still_queued"] == 2
    assert OutboxMessage.objects.order_by("id").first().attempts == 1


def test_a_scheduled_task_records_its_run_and_counts(client):
    counts = flush_outbox()
    assert counts == {"sent": 0, "still_queued": 0, "failed": 0}
    run = TaskRun.objects.get(task_name="mnemosyne_site.outbox_flush")
    assert run.succeeded and run.finished_at is not None
    assert run.result == counts


def late_task() -> None:
    """What the slow import below registers."""


def test_threads_asking_for_a_task_while_another_imports_the_task_modules_wait_for_it(
    monkeypatch,
):
    """A gunicorn thread must not fail with NotRegistered while another thread of its process
    is still importing the task modules (the first report after start)."""
    name = "mnemosyne_site.tests_late_task"
    imports = []

    def slow_import():  # the task modules take a while to import; the task appears at the end
        imports.append(threading.get_ident())
        time.sleep(0.3)
        app.task(name=name)(late_task)

    monkeypatch.setattr(app.loader, "import_default_modules", slow_import)
    monkeypatch.delitem(app.tasks, name, raising=False)
    with ThreadPoolExecutor(4) as pool:
        found = list(pool.map(lambda _: registered_task(name).name, range(4)))
    app.tasks.pop(name, None)
    assert found == [name] * 4
    assert len(imports) == 1
