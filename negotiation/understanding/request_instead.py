"""A day asked for "instead" of one refused: the one meant, never both that could be.

"Friday's bad. Monday instead.", written on a Monday: a bare "Monday" may be today or a
week from now, and the request keeps both when nothing tells them apart. Put in place of
a refused day it is one day only: the first after the day refused (Monday 9 March after
Friday 6 March). With no refused day to go by ("Monday instead", nothing refused) the hub
asks. Near misses: "Friday's bad, Thursday instead" (one Thursday fits: unchanged), "Zoom
instead of Teams, Monday" (no day put in place of another: unchanged).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from negotiation.understanding.rules_dates import resolve_dates
from negotiation.understanding.rules_dates_spec import TimeSpec

_DAY = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day|s)?\.?"
# "Monday instead", "instead, Monday", "how about Monday instead?", "instead of Friday".
_INSTEAD = re.compile(
    rf"\b{_DAY}(?:\s+\w+){{0,3}}?\s+(?:instead|rather\s+than|in\s+place\s+of)\b"
    rf"|\b(?:instead(?:\s+of)?|rather\s+than|in\s+place\s+of)\s*[,:]?\s*(?:on\s+|the\s+)?{_DAY}",
    re.I,
)


def instead_days(
    allowed: list[TimeSpec], blocked: list[TimeSpec], body: str, today: date
) -> list[TimeSpec]:
    """The days offered, a day put in place of a refused one narrowed to the one meant."""
    if not _INSTEAD.search(body):
        return allowed
    refused = [d for b in blocked if b.has_day and not b.broad for d in resolve_dates(b, today)]
    out = []
    for spec in allowed:
        dates = resolve_dates(spec, today) if spec.has_day and not spec.broad else ()
        if spec.dates is not None or len(dates) < 2:
            out.append(spec)
            continue
        after = sorted(d for d in dates if refused and d > max(refused))
        if after:
            out.append(replace(spec, dates=frozenset({after[0]})))
        # else: nothing refused to go by, or nothing after it: the hub asks.
    return out
