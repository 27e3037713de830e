"""When a member's request says they are free: days, weeks, parts of the day, exceptions.

The day and time words of a request are constraints on one another, not separate offers;
see find_windows.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from negotiation.understanding.lexicon import compile_all
from negotiation.understanding.lexicon_stance import NEGATION
from negotiation.understanding.rules_dates import find_time_specs, resolve_dates
from negotiation.understanding.rules_dates_spec import TimeSpec
from negotiation.understanding.types import RequestContext, TimeWindow

_NEGATION = compile_all(NEGATION)
WORK_START, WORK_END = time(9, 0), time(18, 0)


_EXCEPT = re.compile(
    r"(?:\bexcept(?:\s+for)?|\bbut(?:\s+not)?|\bother\s+than|\bapart\s+from|\bnot|除了|除|不要)"
    r"\s*(?:on\s+|the\s+)?$",
    re.I,
)
_EARLY_WEEK = re.compile(r"\bearly\s+(?:next|this|in\s+the)\s+week\b|下周初|本周初", re.I)
_END_OF_WEEK = re.compile(r"\b(?:end\s+of|late)\s+(?:next|this|the)\s+week\b|下周末|周末前", re.I)
_LIST = re.compile(r"^\s*(?:,|/|or|and|&|和|或|、)\s*$", re.I)


def _clauses(body: str) -> list[str]:
    # "but" starts a clause and stays in it: "any day but Mon and Fri" is an exception.
    parts = re.split(r"(?<=[.!?;])(?=\s|$)|[。！？；\n]|(?=\bbut\b)|但是|不过", body, flags=re.I)
    return [p for p in parts if p and p.strip()]


def find_windows(
    body: str, ctx: RequestContext, *, duration_minutes: int | None = None
) -> tuple[TimeWindow, ...]:
    """The initiator's availability as concrete windows in their zone.

    The day and time words of a request are constraints on one another, not separate
    offers: "next week, Tue or Wed afternoon" is next week's Tuesday and Wednesday,
    afternoons only; a time of day said on its own ("afternoons only") holds for every
    day named without one.
    """
    tz = ZoneInfo(ctx.sender_tz)
    now = ctx.message_date.astimezone(tz)
    today = now.date()
    duration = timedelta(minutes=duration_minutes or ctx.default_duration_minutes)
    allowed: list[TimeSpec] = []
    blocked: list[TimeSpec] = []
    day_times: list[TimeSpec] = []
    for clause in _clauses(body):
        negative = bool(_NEGATION.search(clause))
        excluding = False
        previous_end = 0
        for spec in find_time_specs(clause, today):
            if spec.problem:
                continue
            before = clause[previous_end : spec.start]
            # "any day this week except Wednesday", "but Mon and Fri", 除了周三: the days
            # after an exception word (and the list that goes on from it) are left out.
            excluding = bool(_EXCEPT.search(before)) or (excluding and bool(_LIST.match(before)))
            previous_end = spec.end
            if not spec.has_day:
                if spec.has_time and not negative:
                    day_times.append(spec)
                continue
            (blocked if negative or excluding else allowed).append(spec)
    weeks = [s for s in allowed if s.broad]
    week_days = {d for s in weeks for d in resolve_dates(s, today)}
    if _EARLY_WEEK.search(body):
        week_days = {d for d in week_days if d.weekday() <= 2}
    elif _END_OF_WEEK.search(body):
        week_days = {d for d in week_days if d.weekday() >= 3}
    weeks = [replace(s, dates=frozenset(week_days)) for s in weeks]
    plan: list[tuple[date, TimeSpec]] = []
    for spec in [s for s in allowed if not s.broad]:
        dates = resolve_dates(spec, today)
        if week_days and spec.dates is None and spec.weekdays is not None:
            dates = frozenset(d for d in week_days if d.weekday() in spec.weekdays)
        plan += [(day, spec) for day in dates]
    if not plan:
        plan = [(day, spec) for spec in weeks for day in resolve_dates(spec, today)]
    windows: list[TimeWindow] = []
    for day, spec in plan:
        if any(b.matches(datetime.combine(day, time(12, 0))) and not b.has_time for b in blocked):
            continue
        for timing in [spec] if spec.has_time else (day_times or [spec]):
            for start, end in _day_ranges(timing, day, tz, duration):
                if end > now and start < now + timedelta(days=365):
                    windows.append(TimeWindow(start=max(start, now), end=end))
    return tuple(sorted(set(windows), key=lambda w: (w.start, w.end)))


def _day_ranges(
    spec: TimeSpec, day, tz: ZoneInfo, duration: timedelta
) -> list[tuple[datetime, datetime]]:
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
        lo, hi = max(lo, 8 * 60), min(hi, 20 * 60)
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
