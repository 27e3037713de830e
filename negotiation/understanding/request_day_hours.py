"""Hours within one day of a request: parts of the day, limits, clock times, cut-outs.

find_windows settles which days a request offers; this module settles the hours of each:
a part of the day narrowed by a limit said beside it ("afternoon, over by 5"), the clock
times said inside a part ("Friday morning, 9 or 10"), the minutes a request leaves out
("不要中午"), and the working day when nothing narrower was said.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from negotiation.understanding.rules_dates_spec import TimeSpec

WORK_START, WORK_END = time(9, 0), time(18, 0)


def bounded_parts(day_times: list[TimeSpec]) -> list[TimeSpec]:
    """Narrow each part of the day by the limits said on their own beside it."""
    # "Afternoon, but make sure it's over by 5": 12-17. "evening ..., so 8pm or later",
    # which the limit does not meet, is the later word on the hours (20-22), never the
    # evening before it.

    def bare(s: TimeSpec) -> bool:
        return bool(s.minute_range) and not s.times and not s.zone

    bounds = [
        s for s in day_times if bare(s) and (s.minute_range[0] == 0 or s.minute_range[1] >= 24 * 60)
    ]
    parts = [s for s in day_times if bare(s) and s not in bounds]
    if not bounds or not parts:
        return day_times
    narrowed = []
    for part in parts:
        lo, hi = part.minute_range
        for bound in bounds:
            lo, hi = max(lo, bound.minute_range[0]), min(hi, bound.minute_range[1])
        if lo < hi:
            narrowed.append(replace(part, minute_range=(lo, hi)))
    rest = [s for s in day_times if not bare(s)]
    return rest + (narrowed or bounds)


def clock_in_part(spec: TimeSpec, day_times: list[TimeSpec]) -> list[TimeSpec]:
    """Return the clock times said inside the day's part as its starts, else []."""
    # "Thursday afternoon at 3", "Friday morning, 9 or 10": the hours said are the starts
    # she offers, not the whole part of the day they fall in.
    if spec.times or not spec.minute_range:
        return []
    lo, hi = spec.minute_range
    out = []
    for timing in day_times:
        kept = frozenset(t for t in timing.times or () if lo <= t[0] * 60 + t[1] < hi)
        if kept:
            out.append(TimeSpec(spec.start, spec.end, times=kept, zone=timing.zone))
    return out


def narrows(before: str, bound: TimeSpec, named: list[TimeSpec]) -> bool:
    """Tell whether a limit after a bare "but" narrows a part of the day already named."""
    # "any morning next week, but before 10" narrows the mornings; "any time but before
    # 10" (no part named) and "but not before 10" leave those hours out.
    if not re.fullmatch(r"\s*but\s*", before, re.I) or bound.times or not bound.minute_range:
        return False
    lo, hi = bound.minute_range
    if lo and hi < 24 * 60:
        return False  # a range, not a limit
    edge = lo or hi
    return any(
        s.minute_range and not s.times and s.minute_range[0] < edge < s.minute_range[1]
        for s in named
    )


def bound_in_part(spec: TimeSpec, day_times: list[TimeSpec]) -> list[TimeSpec]:
    """Return the day's part narrowed by hours said on their own inside it, else []."""
    # "这周四下午，after 2pm", "Thursday afternoon, before 4"; the part is kept where the
    # hours do not meet it.
    if spec.times or not spec.minute_range:
        return []
    lo, hi = spec.minute_range
    narrowed = (lo, hi)
    for timing in day_times:
        if timing.times or not timing.minute_range:
            continue
        a, b = max(narrowed[0], timing.minute_range[0]), min(narrowed[1], timing.minute_range[1])
        if a < b:
            narrowed = (a, b)
    return [replace(spec, minute_range=narrowed)] if narrowed != (lo, hi) else []


def seven(spec: TimeSpec) -> bool:
    """Tell whether a bare "7" (or "7:30") is left with both its morning and evening."""
    # No am/pm and no part of the day: an early start and an evening one are both
    # plausible, unlike "at 3" (never 03:00) or "at 9" (never 21:00).
    times = spec.times or frozenset()
    return any((7, m) in times and (19, m) in times for m in range(60))


def on_day(spec: TimeSpec, day: date) -> bool:
    """Tell whether the spec's days include `day`."""
    return (spec.dates is None or day in spec.dates) and (
        spec.weekdays is None or day.weekday() in spec.weekdays
    )


def without_cut(
    start: datetime, end: datetime, cut_out: list[tuple[int, int]]
) -> list[tuple[datetime, datetime]]:
    """Cut the minutes of the day it must not use out of a window ("不要中午": two pieces)."""
    midnight = start.replace(hour=0, minute=0, second=0, microsecond=0)
    pieces = [(start, end)]
    for lo, hi in cut_out:
        lo_at, hi_at = midnight + timedelta(minutes=lo), midnight + timedelta(minutes=hi)
        pieces = [
            piece
            for a, b in pieces
            for piece in ((a, min(b, lo_at)), (max(a, hi_at), b))
            if piece[0] < piece[1]
        ]
    return pieces


def day_ranges(
    spec: TimeSpec, day: date, tz: ZoneInfo, duration: timedelta
) -> list[tuple[datetime, datetime]]:
    """Return the start-end ranges the spec allows on `day`: clock starts, a part, or 9-18."""
    if spec.times:
        ranges = []
        for hour, minute in sorted(spec.times):
            if len(spec.times) > 1 and not 8 <= hour < 20:
                continue  # "at 3": 15:00 rather than 03:00
            start = datetime.combine(day, time(hour, minute), tzinfo=tz)
            ranges.append((start, start + duration))
        return ranges
    if spec.minute_range:
        lo, hi = spec.minute_range
        # The working day runs 8-20; "8pm or later" asks for the evening past it (to 22).
        lo, hi = max(lo, 8 * 60), min(hi, 20 * 60 if lo < 20 * 60 else 22 * 60)
        if hi <= lo:
            return []
        start = datetime.combine(day, time(lo // 60, lo % 60), tzinfo=tz)
        end = (
            datetime.combine(day, time(hi // 60 % 24, hi % 60), tzinfo=tz)
            if hi < 24 * 60
            else start
        )
        return [(start, end)]
    return [
        (datetime.combine(day, WORK_START, tzinfo=tz), datetime.combine(day, WORK_END, tzinfo=tz))
    ]
