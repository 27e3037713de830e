"""Day words a request uses that reply reading does not need: spans of weeks and of dates.

"the week after next", "next week or the week after", "this week or next", "later this
week", "in the next two weeks", "March 10th or 11th", "between the 9th and the 11th".
Each becomes TimeSpecs like those of rules_dates; nothing here changes how replies read.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta

from negotiation.understanding.request_clock import clock_lists
from negotiation.understanding.request_date_lists import bare_ordinals, days_before_date
from negotiation.understanding.request_dotted import dotted_dates, join_dotted
from negotiation.understanding.request_month_ends import month_end_specs
from negotiation.understanding.request_objects import meeting_days
from negotiation.understanding.request_parts import carry_leading_part, part_specs
from negotiation.understanding.request_slash import nearer_slash, slash_dates
from negotiation.understanding.request_spans import span_specs
from negotiation.understanding.request_week_of import week_of
from negotiation.understanding.rules_dates import find_time_specs
from negotiation.understanding.rules_dates_spec import TimeSpec, in_bounds, week_monday

# "the week after the next" too, where the words end there (not "the week after the next
# board meeting", which counts from an event).
_WEEK_AFTER_NEXT = re.compile(
    r"\b(?:the\s+)?week\s+after\s+(?:next\b|the\s+next(?:\s+one)?"
    r"(?=\s*(?:$|[^\w\s])|\s+(?:works?|is|would|could|suits?|for|with|please|then|at|on|in|if"
    r"|any|instead)\b))",
    re.I,
)
# "next week or the week after": both weeks.
_NEXT_OR_AFTER = re.compile(
    r"\bnext\s+week\s+or\s+the\s+(?:week\s+after|following\s+(?:one|week))(?!\s+next)\b", re.I
)
# "this week or next", "this week and next are out", "this and next week", "neither this
# week nor next", "this week + next": both weeks.
_THIS_OR_NEXT = re.compile(
    r"\bthis\s+week\s*(?:\bor|\band|&|\+|\bnor)\s+(?:the\s+)?next(?:\s+(?:one|week))?\b"
    r"|\bthis\s*(?:\bor|\band|&|\+|\bnor)\s+next\s+week\b",
    re.I,
)
# "not this week but next", "Not this week — next": the bare "next" is next week (the
# refusal of this week stays to its own words).
_NOT_THIS_BUT_NEXT = re.compile(
    r"\bnot\s+this\s+week\s*(?:,?\s*but|[-–—]|[,;:])\s*(?:rather\s+|instead\s+)?"
    r"(next(?:\s+one)?)\b(?!\s*(?:week|month|year|time|\w+day)\b)",
    re.I,
)
# "KW 12", "calendar week 12", "CW12": the ISO week of that number, Monday to Friday.
_WEEK_NUMBER = re.compile(
    r"\b(?:KW|CW|calendar\s+week|Kalenderwoche)\s*\.?\s*(\d{1,2})\b(?![.:/]\d)", re.I
)
# "in the next few days", "over the coming days": today and the four days after it.
_NEXT_FEW_DAYS = re.compile(
    r"\b(?:in|within|over|during)\s+the\s+(?:next|coming)\s+(?:few\s+)?days\b", re.I
)
_LATER_THIS_WEEK = re.compile(r"\blater\s+(?:this|in\s+the)\s+week\b", re.I)
_NEXT_WEEKS = re.compile(
    r"\b(?:in|within|over|during)\s+the\s+(?:next|coming)\s+(two|2|three|3)\s+weeks\b", re.I
)
# "this afternoon", "tonight": today, that part of the day.
_THIS_PART = re.compile(r"\bthis\s+(?:morning|afternoon|evening)\b|\btonight\b", re.I)
_COUNTS = {"two": 2, "2": 2, "three": 3, "3": 3, "fortnight": 2}
# "in two weeks", "in 3 weeks' time", "in a fortnight", "two weeks from now": that week,
# Monday to Friday. Near miss: "within two weeks" is every day until then.
_IN_WEEKS = re.compile(
    r"\bin\s+(?:(two|2|three|3)\s+weeks|a\s+(fortnight))(?:'?s?\s*time)?\b"
    r"|\b(two|2|three|3)\s+weeks\s+(?:from\s+(?:now|today)|out)\b",
    re.I,
)
# "tomorrow or the day after": both days (not "the day after tomorrow" alone).
_TOMORROW_OR_AFTER = re.compile(
    r"\btomorrow\s+or\s+the\s+day\s+after\b(?!\s+tomorrow)|明天或(?:者)?后天|明后天", re.I
)
# 3月9日至11日: every working day from the first date to the last.
_ZH_DATE_SPAN = re.compile(
    r"(\d{1,2})月(\d{1,2})[日号](?:\s*(?:至|到|-|~)\s*)(?:(\d{1,2})月)?(\d{1,2})[日号]"
)
# "Mon-Wed", "Tuesday to Thursday", 周一到周三: every day from the first to the last.
_DAY_RANGE = re.compile(r"^\s*(?:-|–|—|to|through|thru|till|until|bis|到|至|~)\s*$", re.I)
# "March 10th or 11th", 3月9日和11日: the bare day after a date is in the same month.
_MORE_DAYS = re.compile(
    r"\s*(?:,|\bor\b|\band\b|&|/|和|或者?|、)\s*(?:the\s+)?(\d{1,2})(?:(?:st|nd|rd|th)\b|[日号])"
    r"(?!\s+floor)"
)
_FLOOR = re.compile(r"\s*(?:floor|fl\.)", re.I)
# "the 2nd or 3rd floor": a bare ordinal listed with a floor is a floor too (not "March
# 10th or 2nd floor", a date with its month).
_FLOORS = re.compile(
    r"\s*(?:or|and|,|/|-)\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s*(?:floor|fl\.)", re.I
)
_BARE_ORDINAL = re.compile(r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)", re.I)
_RANGE_START = re.compile(r"\b(?:between|from)\s+$", re.I)
_RANGE_JOIN = re.compile(r"^\s*(?:and|to|until|till|through|-|–)\s*$", re.I)


def _weekdays(first: date, last: date, today: date) -> frozenset[date]:
    days = (first + timedelta(days=i) for i in range((last - first).days + 1))
    return frozenset(d for d in days if d.weekday() < 5 and d >= today)


def bare_next_week(text: str) -> str:
    """The text with "not this week but next" said in full: "... but next week"."""
    return _NOT_THIS_BUT_NEXT.sub(lambda m: m[0][: m.start(1) - m.start()] + "next week", text)


def week_specs(clause: str, today: date) -> tuple[str, list[TimeSpec]]:
    """The clause with its week spans blanked out, and the specs those spans give."""
    monday = week_monday(today)
    # "between tomorrow and the end of next week", "before the 20th": first, so no week
    # or month end inside them is read on its own.
    blanked, specs = span_specs(clause, today)

    def take(m: re.Match[str], first: date, last: date) -> None:
        days = _weekdays(first, last, today)
        if days:
            specs.append(TimeSpec(m.start(), m.end(), dates=days, broad=True))

    for pattern, weeks in (
        (_NEXT_OR_AFTER, (1, 2)),
        (_WEEK_AFTER_NEXT, (2, 2)),
        (_THIS_OR_NEXT, (0, 1)),
    ):
        for m in pattern.finditer(blanked):
            take(
                m, monday + timedelta(days=7 * weeks[0]), monday + timedelta(days=7 * weeks[1] + 4)
            )
            blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _WEEK_NUMBER.finditer(blanked):
        for year in (today.year, today.year + 1):
            try:
                first = date.fromisocalendar(year, int(m[1]), 1)
            except ValueError:
                continue
            if first + timedelta(days=4) >= today:
                take(m, first, first + timedelta(days=4))
                blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
                break
    for m in _NEXT_FEW_DAYS.finditer(blanked):
        take(m, today, today + timedelta(days=4))
        specs[-1] = replace(specs[-1], broad=False)
        blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _LATER_THIS_WEEK.finditer(blanked):
        take(m, today + timedelta(days=1), monday + timedelta(days=4))
        blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _THIS_PART.finditer(blanked):
        parts = [p for p in find_time_specs(m[0].lower(), today) if p.minute_range]
        if len(parts) == 1:
            specs.append(replace(parts[0], start=m.start(), end=m.end(), dates=frozenset({today})))
            blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _TOMORROW_OR_AFTER.finditer(blanked):
        days = frozenset({today + timedelta(days=1), today + timedelta(days=2)})
        specs.append(TimeSpec(m.start(), m.end(), dates=days))
        blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _ZH_DATE_SPAN.finditer(blanked):
        try:
            first = date(today.year, int(m[1]), int(m[2]))
            last = date(today.year, int(m[3] or m[1]), int(m[4]))
        except ValueError:
            continue
        if first < last <= first + timedelta(days=14) and first >= today:
            take(m, first, last)
            specs[-1] = replace(specs[-1], broad=False)
            blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _IN_WEEKS.finditer(blanked):
        weeks = _COUNTS[next(g for g in m.groups() if g).lower()]
        take(m, monday + timedelta(days=7 * weeks), monday + timedelta(days=7 * weeks + 4))
        blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _NEXT_WEEKS.finditer(blanked):
        take(m, today, monday + timedelta(days=7 * (_COUNTS[m[1].lower()] - 1) + 4))
        blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    blanked, month_ends = month_end_specs(blanked, today)  # "end of the month", 月底
    return blanked, specs + month_ends


def request_specs(clause: str, today: date) -> list[TimeSpec]:
    """Every day/time expression of a request's clause, with the spans above read too."""
    blanked, dotted = dotted_dates(clause, today)
    blanked, slashed = slash_dates(blanked, today)  # "3/12", "10/3": only when one is near
    dotted = sorted(dotted + slashed, key=lambda s: s.start)
    blanked, parts = part_specs(blanked)
    blanked, clocks = clock_lists(blanked)  # "at 3 or 4": every hour of the list
    blanked, weeks = week_specs(blanked, today)
    specs = sorted(find_time_specs(blanked, today) + weeks + parts + clocks, key=lambda s: s.start)
    specs = nearer_slash(clause, specs, today)
    if dotted:
        specs = join_dotted(clause, specs, dotted)
    # "the 2nd floor room": a floor, not the 2nd of the month.
    specs = [
        s
        for s in specs
        if not (
            _single_date(s)
            and (
                _FLOOR.match(clause, s.end)
                or (
                    _BARE_ORDINAL.fullmatch(clause[s.start : s.end])
                    and _FLOORS.match(clause, s.end)
                )
            )
        )
    ]
    specs = days_before_date(clause, _more_days(clause, specs, today), today)
    specs = bare_ordinals(clause, specs, today)  # "18th or 19th"
    specs = _day_ranges(clause, _date_spans(clause, specs))
    specs = carry_leading_part(clause, specs)
    specs = week_of(clause, specs, today)  # "the week of the 16th"
    return meeting_days(clause, specs, today)


