"""Ranges of hours the clock rules read as two times: 下午3点到6点, "10-12 Tokyo time".

"她只有北京时间下午3点到6点有空" is 15:00 to 18:00, not a start at 3 and one at 6; "only
10-12 Tokyo time" is 10:00 to 12:00 in Tokyo (a bare "10-12" is read as hours only where
a zone's "time" follows it: "Room 10-12" is no time). The zone is put on by find_windows.
A range that could be read more than one way is left out, and the rules read it as before.
"Tuesday 10 March, 9–10", "tomorrow from 9 to 10": a bare range right after a day is that
day's hours; of its readings only the one inside 07:00-21:00 is kept ("7-8" stays unread).
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_dates_clock import hour_candidates
from negotiation.understanding.rules_dates_spec import NUMBER_PATTERN, TimeSpec, zh_number

_ZH_PART = r"(上午|早上|早晨|中午|下午|傍晚|晚上)?"
# 下午两点到三点: the hours in Chinese numerals too (digits before a colon).
_ZH_HOUR = rf"({NUMBER_PATTERN})(?:[:：](\d{{2}})|[点點](?:(半)|(\d{{1,2}})分?)?)"
_ZH_RANGE = re.compile(
    rf"{_ZH_PART}\s*{_ZH_HOUR}\s*(?:到|至|-|–|~|—)\s*{_ZH_PART}\s*{_ZH_HOUR}(?:之间)?"
)
_AFTERNOON = frozenset({"中午", "下午", "傍晚", "晚上"})
# "10-12 Tokyo time", "9 to 11 New York time", "14-16 Beijing time".
_ZONED = re.compile(
    r"(?<![\w./:@#-])(\d{1,2})(?:[:.](\d{2}))?\s*(?:-|–|to)\s*(\d{1,2})(?:[:.](\d{2}))?"
    r"(?=\s+(?:[A-Z][A-Za-z]+\s+){1,2}time\b)"
)

_DAY_WORD = (
    r"(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?"
    r"|\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?"
    r"|the\s+\d{1,2}(?:st|nd|rd|th)|\d{1,2}\.\d{1,2}\.(?:\d{2,4})?)"
)
# A weekday needs a comma or "from" before the hours ("Tuesday 9-10" may be two dates);
# "tomorrow 9-10" does not. "Room 10-12", "pages 9-10" have no day before them.
_DAY_RANGE = re.compile(
    rf"\b(?:{_DAY_WORD}\s*(?:,\s*|\s+(?=from\b|between\b))|(?:tomorrow|today)\b\s*,?\s*)"
    r"(?:(?:from|between)\s+)?"
    r"(?P<range>(?P<h1>\d{1,2})(?:[:.](?P<m1>\d{2}))?\s*(?:-|–|—|to|till|until|and)\s*"
    r"(?P<h2>\d{1,2})(?:[:.](?P<m2>\d{2}))?)(?![\d:/%]|\.\d)"
    # Only a range that ends its phrase is hours: "9-10 people", "9-10 March" are not.
    r"(?=\s*(?:[,.;!?)\n]|$|(?:with|for|please|pls|if|and|or|on|at|in|works?|would|is|via)\b))",
    re.I,
)


def _pairs(
    first: frozenset[tuple[int, int]], last: frozenset[tuple[int, int]]
) -> set[tuple[int, int]]:
    return {
        (a[0] * 60 + a[1], b[0] * 60 + b[1])
        for a in first
        for b in last
        if 7 * 60 <= a[0] * 60 + a[1] < b[0] * 60 + b[1] <= 22 * 60
    }


def _zh_times(part: str | None, hour: str, minute: str | None, half: bool):
    h, mm = zh_number(hour), 30 if half else int(minute or 0)
    if h is None:
        return None
    if part in _AFTERNOON and 1 <= h < 12:
        return frozenset({(h + 12, mm)})
    if part:
        return frozenset({(h, mm)}) if h <= 12 else None
    return hour_candidates(h, mm, None)


def day_range(text: str) -> tuple[int, int] | None:
    """The minutes of the one bare range said right after a day ("Tuesday, 9-10"), if one."""
    found = set()
    for m in _DAY_RANGE.finditer(text):
        first = hour_candidates(int(m["h1"]), int(m["m1"] or 0), None) or frozenset()
        last = hour_candidates(int(m["h2"]), int(m["m2"] or 0), None) or frozenset()
        pairs = {(a, b) for a, b in _pairs(first, last) if b <= 21 * 60}
        if len(pairs) != 1:
            return None
        found |= pairs
    return found.pop() if len(found) == 1 else None


def hour_ranges(clause: str) -> tuple[str, list[TimeSpec]]:
    """The clause with its ranges of hours blanked out, and a time-only spec for each."""
    specs: list[TimeSpec] = []
    blanked = clause
    for m in _ZH_RANGE.finditer(clause):
        first_part, last_part = m[1], m[6] or m[1]
        first = _zh_times(first_part, m[2], m[3] or m[5], bool(m[4]))
        last = _zh_times(last_part, m[7], m[8] or m[10], bool(m[9]))
        pairs = _pairs(first or frozenset(), last or frozenset())
        if len(pairs) == 1:
            specs.append(TimeSpec(m.start(), m.end(), minute_range=pairs.pop()))
            blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _ZONED.finditer(blanked):
        first = hour_candidates(int(m[1]), int(m[2] or 0), None) or frozenset()
        last = hour_candidates(int(m[3]), int(m[4] or 0), None) or frozenset()
        pairs = _pairs(first, last)
        if len(pairs) == 1:
            specs.append(TimeSpec(m.start(), m.end(), minute_range=pairs.pop()))
            blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _DAY_RANGE.finditer(blanked):
        minutes = day_range(m[0])
        if minutes:
            at, end = m.start("range"), m.end("range")
            specs.append(TimeSpec(at, end, minute_range=minutes))
            blanked = blanked[:at] + " " * (end - at) + blanked[end:]
    return blanked, specs
