"""People named only as away: "Thursday since Carol's on holiday Friday" invites no Carol.

A person whose every mention says they are away, off, busy or unable ("Carol's out
Friday", "Bob can't do Monday", "while Erin is travelling") is the reason for the days,
not a guest. Named elsewhere too ("with Bob and Carol, Carol's out Friday though") they
are invited as ever. Near misses: "find something for the three of us" or "all of us"
counts them in; "... Carol can't do Friday, so Thursday with her" asks for her by a
pronoun; "Carol's away day planning" and "Bob's back Thursday" say no one is away.
"""

from __future__ import annotations

import re

from negotiation.understanding.request_topic_states import STATE

# After the name: a present or future "be" and a state ("Carol's out", "Bob is on leave",
# "Erin will be travelling"), or an inability to come ("Bob can't do Friday").
_AWAY_AFTER = re.compile(
    r"(?:\s*['’]s|\s+is|\s*['’]ll\s+be|\s+will\s+be|\s+is\s+going\s+to\s+be)"
    r"(?:\s+(?:all|also|mostly|probably|likely|still|then|just|away))?"
    + STATE
    + r"|(?:\s*['’]s|\s+is)\s+(?:busy|booked|tied\s+up|sick|ill|swamped|slammed)\b"
    r"|\s+(?:can['’]?t|cannot|can\s+not|won['’]?t|will\s+not|isn['’]?t|is\s+not)\s+"
    r"(?:do|make|manage|attend|be\s+(?:there|around|in|available|free|back))\b",
    re.I,
)
# "the three of us", "all of us", "everyone", "both of them": the people away are counted in.
_COUNTED_IN = re.compile(
    r"\b(?:(?:two|three|four|five|six|\d)\s+of\s+(?:us|them|you)|all\s+of\s+(?:us|them)"
    r"|(?:all|both)\s+(?:three|four|five|two)?\s*of\s+(?:us|them)|everyone|everybody"
    r"|the\s+whole\s+(?:team|group))\b",
    re.I,
)
# "... so Thursday with her", "invite him anyway": the person away is asked for after all.
_ASKED_BY_PRONOUN = re.compile(
    r"\b(?:with|invite|include|add|and|loop\s+in|cc)\s+(?:him|her|them)\b(?!\s*self)", re.I
)

# "Erin's flying in", "Bob is travelling over from Paris": coming to the meeting, not away.
_COMING = re.compile(r"\s+(?:in|over|back|here|down|up|to\s+(?:us|our|the\s+office))\b", re.I)


def named_as_away(body: str, end: int) -> bool:
    """Whether the name ending at `end` opens a statement that its person is away."""
    m = _AWAY_AFTER.match(body, end)
    return bool(m) and not _COMING.match(body, m.end())


def away_ones_invited(body: str) -> bool:
    """Whether the request counts the people it names as away in after all."""
    return bool(_COUNTED_IN.search(body) or _ASKED_BY_PRONOUN.search(body))
