"""European dotted dates in a request: "19.3.", "Thu 19.3.", "20.03.2026".

Day first, month second, and a trailing dot (or a year) that a clock time never has:
"10.30" stays half past ten. A weekday written next to the date says which day it is
only when they agree ("Thu 19.3."); when they disagree the mention is a problem, and
the hub asks. Reply reading does not use this module.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta

from negotiation.understanding.request_slash import SLASHED
from negotiation.understanding.rules_dates_spec import TimeSpec, in_bounds

DOTTED = re.compile(
    r"(?<![\w.:/,-])(\d{1,2})\.(\d{1,2})\.(?:(\d{4}|\d{2})(?![\d.:]))?(?![\d:]|\.\d)"
)
# "Thu 19.3", "Fri 20.03": without its dot a date only right after a weekday it agrees
# with; "Thu 10.30" and "Wed 19.03" stay clock times.
_UNDOTTED = re.compile(
    r"(?<![\w.:/,-])(\d{1,2})\.(\d{1,2})(?![\d.:]|\s*(?:h\b|uhr|[ap]\.?m))", re.I
)
_WEEKDAY_BEFORE = re.compile(
    r"\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+(?:the\s+|den\s+)?$", re.I
)
# "Wed 11", "Thursday, 12th": a weekday and its day of the month, no month named. Not
# "Wed 11am", "Thu 10:30", "Fri 3 pm", "Tuesday 10 March" (the clock and month rules read those).
_NUMBERED = re.compile(
    r"(?<=[a-z])(\.?,?\s+(?:the\s+)?)(\d{1,2})(st|nd|rd|th)?\b"
    r"(?![.:/]\d|\s*(?:[ap]\.?m\b|h\b|uhr\b|o'?clock|hrs?\b|hours?\b|min|%|[-–]\s*\d))"
    # "Friday, 10 or 11am": clock times in a list.
    r"(?!\s*(?:or|and|to|until|till|/)\s*\d{1,2}(?:[:.]\d\d)?\s*(?:[ap]\.?m|h\b|uhr|o'?clock))"
    r"(?!\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|m[äa]r|mai|okt|dez)[a-z]*\b)",
    re.I,
)
_WEEKDAY_NUMBER = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}
# "section 3.4.", "v1.2.", "at 10.11.": numbers that are not dates.
_NOT_A_DATE = re.compile(
    r"(?:\b(?:section|sec|chapter|ch|version|v|release|step|item|no|nr|page|pp?|point|"
    r"figure|fig|table|slide|slides|rule|clause|art|paragraph|para|at|um|ab|bis\s+um)\.?"
    r"|[§@#€$£])\s*$",
    re.I,
)
# "Thu 19.3.", "Thursday, 19.3.", "19.3. (Thu)".
_BEFORE_GAP = re.compile(r"^\s*[,(]?\s*(?:the\s+|den\s+)?$", re.I)
_AFTER_GAP = re.compile(r"^\s*[,(]?\s*$")
_JOIN_GAP = re.compile(r"^[\s,]*(?:(?:at|from|in\s+the|in|around|between|ab)\s*)*$", re.I)
_LIST_GAP = re.compile(r"^\s*(?:,|/|or|and|&|oder|und)\s*$", re.I)


def dotted_dates(clause: str, today: date) -> tuple[str, list[TimeSpec]]:
    """The clause with its dotted dates blanked out, and a spec for each."""
    specs: list[TimeSpec] = []
    blanked = clause
    for m in DOTTED.finditer(clause):
        if _NOT_A_DATE.search(clause[: m.start()]):
            continue
        dom, month = int(m[1]), int(m[2])
        if not 1 <= month <= 12:
            continue
        spec = TimeSpec(m.start(), m.end())
        years = [int(m[3]) + (2000 if len(m[3]) == 2 else 0)] if m[3] else [today.year]
        if not m[3]:
            years.append(today.year + 1)
        days = []
        for year in years:
            try:
                days.append(date(year, month, dom))
            except ValueError:
                break
        found = next((d for d in days if in_bounds(d, today)), None)
        if days and not m[3] and today - timedelta(days=90) <= days[0] < today:
            # "on 1.3." written on 2 March: a slip, or last week; never next year's.
            spec = replace(spec, problem="date in the past")
        elif not days:
            spec = replace(spec, problem="impossible date")
        elif found is None:
            spec = replace(spec, problem="date out of range")
        else:
            spec = replace(spec, dates=frozenset({found}))
        specs.append(spec)
        blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _UNDOTTED.finditer(blanked):
        weekday = _WEEKDAY_BEFORE.search(blanked[: m.start()])
        when = _this_or_next_year(int(m[1]), int(m[2]), today)
        if not (weekday and when):
            continue
        if when.weekday() == _WEEKDAY_NUMBER[weekday[1].lower()]:
            spec = TimeSpec(m.start(), m.end(), dates=frozenset({when}))
        elif int(m[2]) % 5:
            # "Wed 19.03": no Wednesday date, and an odd clock time; the hub asks.
            spec = TimeSpec(m.start(), m.end(), dates=frozenset({when}), problem="unsure date")
        else:
            continue
        specs.append(spec)
        blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    for m in _NUMBERED.finditer(blanked):
        weekday = _WEEKDAY_BEFORE.search(blanked[: m.start(2)])
        if not weekday or ("," in m[1] and not m[3]):
            continue  # "Friday, 10": more often ten o'clock than the 10th
        wanted = _WEEKDAY_NUMBER[weekday[1].lower()]
        when = _numbered_day(int(m[2]), wanted, today)
        if when is not None:
            spec = TimeSpec(m.start(2), m.end(), dates=frozenset({when}))
        elif m[3]:
            # "Tuesday the 12th" with no Tuesday the 12th near: the hub asks.
            spec = TimeSpec(weekday.start(), m.end(), problem="weekday and date disagree")
        else:
            continue  # "Thu 3": three o'clock
        specs.append(spec)
        blanked = blanked[: spec.start] + " " * (m.end() - spec.start) + blanked[m.end() :]
    return blanked, sorted(specs, key=lambda spec: spec.start)


def _numbered_day(dom: int, weekday: int, today: date) -> date | None:
    """The next day (within five weeks) that is this day of the month and this weekday."""
    for months in range(3):
        year, month = today.year + (today.month - 1 + months) // 12, (today.month + months) % 12
        try:
            day = date(year, month or 12, dom)
        except ValueError:
            continue
        if today <= day <= today + timedelta(days=35) and day.weekday() == weekday:
            return day
    return None


def _written_date(clause: str, spec: TimeSpec) -> bool:
    """Whether a spec's text has a dotted date or a weekday's day of the month ("Wed 11")."""
    text = clause[spec.start : spec.end]
    numbered = _NUMBERED.search(text)
    return bool(DOTTED.search(text) or SLASHED.search(text)) or bool(
        numbered and _WEEKDAY_BEFORE.search(text[: numbered.start(2)])
    )


def _this_or_next_year(dom: int, month: int, today: date) -> date | None:
    for year in (today.year, today.year + 1):
        try:
            day = date(year, month, dom)
        except ValueError:
            return None
        if in_bounds(day, today):
            return day
    return None


def _agrees(day: TimeSpec, when: date) -> bool:
    return (day.weekdays is None or when.weekday() in day.weekdays) and (
        day.dates is None or when in day.dates
    )


def join_dotted(clause: str, specs: list[TimeSpec], dotted: list[TimeSpec]) -> list[TimeSpec]:
    """Each dotted date joined with the weekday and the time of day written next to it."""
    out = sorted(specs + dotted, key=lambda s: s.start)
    for mark in dotted:
        index = out.index(mark)
        here = mark
        before = out[index - 1] if index > 0 else None
        if (
            before is not None
            and (before.weekdays is not None or before.qualifier is not None)
            and not before.broad
            and here.dates
            and _BEFORE_GAP.match(clause[before.end : here.start])
        ):
            (when,) = here.dates
            here = replace(
                here,
                start=before.start,
                times=before.times,
                minute_range=before.minute_range,
                problem=before.problem
                or (None if _agrees(before, when) else "weekday and date disagree"),
            )
            out[index - 1 : index + 1] = [here]
            index -= 1
        after = out[index + 1] if index + 1 < len(out) else None
        if after is not None and after.has_day and not after.broad and here.dates:
            gap = clause[here.end : after.start]
            if _AFTER_GAP.match(gap) and (after.weekdays is not None and after.dates is None):
                (when,) = here.dates
                here = replace(
                    here,
                    end=after.end,
                    times=here.times or after.times,
                    minute_range=here.minute_range or after.minute_range,
                    problem=here.problem
                    or (None if _agrees(after, when) else "weekday and date disagree"),
                )
                out[index : index + 2] = [here]
                after = out[index + 1] if index + 1 < len(out) else None
        if (
            after is not None
            and not after.has_day
            and after.has_time
            and not here.has_time
            and _JOIN_GAP.match(clause[here.end : after.start])
        ):
            here = replace(here, end=after.end, times=after.times, minute_range=after.minute_range)
            out[index : index + 2] = [here]
    # "19.3. or 20.3. afternoon": the time of the last day holds for the days listed before.
    for index in range(len(out) - 2, -1, -1):
        here, after = out[index], out[index + 1]
        if (
            here.has_day
            and not here.has_time
            and after.has_day
            and after.has_time
            and _LIST_GAP.match(clause[here.end : after.start])
            and any(_written_date(clause, s) for s in (here, after))
        ):
            out[index] = replace(here, times=after.times, minute_range=after.minute_range)
    return out
