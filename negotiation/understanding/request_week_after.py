"""Days and weeks counted from another: "a week today", "two weeks from tomorrow", "the week after".

Said on Monday 2 March: "a week today" and "today week" are Monday 9 March, "a week
tomorrow" Tuesday 10, "two weeks from today" Monday 16 (a day, not that whole week, unlike
"two weeks from now"). "the week after" and "the following week" count from the last week
or date said before them: "next week's a write-off, so the week after" is the week of the
16th, "not this week, the week after" next week, "due the 13th, so the week after that"
the week of the 16th. With nothing before them to count from they are left as they are.

Near misses: "the week after next" (a week of its own), "the week after the launch" (an
event the rules do not date) and "the Thursday after he returns" (a day after an event:
the hub asks, see unsure_after).
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from negotiation.understanding.rules_dates_spec import week_monday

_COUNT = {"a": 1, "one": 1, "1": 1, "two": 2, "2": 2, "three": 3, "3": 3}
_FROM_DAY = re.compile(
    r"\b(?:(a|one|1|two|2|three|3)\s+weeks?\s+(?:from\s+)?(today|tomorrow)"
    r"|(today|tomorrow)\s+week)\b(?!\s*['’]s)",
    re.I,
)
# "the week after", "the following week", "the week after that": a week counted from one
# said before. Only where the words end there: "the week after the launch" counts from
# an event, which is no date the rules know.
_WEEK_AFTER = re.compile(
    r"\bthe\s+(?:week\s+after(?:\s+that)?|following\s+week|week\s+following)\b"
    r"(?=\s*(?:$|[^\w\s]|then\b|works?\b|is\b|would\b|any\b|instead\b|please\b|pls\b|at\b|on\b"
    r"|in\b|for\b|with\b|if\b|maybe\b|perhaps\b))",
    re.I,
)
_THIS_WEEK = re.compile(r"\bthis\s+week\b", re.I)
_NEXT_WEEK = re.compile(r"\bnext\s+week\b(?!\s+or\b)", re.I)
_AFTER_NEXT = re.compile(r"\bweek\s+after\s+next\b", re.I)
# "the 13th", "13 March", "March 13": a date said before.
_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec"
_DATE = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?(?:\s+(?:of\s+)?({_MONTHS})[a-z]*)?\b"
    rf"|\b({_MONTHS})[a-z]*\s+(\d{{1,2}})(?:st|nd|rd|th)?\b",
    re.I,
)
_MONTH_NUMBER = {m: i + 1 for i, m in enumerate(_MONTHS.split("|")) if m != "sept"} | {"sept": 9}
# "the Thursday after he returns", "the Monday after the offsite": a day after an event.
_DAY_AFTER_EVENT = re.compile(
    r"\bthe\s+(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\s+after\s+(?!next\b|this\b|the\s+coming\b)"
    r"(?:he|she|they|we|I|you|the|his|her|their|our|my|[A-Z]\w+)\b",
    re.I,
)


def _spoken(day: date) -> str:
    return f"{day.strftime('%A')} {day.day} {day.strftime('%B')}"


def _week_of(monday: date) -> str:
    # No weekday name: "the week of Monday 16 March — Thursday" would read as a day range.
    return f"the week of {monday.day} {monday.strftime('%B')}"


def _anchor(before: str, today: date) -> date | None:
    """The Monday of the last week or date said in `before`."""
    found: list[tuple[int, date]] = []
    monday = week_monday(today)
    for pattern, week in ((_THIS_WEEK, monday), (_NEXT_WEEK, monday + timedelta(days=7))):
        found += [(m.start(), week) for m in pattern.finditer(before)]
    found += [(m.start(), monday + timedelta(days=14)) for m in _AFTER_NEXT.finditer(before)]
    for m in _DATE.finditer(before):
        day_text, month_text = (m[1], m[2]) if m[1] else (m[4], m[3])
        month = _MONTH_NUMBER[month_text[:4].lower().rstrip("t")] if month_text else today.month
        if not m[2] and not m[3] and not re.match(r"\d{1,2}(?:st|nd|rd|th)", m[0]):
            continue  # a bare number is no date
        try:
            day = date(today.year, month, int(day_text))
        except ValueError:
            continue
        if today <= day <= today + timedelta(days=120):
            found.append((m.start(), week_monday(day)))
    return max(found)[1] if found else None


# "next Wednesday (11th)", "Wed (the 11th)", 周三（11号）: the date in brackets says which
# Wednesday, so "next" (this week's or the one after?) no longer needs reading.
_EN_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_ZH_DAYS = "一二三四五六日"
_DAY_DATED = re.compile(
    r"(?:\b(?:this|next|coming|this\s+coming)\s+)?\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?"
    r"|(?:下|这|本)?(?:周|星期|礼拜)([一二三四五六日天])"
    r"(?=\s*[(（]\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th|号|日)?\s*[)）])",
    re.I,
)
_BRACKETED = re.compile(r"\s*[(（]\s*(?:the\s+)?(\d{1,2})(?:st|nd|rd|th|号|日)?\s*[)）]", re.I)


def dated_weekdays(text: str, today: date) -> tuple[str, str | None]:
    """The text with each weekday followed by its date in brackets written as that date;
    a note when the two disagree ("Wednesday (12th)", a Thursday): the hub asks."""
    out, last, unsure = [], 0, None
    for m in _DAY_DATED.finditer(text):
        bracket = _BRACKETED.match(text, m.end())
        if not bracket:
            continue
        weekday = (
            _EN_DAYS.index(m[1][:3].lower()) if m[1] else _ZH_DAYS.index(m[2].replace("天", "日"))
        )
        days = [today + timedelta(days=i) for i in range(70)]
        match = [d for d in days if d.day == int(bracket[1]) and d.weekday() == weekday]
        if not match:
            unsure = f"asks for the day: {text[m.start() : bracket.end()]!r} names two days"
            continue
        out.append(text[last : m.start()] + _spoken(match[0]))
        last = bracket.end()
    return "".join(out) + text[last:], unsure


def weeks_after(text: str, today: date) -> str:
    """The text with each day or week counted from another written as what it means."""

    def from_day(m: re.Match[str]) -> str:
        weeks = _COUNT[(m[1] or "a").lower()]
        start = (m[2] or m[3]).lower()
        day = today + timedelta(days=7 * weeks + (start == "tomorrow"))
        return _spoken(day)

    text = _FROM_DAY.sub(from_day, text)
    out, last = [], 0
    for m in _WEEK_AFTER.finditer(text):
        if _AFTER_NEXT.match(text, m.start() + 4):
            continue
        anchor = _anchor(text[: m.start()], today)
        if anchor is None:
            continue
        out.append(text[last : m.start()] + _week_of(anchor + timedelta(days=7)))
        last = m.end()
    return "".join(out) + text[last:]


def unsure_after(text: str) -> str | None:
    """A day counted from an event ("the Thursday after he returns"): the hub asks."""
    m = _DAY_AFTER_EVENT.search(text)
    return f"asks for the day: {m[0]!r} counts from an event" if m else None
