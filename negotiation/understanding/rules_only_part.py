"""A part of the day said as the only one free: "I'm only free in the afternoons", 只有下午有空.

Said that way it is a yes to every time in that part of the day and a no to every other
time, so it is spelt out as plain verdicts ("B or D works. not A or C"). It is left as
written (for the clause rules to ask about) when no time or every time falls in that
part, or when it names a week the times are not in.
"""

from __future__ import annotations

import re
from datetime import timedelta
from zoneinfo import ZoneInfo

from negotiation.understanding.rules_dates_clock import PARTS
from negotiation.understanding.types import MeetingView

_PART = r"(?:mornings?|afternoons?|am|pm)"
_WEEK = r"(?:\s+(?:this|next)\s+week)?"
_END = r"(?P<tail>\s*(?:[.!;\n]|$))"
_EN = re.compile(
    r"(?P<lead>^|[.!;:\n]\s*)(?:(?:sorry|unfortunately|honestly)\W+)?(?:"
    r"(?:i'?m|i\s+am|i'?ll\s+be)\s+only\s+(?:free|available|around)\s+(?:in\s+the\s+)?"
    rf"{_PART}{_WEEK}"
    rf"|(?:i\s+)?can\s+only\s+(?:do|make)\s+(?:it\s+)?(?:in\s+the\s+)?{_PART}{_WEEK}"
    rf"|only\s+(?:the\s+)?{_PART}\s+(?:work|works|suit|suits)\s+(?:for\s+me){_WEEK}"
    rf"|{_PART}\s+only(?:\s+for\s+me)?{_WEEK}"
    r")(?:\s*,?\s*(?:sorry|unfortunately|thanks))?" + _END,
    re.I | re.M,
)
_ZH_PART = r"(?:上午|下午|早上)"
_ZH = re.compile(
    r"(?P<lead>^|[。！；\n]\s*)(?:这周|本周|下周)?(?:我)?"
    rf"(?:只有{_ZH_PART}(?:才)?(?:有空|可以|行|方便|有时间)?|只能{_ZH_PART}|{_ZH_PART}才(?:有空|行|方便|有时间))"
    r"(?P<tail>\s*(?:[。！；，,\n]|$))",
    re.M,
)
_NAMES = {"am": "morning", "pm": "afternoon"}
_WHICH = re.compile(r"\b(?:morning|afternoon|am|pm)|上午|下午|早上", re.I)
_WHICH_WEEK = re.compile(r"\b(this|next)\s+week\b|(这周|本周)|(下周)", re.I)


def spell_only_part(body: str, view: MeetingView) -> str:
    """ "Only free in the afternoons" as "B or D works. not A or C" when both sides are options."""

    def spell(m: re.Match[str]) -> str:
        part = _WHICH.search(m[0])[0].lower()
        lo, hi = PARTS[_NAMES.get(part, part)]
        week = _WHICH_WEEK.search(m[0])
        which = (
            None if not week else "next" if (week[1] or "").lower() == "next" or week[3] else "this"
        )
        inside, outside = _split(view, lo, hi, which)
        if inside is None or not inside or not outside:
            return m[0]
        tail = m["tail"] if m["tail"].strip() else ". "
        return f"{m['lead']}{' or '.join(inside)} works. not {' or '.join(outside)}{tail}"

    return _ZH.sub(spell, _EN.sub(spell, body))


def _split(
    view: MeetingView, lo: int, hi: int, week: str | None
) -> tuple[list[str] | None, list[str]]:
    tz = ZoneInfo(view.reader_tz)
    inside, outside = [], []
    today = view.message_date.astimezone(tz).date()
    monday = today - timedelta(days=today.weekday())
    if week == "next":
        monday += timedelta(days=7)
    for option in view.options:
        if option.item != "time" or option.start is None:
            continue
        start = option.start.astimezone(tz)
        if week and not monday <= start.date() < monday + timedelta(days=7):
            return None, []  # "this week" when a time is in another week: which is meant?
        minutes = start.hour * 60 + start.minute
        (inside if lo <= minutes < hi else outside).append(option.id)
    return inside, outside
