"""A short reply in a script the rules do not read, put into the English they do read.

Japanese (kana) and Korean (Hangul) are read the same way: days and clock times are
written in English, then the language's phrases; what is left of the script is words
the rules do not know, so each run of it becomes one placeholder word, which the rules
cannot place and so ask about, never pass over.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class ScriptReading:
    """How one script's replies are put into English."""

    letter: re.Pattern[str]  # a reply holding none is left as it is
    run: re.Pattern[str]  # what is left of the script once read
    unread: str  # the word such a run becomes
    day: re.Pattern[str]  # group 1: the day's character
    days: Mapping[str, str]
    # Groups: the morning or afternoon word, the hour, the half, the minutes.
    clock: re.Pattern[str]
    afternoon: str  # moves an hour under twelve past noon
    phrases: tuple[tuple[re.Pattern[str], str], ...]
    pad: str = ""  # written after an English day or clock


def script_into_english(text: str, reading: ScriptReading) -> str:
    """Rewrite a reply in the rules' English; text without the script is left as it is."""
    if not reading.letter.search(text):
        return text

    def clock(match: re.Match[str]) -> str:
        hour = int(match[2])
        if match[1] == reading.afternoon and hour < 12:
            hour += 12
        minute = 30 if match[3] else int(match[4] or 0)
        return f" at {hour}:{minute:02d}{reading.pad}"

    text = reading.day.sub(lambda m: f" {reading.days[m[1]]}{reading.pad}", text)
    text = reading.clock.sub(clock, text)
    for pattern, english in reading.phrases:
        text = pattern.sub(english, text)
    text = reading.run.sub(f" {reading.unread} ", text)
    return re.sub(r"[ \t]{2,}", " ", text).strip()