def _single_date(spec: TimeSpec) -> date | None:
    if spec.problem or spec.broad or spec.has_time or spec.weekdays is not None:
        return None
    return next(iter(spec.dates)) if spec.dates and len(spec.dates) == 1 else None


def _more_days(clause: str, specs: list[TimeSpec], today: date) -> list[TimeSpec]:
    """ "March 10th or 11th": each bare day after a date, as a date of that month."""
    out = list(specs)
    for spec in specs:
        first = _single_date(spec)
        end = spec.end
        while first is not None:
            m = _MORE_DAYS.match(clause, end)
            if not m or any(s.start < m.end() and m.start() < s.end for s in out):
                break
            try:
                day = first.replace(day=int(m[1]))
            except ValueError:
                break
            if not in_bounds(day, today):
                break
            out.append(TimeSpec(m.start(1), m.end(), dates=frozenset({day})))
            end = m.end()
    return sorted(out, key=lambda s: s.start)


def _date_spans(clause: str, specs: list[TimeSpec]) -> list[TimeSpec]:
    """ "between the 9th and the 11th": every working day from the first to the last."""
    out: list[TimeSpec] = []
    skip = False
    for here, after in zip(specs, [*specs[1:], None], strict=False):
        if skip:
            skip = False
            continue
        first, last = _single_date(here), after and _single_date(after)
        if (
            first
            and last
            and first < last <= first + timedelta(days=14)
            and _RANGE_START.search(clause[: here.start])
            and _RANGE_JOIN.match(clause[here.end : after.start])
        ):
            days = _weekdays(first, last, first) | {first, last}
            out.append(replace(here, end=after.end, dates=frozenset(days)))
            skip = True
        else:
            out.append(here)
    return out


