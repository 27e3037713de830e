"""A place said as "there": "Is Cafe Central the one on Herrengasse? Wednesday there is good."

"there" after a day, a time or a label ("Wednesday there", "B there works"), or after a
verb of meeting ("happy to meet there"), points back at a place. When the text before it
names exactly one offered place, that place is spelt out ("Wednesday at Cafe Central is
good"); when it names none or several, which place is meant is asked about. "there is
a problem", "see you there" and "I'll be there" name no place and are left alone.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_dates_days import WEEKDAYS_EN
from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.types import MeetingView

_DAY = "|".join(sorted(WEEKDAYS_EN, key=len, reverse=True))
_WHEN = (
    rf"(?:{_DAY}|tomorrow|morning|afternoon|(?-i:[A-H])|\d{{1,2}}(?::\d{{2}})?\s*(?:am|pm)"
    r"|\d{1,2}:\d{2})"
)
# A verdict right after: "there is good" says how the place suits, not that a thing exists.
_VERDICT = r"(?:(?:is|'s|would\s+be|will\s+be)\s+)?(?:good|fine|ok|okay|great|perfect|works?)\b"
_THERE = re.compile(
    rf"(?P<lead>\b{_WHEN}|\bmeet|\bdo\s+it)\s+there\b(?=\s+{_VERDICT}|\s*[,.!;\n]|\s*$)",
    re.I,
)


def spell_there(body: str, view: MeetingView) -> str:
    """ "Cafe Central? Wednesday there is good" as "... Wednesday at Cafe Central is good"."""
    places = {o.id: o.value for o in view.options if o.item == "location"}

    def spell(m: re.Match[str]) -> str:
        before = find_refs(body[: m.start()], view)
        named = {oid for _, item, oid in before.hits if item == "location"}
        if len(named) != 1 or before.places:
            return f"{m['lead']} maybe there"  # which place? Asked about.
        return f"{m['lead']} at {places[named.pop()]}"

    return _THERE.sub(spell, body)
