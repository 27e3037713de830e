"""Spans of days written with "from": "from 9 to 13 March", "from the 9th until the 13th".

The clock rules read "from 9 to 13" as hours before they see the month after it, and the
span becomes 13 March from 09:00. A span whose end is a day of a month (a month name
follows it, or both ends are ordinals) is rewritten as "9 to 13 March", which the date
rules read as every working day between. Near misses: "from 9 to 13" with no month, and
"Friday from 9 to 11", stay hours.

"Wednesday onwards", "from Wednesday on", "Wednesday or later": the rest of that working
week, so "Wednesday to Friday". Near misses: "from Wednesday on Zoom" and "the 11th
onwards" (no end said) stay as they were.
"""

from __future__ import annotations

import re

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b"
_DAY = r"(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?"
_UNTIL = r"\s*(?:-|–|to|until|till|through|thru)\s*"
# "from 9 to 13 March", "from the 9th to the 13th of March".
_SPAN_IN_MONTH = re.compile(rf"\bfrom\s+{_DAY}{_UNTIL}{_DAY}(\s+(?:of\s+)?{_MONTH})", re.I)
# "from the 9th to the 13th": both ends ordinals, no month needed.
_ORDINAL_SPAN = re.compile(
    r"\bfrom\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)"
    + _UNTIL
    + r"(?:the\s+)?(\d{1,2})(st|nd|rd|th)\b",
    re.I,
)

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday")
_ONWARDS = re.compile(
    r"\b(?:(from)\s+)?(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri)(?:day)?\b"
    r"(?:\s+(?:onwards?|or\s+later(?:\s+in\s+the\s+week)?)\b|(?(1)\s+on\b(?=\s*(?:[,.;!?)\n]|$))|(?!)))",
    re.I,
)

# "next week from Thursday", "from Wednesday this week": a start inside a week, with no end
# said, runs to that week's Friday. Near misses: "the notes from Thursday, next week" (a
# day gone by, not beside the week), "from Thursday to Friday", "from Thursday's call".
_WEEK = r"(?:(?:this|next|that|the\s+following)\s+week|the\s+week\s+(?:after(?:\s+next)?|of\s+the\s+\d{1,2}(?:st|nd|rd|th)?))"
_NO_END = (
    r"\b(?!['’]s|\s*(?:-|–|to\b|until\b|till\b|through\b|thru\b|onwards?\b|on\b|or\s+later\b"
    r"|(?:at\s+|from\s+)?\d|noon|morning|afternoon|evening))"
)
# "Bob's away next week from Wednesday": time away with one end (request_open_away asks).
_AWAY_BEFORE = re.compile(
    r"\b(?:away|off|out|OOO|leave|holiday|vacation|travel+ing|abroad|unavailable|back|busy)\b"
    r"[^.;!?\n]*$",
    re.I,
)
_WEEK_FROM = re.compile(
    rf"\b({_WEEK}\s*,?\s*from\s+)(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri)(?:day)?{_NO_END}"
    rf"|\b(from\s+)(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri)(?:day)?{_NO_END}(?=\s+(?:of\s+)?{_WEEK})",
    re.I,
)


def _week_from(m: re.Match[str]) -> str:
    said, day = (m[1], m[2]) if m[2] else (m[3], m[4])
    if _AWAY_BEFORE.search(m.string, 0, m.start()):
        return m[0]
    first = next(d for d in _WEEKDAYS if d.startswith(day.lower()))
    return f"{said}{first} to friday" if first != "friday" else f"{said}friday"


def _onwards(m: re.Match[str]) -> str:
    first = next(d for d in _WEEKDAYS if d.startswith(m[2].lower()))
    said = f"{m[1]} " if m[1] else ""
    return f"{said}{first} to friday" if first != "friday" else f"{said}friday"


def _plain(m: re.Match[str]) -> str:
    return f"{m[1]} to {m[2]}{m[3]}"


def day_spans(text: str) -> str:
    """The text with its "from D to D Month" spans as "D to D Month", "Wed onwards" as Wed-Fri."""
    text = _ONWARDS.sub(_onwards, text)
    text = _WEEK_FROM.sub(_week_from, text)
    text = _SPAN_IN_MONTH.sub(_plain, text)
    return _ORDINAL_SPAN.sub(lambda m: f"the {m[1]}th to the {m[2]}{m[3]}", text)