def _day_ranges(clause: str, specs: list[TimeSpec]) -> list[TimeSpec]:
    """ "Mon-Wed", 下周一到周三下午: the days between too, at the last one's time of day."""
    out: list[TimeSpec] = []
    for spec in specs:
        first = out[-1] if out else None
        if (
            first is None
            or first.broad
            or first.problem
            or spec.broad
            or spec.problem
            or first.has_time
            or spec.weekdays is None
            or spec.dates is not None
            or len(spec.weekdays) != 1
            # "the week of 16 March — Thursday or Friday": a day of that week, no range.
            or re.search(r"\bweek\s+of\s+(?:the\s+)?$", clause[: first.start], re.I)
            or not (
                _DAY_RANGE.match(clause[first.end : spec.start])
                # "between Tuesday and Friday": every day from the one to the other.
                or (
                    re.fullmatch(r"\s*and\s*", clause[first.end : spec.start], re.I)
                    and _RANGE_START.search(clause[: first.start])
                )
            )
        ):
            out.append(spec)
            continue
        (last,) = spec.weekdays
        joined = replace(
            first, end=spec.end, times=spec.times, minute_range=spec.minute_range, zone=spec.zone
        )
        if first.weekdays is not None and first.dates is None and len(first.weekdays) == 1:
            (start,) = first.weekdays
            if start >= last:
                out.append(spec)
                continue
            out[-1] = replace(joined, weekdays=frozenset(range(start, last + 1)))
        elif first.weekdays is None and first.dates and len(first.dates) == 1:
            (day,) = first.dates
            if day.weekday() >= last:
                out.append(spec)
                continue
            span = range(last - day.weekday() + 1)
            out[-1] = replace(joined, dates=frozenset(day + timedelta(days=i) for i in span))
        else:
            out.append(spec)
    return out
