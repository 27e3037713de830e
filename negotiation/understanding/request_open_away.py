"""Time away with one end only: "I'm on holiday from the 12th", "I'm away until Wednesday".

Such a state refuses every day from (or up to) the day it names, not that day alone; the
day rules read only the day named, and would offer the days after (or before) it. So the
hub asks. Near misses: "I'm off from the 11th to the 12th", "away Thursday onwards" (both
ends known: the day rules read them) and "from Thursday, Carol is free" (no one away).
"""

from __future__ import annotations

import re

_DAY = (
    r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b(?:\s+(?:of\s+)?(?-i:[A-Z][a-z]{2,}))?"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|(?:tomorrow|next\s+week)\b"
)
_OPEN = re.compile(
    r"\b(?:away|off|out|OOO|travel+ing|abroad|unavailable|back|on\s+(?:(?:annual|parental|sick)\s+)?"
    r"(?:leave|holidays?|vacation|PTO|the\s+road)|out\s+of\s+(?:the\s+)?office|not\s+(?:around|in))"
    r"(?:\s+\w+){0,2}?\s+"
    rf"(?:(?:from|as\s+of|starting|after)\s+(?:{_DAY})(?!\s*(?:-|–|to|until|till|through|thru|and"
    r"|onwards?|on\b|or\s+later))"
    rf"|(?:until|till|til|up\s+to|through)\s+(?:{_DAY}))",
    re.I,
)


def open_away(timing: str) -> str:
    """A note when someone is away from (or until) a day with no other end; else ""."""
    m = _OPEN.search(timing)
    return f"asks back: {m[0]!r} is away with one end only" if m else ""
