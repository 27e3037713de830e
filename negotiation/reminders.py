"""When a silent participant is reminded (pure: no Django, no clock).

At most two reminders per meeting: the first `delay` after the round's invitation, the
second shortly before the response window closes (a quarter of the window, at most six
hours, before it). Never in the reader's night: a reminder due in their quiet hours
waits for the morning, and is dropped if the window closes first.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

MAX_REMINDERS = 2
LAST_CALL = timedelta(hours=6)


@dataclass(frozen=True)
class QuietHours:
    """Hours of the reader's night: [start, end) wrapping midnight when start > end."""

    start: int = 22
    end: int = 8

    def contains(self, local: datetime) -> bool:
        """Tell whether a local time falls in the quiet hours."""
        hour = local.hour
        if self.start == self.end:
            return False
        if self.start < self.end:
            return self.start <= hour < self.end
        return hour >= self.start or hour < self.end


def reminder_due_at(
    *, sent: int, round_start: datetime, deadline: datetime, delay: timedelta
) -> datetime | None:
    """When the next reminder is due (None: no more reminders, or none at all)."""
    if sent >= MAX_REMINDERS or delay <= timedelta(0):
        return None
    first = round_start + delay
    last = deadline - min(LAST_CALL, (deadline - round_start) / 4)
    if sent == 0:
        return min(first, last)  # a short window gets its one reminder at the last call
    return last if first < last else None


def reminder_now(
    *,
    sent: int,
    round_start: datetime,
    deadline: datetime,
    delay: timedelta,
    now: datetime,
    time_zone: str,
    quiet: QuietHours,
) -> bool:
    """Tell whether a reminder goes out now to a reader in `time_zone`."""
    due = reminder_due_at(sent=sent, round_start=round_start, deadline=deadline, delay=delay)
    if due is None or now < due or now >= deadline:
        return False
    return not quiet.contains(now.astimezone(ZoneInfo(time_zone)))


def reminders_next_check(
    *,
    sent: list[int],
    round_start: datetime,
    deadline: datetime,
    delay: timedelta,
    now: datetime,
    at_most: timedelta,
) -> datetime:
    """When the reminder pass must look at a meeting again, its silent people having `sent`.

    Their earliest due reminder (one held back by the night stays due: looked at on
    every pass until the morning), never later than `at_most` from now, a bound for any
    change no reset foresaw, and never after the window closes.
    """
    dues = [
        due
        for count in sent
        if (
            due := reminder_due_at(
                sent=count, round_start=round_start, deadline=deadline, delay=delay
            )
        )
        is not None
    ]
    return min([*dues, now + at_most, deadline])
