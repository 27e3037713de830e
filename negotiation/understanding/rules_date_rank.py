"""A day of the month that could be an option's rank: "the 3rd" (3 March, or the third?).

"the 3rd" alone is a date as often as the third option of the list. When both readings
name an option and they differ (the 3rd is A, the third time is C), it is asked about;
when they agree, or only one of them names an option ("the 4th" of three times), the date
stands. A weekday, a month, a clock time or "on" before it make it a date only.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_dates_spec import TimeSpec
from negotiation.understanding.types import MeetingView, OptionView

_BARE_NTH = re.compile(r"the\s+([1-5])(?:st|nd|rd|th)", re.I)
# "on the 3rd", "Tuesday the 3rd", "until the 3rd": said of a day, never of a rank.
_DAY_BEFORE = re.compile(
    r"\b(?:on|by|until|till|from|after|before|since|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\.?,?\s*$",
    re.I,
)


def rank_and_date_differ(
    text: str, spec: TimeSpec, matched: list[OptionView], view: MeetingView
) -> bool:
    """True when `spec` is a bare "the Nth" whose rank names other options than its date."""
    m = _BARE_NTH.fullmatch(text[spec.start : spec.end])
    if not m or spec.has_time or _DAY_BEFORE.search(text[: spec.start]):
        return False
    index = int(m[1]) - 1
    times = sorted((o for o in view.options if o.item == "time"), key=_start_key)
    places = [o for o in view.options if o.item == "location"]
    ranked = [kind[index].id for kind in (times, places) if len(kind) > 1 and index < len(kind)]
    if not ranked:
        return False  # "the 4th" with three times and two places: the date alone
    by_date = {o.id for o in matched}
    # The date's options agree with the time ranked so (the third time is on the 3rd):
    # one reading. A place of that rank is the other list, no second reading of the day.
    return not (len(times) > index and by_date == {times[index].id})


def _start_key(option: OptionView) -> str:
    return option.start.isoformat() if option.start else option.id
