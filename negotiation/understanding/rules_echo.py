"""An option asked back, then answered: "Wednesday? No problem at all.", "周三？可以".

The writer repeats one option as a question and gives the verdict in the next sentence.
The two are read as one sentence ("Wednesday no problem at all") only when the echo is
one option and nothing else, and the verdict is a bare yes or no with no word the rules
do not know: "Thursday? Sure, because I love the school run" stays asked about, and so
does "All three? No." (which of the three?), and a relative day asked back ("Tomorrow?").
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_reasons import MILD_NO, POLITE_NO
from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.rules_stance import (
    ALL,
    DECLINE,
    EXCEPT,
    HEDGE,
    IDIOMS,
    NEGATION,
    NONE,
    OWN_POLARITY,
    unknown_words,
)
from negotiation.understanding.types import MeetingView

_ECHO_END = re.compile(r"[?？]+\s*$")
# "Tomorrow?", "In two days?": a day counted from now, asked back, is surprise at the short
# notice more than a question; what follows may be irony (round 13c near miss).
_RELATIVE = re.compile(
    r"\b(?:today|tonight|tomorrow|day\s+after|in\s+\w+\s+days?|next|this)\b|今天|明天|后天|下周|这周",
    re.I,
)
_ECHO_REST = re.compile(r"[\s?？,.!]|\b(?:at|on|the|option)\b", re.I)


def join_echoes(sentences: list[str], view: MeetingView) -> list[str]:
    """Join "<one option>?" with the bare verdict that follows it into one sentence."""
    joined: list[str] = []
    i = 0
    while i < len(sentences):
        echo = sentences[i]
        verdict = _next_text(sentences, i)
        if (
            verdict is not None
            and _is_echo(echo, view)
            and _is_bare_verdict(sentences[verdict], view)
        ):
            joined.append(_ECHO_END.sub(" ", echo) + sentences[verdict].lstrip())
            i = verdict + 1
            continue
        joined.append(echo)
        i += 1
    return joined


def _next_text(sentences: list[str], i: int) -> int | None:
    for j in range(i + 1, len(sentences)):
        if sentences[j].strip():
            return j
    return None


def _is_echo(sentence: str, view: MeetingView) -> bool:
    if not _ECHO_END.search(sentence) or _RELATIVE.search(sentence):
        return False
    refs = find_refs(sentence, view)
    if refs.problems or refs.unmatched or refs.places or refs.guessed:
        return False
    return len(refs.ids) == 1 and not _ECHO_REST.sub("", refs.rest)


def _is_bare_verdict(sentence: str, view: MeetingView) -> bool:
    if "?" in sentence or "？" in sentence:
        return False
    plain = IDIOMS.sub(" ok ", sentence)
    refs = find_refs(plain, view)
    if refs.hits or refs.unmatched or refs.places or refs.problems:
        return False
    for pattern in (ALL, NONE, DECLINE, EXCEPT, HEDGE, MILD_NO, POLITE_NO):
        if pattern.search(plain):
            return False
    if not (OWN_POLARITY.search(plain) or NEGATION.search(plain)):
        return False
    return not unknown_words(plain)
