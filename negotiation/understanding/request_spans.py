"""Days a request gives by their ends: "between tomorrow and the end of next week".

"any day before the 20th", "by the end of the month", "from Thursday until the 13th",
三月底之前, "March 底之前": every working day from the first end (today when only a
deadline is said) to the last, as one span. A deadline (qualifier UNTIL) only bounds the
other days said beside it ("before the 20th, ideally next week" is next week; "some
Tuesday before the end of March" the Tuesdays until then). Deadlines inside this week
("before Friday") and spans of two plain days ("between the 9th and the 13th") are read
where they were before. Near misses: "not before the 20th", "the deck is due by the 20th",
"the fair is between the 9th and the 20th" give no days; a span past two months asks.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import replace
from datetime import date, timedelta

from negotiation.understanding.rules_dates import find_time_specs
from negotiation.understanding.rules_dates_days import MONTH_NUMBERS, MONTHS
from negotiation.understanding.rules_dates_spec import (
    NUMBER_PATTERN,
    TimeSpec,
    week_monday,
    zh_number,
)

UNTIL = "until"
_FARTHEST = timedelta(days=62)
_WEEKDAY = r"(?:mon|tue|wed|thu|fri)[a-z]*"
_DATE = (
    rf"(?:(?:{_WEEKDAY}),?\s+)?(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?(?:\s+(?:of\s+)?(?:{MONTHS}))?"
    rf"|(?:{MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}月\d{{1,2}}[日号]"
)
# The end of a week or a month: its last working day ends the span.
_PERIOD = (
    r"(?:the\s+)?(?:very\s+)?end\s+of\s+(?:the\s+|this\s+)?(?:(?P<next_week>next\s+)?week"
    rf"|(?P<next_month>next\s+)?month|(?P<month>{MONTHS}))"
)
_FIRST = rf"(?P<first>today|now|tomorrow|{_WEEKDAY}|{_DATE})"
_LAST = rf"(?P<last>{_PERIOD}|{_DATE})"
# "between tomorrow and the end of next week", "from Thursday until the 13th".
_BETWEEN = re.compile(
    rf"\b(?:between|from)\s+{_FIRST}\s*(?:and|to|until|till|through|thru|-|–)\s+{_LAST}\b",
    re.I,
)
# "any day before the 20th", "by the end of the month", "prior to 20 March". Not "until":
# "I'm away until the 20th" gives the days she cannot do; "no later than" reads as a
# refusal to the clause rules, so it asks.
_BY = re.compile(
    rf"\b(?P<word>before|by|prior\s+to|ahead\s+of)\s+{_LAST}\b(?!\s*(?:at|\d))",
    re.I,
)
# 三月底之前, 月底前, "March 底之前", 3月20日之前.
_ZH_BY = re.compile(
    rf"(?P<zh>(?:下个?|本|这个)?月[底末]|{NUMBER_PATTERN}\s*月\s*[底末]|(?:{MONTHS})\s*[底末]"
    r"|\d{1,2}月\d{1,2}[日号])\s*(?:之前|以前|前)",
    re.I,
)
# "not before the 20th", "no earlier than": the other side of the deadline.
_REFUSED = re.compile(r"(?:\bnot|n't|\bno|\bexcept|\bnever)\s+(?:\w+\s+)?$", re.I)
# "the deck is due by the 20th", "the fair is between the 9th and the 20th": the days of
# something else.
_SOMETHING_ELSE = re.compile(
    r"(?:\bdue|\bdeadline|\bdone|\bfinished|\bready|\bsubmitted|\bdelivered|\bsent|\bout"
    r"|\bsigned(?:\s+off)?|\bapproved|\bcomplete[d]?|\blive|\bis|\bare|\bwas|\bruns?|['’]s)\s+$",
    re.I,
)

# "the day before the 20th", "the week before the end of March": one day or week placed
# by the date, not every day until it (the hub asks). Not "any day before the 20th".
_PLACED = re.compile(r"\b(?:the|that|this)\s+(?:day|week|weekend|\w+day)\s+$", re.I)
# "any day", "anytime", "sometime", "whenever", 某个周二, 随时, 时间你定: a day of her choosing.
_ANY_DAY = re.compile(
    r"\b(?:any\s*(?:day|time|date)|some\s*(?:day|time)|whenever|at\s+some\s+point|one\s+day"
    r"|whatever\s+day|whichever\s+day)\b|某[个一]?天|某个|随时|哪天都|时间你定|你定时间|你来定",
    re.I,
)

# "some Tuesday", "a Tuesday", 某个周二: any of those days before the deadline.
_SOME_WEEKDAY = re.compile(
    rf"\b(?:some|any|a|one|whichever)\s+{_WEEKDAY}\b|某[个一]?(?:周|星期|礼拜)|哪个(?:周|星期)",
    re.I,
)


def _month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def _next_month(today: date) -> tuple[int, int]:
    return today.year + (today.month == 12), today.month % 12 + 1


def _period_end(m: re.Match[str], today: date) -> date:
    """The last day of the week or month a period end names."""
    if "week" in m["last"].lower():
        return week_monday(today) + timedelta(days=4 + 7 * bool(m["next_week"]))
    if m["month"]:
        month = MONTH_NUMBERS[m["month"].lower().rstrip(".")]
        return _month_end(today.year + (month < today.month), month)
    return _month_end(*(_next_month(today) if m["next_month"] else (today.year, today.month)))


def _zh_end(said: str, today: date) -> date | None:
    """The last day a Chinese deadline names: 三月底, 下个月底, 3月20日."""
    dated = re.fullmatch(r"(\d{1,2})月(\d{1,2})[日号]", said)
    if dated:
        try:
            return date(today.year, int(dated[1]), int(dated[2]))
        except ValueError:
            return None
    if said.startswith("下"):
        return _month_end(*_next_month(today))
    named = re.match(rf"({NUMBER_PATTERN})\s*月|({MONTHS})", said, re.I)
    if not named:
        return _month_end(today.year, today.month)  # 月底, 本月底
    month = MONTH_NUMBERS[named[2].lower().rstrip(".")] if named[2] else zh_number(named[1])
    if not month or not 1 <= month <= 12:
        return None
    return _month_end(today.year + (month < today.month), month)


def _day(said: str, today: date) -> date | None:
    """The one date a span's end names, or None."""
    word = said.lower()
    if word in ("today", "now"):
        return today
    if word == "tomorrow":
        return today + timedelta(days=1)
    specs = [s for s in find_time_specs(said, today) if s.has_day]
    if len(specs) != 1 or specs[0].problem or specs[0].has_time or specs[0].qualifier:
        return None
    spec = specs[0]
    if spec.dates is not None and len(spec.dates) == 1:
        return next(iter(spec.dates))
    if spec.dates is None and spec.weekdays is not None and len(spec.weekdays) == 1:
        (weekday,) = spec.weekdays
        # A bare weekday as an end is this week's, once it is still ahead.
        return (
            today + timedelta(days=weekday - today.weekday()) if weekday > today.weekday() else None
        )
    return None


