"""Short replies in German, French, Spanish and Italian, put into the English the rules read.

Only a reply that carries a word no English reply would ("Dienstag", "mercredi", "passt",
"ça marche") is rewritten, so an English "am" or "et al." is never touched. The phrases
are the few a reply to an invitation uses: days, yes and no, declines, places, clock
times. Anything else stays as written and makes the reply unclear, as before; a hub
with a model configured hands such a reply to it.
"""

from __future__ import annotations

import re

from negotiation.understanding.lexicon_languages import MARKERS, PHRASES

_MARKERS = re.compile(rf"\b(?:{MARKERS})\b", re.IGNORECASE)
_HALF = {
    "acht": 7,
    "neun": 8,
    "zehn": 9,
    "elf": 10,
    "zwölf": 11,
    "eins": 12,
    "zwei": 13,
    "drei": 14,
}

_COMPILED = tuple((re.compile(rf"(?<!\w){p}(?!\w)", re.IGNORECASE), e) for p, e in PHRASES)
_CLOCK_DE = re.compile(r"\b(?:um\s+)?(\d{1,2})\s+uhr(?:\s+(\d{2}))?\b", re.IGNORECASE)
_HALF_DE = re.compile(r"\bhalb\s+(" + "|".join(_HALF) + r")\b", re.IGNORECASE)
_CLOCK_FR = re.compile(r"\b(\d{1,2})\s*h\s*(\d{2})?\b", re.IGNORECASE)
_CLOCK_ES = re.compile(r"\ba\s+las\s+(\d{1,2})(?::(\d{2}))?\b", re.IGNORECASE)


# "A et 1", "B oder C": a foreign "and" or "or" between two labels needs no other marker.
_LABEL = r"(?:[A-H]|[1-9])(?![\w'])"
_JOINED = re.compile(rf"(?<![\w'])({_LABEL})\s+(et|und|y|e|oder|ou|o)\s+(?={_LABEL})")
_JOINS = {"et": "and", "und": "and", "y": "and", "e": "and", "oder": "or", "ou": "or", "o": "or"}


# 周二行不行 ("is Tuesday OK?"): Chinese asks by saying yes and no together, often with
# no question mark; the mark is added so the rules ask instead of reading a yes.
# Only at a clause's end: 能不能改到周五 ("could we move it to Friday") is a proposal.
_A_NOT_A = re.compile(
    r"(行不行|可不可以|可以不可以|好不好|方便不方便|合适不合适)(?=\s*(?:[，,。.!！;；\n]|$))"
)


# "Mardi, c'est mort", "Jeudi, ça me va": French names the day first, then judges it
# with "c'est" or "ça"; without the comma the judgement reads as the day's own.
_DISLOCATED = re.compile(
    r"(?<![\w'])((?:lundi|mardi|mercredi|jeudi|vendredi|[A-H])(?![\w']))\s*,\s*(?=c'est|ça|ca\s)",
    re.IGNORECASE,
)


def into_english(text: str) -> str:
    """Rewrite a short German, French, Spanish or Italian reply in the rules' English."""
    text = _A_NOT_A.sub(r"\1?", text)
    text = _JOINED.sub(lambda m: f"{m[1]} {_JOINS[m[2]]} ", text)
    if not _MARKERS.search(text):
        return text
    text = _DISLOCATED.sub(r"\1 ", text)
    text = _HALF_DE.sub(lambda m: f"at {_HALF[m[1].lower()]}:30", text)
    for clock in (_CLOCK_DE, _CLOCK_FR, _CLOCK_ES):
        text = clock.sub(lambda m: f"at {int(m[1])}:{m[2] or '00'}", text)
    for pattern, english in _COMPILED:
        text = pattern.sub(english, text)
    return re.sub(r"[ \t]{2,}", " ", text)
