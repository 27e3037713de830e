"""Short replies in German, French, Spanish, Italian, Portuguese, Dutch and Japanese, in English.

Only a reply that carries a word no English reply would ("Dienstag", "mercredi", "passt",
"ça marche") is rewritten, so an English "am" or "et al." is never touched. The phrases
are the few a reply to an invitation uses: days, yes and no, declines, places, clock
times, dates, a day's verdict said with its own verb ("Am Mittwoch habe ich keine
Zeit"). Anything else stays as written and makes the reply unclear, as before; a hub
with a model configured hands such a reply to it. Chinese stays Chinese: its phrases
are said in the few Chinese words the rules read (rules_zh_replies).
"""

from __future__ import annotations

import re

from negotiation.understanding.lexicon_languages import MARKERS, PHRASES
from negotiation.understanding.lexicon_languages_de import (
    LATE_DE,
    MARKERS_DE,
    PHRASES_DE,
    SPELLINGS_DE,
)
from negotiation.understanding.lexicon_languages_es_it import (
    LATE_ES_IT,
    MARKERS_ES_IT,
    PHRASES_ES_IT,
)
from negotiation.understanding.lexicon_languages_fr import LATE_FR, MARKERS_FR, PHRASES_FR
from negotiation.understanding.lexicon_languages_more import (
    EARLY,
    LATE,
    MARKERS_MORE,
    PROPOSALS,
    SPELLINGS,
)
from negotiation.understanding.lexicon_languages_pt_nl import (
    EARLY_PT_NL,
    MARKERS_PT_NL,
    PHRASES_PT_NL,
)
from negotiation.understanding.rules_languages_clock import spell_clocks
from negotiation.understanding.rules_languages_dates import spell_dates
from negotiation.understanding.rules_languages_ja import ja_into_english
from negotiation.understanding.rules_languages_ko import ko_into_english
from negotiation.understanding.rules_languages_world import world_into_english
from negotiation.understanding.rules_zh_replies import zh_plain

_MARKERS = re.compile(
    rf"\b(?:{MARKERS}|{MARKERS_MORE}|{MARKERS_PT_NL}|{MARKERS_DE}|{MARKERS_FR}|{MARKERS_ES_IT})\b",
    re.IGNORECASE,
)


def _compiled(phrases: tuple[tuple[str, str], ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    # The edges hold for every alternative of a phrase, not its first and last alone.
    return tuple((re.compile(rf"(?<!\w)(?:{p})(?!\w)", re.IGNORECASE), e) for p, e in phrases)


# Accents put back first, then each language's phrases that hold words older ones would
# take apart, the asks for a new time, Portuguese and Dutch, the older phrases, and the
# little words read once days are English.
_COMPILED = _compiled(
    SPELLINGS
    + SPELLINGS_DE
    + PHRASES_DE
    + PHRASES_FR
    + PHRASES_ES_IT
    + EARLY_PT_NL
    + PROPOSALS
    + EARLY
    + PHRASES_PT_NL
    + PHRASES
    + LATE
    + LATE_DE
    + LATE_FR
    + LATE_ES_IT
)


# "A et 1", "B oder C": a foreign "and" or "or" between two labels needs no other marker.
_LABEL = r"(?:[A-H]|[1-9])(?![\w'])"
_JOINED = re.compile(rf"(?<![\w'])({_LABEL})\s+(et|und|y|e|en|oder|ou|o)\s+(?={_LABEL})")
_JOINS = {"et": "and", "und": "and", "y": "and", "e": "and", "en": "and"}
_JOINS |= {"oder": "or", "ou": "or", "o": "or"}
# Dutch "A of C" is "A or C"; only between two capital letters, where no English "of" stands.
_OF = re.compile(r"(?<![\w'])([A-H])\s+of\s+(?=[A-H](?![\w']))")


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


def other_scripts_read(text: str) -> str:
    """Korean and Cyrillic replies in the English the rules read, so no script is left unread."""
    return world_into_english(ko_into_english(text))


def into_english(text: str) -> str:
    """Rewrite a short reply in another language in the rules' English."""
    text = zh_plain(ja_into_english(other_scripts_read(text)))
    text = _A_NOT_A.sub(r"\1?", text)
    text = _OF.sub(r"\1 or ", _JOINED.sub(lambda m: f"{m[1]} {_JOINS[m[2]]} ", text))
    if not _MARKERS.search(text):
        return text
    text = spell_clocks(_DISLOCATED.sub(r"\1 ", text))
    for pattern, english in _COMPILED:
        text = pattern.sub(english, text)
    return re.sub(r"[ \t]{2,}", " ", spell_dates(text))
