"""Hours a request gives its own way: "at 3 or 4", "7 or 8 in the evening", "around 10".

The reply clock rules read "3pm or 4pm" and "10 or 11am", but a list of bare hours only
by its first one. Each hour keeps both its readings (3 is 03:00 or 15:00); the windows
then keep the ones in meeting hours, and a part of the day said with the list decides.
Without "at" (or "@", "o'clock", a part of the day) a list of numbers is no time:
"3 or 4 people", "Q3 or 4", "2 or 3 slides".
Reply reading does not use this module.
"""

from __future__ import annotations

import re

from negotiation.understanding.request_hour_ranges import hour_ranges
from negotiation.understanding.rules_dates_clock import PARTS, hour_candidates
from negotiation.understanding.rules_dates_spec import TimeSpec

_HOUR = r"(?P<hour>\d{1,2})(?:[:.](?P<minute>\d{2}))?"
_NOT_A_TIME = (
    r"(?!\s*(?:[ap]\.?m\b|h\b|hrs?\b|hours?\b|mins?\b|minutes?\b|st\b|nd\b|rd\b|th\b|people\b"
    r"|persons?\b|days?\b|weeks?\b|months?\b|%)|[/:.\d-]|[a-z])"
)
_LIST = re.compile(
    rf"(?:(?P<at>\bat\s+|@\s*)|(?<![\w./:-])){_HOUR}"
    rf"(?P<more>(?:\s*(?:,|\bor\b|/)\s*(?:at\s+)?\d{{1,2}}(?:[:.]\d{{2}})?)+){_NOT_A_TIME}"
    r"(?P<after>\s*o'?clock|\s+in\s+the\s+(?:morning|afternoon|evening))?",
    re.I,
)
# "around 10", "about 2:30", "10ish", "~3pm": a start near that hour is the one asked for;
# "about 10 people", "around 30 minutes" are no time (what follows must end the time).
_AROUND = re.compile(
    r"(?:\b(?:around|about|approx(?:imately|\.)?|circa|roughly)\s+|~\s*)"
    r"(?P<hour>\d{1,2})(?:[:.](?P<minute>\d{2}))?\s*(?P<ampm>[ap]\.?m\.?)?(?:\s*-?ish)?"
    r"|\b(?P<hour2>\d{1,2})(?:[:.](?P<minute2>\d{2}))?\s*(?P<ampm2>[ap]\.?m\.?)?\s*-?ish\b",
    re.I,
)
_TIME_ENDS = re.compile(
    r"\s*(?:[,.;!?)\n]|$|(?:on|or|and|tomorrow|today|tonight|next|this|if|please|pls|works?"
    r"|would|is|with|for|at|in\s+the|re|about|to|mon|tue|wed|thu|fri|sat|sun)\b)",
    re.I,
)
# "except 12-2", "but not 1-3": a bare range after a refusal is hours left out (the clock
# rules read a bare "1-2" only after "between" or "from", as it is often a label).
_REFUSED_RANGE = re.compile(
    r"\b(?:except|not|apart\s+from|other\s+than|excluding|avoid(?:ing)?|no)\s+(?:between\s+)?"
    r"(?P<range>(?P<h1>\d{1,2})(?:[:.](?P<m1>\d{2}))?\s*(?:-|–|to|and)\s*"
    r"(?P<h2>\d{1,2})(?:[:.](?P<m2>\d{2}))?)(?![\d:/%]|\.\d)"
    # "not 2-3 people": only a range that ends its phrase is hours.
    r"(?=\s*(?:[,.;!?)\n]|$|(?:please|pls|if|and|or|on|is|works?|would|tomorrow|today|mon|tue"
    r"|wed|thu|fri)\b))",
    re.I,
)
_MORE = re.compile(r"(\d{1,2})(?:[:.](\d{2}))?")


def clock_lists(clause: str) -> tuple[str, list[TimeSpec]]:
    """The clause with its lists of bare hours blanked out, and a time-only spec for each."""
    blanked, specs = hour_ranges(clause)  # 下午3点到6点, "10-12 Tokyo time"
    for m in _LIST.finditer(blanked):
        if not (m["at"] or m["after"]):
            continue
        hours = [(m["hour"], m["minute"]), *((h, mm) for h, mm in _MORE.findall(m["more"]))]
        times: set[tuple[int, int]] = set()
        for hour, minute in hours:
            found = hour_candidates(int(hour), int(minute or 0), None)
            if not found:
                break
            times |= found
        else:
            part = (m["after"] or "").split()[-1:]
            if part and part[0].lower() in PARTS:
                lo, hi = PARTS[part[0].lower()]
                times = {t for t in times if lo <= t[0] * 60 + t[1] < hi}
            if times:
                specs.append(TimeSpec(m.start(), m.end(), times=frozenset(times)))
                blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _REFUSED_RANGE.finditer(blanked):
        starts = hour_candidates(int(m["h1"]), int(m["m1"] or 0), None) or frozenset()
        ends = hour_candidates(int(m["h2"]), int(m["m2"] or 0), None) or frozenset()
        pairs = {
            (a[0] * 60 + a[1], b[0] * 60 + b[1])
            for a in starts
            for b in ends
            if 7 * 60 <= a[0] * 60 + a[1] < b[0] * 60 + b[1] <= 21 * 60
        }
        if len(pairs) == 1:
            specs.append(TimeSpec(m.start("range"), m.end("range"), minute_range=pairs.pop()))
            blanked = blanked[: m.start("range")] + " " * len(m["range"]) + blanked[m.end() :]
    for m in _AROUND.finditer(blanked):
        if not _TIME_ENDS.match(blanked, m.end()):
            continue
        hour, minute = m["hour"] or m["hour2"], m["minute"] or m["minute2"]
        found = hour_candidates(int(hour), int(minute or 0), m["ampm"] or m["ampm2"])
        if found:
            specs.append(TimeSpec(m.start(), m.end(), times=found))
            blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    return blanked, sorted(specs, key=lambda s: s.start)
