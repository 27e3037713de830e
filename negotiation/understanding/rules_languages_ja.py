"""A short Japanese reply to an invitation, put into the English the rules read.

Only a reply with kana is read here (Chinese has none). Days (火曜日), clock times
(16時, 午後2時半) and the phrases of lexicon_languages_ja are put into English; kana
left over after that are words the rules do not know, so each run of them becomes the
word "KANA", which the rules cannot place and so ask about, never pass over: left as
kana, "Aはだめです" ("A is no good") would read as a bare "A".
"""

from __future__ import annotations

import re

from negotiation.understanding.lexicon_languages_ja import PHRASES_JA

_KANA = re.compile(r"[\u3040-\u30ff]")
_KANA_RUN = re.compile(r"[\u3040-\u30ffー・]+")
_DAYS = {"月": "monday", "火": "tuesday", "水": "wednesday", "木": "thursday", "金": "friday"}
_DAYS |= {"土": "saturday", "日": "sunday"}
# 月曜日, 火曜: a weekday only with 曜 (月 alone is a month, 日 a day of the month).
_DAY = re.compile(r"([月火水木金土日])曜(?:日)?")
# 16時, 午後2時半, 10時30分: 午後 (afternoon) moves an hour under twelve past noon.
_CLOCK = re.compile(r"(午前|午後)?\s*(\d{1,2})\s*時(?:\s*(半)|\s*(\d{1,2})\s*分)?")
_COMPILED = tuple((re.compile(p), e) for p, e in PHRASES_JA)


def _clock(match: re.Match[str]) -> str:
    hour = int(match[2])
    if match[1] == "午後" and hour < 12:
        hour += 12
    minute = 30 if match[3] else int(match[4] or 0)
    return f" at {hour}:{minute:02d} "


def ja_into_english(text: str) -> str:
    """Rewrite a Japanese reply in the rules' English; text without kana is left as it is."""
    if not _KANA.search(text):
        return text
    text = _DAY.sub(lambda m: f" {_DAYS[m[1]]} ", text)
    text = _CLOCK.sub(_clock, text)
    for pattern, english in _COMPILED:
        text = pattern.sub(english, text)
    text = _KANA_RUN.sub(" KANA ", text)
    return re.sub(r"[ \t]{2,}", " ", text).strip()
