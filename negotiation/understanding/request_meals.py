"""A meal asked for at an hour no one eats it: "Lunch with Bob on Thursday at 9pm".

The meal and the clock time cannot both be what the member meant, so the hub asks rather
than book a lunch at night. A time near the meal stays ("lunch at 11", "dinner at 6"), and
"after lunch", "before dinner" or a "lunch and learn" say when, not what.
Reply reading does not use this module.
"""

from __future__ import annotations

import re
from datetime import time
from zoneinfo import ZoneInfo

from negotiation.understanding.types import TimeWindow

# The meal as the meeting itself ("lunch with Bob", "a breakfast meeting", 吃午饭).
_MEAL = re.compile(
    r"(?<!\bafter\s)(?<!\bbefore\s)(?<!\buntil\s)(?<!\btill\s)(?<!\bpost\s)(?<!\bpre\s)"
    r"(?<!\bpost-)(?<!\bpre-)(?<!\baround\s)(?<!\bby\s)"
    r"\b(lunch|breakfast|brunch|dinner|supper)\b(?!\s*(?:&|and|\+|'?n'?)\s*learn)(?!-?time\b)"
    r"|(午饭|午餐|早饭|早餐|晚饭|晚餐)(?<!饭后)",
    re.I,
)
# When each meal is eaten, roughly; a window wholly outside it is another time of day.
_HOURS = {
    "lunch": (time(11, 0), time(15, 0)),
    "brunch": (time(9, 30), time(14, 0)),
    "breakfast": (time(6, 0), time(11, 0)),
    "dinner": (time(17, 0), time(23, 0)),
    "supper": (time(17, 0), time(23, 0)),
    "午饭": (time(11, 0), time(15, 0)),
    "午餐": (time(11, 0), time(15, 0)),
    "早饭": (time(6, 0), time(11, 0)),
    "早餐": (time(6, 0), time(11, 0)),
    "晚饭": (time(17, 0), time(23, 0)),
    "晚餐": (time(17, 0), time(23, 0)),
}
_AFTER_ZH = re.compile(r"(?:午饭|午餐|早饭|早餐|晚饭|晚餐)(?:后|之后|以后|前|之前|以前)")


def meal_clash(body: str, windows: tuple[TimeWindow, ...], zone: str) -> str | None:
    """A note when a meal is asked for at a time outside its hours, else None."""
    meals = {(m[1] or m[2]).lower() for m in _MEAL.finditer(_AFTER_ZH.sub(" ", body))}
    if len(meals) != 1 or not windows:
        return None
    first, last = _HOURS[meals.pop()]
    tz = ZoneInfo(zone)
    for window in windows:
        start, end = window.start.astimezone(tz).time(), window.end.astimezone(tz).time()
        if start >= last or (end <= first and end != time(0)):
            return f"asks for the time: a meal at {start:%H:%M} is outside its usual hours"
    return None
