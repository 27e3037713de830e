"""A short Korean reply to an invitation, put into the English the rules read.

Only a reply with Hangul is read here. Days (화요일), clock times (오후 2시, 10시 반)
and the phrases of lexicon_languages_ko are put into English; Hangul left over after
that is words the rules do not know, so each run of it becomes the word "HANGUL",
which the rules cannot place and so ask about, never pass over.
"""

from __future__ import annotations

import re

from negotiation.understanding.lexicon_languages_ko import PHRASES_KO
from negotiation.understanding.rules_languages_script import ScriptReading, script_into_english

_KOREAN = ScriptReading(
    letter=re.compile(r"[\uac00-\ud7a3]"),
    run=re.compile(r"[\uac00-\ud7a3]+"),
    unread="HANGUL",
    # 화요일: a weekday only with 요일 (월 alone is a month, 일 a day of the month).
    day=re.compile(r"([월화수목금토일])요일"),
    days={
        "월": "monday",
        "화": "tuesday",
        "수": "wednesday",
        "목": "thursday",
        "금": "friday",
        "토": "saturday",
        "일": "sunday",
    },
    # 오후 2시, 10시 반, 10시 30분.
    clock=re.compile(r"(오전|오후)?\s*(\d{1,2})\s*시(?:\s*(반)|\s*(\d{1,2})\s*분)?"),
    afternoon="오후",
    phrases=tuple((re.compile(p), e) for p, e in PHRASES_KO),
)


def ko_into_english(text: str) -> str:
    """Rewrite a Korean reply in the rules' English; text without Hangul is left as it is."""
    return script_into_english(text, _KOREAN)
