"""Tell an aside (a sentence about something else) from a sentence about the meeting."""

from __future__ import annotations

import re

from negotiation.understanding.lexicon_asides import MEETING_CHARS, MEETING_WORDS

_WORDS = re.compile(r"\b(?:" + "|".join(MEETING_WORDS) + r")\b", re.I)
_CHARS = re.compile("[" + MEETING_CHARS + "]")
# A number, a question, a mark, something like a label ("AC", "b"), or a place after
# "in"/"at" ("in Dubai", "in the park").
_OTHER = re.compile(
    r"[\d?？✅❌✔✗✘👍👎]|(?-i:\b(?!(?:I|OK|FYI|BTW|PS|LOL)\b)[A-Z]{1,4}\b)|(?<!')\b[b-hj-z]\b"
    r"|\b(?:in|at|from|to|near)\s+(?:(?-i:[A-Z])|(?:the|a|an|my|our|your|his|her|their)\b)",
    re.I,
)


def is_aside(clause: str) -> bool:
    """True when nothing in the clause could be about the meeting's times, places or votes."""
    return not (_WORDS.search(clause) or _CHARS.search(clause) or _OTHER.search(clause))
