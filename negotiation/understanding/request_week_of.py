"""Weeks a request names by a day in them: "the week of the 16th", "the last full week of March".

"the week of the 16th", "w/c 23 March", "the week starting Monday 9th": the working days
of the week that day is in, as a week (so "except Wednesday" leaves out its Wednesday),
not the one day. "the first/last full week of March": the first or last Monday-to-Friday
wholly in that month. "the last week of March" (which may straddle two months) is not
read here.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta

from negotiation.understanding.rules_dates_days import MONTH_NUMBERS, MONTHS
from negotiation.understanding.rules_dates_spec import TimeSpec, week_monday

_WEEK_OF = re.compile(
    r"(?:\bweek\s+(?:of|commencing|starting|beginning)(?:\s+(?:on|from))?|\bw/c|\bw\.c\.)"
    r"\s+(?:the\s+)?$",
    re.I,
)
_FULL_WEEK = re.compile(
    rf"\b(?:the\s+)?(first|last)\s+full\s+week\s+(?:of|in)\s+({MONTHS})\b",
    re.I,
)


def _working_days(monday: date, today: date) -> frozenset[date]:
    return frozenset(
        monday + timedelta(days=i) for i in range(5) if monday + timedelta(days=i) >= today
    )


def week_of(clause: str, specs: list[TimeSpec], today: date) -> list[TimeSpec]:
    """The specs, with a day named as "the week of" it read as that week's working days."""
    out = []
    for spec in specs:
        single = (
            not spec.problem
            and not spec.broad
            and not spec.has_time
            and spec.dates is not None
            and len(spec.dates) == 1
        )
        if single and _WEEK_OF.search(clause[: spec.start]):
            (day,) = spec.dates or ()
            days = _working_days(week_monday(day), today)
            if days:
                spec = replace(spec, dates=days, weekdays=None, broad=True, qualifier=None)
        out.append(spec)
    for m in _FULL_WEEK.finditer(clause):
        if any(s.start < m.end() and m.start() < s.end for s in out):
            continue
        month = MONTH_NUMBERS[m[2].lower()]
        year = today.year + (1 if month < today.month else 0)
        first = date(year, month, 1)
        after = date(year + month // 12, month % 12 + 1, 1)
        mondays = [
            first + timedelta(days=i)
            for i in range((after - first).days)
            if (first + timedelta(days=i)).weekday() == 0
            and (first + timedelta(days=i + 4)) < after
        ]
        if not mondays:
            continue
        days = _working_days(mondays[0] if m[1].lower() == "first" else mondays[-1], today)
        if days:
            out.append(TimeSpec(m.start(), m.end(), dates=days, broad=True))
    return sorted(out, key=lambda s: s.start)
