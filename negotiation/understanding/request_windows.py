"""When a member's request says they are free: days, weeks, parts of the day, exceptions.

The day and time words of a request are constraints on one another, not separate offers;
see find_windows.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from negotiation.understanding.request_busy import busy_refused
from negotiation.understanding.request_clauses import (
    EXCEPT,
    LIST,
    OFFERS_AFTER,
    clauses,
    is_negative,
)
from negotiation.understanding.request_day_hours import (
    bound_in_part,
    bounded_parts,
    clock_in_part,
    day_ranges,
    narrows,
    on_day,
    seven,
    without_cut,
)
from negotiation.understanding.request_described import described, without_described
from negotiation.understanding.request_instead import instead_days
from negotiation.understanding.request_objects import UNPLACED
from negotiation.understanding.request_spans import UNTIL, span_specs, within_deadlines
from negotiation.understanding.request_weeks import request_specs
from negotiation.understanding.rules_dates import resolve_dates
from negotiation.understanding.rules_dates_spec import TimeSpec, week_monday
from negotiation.understanding.rules_zones import find_zone
from negotiation.understanding.types import RequestContext, TimeWindow

_SOMEONE_ELSES_TIME = re.compile(r"\b(?:her|his|their|your)\s+time\b|对方时间", re.I)
# "I can't do", "we're out", "i cant": a refusal the member makes of her own time.
_I_REFUSE = re.compile(r"\s*(?:(?:sorry|unfortunately|but)\W+)*(?:i|we)\b(?!\s+(?:and|or)\b)", re.I)
# "Carol's out Monday and Tuesday next week ... Find something for the three of us": a
# guest's refusal, when the request asks for what is left; alone ("Carol can't do Fridays
# next week. Annual goals") the hub asks.
_GUEST_REFUSES = re.compile(
    r"\s*(?!(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun|Next|This|The)[a-z]*\b)[A-Z][a-z]+"
    r"(?:\s*['’]s\s+|\s+is\s+)(?:out|away|off|on\s+leave|busy)\b"
    r"|\s*[A-Z][a-z]+\s+(?:can['’]?t|cannot|won['’]?t)\s+(?:do|make)\b"
)
_FIND_THE_REST = re.compile(
    r"\bfind\s+(?:us\s+)?(?:something|a\s+(?:slot|time|gap|day)|whatever)\b"
    r"|\bwhatever\s+(?:works|is\s+left)\b|\bany\s+other\s+day\b",
    re.I,
)
# 周五除外, "Fridays excluded": the exception said after the day.
_EXCEPTED = re.compile(r"\s*(?:除外|\(?(?:excluded|excepted)\b)", re.I)
_TODAY = re.compile(r"\btoday\b|今天", re.I)
# "early next week", "at the start of next week": Monday and Tuesday (the owner's reading:
# the narrower one is always inside what was asked); "the first half of the week" is Mon-Wed.
_EARLY_WEEK = re.compile(
    r"\bearly\s+(?:next|this|in\s+the)\s+week\b|\b(?:start|beginning)\s+of\s+"
    r"(?:next|this|the)\s+week\b|下周初|本周初",
    re.I,
)
_FIRST_HALF_WEEK = re.compile(r"\bfirst\s+half\s+of\s+(?:next|this|the)\s+week\b|下周前半", re.I)
_END_OF_WEEK = re.compile(
    r"\b(?:end|back\s+end|second\s+half|latter\s+half|last\s+part)\s+of\s+(?:next|this|the)\s+week\b"
    r"|\blate\s+(?:next|this|the)\s+week\b|下周末|周末前|下周后半",
    re.I,
)


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
    cut_out: list[tuple[int, int]] = []
    clause_specs: list[TimeSpec] = []
    context: list[TimeSpec] = []
    said_only: set[int] = set()  # ids of the days only described ("this week is mad")
    previous_negative = previous_described = own_refusal = False
    # "I'll be interviewing all Tuesday so Wednesday": the busy day is a reason, no offer.
    for clause in clauses(busy_refused(body, today), today):
        # "Monday is impossible, but Tuesday works": after a refusal, "but" offers.
        # "This week is hectic but next week is good": "but" after days only described
        # turns to the days offered, as after a refusal; it leaves none out.
        contrast = (previous_negative or previous_described) and bool(
            re.match(r"\s*but\b", clause, re.I)
        )
        after_refusal, previous_negative = previous_negative, is_negative(clause)
        negative = previous_negative
        excluding = parts_refused = False
        previous_end = 0
        zone, _, _ = find_zone(clause)  # "3pm UK time", 北京时间下午4点
        # "9-11am his time": in the zone of where he is ("he's in New York"); when the
        # request does not say where, no hour can be offered, and the hub asks.
        foreign = bool(_SOMEONE_ELSES_TIME.search(clause))
        guest_zone = _guest_zone(body) if foreign else None
        today_said = bool(_TODAY.search(clause))
        specs = request_specs(clause, today)
        if zone and not any(s.has_time for s in specs) and re.search(r"\d", clause):
            # "only 10-12 Tokyo time" with hours the rules did not read: never the whole
            # day in her own zone; the hub asks.
            return ()
        parts = [s.minute_range for s in specs if s.minute_range and not s.times]
        describing = described(clause, specs)
        previous_described = bool(describing) and all(
            i in describing for i, s in enumerate(specs) if s.has_day
        )
        if previous_described and after_refusal and not contrast:
            # "the 5th and 6th are out, and today's hopeless": days described right after
            # a refusal go on with its list.
            previous_negative = negative = True
        for index, spec in enumerate(specs):
            if spec.problem == UNPLACED or (spec.problem and negative):
                # "next week, before Wednesday", "not before Wed 19.3.": the days refused
                # or cut off are not known, so no day can be offered; the hub asks.
                return ()
            if spec.problem:
                continue
            if seven(spec):
                # "at 7 on Thursday": 07:00 and 19:00 are both meeting hours; a part of the
                # day said beside it ("Thursday evening at 7") decides, else the hub asks.
                times = spec.times or frozenset()
                kept = frozenset(t for t in times if any(a <= t[0] * 60 < b for a, b in parts))
                if not kept or seven(replace(spec, times=kept)):
                    return ()
                spec = replace(spec, times=kept)
            if zone and spec.has_time:
                spec = replace(spec, zone=zone)
            if foreign and spec.has_time:
                if guest_zone is None:
                    return ()
                spec = replace(spec, zone=guest_zone)
            if today_said and spec.weekdays and today.weekday() in spec.weekdays:
                # "Monday afternoon (so today!)": this Monday, not also next week's.
                spec = replace(spec, dates=frozenset({today}))
            before = clause[previous_end : spec.start]
            # "any day this week except Wednesday", "but Mon and Fri", 除了周三: the days
            # after an exception word (and the list that goes on from it) are left out.
            excluding = bool(EXCEPT.search(before) or _EXCEPTED.match(clause, spec.end)) or (
                # "except Monday, Friday afternoon works": a day that says it is free ends
                # the list of days left out.
                excluding and bool(LIST.match(before)) and not OFFERS_AFTER.match(clause, spec.end)
            )
            if (contrast and re.fullmatch(r"\s*but\s*", before, re.I)) or spec.qualifier == UNTIL:
                excluding = False  # "next week, but before the 12th": a deadline narrows
            if (
                excluding
                and spec.broad
                and not negative
                and not before.strip()
                and clause_specs
                and clause_specs[-1] in blocked
                and not clause_specs[-1].broad
            ):
                # "any day but Monday next week": the week is the one the day is left out
                # of, not a week left out too.
                excluding = False
            previous_end = spec.end
            if not spec.has_day:
                if excluding and not negative and narrows(before, spec, allowed + day_times):
                    day_times.append(spec)  # "any morning next week, but before 10"
                elif spec.minute_range and (negative or excluding):
                    cut_out.append(spec.minute_range)  # "but not after 4pm", "not before 10"
                    parts_refused = parts_refused or negative
                elif spec.has_time and not negative:
                    day_times.append(spec)
                continue
            if excluding and spec.has_time:
                # "except Monday, Friday afternoon works": the time may be the list's, not
                # Monday's own; leaving out the whole day never offers what was refused.
                spec = replace(spec, times=None, minute_range=None)
            (blocked if negative or excluding else allowed).append(spec)
            if index in describing:
                said_only.add(id(spec))
            clause_specs.append(spec)
        parts_refused = parts_refused or any(
            s.broad and s.minute_range and not s.times for s in clause_specs
        )
        if (
            negative
            and any(s.broad for s in clause_specs)
            # "i can't do mornings next week": a part of every day refused is one too.
            and (any(not s.broad for s in clause_specs) or parts_refused)
        ):
            # "I'm out Monday to Wednesday next week, so Thursday or Friday": the week
            # of the days left out is the week of the days offered.
            context += [replace(s, times=None, minute_range=None) for s in clause_specs if s.broad]
            cut_out += [s.minute_range for s in clause_specs if s.broad and s.minute_range]
            own_refusal = own_refusal or bool(
                _I_REFUSE.match(clause)
                or (_GUEST_REFUSES.match(clause) and _FIND_THE_REST.search(body))
            )
            blocked = [b for b in blocked if not b.broad]
        clause_specs.clear()
    kept = without_described(allowed, said_only, today)
    if kept is None:
        return ()
    allowed = within_deadlines(kept, body)  # "some Tuesday before the end of March"
    allowed = instead_days(allowed, blocked, body, today)  # "Friday's bad. Monday instead."
    weeks = [s for s in allowed if s.broad]
    # "Thu or Fri next week, afternoons": the week's part of the day holds for its days.
    day_times += [
        TimeSpec(s.start, s.end, times=s.times, minute_range=s.minute_range, zone=s.zone)
        for s in weeks
        if s.has_time
    ]
    day_times = bounded_parts(day_times)
    week_days = {d for s in weeks + context for d in resolve_dates(s, today)}
    # "between tomorrow and the end of next week": the end of a span is no part of a week.
    unspanned, _ = span_specs(body, today)
    if _EARLY_WEEK.search(unspanned):
        week_days = {d for d in week_days if d.weekday() <= 1}
    elif _FIRST_HALF_WEEK.search(unspanned):
        week_days = {d for d in week_days if d.weekday() <= 2}
    elif _END_OF_WEEK.search(unspanned):
        week_days = {d for d in week_days if d.weekday() >= 3}
    weeks = [replace(s, dates=frozenset(week_days)) for s in weeks]
    plan: list[tuple[date, TimeSpec]] = []
    anchor: date | None = None  # the Monday of a 下周/下下周 day named before
    previous_next = False
    for spec in [s for s in allowed if not s.broad]:
        dates = resolve_dates(spec, today)
        if spec.qualifier in ("下", "下下") and dates:
            mondays = {week_monday(d) for d in dates}
            anchor = mondays.pop() if len(mondays) == 1 else None
        elif anchor and not week_days and spec.dates is None and spec.qualifier is None:
            # 李娜下周四到柏林，帮我安排周四或周五: the bare days after it are of that week.
            dates = frozenset(anchor + timedelta(days=w) for w in spec.weekdays or () if w < 7)
        carried = (
            # "next Tuesday or Wednesday morning": the "next" of the list, lost where the
            # part of the day joined the last day, holds for it too.
            spec.qualifier is None
            and previous_next
            and len(dates) == 2
            and max(dates) - min(dates) == timedelta(days=7)
        )
        previous_next = spec.qualifier == "next"
        if (spec.qualifier == "next" or carried) and len(dates) == 2:
            # "next Friday" asked on a Monday: Friday of next week, as the corpus's blind
            # writer read it ("this Friday" is the other one); a reply keeps both, and asks.
            dates = frozenset({max(dates)})
        if week_days and spec.dates is None and spec.weekdays is not None:
            dates = frozenset(d for d in week_days if d.weekday() in spec.weekdays)
        plan += [(day, spec) for day in dates]
    if not plan:
        plan = [(day, spec) for spec in weeks for day in resolve_dates(spec, today)]
    if not plan and not allowed and own_refusal and (blocked or cut_out):
        # "i cant do mornings or fridays next week": only her own refusals, of parts of a
        # week named; the rest of that week is what she offers. Near misses: "next week,
        # not Monday, Tuesday or Wednesday" (are the last two offered?) and "not Monday
        # next week" (which week?) ask.
        plan = [(day, spec) for spec in context for day in resolve_dates(spec, today)]
    # "Monday afternoon (so today!)": a day said twice keeps the mention with a time.
    timed = {day for day, spec in plan if spec.has_time}
    plan = [(day, spec) for day, spec in plan if spec.has_time or day not in timed]
    windows: list[TimeWindow] = []
    for day, spec in plan:
        if any(b.matches(datetime.combine(day, time(12, 0))) and not b.has_time for b in blocked):
            continue
        # "not Monday afternoon": that day without that part; "not Monday at 3": not that day.
        refused = [b for b in blocked if b.has_time and on_day(b, day)]
        if any(b.times for b in refused):
            continue
        day_cut = cut_out + [b.minute_range for b in refused if b.minute_range]
        for timing in (
            clock_in_part(spec, day_times)
            or bound_in_part(spec, day_times)
            or ([spec] if spec.has_time else (day_times or [spec]))
        ):
            zone = ZoneInfo(timing.zone) if timing.zone else tz
            for first, last in day_ranges(timing, day, zone, duration):
                for start, end in without_cut(first.astimezone(tz), last.astimezone(tz), day_cut):
                    if end - start >= duration and end > now and start < now + timedelta(days=365):
                        windows.append(TimeWindow(start=max(start, now), end=end))
    return tuple(sorted(set(windows), key=lambda w: (w.start, w.end)))


# "he's in New York this month", "working from Tokyo": where the guest's time is kept.
_WHERE = re.compile(r"\b(?:in|from|at)\s+((?:[A-Z][a-z]+\s+)?[A-Z][a-z]+)\b")


def _guest_zone(body: str) -> str | None:
    zones = {find_zone(f"{m[1]} time")[0] for m in _WHERE.finditer(body)} - {None}
    return zones.pop() if len(zones) == 1 else None
