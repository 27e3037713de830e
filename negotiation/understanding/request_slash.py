"""Dates written with a slash and no weekday in a request: "3/12", "10/3", "12/03/2026".

Month first (US) or day first (Europe) cannot be told from the digits, so a slash date
is read only when one reading is near (the next ten weeks or so) and the other is far
off or impossible: "3/12" and "12/3" written in March are both 12 March, "10/3" is 10
March, never 3 October. "3/4" (4 March or 3 April) is a problem, and the hub asks.
"Tue 3/10" is read by the reply rules, where the weekday decides.
Reply reading does not use this module.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta

from negotiation.understanding.rules_dates_spec import TimeSpec, in_bounds

SLASHED = re.compile(
    # A full stop after it ends the sentence ("on 9/3."); "9/3.5", "1/2.pdf" are no dates.
    r"(?<![\w./$€£#:-])(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\w/:%]|\.\w)"
    # "3/4 of an hour", "1/2 hour", "2/3 of the team", "24/7 support": no dates.
    r"(?!\s*(?:of\b|h\b|hrs?\b|hours?\b|mins?\b|minutes?\b|[ap]\.?m\b|%))",
    re.I,
)
# "Tue 3/10", "Thursday, 12/3": the reply rules read a slash date after its weekday.
_AFTER_WEEKDAY = re.compile(r"\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+(?:the\s+)?$", re.I)
NEAR = timedelta(days=75)  # how far ahead a meeting request plausibly looks
FAR = timedelta(days=150)  # a reading this far off is not what a request this near meant


def _readings(first: int, second: int, year: str | None, today: date) -> set[date]:
    years = [int(year) + (2000 if len(year) == 2 else 0)] if year else [today.year, today.year + 1]
    days = set()
    for month, dom in ((first, second), (second, first)):
        for y in years:
            try:
                days.add(date(y, month, dom))
            except ValueError:
                continue
    return days


def slash_dates(clause: str, today: date) -> tuple[str, list[TimeSpec]]:
    """The clause with its slash dates blanked out, and a spec for each one read."""
    specs: list[TimeSpec] = []
    blanked = clause
    for m in SLASHED.finditer(clause):
        if _AFTER_WEEKDAY.search(clause[: m.start()]):
            continue
        readings = _readings(int(m[1]), int(m[2]), m[3], today)
        ahead = {d for d in readings if d >= today and in_bounds(d, today)}
        near = {d for d in ahead if d - today <= NEAR}
        recent = {d for d in readings if today - timedelta(days=60) <= d < today}
        if len(near) == 1 and all(d in near or d - today > FAR for d in ahead) and not recent:
            specs.append(TimeSpec(m.start(), m.end(), dates=frozenset(near)))
        elif near or recent:
            # "3/4": 4 March or 3 April; "2/27" written on 2 March: a slip, or the past.
            specs.append(TimeSpec(m.start(), m.end(), problem="unsure slash date"))
        else:
            continue  # "9/11", "1/2": no date a request this near means
        blanked = blanked[: m.start()] + " " * len(m[0]) + blanked[m.end() :]
    return blanked, specs


def nearer_slash(clause: str, specs: list[TimeSpec], today: date) -> list[TimeSpec]:
    """ "Thursday 12/3": 12 March and 3 December are both Thursdays; a request written in
    March means the near one, so the far reading the reply rules keep is dropped."""
    out = []
    for spec in specs:
        if spec.dates and len(spec.dates) > 1 and "/" in clause[spec.start : spec.end]:
            near = {d for d in spec.dates if d - today <= NEAR}
            if near and all(d in near or d - today > FAR for d in spec.dates):
                spec = replace(spec, dates=frozenset(near))
        out.append(spec)
    return out
