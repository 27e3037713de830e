"""Parts of the day a request words its own way: "first thing", "until 11", "end of day".

"first thing" and "breakfast" are the early morning (08:00-10:00); "until 11", "till
11am", "no later than 4pm" end the day's window there. Words that narrow the day in a
way the rules cannot turn into hours ("EOD", "later in the day", "Tuesday early") are
found by vague_part: the request then asks for the time rather than offer the whole day.
"""

from __future__ import annotations

import re
from dataclasses import replace

from negotiation.understanding.rules_dates_spec import NUMBER_PATTERN, TimeSpec, zh_number

FIRST_THING = (8 * 60, 10 * 60)
# Near misses: "First thing: ...", "the first thing to discuss" are no time of day.
_FIRST_THING = re.compile(
    r"\b(?:(?<!the\s)(?<!my\s)(?<!our\s)first\s+thing(?!\s*[:;]|\s+(?:to|is|we|i|that|about)\b)"
    r"(?:\s+in\s+the\s+morning)?|(?:at\s+|over\s+)?breakfast"
    r"|(?:the\s+)?start\s+of\s+(?:the\s+)?(?:day|business))\b",
    re.I,
)
_UNTIL = re.compile(
    r"\b(?:until|till|til|up\s+to|no\s+later\s+than"
    # "make sure it's over by 5", "done by 4pm": the meeting ends by then.
    r"|(?:over|finished|done|wrapped\s+up|ended)\s+by)\s+(\d{1,2})(?:[:.](\d{2}))?\s*"
    r"(a\.?m\.?|p\.?m\.?)?(?![\w:/])",
    re.I,
)
# "before his 10 o'clock", "after my 2pm call": someone's appointment bounds the day.
_AROUND_THEIRS = re.compile(
    r"\b(before|after)\s+(?:his|her|their|my|our|your)\s+(\d{1,2})(?:[:.](\d{2}))?\s*"
    r"(a\.?m\.?|p\.?m\.?)?(?:\s*o'?clock)?(?![\w:/])",
    re.I,
)
# 中午 in a request is lunch, as "lunch" is read (rules_dates reads it 11-14 for replies);
# so is 午饭/午餐 (吃个午饭), but not 午饭后 or 午餐前, which are the hours around it.
# Near miss: 中午一起吃饭 ("lunch together") has a numeral after 中午 but no hour.
_ZH_NOON = re.compile(
    r"中午(?!\s*(?:\d{1,2}|[一二两三四五六七八九十]{1,3})\s*(?:[点點:：]|$))"
    r"|午(?:饭|餐)(?!\s*(?:后|後|前|之|以|过后))"
)
# 中午前 is the morning before noon, 中午以后 the afternoon after it.
_ZH_AROUND_NOON = re.compile(r"中午\s*(?:(之?后|以后|後|过后)|(之?前|以前))")
AFTER_NOON = (12 * 60, 18 * 60)
# Words for a part of the day the reply rules do not know: "mid-afternoon" (14-16),
# "mid-morning" (10-11:30), "noon-ish"/"around noon" (11:30-12:30), "after work",
# "after hours" (17-20: the evening after the working day).
_WORDED_PARTS = (
    (re.compile(r"\bmid-?\s?afternoon\b", re.I), (14 * 60, 16 * 60)),
    (re.compile(r"\bmid-?\s?morning\b", re.I), (10 * 60, 11 * 60 + 30)),
    (
        re.compile(r"\bnoon-?ish\b|\b(?:around|about|roughly|circa|~)\s*(?:12\s*)?noon\b", re.I),
        (11 * 60 + 30, 12 * 60 + 30),
    ),
    (re.compile(r"\bafter[-\s](?:work|hours)\b", re.I), (17 * 60, 20 * 60)),
)
# "before the 10 o'clock standup", "after the 2pm call": another appointment bounds the day.
_AROUND_EVENT = re.compile(
    r"\b(before|after)\s+the\s+(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?\s*(?:o'?clock)?"
    r"(?=\s+(?:stand-?up|meeting|call|session|sync|review|class|appointment|flight|train|demo)\b)",
    re.I,
)
# "8pm or later", "10 or earlier": the day from that hour on, or up to it.
_OR_LATER = re.compile(
    r"\b(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?\s+or\s+(later|after|earlier|before)\b",
    re.I,
)
LUNCH = (11 * 60 + 30, 14 * 60)
# 午饭后 is the afternoon after lunch, 午饭前 the morning before it (as "after lunch").
_ZH_AROUND_LUNCH = re.compile(r"午(?:饭|餐)\s*(?:(之?后|以后|後|过后)|(之?前|以前))")
AFTER_LUNCH, BEFORE_LUNCH = (13 * 60, 18 * 60), (8 * 60, 12 * 60)
_ZH_PART_RANGES = {"上午": (8 * 60, 12 * 60), "下午": (12 * 60, 18 * 60)}
# 上午十点之前, 下午四点以后: a clock time that bounds the day, not a time to meet at.
_ZH_BOUND = re.compile(
    rf"(早上|上午|中午|下午|晚上)?\s*({NUMBER_PATTERN})\s*[点點](半)?\s*(之前|以前|前|以后|之后|以後|之後|后)"
)
# "10 until 11", "from 2pm till 4pm": a range, read by the clock rules.
_RANGE_BEFORE = re.compile(r"\d\s*(?:[ap]\.?m\.?)?\s*$", re.I)
_VAGUE = re.compile(
    r"\b(?:end\s+of\s+(?:the\s+)?(?:day|business)|EOD|COB|close\s+of\s+(?:business|play)"
    r"|later\s+in\s+the\s+day|before\s+work"
    r"|(?:not\s+too\s+)?(?:early|late)(?:\s+(?:on|in\s+the\s+day))?"
    r"(?=\s*(?:[,.;!?)\n]|$|(?:please|pls|if|or|and|ideally|would|works?|is)\b)))",
    re.I,
)


