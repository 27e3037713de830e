"""Hours written with an "h" in a request: "14-17h", "9h-12h", "14h30–16h".

The continental way of writing hours: each is rewritten as the clock digits the rules
read ("14:00-17:00", "14:30-16:00"), so the range narrows the day instead of being lost
and leaving the whole day offered. Near misses: "2-3h" after "for" or "takes" is a
length ("for 2-3h"), and "24h" or "48h" is no range of hours at all.
Reply reading does not use this module.
"""

from __future__ import annotations

import re

_MARKED = re.compile(
    r"(?<![\w:.])([01]?\d|2[0-3])(?:h([0-5]\d)?)?\s*(?:-|–|—|to)\s*([01]?\d|2[0-3])h([0-5]\d)?"
    r"(?![\w:])",
    re.I,
)
# "for 2-3h", "takes 1-2h", "about 2-3h long": how long, not when.
_LENGTH_BEFORE = re.compile(
    r"(?:\bfor|\btakes?|\blasts?|\babout|\baround|\bmax(?:imum)?|\bup\s+to|~)\s*$", re.I
)


def marked_hours(timing: str) -> str:
    """The timing with "14-17h" and "9h-12h" written as "14:00-17:00" and "9:00-12:00"."""

    def clock(m: re.Match[str]) -> str:
        first, last = int(m[1]), int(m[3])
        if first >= last or first < 6 or _LENGTH_BEFORE.search(timing[: m.start()]):
            return m[0]
        return f"{first}:{m[2] or '00'}-{last}:{m[4] or '00'}"

    return _MARKED.sub(clock, timing)
