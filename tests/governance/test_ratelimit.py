import threading

import pytest
from django.db import connection

from governance.models import RateLimitWindow
from governance.ratelimit import rate_limit_hit
from mnemosyne_site.errors import RateLimited


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
