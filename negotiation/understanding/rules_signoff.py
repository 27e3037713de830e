"""A sign-off run into the last line of a reply: "... Zoom is fine. Cheers, Siobhan".

text_clean drops sign-off lines; a chatty reply often signs off on the line of its last
sentence instead ("Thanks! Lena", "Grüße, Jürgen", "- Kai", "Zoom, obviously. M."). Only
a sign-off word followed by a name, a dash before a name, or a lone initial goes, and
only after a sentence has ended: a name that is an option's word, a day or a
month, or an initial that is an option's label, stays to be read.
"""

from __future__ import annotations

import re

from negotiation.understanding.lexicon_email_lines import SIGNOFF_WORDS
from negotiation.understanding.types import MeetingView

_NAME = r"(?-i:[A-Z][a-zà-ÿ][\w'-]*(?:\s+[A-Z][a-zà-ÿ][\w'-]*)?)"
_TAIL = re.compile(
    r"(?:(?<=[.!?])|(?<=[.!?][\"')]))\s+(?:"
    + rf"{SIGNOFF_WORDS}\s*[,!.]?\s+(?P<name>{_NAME})"
    + rf"|[-—–]+\s*(?P<dashed>{_NAME})"
    + r"|(?-i:(?P<initial>[A-Z]))\."
    + r")\s*[.!]?\s*$",
    re.I,
)
_CALENDAR = re.compile(
    r"^(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
    r"|january|february|march|april|june|july|august|september|october|november|december"
    r"|today|tomorrow|tonight|morning|afternoon|evening|noon)$",
    re.I,
)


def drop_signoff_tail(text: str, view: MeetingView) -> str:
    """The reply without a sign-off and name run into its last line; else as written."""
    body = text.rstrip()
    m = _TAIL.search(body)
    if not m:
        return text
    if m["initial"]:
        if m["initial"] in {o.id for o in view.options}:
            return text  # "... Zoom is fine. B." may be the answer
    elif not _only_a_name(m["name"] or m["dashed"], view):
        return text
    return body[: m.start()]


def _only_a_name(name: str, view: MeetingView) -> bool:
    """No option's word, day or month: "Thanks! Zoom" may still be the answer."""
    words = {w.lower() for o in view.options for w in re.findall(r"\w+", o.value)}
    return not any(_CALENDAR.match(w) or w.lower() in words for w in name.split())
