"""Second thoughts a request writes down, beyond the shared change-of-mind words.

"EDIT: forget the morning, afternoon instead", "On reflection drop Carol and Will", "P.S.
... Please move it to the next morning", "Tomorrow at 4. Hmm, tomorrow's tight. Day after
instead": the mail says one meeting and then another, and a human reads it (see
changes_mind). Two corrections are read, since what stays is plain: struck-through words
("~~Tuesday~~ Wednesday") are not the request, and an address followed by "typo" and
another address is replaced by it.

Near misses: "Friday instead of Thursday" names both in one breath and is an exception
(request_clauses); "Zoom instead of the office" is a place, and "please move fast" no
meeting.
"""

from __future__ import annotations

import re

_SECOND_THOUGHTS = re.compile(
    r"^\s*(?:EDIT|UPDATE|CORRECTION|NB)\s*[:：]"
    r"|\bforget\s+(?:the|that|about)\b|\bon\s+(?:reflection|second\s+thoughts?)\b"
    r"|\b(?:move|push|shift|bump)\s+it\s+(?:to|back|forward|out|up)\b"
    # "Day after instead, same time", "Afternoon instead, after 2": a new answer, said
    # after an earlier one (not "instead of Thursday", said with it).
    r"|\binstead\b(?!\s+of\b)(?=[\s,.;:!?]*(?:$|same\b|after\b|before\b|at\b|then\b|please\b|pls\b))",
    re.I | re.M,
)
_STRUCK = re.compile(r"~~[^~\n]{1,80}~~|<(s|del|strike)>[^<\n]{1,80}</\1>", re.I)
_ADDRESS_TYPO = re.compile(
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+\s*,?\s*\(?\s*(?:typo|sorry|oops|correction)\s*[,:;)\-–—]*\s*"
    r"(?:(?:i\s+)?meant\s+|should\s+be\s+|it'?s\s+|make\s+that\s+)?(?=[\w.+-]+@[\w-]+\.)",
    re.I,
)


def second_thoughts(text: str) -> bool:
    """Whether the request goes back on something it said, in words beyond the lexicon's."""
    return bool(_SECOND_THOUGHTS.search(text))


def second_thought_marks(text: str) -> list[re.Match[str]]:
    """Every place the request goes back on something, as second_thoughts reads them."""
    return list(_SECOND_THOUGHTS.finditer(text))


def second_thought_at(text: str) -> re.Match[str] | None:
    """The first words that go back on something said, as second_thoughts reads them."""
    return _SECOND_THOUGHTS.search(text)


def without_struck(body: str) -> str:
    """The request without words struck through and addresses corrected as typos."""
    body = _STRUCK.sub(lambda m: " " * len(m[0]), body)
    return _ADDRESS_TYPO.sub("", body)


# "Kind regards, Alice / P.S. Dave lands at 15:00, please move it to the next morning": a
# postscript after the sign-off, which the text cleaner leaves out with the signature.
_POSTSCRIPT = re.compile(r"^\s*P\.?\s?S(?:\.|\b)(?![\s(\[-]*(?:from|by|via)\s)[\s\S]*", re.I | re.M)
_PS_CHANGE = re.compile(r"\b(?:move|change|instead|actually|rather|make\s+it|switch)\b", re.I)


def postscript(text: str) -> str:
    """The postscript's words without their "P.S." label ("" when there is none)."""
    m = _POSTSCRIPT.search(text)
    return re.sub(r"^\s*P\.?\s?S\.?\s*[:,]?", "", m[0], flags=re.I) if m else ""


def postscript_changes(text: str, kept: str) -> bool:
    """Whether a postscript left out with the signature takes the meeting elsewhere."""
    m = _POSTSCRIPT.search(text)
    if not m or m[0].strip().split("\n")[0] in kept:
        return False
    return second_thoughts(m[0]) or bool(_PS_CHANGE.search(m[0]))
