"""Retries: growing delays, the last try at the end of the window, then none."""

from datetime import UTC, datetime, timedelta

from negotiation.webhooks.retry import LONGEST_DELAY, next_attempt, retry_delay

START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
UNTIL = START + timedelta(hours=24)


def test_delays_grow_fourfold_up_to_a_ceiling():
    delays = [retry_delay(n) for n in range(1, 9)]
    assert delays[:4] == [timedelta(seconds=s) for s in (30, 120, 480, 1920)]
    assert delays == sorted(delays)
    assert delays[-1] == LONGEST_DELAY


def test_a_failing_receiver_is_tried_for_24_hours_then_given_up():
    now, attempts, tries = START, 1, [START]
    while (at := next_attempt(attempts=attempts, now=now, retry_until=UNTIL)) is not None:
        now, attempts = at, attempts + 1
        tries.append(at)
    assert tries[-1] == UNTIL  # the last try is at the window's very end
    assert 8 <= len(tries) <= 14
    assert (
        next_attempt(attempts=attempts, now=UNTIL + timedelta(seconds=1), retry_until=UNTIL) is None
    )
