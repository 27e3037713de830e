"""Clock times and parts of the day in a clause: "3pm", "14:30", "10-11am", "下午三点半", "morning".

A bare hour without am/pm keeps both readings; the caller narrows them with a part of
the day, or with business hours when one exact start is needed.
"""

from __future__ import annotations

import re
from dataclasses import replace

from negotiation.understanding.rules_dates_spec import NUMBER_PATTERN, TimeSpec, zh_number

PARTS = {  # minutes of the day [lo, hi)
    "morning": (6 * 60, 12 * 60),
    "afternoon": (12 * 60, 18 * 60),
    "evening": (17 * 60, 23 * 60),
    "night": (18 * 60, 23 * 60),
    "lunch": (11 * 60 + 30, 14 * 60),
    "after lunch": (13 * 60, 18 * 60),
    "before noon": (8 * 60, 12 * 60),
    "before lunch": (8 * 60, 12 * 60),
    "early morning": (6 * 60, 9 * 60),
    "late morning": (10 * 60, 12 * 60),
    "early afternoon": (12 * 60, 15 * 60),
    "late afternoon": (15 * 60, 18 * 60),
    "pm": (12 * 60, 18 * 60),
    "早上": (6 * 60, 12 * 60),
    "早晨": (6 * 60, 12 * 60),
    "上午": (6 * 60, 12 * 60),
    "中午": (11 * 60, 14 * 60),
    "下午": (12 * 60, 18 * 60),
    "傍晚": (17 * 60, 20 * 60),
    "晚上": (18 * 60, 23 * 60),
    "晚": (18 * 60, 23 * 60),
}
# A bare hour with no am/pm is read in these hours when only one reading falls inside.
BUSINESS_START = 9 * 60
BUSINESS_END = 20 * 60

_AMPM = r"(?:a\.?m\.?|p\.?m\.?)"

TIME_PATTERNS = (
    (
        "range",
        re.compile(
            rf"\b(?:between\s+|from\s+)?(\d{{1,2}})(?:[:.](\d{{2}}))?\s*({_AMPM})?\s*(?:-|–|to|until|till|and)\s*(\d{{1,2}})(?:[:.](\d{{2}}))?\s*({_AMPM})?(?=\W|$)",
            re.I,
        ),
    ),
    (
        "after",
        re.compile(
            rf"\b(after|before|from)\s+(\d{{1,2}})(?:[:.](\d{{2}}))?\s*({_AMPM})?(?=\W|$)", re.I
        ),
    ),
    (
        "ampm",
        re.compile(rf"\b(?:at\s+|@\s*)?(\d{{1,2}})(?:[:.](\d{{2}}))?\s*({_AMPM})(?=\W|$)", re.I),
    ),
    (
        "clock",
        re.compile(r"(?<![\d/.:-])(?:\bat\s+|@\s*)?(\d{1,2})[:.](\d{2})(?![\d/:])(?:\s*h\b)?"),
    ),
    (
        "zh_clock",
        re.compile(
            rf"(早上|早晨|上午|中午|下午|傍晚|晚上)?\s*({NUMBER_PATTERN})\s*[点點时時](?:\s*(半|一刻|三刻|(\d{{1,2}})\s*分?))?"
        ),
    ),
    ("oclock", re.compile(r"\b(\d{1,2})\s*o'?clock\b", re.I)),
    ("named", re.compile(r"\b(noon|midday|midnight)\b", re.I)),
    # "a class at 11." ends a sentence; "at 11.30" is a clock of its own.
    ("at_hour", re.compile(r"(?:\bat\s+|@\s*)(\d{1,2})\b(?![/:\d]|\.\d)", re.I)),
)
PART_PATTERN = re.compile(
    r"\b(after\s+lunch|before\s+(?:noon|lunch)|(?:early|late)\s+(?:morning|afternoon)|morning|"
    r"afternoon|evening|night|lunch(?:time)?)s?\b|(早上|早晨|上午|中午|下午|傍晚|晚上)"
    # "tmrw pm": pm alone, never after a number ("3 pm" is a clock time).
    r"|(?<![\d\s])(?<!\d\s)\s*\b(pm)\b",
    re.I,
)
# Read before clock times, so "before noon" is a morning and not noon itself.
EARLY_PARTS = re.compile(r"\b(before\s+(?:noon|lunch))\b", re.I)
# A weekday directly followed by a bare hour: "Tuesday 10 works".
DAY_HOUR = re.compile(
    r"^\s*(?:at\s+|@\s*)?(\d{1,2})\b(?!\s*(?:st|nd|rd|th|/|:|\.\d|-|%|h(?:ou)?rs?|min))", re.I
)


def hour_candidates(hour: int, minute: int, ampm: str | None) -> frozenset[tuple[int, int]] | None:
    """Start times an hour may mean: with am/pm one, a bare 1-11 both morning and evening."""
    if minute > 59:
        return None
    if ampm:
        if not 1 <= hour <= 12:
            return None
        pm = ampm.lower().startswith("p")
        return frozenset({((hour % 12) + (12 if pm else 0), minute)})
    if hour > 23:
        return None
    if hour == 0 or hour >= 13:
        return frozenset({(hour, minute)})
    if hour == 12:
        return frozenset({(12, minute)})
    return frozenset({(hour, minute), (hour + 12, minute)})