def _until(hour_text: str, minute_text: str | None, ampm: str | None) -> tuple[int, int] | None:
    hour, minute, ampm = int(hour_text), int(minute_text or 0), (ampm or "").lower()
    if minute > 59 or not 1 <= hour <= 23:
        return None
    if ampm.startswith("p") and hour < 12:
        hour += 12
    elif not ampm and hour <= 7:
        hour += 12  # "until 5": the end of the afternoon, not five in the morning
    return (0, hour * 60 + minute)


def part_specs(clause: str) -> tuple[str, list[TimeSpec]]:
    """The clause with these parts of the day blanked out, and a time-only spec for each."""
    specs: list[TimeSpec] = []
    blanked = clause
    for m in _FIRST_THING.finditer(clause):
        specs.append(TimeSpec(m.start(), m.end(), minute_range=FIRST_THING))
        blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _AROUND_THEIRS.finditer(blanked):
        edge = _until(m[2], m[3], m[4])
        if edge is not None:
            _, at = edge
            window = (0, at) if m[1].lower() == "before" else (at, 24 * 60)
            specs.append(TimeSpec(m.start(), m.end(), minute_range=window))
            blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _ZH_BOUND.finditer(blanked):
        hour = zh_number(m[2])
        if hour is None or not 1 <= hour <= 23:
            continue
        if m[1] in ("下午", "晚上") and hour < 12 or not m[1] and hour <= 7:
            hour += 12
        at = hour * 60 + (30 if m[3] else 0)
        window = (0, at) if m[4] in ("之前", "以前", "前") else (at, 24 * 60)
        # 下午四点以后: after four, but still in the afternoon (16-18), not the evening.
        part = _ZH_PART_RANGES.get(m[1] or "")
        if part and max(window[0], part[0]) < min(window[1], part[1]):
            window = (max(window[0], part[0]), min(window[1], part[1]))
        specs.append(TimeSpec(m.start(), m.end(), minute_range=window))
        blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for pattern, window in _WORDED_PARTS:
        for m in pattern.finditer(blanked):
            specs.append(TimeSpec(m.start(), m.end(), minute_range=window))
            blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _AROUND_EVENT.finditer(blanked):
        blanked = _bound(specs, blanked, m, m[1].lower() == "after", _until(m[2], m[3], m[4]))
    for m in _OR_LATER.finditer(blanked):
        later = m[4].lower() in ("after", "later")
        blanked = _bound(specs, blanked, m, later, _until(m[1], m[2], m[3]))
    for m in _ZH_AROUND_NOON.finditer(blanked):
        window = AFTER_NOON if m[1] else BEFORE_LUNCH
        specs.append(TimeSpec(m.start(), m.end(), minute_range=window))
        blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _ZH_AROUND_LUNCH.finditer(blanked):
        window = AFTER_LUNCH if m[1] else BEFORE_LUNCH
        specs.append(TimeSpec(m.start(), m.end(), minute_range=window))
        blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _ZH_NOON.finditer(blanked):
        specs.append(TimeSpec(m.start(), m.end(), minute_range=LUNCH))
        blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _UNTIL.finditer(blanked):
        if _RANGE_BEFORE.search(blanked[: m.start()]):
            continue
        window = _until(m[1], m[2], m[3])
        if window is not None:
            specs.append(TimeSpec(m.start(), m.end(), minute_range=window))
            blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    return blanked, specs


def _bound(specs: list[TimeSpec], blanked: str, m: re.Match[str], later: bool, edge) -> str:
    """The day from the hour on (or up to it) as a spec; the clause with the words blanked."""
    if edge is None:
        return blanked
    at = edge[1]
    specs.append(TimeSpec(m.start(), m.end(), minute_range=(at, 24 * 60) if later else (0, at)))
    return blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]


def vague_part(body: str) -> str | None:
    """A part of the day said in words the rules cannot turn into hours, if any."""
    m = _VAGUE.search(body)
    return m[0] if m else None


# A part of the day written before the day it joined: "in the afternoon on Tuesday",
# "mornings, Tue", 下午周二.
_LEADING_PART = re.compile(
    r"^\W*(?:(?:in|on)\s+the\s+)?(?:(?:early|late)\s+)?(?:mornings?|afternoons?|evenings?|"
    r"lunch(?:time)?)\b|^(?:早上|上午|中午|下午|晚上)",
    re.I,
)
_LIST_GAP = re.compile(r"^\s*(?:,|/|or|and|&|或者?|和|、)\s*$", re.I)


def carry_leading_part(clause: str, specs: list[TimeSpec]) -> list[TimeSpec]:
    """ "in the afternoon on Tuesday or Thursday": the part of the day said first holds
    for every day of the list, not only the first one it was joined with ("Tuesday
    afternoon or Thursday" leaves Thursday whole)."""
    out = list(specs)
    for i in range(1, len(out)):
        here, before = out[i], out[i - 1]
        if (
            here.has_day
            and not here.has_time
            and not here.broad
            and before.has_day
            and before.minute_range
            and not before.times
            and _LEADING_PART.match(clause[before.start : before.end])
            and _LIST_GAP.match(clause[before.end : here.start])
        ):
            out[i] = replace(here, minute_range=before.minute_range)
    return out
