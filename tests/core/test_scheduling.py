"""Scheduled tasks: one run at a time, a run record with counts, and a metric of those counts."""

import pytest
from django.db import connection

from mnemosyne_site.models import TaskRun
from mnemosyne_site.scheduling import _lock_key, last_result, scheduled_task
from tests.metrics import sample

pytestmark = pytest.mark.django_db


@scheduled_task("tests.core.counting_sweep", outcome="touched")
def counting_sweep(n: int):
    return n


@scheduled_task("tests.core.listing_sweep")
def listing_sweep():
    return {"flagged": ["a", "b"], "proposed": [], "cursor": "2030-01-01"}


def test_a_sweep_records_its_counts_on_a_task_run_and_in_the_metric():
    before = sample(
        "mnemosyne_sweep_items_total", task="tests.core.counting_sweep", outcome="touched"
    )

    assert counting_sweep(3) == 3  # the task still returns what the service returned

    run = TaskRun.objects.get(task_name="tests.core.counting_sweep")
    assert run.succeeded and run.finished_at is not None
    assert run.result == {"touched": 3}
    after = sample(
        "mnemosyne_sweep_items_total", task="tests.core.counting_sweep", outcome="touched"
    )
    assert after - before == 3


def test_lists_count_their_length_and_other_values_are_kept_for_the_next_run():
    assert listing_sweep()["flagged"] == ["a", "b"]
    assert TaskRun.objects.get().result == {"flagged": 2, "proposed": 0, "cursor": "2030-01-01"}
    assert last_result("tests.core.listing_sweep")["cursor"] == "2030-01-01"


def test_a_failed_run_is_recorded_as_failed():
    @scheduled_task("tests.core.failing_sweep")
    def failing():
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        failing()
    run = TaskRun.objects.get(task_name="tests.core.failing_sweep")
    assert run.succeeded is False and "boom" in run.error


def test_a_second_run_is_skipped_while_another_worker_holds_the_task():
    # Another database session (another worker) holds the task's lock.
    other = connection.get_new_connection(connection.get_connection_params())
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(%s)", [_lock_key("tests.core.counting_sweep")])
        assert counting_sweep(5) == {"skipped_busy": 1}
        assert not TaskRun.objects.filter(task_name="tests.core.counting_sweep").exists()
    finally:
        # That worker finishes (unlock explicitly: a closed session releases its locks only
        # once its server process has exited, which is asynchronous).
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock_all()")
        other.close()
    assert counting_sweep(5) == 5
    assert TaskRun.objects.filter(task_name="tests.core.counting_sweep").count() == 1
