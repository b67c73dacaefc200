import importlib
import threading
from datetime import timedelta

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.utils import timezone

from governance.models import RateLimitWindow
from governance.ratelimit import RETENTION, rate_limit_hit
from governance.tasks import rate_limit_prune_task
from hindsight import conf as hindsight_conf
from mnemosyne_site.errors import RateLimited
from mnemosyne_site.models import TaskRun
from mnemosyne_site.schedules import SCHEDULES
from notes import conf as notes_conf


@pytest.mark.django_db
def test_it_refuses_hits_past_the_limit_in_a_window():
    for expected in (1, 2, 3):
        assert rate_limit_hit(key="session:a", limit=3, window_seconds=60) == expected
    with pytest.raises(RateLimited) as raised:
        rate_limit_hit(key="session:a", limit=3, window_seconds=60)
    assert raised.value.retry_after >= 1
    # Another key has its own window.
    assert rate_limit_hit(key="session:b", limit=3, window_seconds=60) == 1


@pytest.mark.django_db
def test_an_empty_key_bypasses_the_limit():
    for _ in range(5):
        assert rate_limit_hit(key="", limit=1, window_seconds=60) == 0
    assert not RateLimitWindow.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_concurrent_hits_never_pass_more_than_the_limit():
    passed, refused = [], []

    def hit():
        try:
            rate_limit_hit(key="session:race", limit=5, window_seconds=60)
            passed.append(1)
        except RateLimited:
            refused.append(1)
        finally:
            connection.close()

    threads = [threading.Thread(target=hit) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(passed) == 5
    assert len(refused) == 7


@pytest.mark.django_db
def test_the_hourly_prune_deletes_windows_past_retention_and_keeps_current_counts():
    assert SCHEDULES["governance: prune rate-limit windows"][0] == rate_limit_prune_task.name
    now = timezone.now()
    RateLimitWindow.objects.create(key="session:old", window_start=now - RETENTION, count=9)
    recent = now - RETENTION + timedelta(minutes=1)
    RateLimitWindow.objects.create(key="session:recent", window_start=recent, count=4)
    rate_limit_hit(key="session:now", limit=3, window_seconds=60)

    assert rate_limit_prune_task.delay().get() == 1
    assert sorted(RateLimitWindow.objects.values_list("key", flat=True)) == [
        "session:now",
        "session:recent",
    ]
    assert TaskRun.objects.get(task_name="governance.rate_limit_prune").result == {"deleted": 1}
    # The current window still counts from where it was.
    assert rate_limit_hit(key="session:now", limit=3, window_seconds=60) == 2


@pytest.mark.parametrize(
    ("module", "setting"),
    [
        (notes_conf, "KNOWLEDGE_SAVE_WINDOW_SECONDS"),
        (hindsight_conf, "LEARNING_RATE_WINDOW_SECONDS"),
    ],
)
def test_a_rate_limit_window_longer_than_the_retention_is_refused(monkeypatch, module, setting):
    longest = int(RETENTION.total_seconds())
    monkeypatch.setenv(setting, str(longest))
    assert getattr(importlib.reload(module), setting) == longest
    monkeypatch.setenv(setting, str(longest + 1))
    try:
        with pytest.raises(ImproperlyConfigured, match=setting):
            importlib.reload(module)
    finally:
        monkeypatch.delenv(setting)
        importlib.reload(module)
