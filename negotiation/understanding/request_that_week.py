"""A week named by a day said before it: "NOT Friday the 13th. Otherwise any day that week".

"any day that week", "any other day that week", "that same week" after a dated day (or
days, all in one week) is the week of that day, written out as "the week of 13 March",
which the week rules read as its working days (the day refused stays refused). Near
misses: "Erin's in New York that week" (no day offered from the week) and "that week"
with no dated day before it, or days of two weeks before it, stay as they were.
"""

from __future__ import annotations

import re
from datetime import date

from negotiation.understanding.request_weeks import request_specs
from negotiation.understanding.rules_dates import resolve_dates
from negotiation.understanding.rules_dates_spec import week_monday

_THAT_WEEK = re.compile(
    r"\b(?:any|every)\s+(?:other\s+)?day\s+(?:(?:of|in)\s+)?(?P<week>that\s+(?:same\s+)?week)\b"
    r"|\b(?:any\s*(?:time|where)|whenever)\s+(?:(?:of|in)\s+)?(?P<week2>that\s+(?:same\s+)?week)\b",
    re.I,
)
_MONTHS = "January February March April May June July August September October November December"


def that_week(timing: str, today: date) -> str:
    """The timing with "any day that week" written as the week of the day said before it."""
    for m in reversed(list(_THAT_WEEK.finditer(timing))):
        before = [s for s in request_specs(timing[: m.start()], today) if s.dates is not None]
        if any(s.broad for s in before):
            continue  # "in a fortnight - any day that week": the week is said already
        days = {d for s in before if not s.problem for d in resolve_dates(s, today)}
        weeks = {week_monday(d) for d in days}
        if len(weeks) != 1:
            continue
        (monday,) = weeks
        group = "week" if m["week"] else "week2"
        said = f"the week of {monday.day} {_MONTHS.split()[monday.month - 1]}"
        timing = timing[: m.start(group)] + said + timing[m.end(group) :]
    return timing
