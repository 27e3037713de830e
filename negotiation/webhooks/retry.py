"""When a failed delivery is tried again, and when the hub stops trying. Pure."""

from __future__ import annotations

from datetime import datetime, timedelta

FIRST_DELAY = timedelta(seconds=30)
LONGEST_DELAY = timedelta(hours=4)


def retry_delay(attempts: int) -> timedelta:
    """Return the wait after failed attempt number `attempts` (30 s, times 4 each time, 4 h at most)."""
    return min(FIRST_DELAY * 4 ** max(0, attempts - 1), LONGEST_DELAY)


def next_attempt(*, attempts: int, now: datetime, retry_until: datetime) -> datetime | None:
    """Return when to try again after a failure, or None when the retry window is over.

    The last try falls on the window's end itself, so a receiver that comes back just
    before it still gets the event.
    """
    if now >= retry_until:
        return None
    return min(now + retry_delay(attempts), retry_until)
