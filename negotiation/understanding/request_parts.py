"""Parts of the day a request words its own way: "first thing", "until 11", "end of day".

"first thing" and "breakfast" are the early morning (08:00-10:00); "until 11", "till
11am", "no later than 4pm" end the day's window there. Words that narrow the day in a
way the rules cannot turn into hours ("EOD", "later in the day", "Tuesday early") are
found by vague_part: the request then asks for the time rather than offer the whole day.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_dates_spec import TimeSpec

FIRST_THING = (8 * 60, 10 * 60)
# Near misses: "First thing: ...", "the first thing to discuss" are no time of day.
_FIRST_THING = re.compile(
    r"\b(?:(?<!the\s)(?<!my\s)(?<!our\s)first\s+thing(?!\s*[:;]|\s+(?:to|is|we|i|that|about)\b)"
    r"(?:\s+in\s+the\s+morning)?|(?:at\s+|over\s+)?breakfast"
    r"|(?:the\s+)?start\s+of\s+(?:the\s+)?(?:day|business))\b",
    re.I,
)
_UNTIL = re.compile(
    r"\b(?:until|till|til|up\s+to|no\s+later\s+than)\s+(\d{1,2})(?:[:.](\d{2}))?\s*"
    r"(a\.?m\.?|p\.?m\.?)?(?![\w:/])",
    re.I,
)
# "10 until 11", "from 2pm till 4pm": a range, read by the clock rules.
_RANGE_BEFORE = re.compile(r"\d\s*(?:[ap]\.?m\.?)?\s*$", re.I)
_VAGUE = re.compile(
    r"\b(?:end\s+of\s+(?:the\s+)?(?:day|business)|EOD|COB|close\s+of\s+(?:business|play)"
    r"|later\s+in\s+the\s+day|(?:after|before)\s+work|after\s+hours"
    r"|(?:not\s+too\s+)?(?:early|late)(?:\s+(?:on|in\s+the\s+day))?"
    r"(?=\s*(?:[,.;!?)\n]|$|(?:please|pls|if|or|and|ideally|would|works?|is)\b)))",
    re.I,
)


def _until(m: re.Match[str]) -> tuple[int, int] | None:
    hour, minute, ampm = int(m[1]), int(m[2] or 0), (m[3] or "").lower()
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
    for m in _UNTIL.finditer(blanked):
        if _RANGE_BEFORE.search(blanked[: m.start()]):
            continue
        window = _until(m)
        if window is not None:
            specs.append(TimeSpec(m.start(), m.end(), minute_range=window))
            blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    return blanked, specs


def vague_part(body: str) -> str | None:
    """A part of the day said in words the rules cannot turn into hours, if any."""
    m = _VAGUE.search(body)
    return m[0] if m else None
