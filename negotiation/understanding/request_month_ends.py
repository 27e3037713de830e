"""The ends of a month in a request: "at the end of the month", "early next month", 月底.

"End of the month" is its last four working days (written on 2 March: Thursday 26 to
Tuesday 31); "the start of next month", "early April", 下月初 the first four. A deadline
is no window: "by the end of the month", "before the end of March" ask for any day until
then, which the rules cannot offer as these days, so they are left alone.
"The last Tuesday of the month", "the first Monday of April": that one day.
Reply reading does not use this module.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from negotiation.understanding.rules_dates_days import MONTH_NUMBERS, MONTHS
from negotiation.understanding.rules_dates_spec import TimeSpec

_MONTH = rf"({MONTHS})"
_END = re.compile(
    r"\b(?:the\s+)?(?:very\s+)?(?:end|last\s+(?:few\s+)?days)\s+of\s+(?:(?:the|this)\s+(month)|(next)\s+month|"
    rf"{_MONTH})\b|\bat\s+(?:the\s+)?(month)[-\s]end\b(?!-)|\b(late)\s+{_MONTH}\b"
    r"|(下个?月|本月|这个月)?(?:月底|月末)(?!之?前|以前)",
    re.I,
)
_START = re.compile(
    r"\b(?:the\s+)?(?:very\s+)?(?:start|beginning|first\s+(?:few\s+)?days)\s+of\s+(?:(next)\s+month|"
    rf"{_MONTH})\b|\bearly\s+(?:(next)\s+month|{_MONTH})\b|(下个?月初)",
    re.I,
)
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_NTH = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3}
_NTH_WEEKDAY = re.compile(
    r"\b(?:the\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|last)\s+"
    rf"({'|'.join(_WEEKDAYS)})\s+(?:of|in)\s+(?:(?:the|this)\s+(month)|(next)\s+month|{_MONTH})\b",
    re.I,
)
# "the end of March numbers", "early April figures": the month names a thing, not a time.
_NEXT_WORD = re.compile(r"\s*([A-Za-z]+)")
_TIME_WORDS = frozenset(
    re.findall(
        r"\S+",
        "with w about re for on at in to please pls if or and when ideally maybe preferably then so"
        " but is works would thanks thx morning mornings afternoon afternoons evening evenings am pm"
        " monday tuesday wednesday thursday friday mon tue tues wed thu thur thurs fri sometime any"
        " latest earliest say around between from after before not except",
    )
)
# "by the end of the month", "before early April": a deadline, not the days asked for.
_DEADLINE = re.compile(
    r"\b(?:by|before|until|till|til|no\s+later\s+than|ahead\s+of|prior\s+to)\s+(?:the\s+)?$|之前$|前$",
    re.I,
)


def _month(m: re.Match[str], today: date) -> tuple[int, int]:
    """The year and month a match names: this month, next month or a month by name."""
    groups = [g for g in m.groups() if g]
    said = groups[-1].lower() if groups else ""
    if said.rstrip(".") in MONTH_NUMBERS:
        month = MONTH_NUMBERS[said.rstrip(".")]
        return (today.year + (month < today.month), month)
    if said in ("next", "下月初", "下个月初") or said.startswith("下"):
        return (today.year + (today.month == 12), today.month % 12 + 1)
    return today.year, today.month


def _working_days(year: int, month: int) -> list[date]:
    last = calendar.monthrange(year, month)[1]
    days = (date(year, month, d) for d in range(1, last + 1))
    return [d for d in days if d.weekday() < 5]


def month_end_specs(clause: str, today: date) -> tuple[str, list[TimeSpec]]:
    """The clause with its month ends blanked, and a spec of working days for each."""
    specs: list[TimeSpec] = []
    blanked = clause
    for pattern, first in ((_END, False), (_START, True)):
        for m in pattern.finditer(blanked):
            if _DEADLINE.search(blanked[max(0, m.start() - 20) : m.start()]):
                continue
            after = _NEXT_WORD.match(blanked, m.end())
            if after and after[1].lower() not in _TIME_WORDS:
                continue
            year, month = _month(m, today)
            working = _working_days(year, month)
            days = frozenset(d for d in (working[:4] if first else working[-4:]) if d >= today)
            if not days or min(days) - today > timedelta(days=120):
                continue
            specs.append(TimeSpec(m.start(), m.end(), dates=days, broad=True))
            blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _NTH_WEEKDAY.finditer(blanked):
        day = _nth_weekday(m, today)
        if day is None:
            continue
        specs.append(TimeSpec(m.start(), m.end(), dates=frozenset({day})))
        blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    return blanked, specs


def _nth_weekday(m: re.Match[str], today: date) -> date | None:
    """The day "the last Tuesday of the month" names, if it is still to come."""
    year, month = _month(m, today)
    weekday = _WEEKDAYS.index(m[2].lower())
    last = calendar.monthrange(year, month)[1]
    days = [d for d in range(1, last + 1) if date(year, month, d).weekday() == weekday]
    nth = m[1].lower()
    day = date(year, month, days[-1] if nth == "last" else days[_NTH[nth]])
    # "the first Monday of the month" written after it: which month she means is unsure.
    return day if today <= day <= today + timedelta(days=120) else None
