"""Per-key rate limits (e.g. knowledge saves per session), atomic across processes.

One `INSERT … ON CONFLICT DO UPDATE … RETURNING` per hit: PostgreSQL serialises concurrent
increments of the same window, so two web processes can never both pass the last slot.
"""

from datetime import datetime, timedelta

from django.db import connection
from django.utils import timezone

from governance.models import RateLimitWindow
from mnemosyne_site.errors import RateLimited

# Longer than any window in use, so pruning never resets a current count: the window settings
# (KNOWLEDGE_SAVE_WINDOW_SECONDS, LEARNING_RATE_WINDOW_SECONDS) refuse values above it.
RETENTION = timedelta(days=7)


def _window_start(now: datetime, seconds: int) -> datetime:
    epoch = int(now.timestamp())
    return datetime.fromtimestamp(epoch - epoch % seconds, tz=now.tzinfo)


def rate_limit_hit(*, key: str, limit: int, window_seconds: int) -> int:
    """Count one hit for `key`; raise RateLimited past `limit` in the current window.

    An empty key (no session) bypasses the limit, as the knowledge-store spec requires.
    Returns the count in the window so far.
    """
    if not key:
        return 0
    now = timezone.now()
    start = _window_start(now, window_seconds)
    with connection.cursor() as cursor:
        cursor.execute(
            """
            INSERT INTO governance_ratelimitwindow (key, window_start, count)
            VALUES (%s, %s, 1)
            ON CONFLICT (key, window_start)
            DO UPDATE SET count = governance_ratelimitwindow.count + 1
            RETURNING count
            """,
            [key, start],
        )
        count = cursor.fetchone()[0]
    if count > limit:
        error = RateLimited("Too many requests for this session; slow down.")
        window_end = start + timedelta(seconds=window_seconds)
        error.retry_after = int((window_end - now).total_seconds()) + 1
        raise error
    return count


def rate_limit_prune(*, older_than: timedelta = RETENTION) -> int:
    """Delete windows that started more than `older_than` ago (hourly, mnemosyne_site.schedules).
    A window is only read while it is current, so after that its row is dead weight."""
    deleted, _ = RateLimitWindow.objects.filter(
        window_start__lt=timezone.now() - older_than
    ).delete()
    return deleted
