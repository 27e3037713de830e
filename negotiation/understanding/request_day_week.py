"""British "Tuesday week", "a week on Tuesday", "a week from Friday": that day a week later.

Said on Monday 2 March, "Tuesday week" is not tomorrow but the Tuesday after it, 10 March;
"Friday week" is 13 March. Said on the day it names ("Monday week" on a Monday) it may be
a week today or a week from next Monday, so the hub asks rather than offer either.
Each is rewritten as the date it means ("Tuesday 10 March"), which the date rules read.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from negotiation.understanding.request_week_after import (
    dated_weekdays,
    unsure_after,
    weeks_after,
)

_DAYS = {
    "mon": 0,
    "tue": 1,
    "wed": 2,
    "thu": 3,
    "fri": 4,
    "sat": 5,
    "sun": 6,
}
_DAY = r"(mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nesday|r|rs|rsday|urday)?\b\.?"
_ONE_DAY = re.compile(_DAY, re.I)
# "Tuesday week", "Wednesday or Thursday week" (each a week on), "a week on Friday".
_DAY_WEEK = re.compile(
    rf"(?<!\bnext\s)(?<!\bthis\s)(?<!\blast\s)(?<!\bevery\s)(?<!\beach\s)(?<!\bper\s)"
    rf"\b{_DAY}(?:\s*(?:,|\bor\b|\band\b|/|&)\s*{_DAY})*\s+week\b(?![’'-])"
    rf"|\ba\s+week\s+(?:on|from|come)\s+{_DAY}",
    re.I,
)


# "not this Friday, the one after", "not this Friday but the next one", "not this coming
# Friday but the following": the one a week after this week's. Near miss: "not this
# Friday, next week" says a week, not the day, and is left to the week rules.
_NOT_THIS_BUT_NEXT = re.compile(
    rf"\bnot\s+(?:this(?:\s+coming)?|the\s+coming)\s+{_DAY}\s*(?:[,;:–—-]\s*|\(\s*)?(?:but\s+)?"
    rf"(?:the\s+(?:one|{_DAY})\s+after(?:\s+(?:that|it|this\s+one))?|the\s+next\s+one|next\s+one"
    rf"|the\s+following\s+(?:one|{_DAY}|week'?s(?:\s+one)?)|the\s+following\b)",
    re.I,
)
# "the Friday after this one", "the Friday after this coming one": next week's Friday.
_AFTER_THIS = re.compile(
    rf"\bthe\s+{_DAY}\s+after\s+(?:this\s+(?:coming\s+)?(?:one|{_DAY})|the\s+coming\s+one)\b", re.I
)
# "the Friday after next": one Friday later than "next Friday", which people read two
# ways when this week's Friday is still ahead; so this is one of two days too, and the hub
# asks. "Monday after next" (any day whose turn this week is past or today) has one
# reading: that day of the week after next.
_AFTER_NEXT = re.compile(rf"\b(?:the\s+)?{_DAY}\s+after\s+next\b", re.I)


def _spoken(day: date) -> str:
    return f"{day.strftime('%A')} {day.day} {day.strftime('%B')}"


def this_or_following(text: str, today: date) -> tuple[str, str | None]:
    """ "Not this Friday, the one after" as its two dates; "the Friday after next" asks."""
    unsure = None

    def following(m: re.Match[str]) -> str:
        this = today + timedelta(days=(_DAYS[m[1].lower()] - today.weekday()) % 7)
        return f"not {_spoken(this)} but {_spoken(this + timedelta(days=7))}"

    def after_this(m: re.Match[str]) -> str:
        this = today + timedelta(days=(_DAYS[m[1].lower()] - today.weekday()) % 7)
        return _spoken(this + timedelta(days=7))

    def after_next(m: re.Match[str]) -> str:
        nonlocal unsure
        weekday = _DAYS[m[1].lower()]
        if weekday <= today.weekday():
            return _spoken(today - timedelta(days=today.weekday() - weekday - 14))
        unsure = f"asks for the day: {m[0]!r} may mean either of two weeks"
        return " " * len(m[0])

    text = _NOT_THIS_BUT_NEXT.sub(following, text)
    text = _AFTER_THIS.sub(after_this, text)
    return _AFTER_NEXT.sub(after_next, text), unsure


def day_weeks(text: str, today: date) -> tuple[str, str | None]:
    """The text with each "Tuesday week" as its date, and a note when one is unsure."""
    text, mismatch = dated_weekdays(text, today)
    text, unsure = this_or_following(weeks_after(text, today), today)
    unsure = unsure or mismatch or unsure_after(text)

    def date_of(m: re.Match[str]) -> str:
        nonlocal unsure
        weekday = _DAYS[m[1].lower()]
        ahead = (weekday - today.weekday()) % 7
        if ahead == 0:
            unsure = f"asks for the day: {m[0]!r} said on that weekday may mean either week"
            return " " * len(m[0])
        day = today + timedelta(days=ahead + 7)
        return f"{day.strftime('%A')} {day.day} {day.strftime('%B')}"

    def dates_of(m: re.Match[str]) -> str:
        said = re.sub(r"^a\s+week\s+\w+\s+|\s+week$", "", m[0], flags=re.I)
        return _ONE_DAY.sub(date_of, said)

    return _DAY_WEEK.sub(dates_of, text), unsure
