"""A request whose time is someone else's proposal: "as Dave suggests below", "same time next week".

"As Dave suggests below, but Friday instead of Thursday", "Same as Carol proposed, but push
it to the following week", "Can you re-run this for the same time next week?": the hour
is in the mail she points at (forwarded, pasted, or not there at all), which the rules do
not read as hers. The days her own words give would be offered whole, at hours she never
asked for; unless her own paragraph says the hour, the hub asks.

Near misses: "Same slot a week today ... 9:30" says the hour itself; "as discussed,
Thursday at 10" too; "same people as last time" is about who, not when.
"""

from __future__ import annotations

import re
from datetime import date

from negotiation.understanding.request_weeks import request_specs

_REFERS = re.compile(
    r"\bas\s+(?:\w+\s+){0,2}(?:suggest(?:s|ed)?|propos(?:es|ed)|ask(?:s|ed)?|want(?:s|ed)?|wrote"
    r"|said|mentioned|offer(?:s|ed)?)\b"
    r"|\bsame\s+as\s+(?:\w+\s+){0,2}(?:suggest(?:s|ed)?|propos(?:es|ed)|ask(?:s|ed)?|wrote|said"
    r"|offer(?:s|ed)?|below|above|before|last\s+time)\b"
    r"|\bsame\s+(?:time|slot|hour|day)\b|\bre-?run\s+(?:this|it)\b"
    r"|按照?.{0,6}(?:说的|建议的|提议的)|同一时间|老时间",
    re.I,
)


def time_elsewhere(body: str, today: date) -> str | None:
    """A note when the request's hour is in a proposal it points at, not in its own words."""
    m = _REFERS.search(body)
    if not m:
        return None
    own = re.split(r"\n\s*\n", body.strip(), maxsplit=1)[0]
    if any(s.times for s in request_specs(own, today)):
        return None
    return f"asks for the time: {m[0]!r} points at a proposal the rules do not read as hers"
