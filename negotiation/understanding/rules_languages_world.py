"""A short reply in Polish, Russian, Ukrainian, Swedish, Norwegian, Danish, Turkish or
Vietnamese, put into the English the rules read.

Each language's phrases (lexicon_languages_pl_ru, lexicon_languages_sv_tr_vi) are read
only when the reply carries one of that language's own words, so its little words
("i", "o", "men", "ve") are never read in a reply in another language. A word no
list knows stays as written, and the rules, not knowing it, ask about the reply.
"""

from __future__ import annotations

import re

from negotiation.understanding.lexicon_languages_pl_ru import (
    MARKERS_PL,
    MARKERS_RU,
    PHRASES_PL,
    PHRASES_RU,
)
from negotiation.understanding.lexicon_languages_sv_tr_vi import (
    MARKERS_SV,
    MARKERS_TR,
    MARKERS_VI,
    PHRASES_SV,
    PHRASES_TR,
    PHRASES_VI,
    VI_CLOCK,
)


def _language(markers: str, phrases: tuple[tuple[str, str], ...]):
    edge = re.compile(rf"(?<!\w)(?:{markers})(?!\w)", re.IGNORECASE)
    compiled = tuple((re.compile(rf"(?<!\w)(?:{p})(?!\w)", re.IGNORECASE), e) for p, e in phrases)
    return edge, compiled


_CYRILLIC_RUN = re.compile(r"[\u0400-\u04ff]+")
_LANGUAGES = (
    _language(MARKERS_PL, PHRASES_PL),
    _language(MARKERS_RU, PHRASES_RU),
    _language(MARKERS_SV, PHRASES_SV),
    _language(MARKERS_TR, PHRASES_TR),
    _language(MARKERS_VI, PHRASES_VI),
)


_VI_CLOCK = re.compile(VI_CLOCK, re.IGNORECASE)


def _vi_clock(match: re.Match[str]) -> str:
    hour = int(match[1])
    if match[4] and match[4][0].lower() in "ct" and hour < 12:
        hour += 12  # chiều, tối: afternoon and evening
    minute = 30 if match[2] else int(match[3] or 0)
    return f"at {hour}:{minute:02d}"


def world_into_english(text: str) -> str:
    """Rewrite a reply in one of these languages in the rules' English; others as they are."""
    read = _VI_CLOCK.sub(_vi_clock, text) if _LANGUAGES[-1][0].search(text) else text
    for markers, compiled in _LANGUAGES:
        if markers.search(text):
            for pattern, english in compiled:
                read = pattern.sub(english, read)
    if read == text:
        return text
    # A Cyrillic word no list knows becomes one the rules cannot place: left as it is,
    # it would pass the check for scripts the rules cannot read (text_clean).
    read = _CYRILLIC_RUN.sub(" CYRILLIC ", read)
    return re.sub(r"[ \t]{2,}", " ", read)