def _spec(start: int, end: int, first: date, last: date, today: date, until: bool):
    days = frozenset(
        first + timedelta(days=i)
        for i in range((last - first).days + 1)
        if (first + timedelta(days=i)).weekday() < 5
    )
    if not days or first < today or last - today > _FARTHEST:
        return None
    return TimeSpec(start, end, dates=days, broad=True, qualifier=UNTIL if until else None)


def span_specs(clause: str, today: date) -> tuple[str, list[TimeSpec]]:
    """The clause with its spans and far deadlines blanked, and a broad spec for each."""
    specs: list[TimeSpec] = []
    blanked = clause

    def take(m: re.Match[str], spec: TimeSpec | None) -> None:
        nonlocal blanked
        before = blanked[: m.start()]
        if (
            spec is None
            or _REFUSED.search(before)
            or _SOMETHING_ELSE.search(before)
            or (m.re is _BY and _PLACED.search(before))
        ):
            return
        specs.append(spec)
        blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]

    for m in _BETWEEN.finditer(blanked):
        first = _day(m["first"], today)
        period = re.match(_PERIOD, m["last"], re.I)
        last = _period_end(m, today) if period else _day(m["last"], today)
        if first is None or last is None or first >= last:
            continue
        if not period and not re.match(rf"today|now|tomorrow|{_WEEKDAY}$", m["first"], re.I):
            continue  # "between the 9th and the 13th": the date rules read those
        take(m, _spec(m.start(), m.end(), first, last, today, until=False))
    for m in _BY.finditer(blanked):
        period = re.match(_PERIOD, m["last"], re.I)
        last = _period_end(m, today) if period else _day(m["last"], today)
        if last is None or (not period and last < week_monday(today) + timedelta(days=7)):
            continue  # "before Friday": this week's, read with the days of other things
        # "before the 20th" is up to the 19th; "by the end of the month" takes its last day.
        last = last if period else last - timedelta(days=1)
        take(m, _spec(m.start(), m.end(), today, last, today, until=True))
    for m in _ZH_BY.finditer(blanked):
        last = _zh_end(m["zh"], today)
        if last is None:
            continue
        if re.search(r"\d[日号]$", m["zh"]):
            last -= timedelta(days=1)
        take(m, _spec(m.start(), m.end(), today, last, today, until=True))
    return blanked, specs


def within_deadlines(allowed: list[TimeSpec], body: str) -> list[TimeSpec]:
    """Bound the days offered by the deadlines among them; a deadline alone is its days
    only where the request says any day before it will do."""
    limits = [s for s in allowed if s.qualifier == UNTIL]
    if not limits:
        return allowed
    bound = frozenset().union(*(s.dates or () for s in limits))
    others = [s for s in allowed if s.qualifier != UNTIL]
    # "Meeting with Bob by the end of the month" may be the work's deadline; the hub asks.
    # "any day before the 20th", "some Tuesday before", 时间你定 offer the days until then.
    alone = not any(s.has_day for s in others) and not _ANY_DAY.search(body)
    if any(s.dates is None and s.weekdays is not None for s in others) and not (
        _ANY_DAY.search(body) or _SOME_WEEKDAY.search(body)
    ):
        return []  # "the Tuesday before the 20th" is one Tuesday, which the rules do not pick
    kept = [] if alone or any(s.broad for s in others) else limits
    for spec in others:
        if spec.dates is not None:
            spec = replace(spec, dates=spec.dates & bound)
            if not spec.dates:
                continue
        kept.append(spec)
    return kept
