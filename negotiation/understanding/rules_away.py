"""Where the writer travels to, beside a word that says they are away: part of the no.

"Tuesday I'm travelling to Berlin", "away in Hamburg that day", 周二我去北京出差: the
destination says no more than the absence does, so it is taken out and the absence
reads as the no it is. A destination that is one of the places offered stays (the
writer may be coming to it), and so does anything after an absence that is no place.
"""

from __future__ import annotations

import re

from negotiation.understanding.lexicon_languages_zh import PLACE_WORDS
from negotiation.understanding.types import MeetingView

# A word of a town's name, never a day or a month ("travelling to Rome Tuesday").
_NAME = (
    r"(?!(?:mon|tue|wed|thu|fri|sat|sun|today|tomorrow|next|this|jan|feb|mar|apr|may|jun|jul"
    r"|aug|sep|oct|nov|dec)[a-z]*\b)(?-i:[A-Z][\w'-]*)"
)
# The absence, then "to"/"in" and a name written with capitals: "travelling to New York".
_AWAY_TO = re.compile(
    r"(?P<away>\b(?:travel(?:l)?ing|away|abroad|out\s+of\s+town|flying|on\s+(?:a\s+|my\s+)?"
    r"(?:business\s+|work\s+|family\s+)?trip)(?:\s+for\s+work)?)"
    rf"\s+(?:to|in|at)\s+(?P<where>{_NAME}(?:\s+{_NAME}){{0,2}})\b",
    re.I,
)
# 去北京出差, 在上海出差: the city before 出差 says where the trip goes; 在外地出差
# (out of town) is read as it is.
_ZH_TRIP = re.compile(r"(?:去|在|到)(?P<where>(?!外|国外)[\u4e00-\u9fff]{2,4}?)(?=出差)")


def drop_destination(body: str, view: MeetingView) -> str:
    """The reply with where the writer travels to taken out of the absence."""
    places = [o.value.lower() for o in view.options if o.item == "location"]

    def english(m: re.Match[str]) -> str:
        where = m["where"].lower()
        if any(where in place or place in where for place in places):
            return m[0]
        return m["away"]

    def chinese(m: re.Match[str]) -> str:
        where = m["where"]
        if re.search(PLACE_WORDS, where) or any(where in place for place in places):
            return m[0]
        return ""

    return _ZH_TRIP.sub(chinese, _AWAY_TO.sub(english, body))
