"""A day with a part of it left out: "Mon works but not the morning".

Said that way it is a yes to the day's times outside that part and a no to the ones
inside, so it is spelt out as plain verdicts ("B works. not A"). It is left as written
(for the clause rules to ask about) when the day falls on more than one date among the
times, or when the part holds none or all of that day's times.
"""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

from negotiation.understanding.rules_dates_clock import PARTS
from negotiation.understanding.rules_dates_days import WEEKDAYS_EN
from negotiation.understanding.types import MeetingView

_DAY = "|".join(sorted(WEEKDAYS_EN, key=len, reverse=True))
_BUT_NOT_PART = re.compile(
    rf"(?P<lead>^|[.!;:\n]\s*)(?P<day>{_DAY})\.?(?:['’]s)?"
    r"(?:\s+(?:works|is\s+(?:fine|ok|okay|good)|ok|okay|is\s+possible))?(?:\s+for\s+me)?"
    r"\s*,?\s*but\s+not\s+(?:in\s+)?the\s+(?P<part>morning|afternoon)"
    r"(?P<tail>\s*(?:[.!;,\n]|$))",
    re.I | re.M,
)


def spell_day_but_part(body: str, view: MeetingView) -> str:
    """ "Mon works but not the morning" as "B works. not A" when the day is one date."""

    def spell(m: re.Match[str]) -> str:
        inside, outside = _split(view, WEEKDAYS_EN[m["day"].lower()], m["part"].lower())
        if not inside or not outside:
            return m[0]
        tail = m["tail"] if m["tail"].strip() not in ("", ",") else ". "
        return f"{m['lead']}{' and '.join(outside)} works. not {' or '.join(inside)}{tail}"

    return _BUT_NOT_PART.sub(spell, body)


def _split(view: MeetingView, weekday: int, part: str) -> tuple[list[str], list[str]]:
    tz = ZoneInfo(view.reader_tz)
    lo, hi = PARTS[part]
    inside, outside, dates = [], [], set()
    for option in view.options:
        if option.item != "time" or option.start is None:
            continue
        start = option.start.astimezone(tz)
        if start.weekday() != weekday:
            continue
        dates.add(start.date())
        minutes = start.hour * 60 + start.minute
        (inside if lo <= minutes < hi else outside).append(option.id)
    if len(dates) != 1:
        return [], []  # no such day among the times, or two of them: which is meant?
    return inside, outside
