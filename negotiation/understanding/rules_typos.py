"""Words typed in a hurry ("Zoon", "ofice", "Cafe Centrl", "adn", "fien"), fixed before reading.

Only a word the rules do not know is fixed, and only into the one word of a small
vocabulary it is that close to: the words of this meeting's place options and the words
an answer is made of. The first letter must match (or the first two be swapped), and a
plural is never read as its singular ("team" is no "Teams").
"""

from __future__ import annotations

import re

from negotiation.understanding.lexicon_fillers import FILLERS
from negotiation.understanding.rules_marks import damerau_levenshtein
from negotiation.understanding.rules_places import fold
from negotiation.understanding.types import MeetingView

# What answers are made of, besides the options' own words.
ANSWER_WORDS = frozenset(
    {
        "and",
        "fine",
        "works",
        "work",
        "good",
        "great",
        "please",
        "morning",
        "afternoon",
        "evening",
        "remotely",
        "remote",
        "online",
        "person",
        "office",
        "either",
        "neither",
        "tomorrow",
        "thanks",
        # The small words every answer leans on, typed with two keys swapped ("fro me",
        # "teh office", "shoudl be fine", "opiton C"): as often misspelt as the rest.
        "for",
        "the",
        "should",
        "would",
        "option",
        "with",
    }
)
# A whole word, never the stem of a contraction ("wouldn't" is no misspelt "would").
_WORD = re.compile(r"(?<![^\W\d_])[^\W\d_]{3,}(?![^\W\d_'’]|['’]t\b)")
# Real words a couple of edits from a vocabulary word: never "fixed" into it ("Wednesday
# is the offsite" is no vote for "Office 3F").
# "Places I don't care" is no "cafe", "meat" no "Meet": real words a letter away from a
# place's name are never read as it.
_REAL_WORDS = frozenset(
    {"offsite", "onsite", "officer", "officers", "offside", "offset"}
    | {"care", "came", "cake", "case", "cave", "cage", "cape", "cafes", "meat", "melt", "meek"}
    | {"roof", "roam", "rook", "terms", "tears", "teens", "goggle", "zoo", "boom"}
)


# Chinese typed by sound picks a neighbour of the character meant: 腾迅 for 腾讯, 3搂 for
# 3楼. Only these pairs, which name no other thing a reply would mention.
_CJK_TYPOS = (
    (re.compile("腾迅|藤讯"), "腾讯"),
    (re.compile(r"(\d)\s*搂"), r"\1楼"),
    (re.compile("会意室|会仪室|会以室"), "会议室"),
    # Same sound, the wrong character: 上五 (shàngwǔ) for 上午 after a day, 周以 for 周一
    # before a part of the day, 先上 (xiānshàng) for 线上 before joining. Only there:
    # "上五楼" climbs to the fifth floor, "先上车" gets on first.
    (re.compile(r"(?<=[一二三四五六日天\d])([上下])五(?![楼层号个点])"), r"\1午"),
    (re.compile(r"周以(?=[上下]午)"), "周一"),
    (re.compile(r"先上(?=\s*(?:参加|参会|开会|会议))"), "线上"),
    # 可疑 (kěyí, "suspicious") for 可以 right after a day or a part of it, 回忆 (huíyì,
    # "memory") for 会议 right after 腾讯: no one calls a day suspicious or Tencent a memory.
    (re.compile(r"(?<=[一二三四五六日天午])可疑"), "可以"),
    (re.compile(r"(?<=腾讯)回忆"), "会议"),
)


# Shorthand of a hurried reply, whole words only: "thurs am gd", "sry", "A n C".
_SHORTHAND = (
    (re.compile(r"\bgd\b", re.I), "good"),
    (re.compile(r"\bsry\b", re.I), "sorry"),
    (re.compile(r"\bth(?:x|nx)\b", re.I), "thanks"),
    (re.compile(r"\bplz\b", re.I), "please"),
    (re.compile(r"\bwil\b", re.I), "will"),
    (re.compile(r"\bgud\b", re.I), "good"),
    (re.compile(r"\b(?:dosent|dosen'?t|doesent|dosnt)\b", re.I), "doesn't"),
    # "rm 401": a room's number after its short form, never "rm" alone.
    (re.compile(r"\brm\.?(?=\s*\d)", re.I), "room"),
    (re.compile(r"\bg-?meet\b", re.I), "google meet"),
    (re.compile(r"(?<=\b[A-Ha-h]) n (?=[A-Ha-h]\b)"), " and "),
    # "Mon 9a", "thu at 2p": an hour with half its am/pm, after a day or "at" only ("9a"
    # alone may be a label beside a number).
    (
        re.compile(
            r"\b((?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s+(?:at\s+)?|at\s+)\d{1,2}"
            r"(?:[:.]\d{2})?)\s?([ap])\b(?![.'’])",
            re.I,
        ),
        r"\1\2m",
    ),
)


def fix_word_typos(text: str, view: MeetingView) -> str:
    """Replace each unknown, misspelt word by the one vocabulary word it is close to."""
    for pattern, fixed in (*_CJK_TYPOS, *_SHORTHAND):
        text = pattern.sub(fixed, text)
    places: set[str] = set()
    for option in view.options:
        if option.item == "location":
            places |= set(re.findall(r"[a-z]{3,}", fold(option.value.lower())))
    return _WORD.sub(lambda m: _fixed(m[0], places), text)


def _substituted(a: str, b: str) -> bool:
    """One letter swapped for another ("find" for "fine"): how real words turn into others."""
    return len(a) == len(b) and sum(x != y for x, y in zip(a, b, strict=True)) == 1


def _fixed(word: str, places: set[str]) -> str:
    lower = fold(word.lower())
    vocabulary = places | ANSWER_WORDS
    if lower in vocabulary or lower in FILLERS or lower in _REAL_WORDS or not lower.isascii():
        return word
    limit = 1 if len(lower) < 7 else 2
    close = [
        known
        for known in vocabulary
        if abs(len(known) - len(lower)) <= limit
        and (known[0] == lower[0] or known[:2] == lower[1::-1])
        and known not in (lower + "s", lower + "es")
        and lower not in (known + "s", known + "es")
        and damerau_levenshtein(lower, known) <= limit
        # Three letters are too few to guess from: only a swap ("adn", "teh") is fixed,
        # into a short word or from one ("they" is no "the", "four" no "for").
        and (min(len(lower), len(known)) > 3 or sorted(lower) == sorted(known))
        # A changed letter makes another real word ("find", "word"): only a place's
        # name ("Zoon") is fixed that way.
        and (known in places or not _substituted(lower, known))
    ]
    if len(close) > 1:
        # "remotly": one edit from "remotely", two from "remote": the closest one alone.
        nearest = min(damerau_levenshtein(lower, known) for known in close)
        close = [known for known in close if damerau_levenshtein(lower, known) == nearest]
    return close[0] if len(close) == 1 else word
