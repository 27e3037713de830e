"""A short Korean reply to an invitation, put into the English the rules read.

Only a reply with Hangul is read here. Days (화요일), clock times (오후 2시, 10시 반)
and the phrases of lexicon_languages_ko are put into English; Hangul left over after
that is words the rules do not know, so each run of it becomes the word "HANGUL",
which the rules cannot place and so ask about, never pass over.
"""

from __future__ import annotations

import re

from negotiation.understanding.lexicon_languages_ko import PHRASES_KO

_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_HANGUL_RUN = re.compile(r"[\uac00-\ud7a3]+")
_DAYS = {"월": "monday", "화": "tuesday", "수": "wednesday", "목": "thursday", "금": "friday"}
_DAYS |= {"토": "saturday", "일": "sunday"}
# 화요일: a weekday only with 요일 (월 alone is a month, 일 a day of the month).
_DAY = re.compile(r"([월화수목금토일])요일")
# 오후 2시, 10시 반, 10시 30분: 오후 (afternoon) moves an hour under twelve past noon.
_CLOCK = re.compile(r"(오전|오후)?\s*(\d{1,2})\s*시(?:\s*(반)|\s*(\d{1,2})\s*분)?")
_COMPILED = tuple((re.compile(p), e) for p, e in PHRASES_KO)


def _clock(match: re.Match[str]) -> str:
    hour = int(match[2])
    if match[1] == "오후" and hour < 12:
        hour += 12
    minute = 30 if match[3] else int(match[4] or 0)
    return f" at {hour}:{minute:02d}"


def ko_into_english(text: str) -> str:
    """Rewrite a Korean reply in the rules' English; text without Hangul is left as it is."""
    if not _HANGUL.search(text):
        return text
    text = _DAY.sub(lambda m: f" {_DAYS[m[1]]}", text)
    text = _CLOCK.sub(_clock, text)
    for pattern, english in _COMPILED:
        text = pattern.sub(english, text)
    text = _HANGUL_RUN.sub(" HANGUL ", text)
    return re.sub(r"[ \t]{2,}", " ", text).strip()
