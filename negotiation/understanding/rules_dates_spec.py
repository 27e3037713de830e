"""TimeSpec, the constraints one day/time expression puts on a start, and calendar helpers.

Weeks start on Monday; "in bounds" means from today to a year out, the only dates the
engine ever proposes or matches.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

ZH_DIGITS = {
    "零": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
# 1-99 in digits or Chinese numerals, as zh_number reads them.
NUMBER_PATTERN = r"(?:\d{1,2}|[零一二两三四五六七八九十]{1,3})"


@dataclass(frozen=True)
class TimeSpec:
    """Constraints from one day/time expression; None means "no constraint"."""

    start: int
    end: int
    dates: frozenset[date] | None = None
    weekdays: frozenset[int] | None = None
    times: frozenset[tuple[int, int]] | None = None
    minute_range: tuple[int, int] | None = None
    broad: bool = False  # a whole week: never an exact proposal
    qualifier: str | None = None  # "next"/"下" on a weekday, carried along a list of days
    problem: str | None = None  # seen but not trustworthy (out of bounds, impossible date)
    zone: str | None = None  # a zone the reply named ("10am Berlin time"); else the reader's

    @property
    def has_day(self) -> bool:
        return self.dates is not None or self.weekdays is not None

    @property
    def has_time(self) -> bool:
        return self.times is not None or self.minute_range is not None

    def matches(self, local: datetime) -> bool:
        """True when a start time (in the reader's zone) satisfies every constraint."""
        if self.dates is not None and local.date() not in self.dates:
            return False
        if self.weekdays is not None and local.weekday() not in self.weekdays:
            return False
        if self.times is not None and (local.hour, local.minute) not in self.times:
            return False
        if self.minute_range is not None:
            minute = local.hour * 60 + local.minute
            if not self.minute_range[0] <= minute < self.minute_range[1]:
                return False
        return True


def zh_number(text: str) -> int | None:
    """Parse 1-99 written in digits or Chinese numerals (十二, 二十三, 两)."""
    if text.isdigit():
        return int(text)
    if "十" in text:
        tens, _, ones = text.partition("十")
        value = (ZH_DIGITS.get(tens, -100) if tens else 1) * 10 + (
            ZH_DIGITS.get(ones, -100) if ones else 0
        )
        return value if value > 0 else None
    if len(text) == 1 and text in ZH_DIGITS:
        return ZH_DIGITS[text]
    return None


def in_bounds(day: date, today: date) -> bool:
    """Whether a day is from today to a year out."""
    return today <= day <= today + timedelta(days=365)


def week_monday(day: date) -> date:
    """The Monday of a day's week."""
    return day - timedelta(days=day.weekday())


def next_on_or_after(today: date, weekday: int) -> date:
    """The first day with this weekday from today on (today included)."""
    return today + timedelta(days=(weekday - today.weekday()) % 7)


def next_weekday_en(today: date, weekday: int) -> frozenset[date]:
    """Both readings of English "next <weekday>": the coming one and next week's."""
    # People differ on which one they mean; keep both and let the options (or silence) decide.
    next_week = week_monday(today) + timedelta(days=7 + weekday)
    coming = next_on_or_after(today, weekday)
    coming_after_today = coming if coming > today else coming + timedelta(days=7)
    return frozenset({next_week, coming_after_today})
