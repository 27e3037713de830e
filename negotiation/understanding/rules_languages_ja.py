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
from negotiation.understanding.rules_languages_script import ScriptReading, script_into_english

_JAPANESE = ScriptReading(
    letter=re.compile(r"[\u3040-\u30ff]"),
    run=re.compile(r"[\u3040-\u30ffー・]+"),
    unread="KANA",
    # 月曜日, 火曜: a weekday only with 曜 (月 alone is a month, 日 a day of the month).
    day=re.compile(r"([月火水木金土日])曜(?:日)?"),
    days={
        "月": "monday",
        "火": "tuesday",
        "水": "wednesday",
        "木": "thursday",
        "金": "friday",
        "土": "saturday",
        "日": "sunday",
    },
    # 16時, 午後2時半, 10時30分.
    clock=re.compile(r"(午前|午後)?\s*(\d{1,2})\s*時(?:\s*(半)|\s*(\d{1,2})\s*分)?"),
    afternoon="午後",
    phrases=tuple((re.compile(p), e) for p, e in PHRASES_JA),
    pad=" ",
)


def ja_into_english(text: str) -> str:
    """Rewrite a Japanese reply in the rules' English; text without kana is left as it is."""
    return script_into_english(text, _JAPANESE)
