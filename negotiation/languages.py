"""Which language a person writes in, and which one a mail to them is written in.

Pure: no Django. The detector is deliberately modest: it names a language only when
the text says so clearly (enough Chinese characters, or enough English words), so a
two-word reply such as "A 1" or "B2 ok" never changes what a person is written in.
"""

from __future__ import annotations

import re

ENGLISH, CHINESE = "en", "zh-hans"

# The confidence floor: below it the text is too short to name a language.
MIN_HAN = 3
MIN_ENGLISH_WORDS = 3

_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# Words of English itself, not of mail: a German or French reply is not read as English.
_ENGLISH_WORDS = frozenset(
    [
        "a",
        "i",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "but",
        "can",
        "can't",
        "cannot",
        "could",
        "do",
        "does",
        "don't",
        "fine",
        "for",
        "from",
        "good",
        "have",
        "how",
        "if",
        "in",
        "is",
        "it",
        "it's",
        "let's",
        "me",
        "meet",
        "my",
        "no",
        "none",
        "not",
        "of",
        "ok",
        "okay",
        "on",
        "or",
        "please",
        "should",
        "so",
        "sorry",
        "suit",
        "suits",
        "thanks",
        "thank",
        "that",
        "the",
        "then",
        "there",
        "this",
        "time",
        "to",
        "too",
        "us",
        "we",
        "what",
        "when",
        "which",
        "will",
        "with",
        "work",
        "works",
        "would",
        "yes",
        "you",
        "your",
    ]
)


def language_detect(text: str) -> str | None:
    """The language `text` is written in ("en", "zh-hans"), or None below the floor."""
    han = len(_HAN.findall(text))
    words = [w.lower() for w in _LATIN_WORD.findall(text)]
    english = sum(1 for w in words if w in _ENGLISH_WORDS)
    if han >= MIN_HAN and han >= len(words):
        return CHINESE
    if han == 0 and len(words) >= MIN_ENGLISH_WORDS and english * 3 >= len(words):
        return ENGLISH
    return None


def language_choose(
    *, setting: str, written: str, hub_default: str, available: frozenset[str]
) -> str:
    """The language of one mail: the person's setting, else what they write, else the hub's."""
    for candidate in (setting, written, hub_default):
        if candidate and candidate in available:
            return candidate
    return ENGLISH
