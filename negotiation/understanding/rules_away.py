"""Where the writer travels to, beside a word that says they are away: part of the no.

"Tuesday I'm travelling to Berlin", "away in Hamburg that day", 周二我去北京出差: the
destination says no more than the absence does, so it is taken out and the absence
reads as the no it is. A destination that is one of the places offered stays (the
writer may be coming to it), and so does anything after an absence that is no place.
"""

from __future__ import annotations

import re

from negotiation.understanding.lexicon_languages_zh import PLACE_WORDS
from negotiation.understanding.lexicon_places import ONLINE_PLACES
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

# "but I'm travelling, so it'll have to be a video call": the absence is the reason for
# the way of meeting that follows, a no to places in person and never to the online one;
# the consequence says which, so the reason is taken out. Only at a clause's start (a day
# before it, "Tuesday I'm travelling so ...", is a no to that day) and only before a
# consequence that names a way of meeting from afar.
_AWAY_SO = re.compile(
    r"(?:(?<=^)|(?<=[,.;:!\n]\s)|(?<=[,.;:!\n]))\s*(?:(?:but|and)\s+)?(?:i'?m|i\s+am|i'?ll\s+be"
    r"|i\s+will\s+be|we'?re|we\s+are)\s+(?:still\s+)?(?:travel(?:l)?ing|away|abroad|out\s+of\s+town"
    r"|on\s+the\s+road|on\s+(?:a\s+|my\s+)?(?:business\s+|work\s+)?trip|remote|working\s+remotely"
    r"|not\s+in\s+(?:the\s+)?(?:office|town))\s*,?\s+(?:so|which\s+means|meaning)\b,?\s*"
    r"(?=[^.;!?\n]*\b(?:video|online|remote(?:ly)?|virtual(?:ly)?|dial\s+in|call|"
    + "|".join(re.escape(word) for word in ONLINE_PLACES if word.isascii())
    + r")\b)",
    re.I,
)


def drop_away_reason(body: str, view: MeetingView) -> str:
    """The reply without an absence given as the reason for meeting online."""
    if not any(o.item == "location" for o in view.options):
        return body
    return _AWAY_SO.sub(" ", body)


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