def time_spec(kind: str, m: re.Match[str]) -> TimeSpec | None:
    """The spec for one TIME_PATTERNS match of this kind, or None when it is not a time."""
    start, end = m.span()
    spec = TimeSpec(start, end)
    if kind == "range":
        h1, m1, ap1, h2, m2, ap2 = m[1], m[2], m[3], m[4], m[5], m[6]
        if not (ap1 or ap2 or m1 or m2 or re.match(r"\s*(between|from)", m[0], re.I)):
            return None  # "1-2" alone is more likely labels than hours
        ap1 = ap1 or ap2
        first = hour_candidates(int(h1), int(m1 or 0), ap1)
        second = hour_candidates(int(h2), int(m2 or 0), ap2 or ap1)
        if not first or not second:
            return None
        pairs = [
            (a, b)
            for a in first
            for b in second
            if a < b and b[0] * 60 + b[1] - a[0] * 60 - a[1] <= 12 * 60
        ]
        business = [
            (a, b) for a, b in pairs if a[0] * 60 + a[1] >= 7 * 60 and b[0] * 60 + b[1] <= 22 * 60
        ]
        choice = business or pairs
        if len(choice) != 1:
            return replace(spec, problem="ambiguous time range")
        ((a, b),) = choice
        return replace(spec, minute_range=(a[0] * 60 + a[1], b[0] * 60 + b[1]))
    if kind == "ampm":
        times = hour_candidates(int(m[1]), int(m[2] or 0), m[3])
        return replace(spec, times=times) if times else replace(spec, problem="impossible time")
    if kind == "clock":
        times = hour_candidates(int(m[1]), int(m[2]), None)
        return replace(spec, times=times) if times else replace(spec, problem="impossible time")
    if kind == "zh_clock":
        hour = zh_number(m[2])
        minute = {"半": 30, "一刻": 15, "三刻": 45}.get(m[3] or "", int(m[4]) if m[4] else 0)
        if hour is None or hour > 23:
            return replace(spec, problem="impossible time")
        times = hour_candidates(hour, minute, None)
        if times and m[1]:
            lo, hi = PARTS[m[1]]
            times = frozenset(t for t in times if lo <= t[0] * 60 + t[1] < hi) or None
            if times is None and m[1] == "晚上" and hour == 12:
                times = frozenset({(0, minute)})
        return replace(spec, times=times) if times else replace(spec, problem="impossible time")
    if kind == "oclock":
        times = hour_candidates(int(m[1]), 0, None)
        return replace(spec, times=times) if times else None
    if kind == "named":
        word = m[1].lower()
        return replace(spec, times=frozenset({(0, 0) if word == "midnight" else (12, 0)}))
    if kind == "at_hour":
        times = hour_candidates(int(m[1]), 0, None)
        return replace(spec, times=times) if times else None
    if kind == "after":
        times = hour_candidates(int(m[2]), int(m[3] or 0), m[4])
        if not times:
            return None
        minutes = sorted(h * 60 + mi for h, mi in times)
        inside = [x for x in minutes if BUSINESS_START - 60 <= x < BUSINESS_END]
        if len(inside) != 1:
            return replace(spec, problem="ambiguous time")
        if m[1].lower() == "before":
            return replace(spec, minute_range=(0, inside[0]))
        return replace(spec, minute_range=(inside[0], 24 * 60))
    return None


_HOUR_WORDS = {
    w: n
    for n, w in enumerate(
        ("one", "two", "three", "four", "five", "six")
        + ("seven", "eight", "nine", "ten", "eleven", "twelve"),
        start=1,
    )
}
_HOUR = r"(" + "|".join(_HOUR_WORDS) + r"|\d{1,2})"
# Hours spelt out or said the British way, only where they can only be a clock time:
# "at ten", "ten am", "ten o'clock", "ten thirty", "half nine" (9:30), "quarter to ten".
# "ten minutes", "the first one", German "halb zehn" (9:30, read by rules_languages) stay.
_SPOKEN = (
    (re.compile(rf"\bhalf\s+(?:past\s+)?{_HOUR}\b(?!\s*(?:[:.]\d|h(?:ou)?rs?|min))", re.I), 30, 0),
    (re.compile(rf"\bquarter\s+past\s+{_HOUR}\b(?![:.]\d)", re.I), 15, 0),
    (re.compile(rf"\bquarter\s+to\s+{_HOUR}\b(?![:.]\d)", re.I), 45, -1),
    (re.compile(rf"\b{_HOUR}\s+thirty\b", re.I), 30, 0),
)
# What may follow "at ten" for it to be a clock time ("at one point" is none).
_THEN = (
    r"\s*(?:$|[^\w\s]|(?:on|or|and|then|works?|is|would|will|should|please|pls|ok|okay|fine|"
    r"sharp|tomorrow|today|tonight|next|this|(?:mon|tue|wed|thu|fri|sat|sun)\w*|in|at|my|your|"
    r"our|local|\w+\s+time|cet|cest|gmt|utc|uk|et|pt|ct|eastern|pacific|central)\b)"
)
_SPOKEN_HOUR = re.compile(
    rf"(?:(\bat\s+|@\s*){_HOUR}\b(?!\s*[:.]\d)(?={_THEN})"
    # "9:00 am": the minutes before am/pm are no hour of their own.
    rf"|(?<![:.])\b{_HOUR}(?=\s*(?:a\.?m\b|p\.?m\b|o'?clock\b)))",
    re.I,
)


def spell_clock_words(text: str) -> str:
    """Write spoken clock times as digits: "Tuesday at ten" -> "Tuesday at 10"."""

    for pattern, minute, shift in _SPOKEN:
        text = pattern.sub(
            lambda m, minute=minute, shift=shift: (
                f"{(_hour(m[1]) + shift - 1) % 12 + 1}:{minute:02d}"
            ),
            text,
        )
    return _SPOKEN_HOUR.sub(
        lambda m: f"{m[1]}{_hour(m[2])}" if m[2] is not None else str(_hour(m[3])), text
    )


def _hour(word: str) -> int:
    return int(word) if word.isdigit() else _HOUR_WORDS[word.lower()]
