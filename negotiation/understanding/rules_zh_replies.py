"""A Chinese reply said in the few Chinese words the rules read (lexicon_languages_zh).

Only text with Chinese characters and no kana is read here (Japanese shares the
characters and is read by rules_languages_ja). An errand that takes the writer's day
("周二我要去医院") becomes 有事, the no the rules know, unless what it names is a place
to meet ("我要去3楼会议室") or the meeting itself.
"""

from __future__ import annotations

import re

from negotiation.understanding.lexicon_languages_zh import ERRAND, PHRASES_ZH, PLACE_WORDS

_HAN = re.compile(r"[\u4e00-\u9fff]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_ERRAND = re.compile(ERRAND)
# The meeting itself or a place to hold it: "要去开这个会", "要去3楼".
_NOT_ERRAND = re.compile(rf"{PLACE_WORDS}|这个会|这次会|会议|参加|参会|[A-Ha-h1-9]")
_COMPILED = tuple((re.compile(p), zh) for p, zh in PHRASES_ZH)


def _errand(match: re.Match[str]) -> str:
    if _NOT_ERRAND.search(match["verb"] + match["object"]):
        return match[0]
    return (match["who"] or "") + "有事"  # 我 stays: "周一我…" is how a reason opens


def zh_plain(text: str) -> str:
    """Say a Chinese reply's phrases as the words the rules read; other text as it is."""
    if not _HAN.search(text) or _KANA.search(text):
        return text
    text = _ERRAND.sub(_errand, text)
    for pattern, zh in _COMPILED:
        text = pattern.sub(zh, text)
    return text
