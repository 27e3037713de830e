"""Not in person on a day, but remotely: "Can't make it in person on Wednesday, but I'll dial in".

The "can't" is said of being there in person, not of the day: with a way to join
remotely after it, it is spelt "Wednesday, not in person, but I'll dial in", a yes to
the day and a no to the places in person. Without one ("I can't come in person on
Wednesday.") the day may be refused or only the place, so it is asked about.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_dates_days import WEEKDAYS_EN

_DAY = "|".join(sorted(WEEKDAYS_EN, key=len, reverse=True))

_NOT_IN_PERSON = re.compile(
    r"\b(?:i\s+)?(?:can'?t|cannot|can\s+not|won'?t\s+be\s+able\s+to|(?:am|i'?m)\s+(?:not\s+able|unable)"
    r"\s+to|unable\s+to)\s+(?:make\s+it|come|be\s+there|attend|join)\s+in\s+person\s+"
    rf"(?P<when>(?:on\s+)?(?:{_DAY}|tomorrow|the\s+\d{{1,2}}(?:st|nd|rd|th))(?!\w)(?:\s+(?:morning|afternoon))?"
    r"|(?:option\s+)?(?-i:[A-H]))\s*(?P<rest>(?:,\s*|\s+)but\s+[^.!?\n]*|[.!?\n]|$)",
    re.I,
)
# A way to join that is not in person: dial in, call in, join online, via Zoom.
_REMOTE = re.compile(
    r"\b(?:dial\s+in|call\s+in|dial-in|join\s+(?:online|remotely|virtually|by\s+(?:video|phone)"
    r"|via|on)|(?:via|on|over|by)\s+(?:zoom|teams|meet|google\s+meet|video)|remotely|online"
    r"|virtually)\b",
    re.I,
)


def spell_not_in_person(body: str) -> str:
    """ "Can't make it in person on Wed, but I'll dial in" as "Wed, not in person, but ..." """

    def spell(m: re.Match[str]) -> str:
        rest = m["rest"]
        if not _REMOTE.search(rest):
            return f"maybe {m[0]}"  # the day refused, or only the place? Asked about.
        when = re.sub(r"^on\s+", "", m["when"], flags=re.I)
        return f"{when}, not in person, {rest.lstrip(', ')}"

    return _NOT_IN_PERSON.sub(spell, body)
