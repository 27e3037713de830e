"""When a silent participant is reminded (pure)."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from negotiation.reminders import QuietHours, reminder_due_at, reminder_now, reminders_next_check

UTC = ZoneInfo("UTC")
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DAY = timedelta(hours=24)


def due(sent, window=timedelta(hours=72), delay=DAY):
    return reminder_due_at(sent=sent, round_start=START, deadline=START + window, delay=delay)


def test_first_after_the_delay_second_at_the_last_call_then_none():
    assert due(0) == START + DAY
    assert due(1) == START + timedelta(hours=66)  # six hours before a 72-hour window closes
    assert due(2) is None
    assert due(0, delay=timedelta(0)) is None  # the hub turned reminders off


def test_a_short_window_gets_one_reminder_at_its_last_call():
    assert due(0, window=timedelta(hours=12)) == START + timedelta(hours=9)
    assert due(1, window=timedelta(hours=12)) is None


def test_quiet_hours_wrap_midnight():
    quiet = QuietHours(22, 8)
    assert quiet.contains(datetime(2026, 3, 2, 23, 0))
    assert quiet.contains(datetime(2026, 3, 2, 7, 59))
    assert not quiet.contains(datetime(2026, 3, 2, 8, 0))
    assert not QuietHours(0, 0).contains(datetime(2026, 3, 2, 3, 0))


def test_nothing_at_night_nothing_after_the_window():
    common = {"sent": 0, "round_start": START, "deadline": START + 3 * DAY, "delay": DAY}
    quiet = QuietHours()
    # 09:00 UTC is 18:00 in Tokyo: fine; 16:00 UTC is 01:00 there: it waits.
    assert reminder_now(now=START + DAY, time_zone="Asia/Tokyo", quiet=quiet, **common)
    night = START + DAY + timedelta(hours=7)
    assert not reminder_now(now=night, time_zone="Asia/Tokyo", quiet=quiet, **common)
    late = START + 3 * DAY
    assert not reminder_now(now=late, time_zone="Europe/Berlin", quiet=quiet, **common)


def next_check(sent, now, window=timedelta(hours=72)):
    return reminders_next_check(
        sent=sent,
        round_start=START,
        deadline=START + window,
        delay=DAY,
        now=now,
        at_most=timedelta(hours=1),
    )


def test_the_next_check_is_the_earliest_due_reminder_bounded_by_an_hour_and_the_window():
    # Before anyone is due: at the latest an hour on (a change no reset foresaw).
    assert next_check([0, 1], now=START) == START + timedelta(hours=1)
    assert next_check([0, 1], now=START + timedelta(hours=23, minutes=30)) == START + DAY
    # One reminder sent, the other person's still due (held by the night): look again now.
    later = START + timedelta(hours=30)
    assert next_check([1, 0], now=later) == START + DAY
    # Nobody silent, or everyone reminded twice: only the hourly look, up to the window's end.
    assert next_check([], now=later) == later + timedelta(hours=1)
    assert next_check([2, 2], now=START + timedelta(hours=71, minutes=30)) == START + 3 * DAY
