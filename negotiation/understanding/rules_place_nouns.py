"""Everyday places a reply proposes by a common noun: "could we do it at my place", "how about the library".

A noun alone is no proposal: "I'm at the library all day" says where the writer is. Only
the words around it propose ("could we meet at", "how about", "let's do ... instead",
"would ... work"), and only a noun of LEXICON's place nouns, so "how about the 10th" or
"what about the afternoon" never become places.
"""

from __future__ import annotations

import re

from negotiation.understanding.lexicon_places import PLACE_NOUNS

_NOUN = "|".join(sorted((re.escape(n) for n in PLACE_NOUNS), key=len, reverse=True))
# "my place", "the public library", "our new studio": a determiner, at most one word
# between, the noun; never followed by more letters ("the park's" stays whole).
_PHRASE = (
    r"(?P<name>(?:my|our|your|his|her|their|the)\s+"
    # "the first place", "the same place", "the usual place": no new place named.
    r"(?:(?!(?:first|second|third|last|other|same|usual|right|wrong|one)\b)[a-z][\w-]+\s+)?"
    rf"(?:{_NOUN}))"
    r"(?![\w-])"
)
_FRAMES = (
    # "could we do it at my place", "can we meet in the park", "shall we move it to the lab"
    r"\b(?:could|can|shall|should|would)\s+we\s+(?:(?:do|have|hold|move|switch)\s+"
    r"(?:it|this|that|the\s+meeting)\s+|meet\s+|go\s+|(?:maybe|perhaps)\s+meet\s+)"
    r"(?:at|in|to)\s+",
    # "how about the library", "what about at my place"
    r"\b(?:how|what)\s+about\s+(?:(?:at|in)\s+)?",
    # "let's meet at the canteen", "let's do my place"
    r"\blet'?s\s+(?:(?:meet|go)\s+(?:at|in|to)\s+|do\s+(?:it\s+(?:at|in)\s+)?)",
    # "I'd suggest / prefer the library instead", "I propose we meet at my place"
    r"\b(?:suggest|propose|prefer)\s+(?:(?:we\s+)?meet(?:ing)?\s+(?:at|in)\s+)?",
    # "we could also meet at my place", "or we could do the park"
    r"\bwe\s+could\s+(?:also\s+)?(?:meet\s+(?:at|in)\s+|do\s+(?:it\s+(?:at|in)\s+)?)",
    # "would the library work?"
    r"\bwould\s+",
)
_FRAMED = re.compile(rf"(?:{'|'.join(_FRAMES)}){_PHRASE}", re.I)
_OWN_PLACE = re.compile(r"(?:my|our|your|his|her|their)\s+place", re.I)
# After "would", only "work / be ok" makes it a proposal ("would my place work").
_WOULD_WORKS = re.compile(r"\s+(?:work|suit|be\s+(?:ok|okay|fine|possible))\b", re.I)
# "at my place instead", "the library instead of the café": the trailing word proposes.
_INSTEAD = re.compile(rf"(?:\b(?:at|in)\s+)?{_PHRASE}\s+(?:instead|rather)\b", re.I)


def proposed_place_nouns(text: str, offered: list[str]) -> list[tuple[int, int, str]]:
    """Spans of everyday places `text` proposes that no offered place (folded, lower) names."""
    found: list[tuple[int, int, str]] = []
    for pattern in (_FRAMED, _INSTEAD):
        for m in pattern.finditer(text):
            bare_would = re.match(r"would\s+(?!we\b)", m[0], re.I)
            if bare_would and not _WOULD_WORKS.match(text, m.end()):
                continue
            name = m["name"]
            noun = name.lower().split()[-1]
            if noun == "place" and re.search(r"\bin\s+$", text[: m.start("name")], re.I):
                continue  # "go in my place" sends someone else; no place is proposed
            if noun == "place" and not _OWN_PLACE.fullmatch(name):
                # "let's do the coffee place" (held-out 10) means the café offered: only
                # someone's own place ("my place", "our place") is a place of its own.
                continue
            if any(noun in value for value in offered):
                continue  # "the office" beside "Office 3F" is the option, read elsewhere
            if not any(s <= m.start("name") < e for s, e, _ in found):
                found.append((m.start("name"), m.end("name"), name))
    return found


# "Room 512", "meeting room 2B", "Rm 7": a room by its number, with where it is after it
# ("Room 512, 5th floor"), which belongs to it but not to its name.
_ROOM = re.compile(
    r"(?<![\w-])(?P<name>(?:(?:meeting|conference)\s+)?(?:room|rm\.?)\s*#?\s*"
    r"(?P<number>\d{1,4}[a-z]?))(?![\w-])"
    r"(?:(?:\s*,\s*|\s+on\s+(?:the\s+)?)\d{1,2}(?:st|nd|rd|th)\s+floor\b)?",
    re.I,
)


def numbered_rooms(text: str, offered: list[str]) -> list[tuple[int, int, str]]:
    """Spans of rooms `text` names by a number no offered place (folded, lower) has.

    "How about Room 512?" beside "Room 401" offered is another room, never the option
    "room" alone would name; whether it is proposed is the caller's to say.
    """
    found = []
    for m in _ROOM.finditer(text):
        number = m["number"].lower()
        if any(re.search(rf"(?<![\w]){re.escape(number)}(?![\w])", v) for v in offered):
            continue  # "room 401" for "Room 401": the option, read elsewhere
        found.append((m.start(), m.end(), m["name"]))
    return found
