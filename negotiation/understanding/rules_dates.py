"""Find day and time expressions in a clause and resolve them against the message date.

Every expression becomes a TimeSpec: a set of constraints (candidate dates, weekdays,
start times, a range of minutes in the day) that an option either satisfies or not.
Ambiguity stays visible as several candidates; callers decide whether it matters
(matching an option) or not (proposing an exact new time needs one candidate).
All dates are in the reader's zone; nothing in the past or more than a year out.
Day expressions are read in rules_dates_days, clock times in rules_dates_clock; this
module joins them into one spec per mention and resolves specs to dates and starts.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, timedelta

from negotiation.understanding.rules_dates_clock import (
    BUSINESS_END,
    BUSINESS_START,
    DAY_HOUR,
    EARLY_PARTS,
    PART_PATTERN,
    PARTS,
    TIME_PATTERNS,
    hour_candidates,
    time_spec,
)
from negotiation.understanding.rules_dates_days import DAY_PATTERNS, day_spec
from negotiation.understanding.rules_dates_spec import (
    TimeSpec,
    in_bounds,
    next_on_or_after,
    next_weekday_en,
    week_monday,
)

_JOIN_GAP = re.compile(
    r"^[\s,]*(?:(?:at|on|the|from|in\s+the|in|around|about|@|的|,|between)\s*)*$", re.I
)
_LIST_GAP = re.compile(r"^\s*(?:,|/|or|and|&|和|或|或者|或是|、|还是)\s*$", re.I)


def _merge(a: TimeSpec, b: TimeSpec) -> TimeSpec:
    times = a.times if b.times is None else b.times if a.times is None else a.times & b.times
    ranges = [r for r in (a.minute_range, b.minute_range) if r]
    minute_range = None
    if ranges:
        lo, hi = max(r[0] for r in ranges), min(r[1] for r in ranges)
        minute_range = (lo, hi)
    if times is not None and minute_range is not None:
        # "3 in the afternoon": the part of day chooses between 3:00 and 15:00.
        narrowed = frozenset(
            t for t in times if minute_range[0] <= t[0] * 60 + t[1] < minute_range[1]
        )
        times, minute_range = (narrowed, None) if narrowed else (frozenset(), minute_range)
    return TimeSpec(
        start=min(a.start, b.start),
        end=max(a.end, b.end),
        dates=a.dates if b.dates is None else b.dates if a.dates is None else a.dates & b.dates,
        weekdays=a.weekdays
        if b.weekdays is None
        else b.weekdays
        if a.weekdays is None
        else a.weekdays & b.weekdays,
        times=times,
        minute_range=minute_range,
        broad=a.broad or b.broad,
        problem=a.problem or b.problem,
    )


def _overlaps(span: tuple[int, int], taken: list[tuple[int, int]]) -> bool:
    return any(span[0] < e and s < span[1] for s, e in taken)


def find_time_specs(clause: str, today: date, *, in_week: bool = False) -> list[TimeSpec]:
    """Every day/time expression in a clause, merged into one spec per mention.

    in_week reads "Tuesday next week" as that one day (a reply matching options);
    without it the week stays a spec of its own (a request's windows read it so).
    """
    days: list[TimeSpec] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in DAY_PATTERNS:
        for m in pattern.finditer(clause):
            if _overlaps(m.span(), taken):
                continue
            spec = day_spec(kind, m, today)
            if spec is not None:
                days.append(spec)
                taken.append(m.span())
    times: list[TimeSpec] = []
    for m in EARLY_PARTS.finditer(clause):
        if not _overlaps(m.span(), taken):
            word = re.sub(r"\s+", " ", m[1].lower())
            times.append(TimeSpec(m.start(), m.end(), minute_range=PARTS[word]))
            taken.append(m.span())
    for kind, pattern in TIME_PATTERNS:
        for m in pattern.finditer(clause):
            if _overlaps(m.span(), taken):
                continue
            spec = time_spec(kind, m)
            if spec is not None:
                times.append(spec)
                taken.append(m.span())
    for m in PART_PATTERN.finditer(clause):
        if _overlaps(m.span(), taken):
            continue
        word = re.sub(r"\s+", " ", (m[1] or m[2] or m[3]).lower())
        word = "lunch" if word.startswith("lunch") else word
        times.append(TimeSpec(m.start(), m.end(), minute_range=PARTS[word]))
        taken.append(m.span())
    for day in list(days):
        if day.weekdays is not None or day.dates is not None:
            follow = DAY_HOUR.match(clause[day.end :])
            if follow and not _overlaps((day.end, day.end + follow.end()), taken):
                hours = hour_candidates(int(follow[1]), 0, None)
                if hours:
                    times.append(TimeSpec(day.end, day.end + follow.end(), times=hours))
                    taken.append((day.end, day.end + follow.end()))
    return _group(clause, sorted(days + times, key=lambda s: s.start), today, in_week=in_week)


def _carry_qualifier(clause: str, parts: list[TimeSpec], today: date) -> list[TimeSpec]:
    """ "next Monday or Tuesday": the second day is next week's too."""
    result = list(parts)
    for index in range(1, len(result)):
        before, here = result[index - 1], result[index]
        if (
            before.qualifier
            and here.qualifier is None
            and here.weekdays is not None
            and len(here.weekdays) == 1
            and here.dates is None
            and _LIST_GAP.match(clause[before.end : here.start])
        ):
            (weekday,) = here.weekdays
            if before.qualifier == "next":
                dates = next_weekday_en(today, weekday)
            else:  # 下周一或周二; 下下周一或周二 is the week after
                weeks = 2 if before.qualifier.startswith("下下") else 1
                dates = frozenset({week_monday(today) + timedelta(days=7 * weeks + weekday)})
            result[index] = replace(here, weekdays=None, dates=dates, qualifier=before.qualifier)
    return result


_ALSO_AT = re.compile(r"^\s*(?:,|/|or|and|&|和|或|或者)\s*(?:at\s+)?$", re.I)
_DATE_THEN_WEEKDAY = re.compile(r"^\s*[,，(（]?\s*$")
_WEEKDAY_THEN_DATE = re.compile(r"^\s*,?\s*(?:the\s+)?$", re.I)


def _more_of_the_same(last: TimeSpec, part: TimeSpec, gap: str) -> TimeSpec | None:
    """Join what is one day: "tomorrow at 3pm or 4pm", 12月5日星期六上午10点."""
    if (
        last.has_day
        and last.times is not None
        and part.times is not None
        and not part.has_day
        and _ALSO_AT.match(gap)
    ):
        return replace(last, end=part.end, times=last.times | part.times)
    if (
        last.weekdays is not None
        and last.dates is None
        and part.dates is not None
        and len(part.dates) == 1
        and not part.broad
        and part.weekdays is None
        and _WEEKDAY_THEN_DATE.match(gap)
    ):
        # "Friday the 13th", "Mon 9th": the date says which Friday.
        dates = frozenset(d for d in part.dates if d.weekday() in last.weekdays)
        joined = replace(part, start=last.start, dates=dates or part.dates, qualifier=None)
        # "Friday evening, the 13th": the part of the day said with the weekday holds too.
        joined = replace(
            joined,
            times=joined.times or last.times,
            minute_range=joined.minute_range or (None if joined.times else last.minute_range),
        )
        return joined if dates else replace(joined, problem="weekday and date disagree")
    if (
        last.dates is not None
        and len(last.dates) == 1
        and not last.broad
        and last.weekdays is None
        and part.weekdays is not None
        and part.dates is None
        and _DATE_THEN_WEEKDAY.match(gap)
    ):
        dates = frozenset(d for d in last.dates if d.weekday() in part.weekdays)
        joined = replace(
            last,
            end=part.end,
            dates=dates or last.dates,
            times=part.times,
            minute_range=part.minute_range,
        )
        return joined if dates else replace(joined, problem="weekday and date disagree")
    return None


_WEEK_GAP = re.compile(r"^[\s,，]*(?:(?:of|in|on|the|的)\s*)*$", re.I)


def _is_week(spec: TimeSpec) -> bool:
    return spec.broad and spec.dates is not None and spec.weekdays is None and not spec.has_time


def _is_weekday(spec: TimeSpec) -> bool:
    return spec.weekdays is not None and spec.dates is None and not spec.broad


def _in_week(day: TimeSpec, week: TimeSpec, today: date) -> TimeSpec:
    """ "Tuesday next week", 下周的周二: the weekday in that week, never any Tuesday."""
    monday = week_monday(min(week.dates or {today}))
    dates = frozenset(monday + timedelta(days=w) for w in day.weekdays or ())
    merged = replace(_merge(day, week), dates=dates, weekdays=None, broad=False, qualifier=None)
    return (
        merged
        if min(dates, default=today) >= today
        else replace(merged, problem="date in the past")
    )


def _group(clause: str, parts: list[TimeSpec], today: date, *, in_week: bool) -> list[TimeSpec]:
    parts = _carry_qualifier(clause, parts, today)
    groups: list[TimeSpec] = []
    weeks: dict[int, TimeSpec] = {}  # group index -> the week its weekday was read in
    for part in parts:
        if groups:
            last = groups[-1]
            gap = clause[last.end : part.start]
            pair = (last, part) if _is_week(last) else (part, last)
            if in_week and _is_week(pair[0]) and _is_weekday(pair[1]) and _WEEK_GAP.match(gap):
                groups[-1], weeks[len(groups) - 1] = _in_week(pair[1], pair[0], today), pair[0]
                continue
            if len(groups) - 1 in weeks and _is_weekday(part) and _LIST_GAP.match(gap):
                # "next week, Tuesday or Thursday": the second day is in that week too.
                weeks[len(groups)] = weeks[len(groups) - 1]
                day = _in_week(part, weeks[len(groups)], today)
                groups.append(replace(day, start=part.start, end=part.end))
                continue
            complementary = (
                (last.has_day and not last.has_time and part.has_time and not part.has_day)
                or (last.has_time and not last.has_day and part.has_day and not part.has_time)
                or (
                    last.has_day
                    and last.has_time
                    and part.minute_range is not None
                    and not part.has_day
                    and last.times is not None
                )
                # "Tuesday afternoon at 3pm": the clock inside the part of the day.
                or (
                    last.has_day
                    and last.times is None
                    and last.minute_range is not None
                    and part.times is not None
                    and part.minute_range is None
                    and not part.has_day
                )
            )
            if complementary and _JOIN_GAP.match(gap):
                groups[-1] = _merge(last, part)
                continue
            more = _more_of_the_same(last, part, gap)
            if more is not None:
                groups[-1] = more
                continue
        groups.append(part)
    # "Tuesday or Wednesday afternoon": the trailing time applies to every listed day.
    for index in range(len(groups) - 2, -1, -1):
        here, after = groups[index], groups[index + 1]
        if (
            index + 1 in weeks
            and _is_weekday(here)
            and _LIST_GAP.match(clause[here.end : after.start])
        ):
            # "Tuesday or Thursday next week": both days are in that week.
            weeks[index] = weeks[index + 1]
            day = _in_week(here, weeks[index], today)
            groups[index] = here = replace(day, start=here.start, end=here.end)
        if (
            here.has_day
            and not here.has_time
            and after.has_day
            and after.has_time
            and _LIST_GAP.match(clause[here.end : after.start])
        ):
            groups[index] = replace(here, times=after.times, minute_range=after.minute_range)
    return groups


def resolve_dates(spec: TimeSpec, today: date) -> frozenset[date]:
    """Concrete candidate dates of a spec: weekdays become their next occurrence(s)."""
    if spec.dates is not None:
        dates = spec.dates
        if spec.weekdays is not None:
            dates = frozenset(d for d in dates if d.weekday() in spec.weekdays)
        return dates
    if spec.weekdays is not None:
        result = set()
        for weekday in spec.weekdays:
            coming = next_on_or_after(today, weekday)
            # Today's own weekday may mean today or a week from now: keep both.
            result.add(coming)
            if coming == today:
                result.add(coming + timedelta(days=7))
        return frozenset(result)
    return frozenset()


def exact_start(spec: TimeSpec, now: datetime) -> datetime | None:
    """The single start instant a spec names (aware, in now's zone), or None when not exact."""
    if spec.problem or spec.broad or not spec.has_day or spec.times is None:
        return None
    dates = [d for d in resolve_dates(spec, now.date()) if in_bounds(d, now.date())]
    times = sorted(spec.times)
    if len(times) > 1:
        inside = [t for t in times if BUSINESS_START <= t[0] * 60 + t[1] < BUSINESS_END]
        times = inside
    if len(dates) != 1 or len(times) != 1:
        return None
    start = datetime(
        dates[0].year, dates[0].month, dates[0].day, times[0][0], times[0][1], tzinfo=now.tzinfo
    )
    # Round-trip through UTC so a wall time that does not exist (DST gap) is normalised.
    start = start.astimezone(now.tzinfo) if start.utcoffset() is not None else start
    if start <= now or start > now + timedelta(days=365):
        return None
    return start
