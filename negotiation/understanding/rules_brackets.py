"""Brackets beside a verdict: "B and D (Tuesday doesn't work)", "A doesn't work (school run)".

A verdict in brackets, read inside its clause, runs over the options before it too
("B and D" refused with Tuesday); it is its own clause, so the brackets become a comma.
Brackets with no negation in them ("Thursday (the 5th)", "A (sorry, C)") stay as
they are, except the reason for a no just before them ("A doesn't work for me (school
run)", 周一不行（要去客户那边）): it adds no vote, and a word in it the rules do not know
would have the whole reply asked about, so it is left out.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.rules_stance import HEDGE, NEGATION, OWN_POLARITY
from negotiation.understanding.types import MeetingView

_BRACKETS = re.compile(r"\s*[(（](?P<inside>[^()（）\n]{1,60})[)）]")
_SORRY = re.compile(r"^\W*sorry\b", re.I)
# Where the words before a bracket begin: the sentence, or the clause after a comma.
_LAST_CLAUSE = re.compile(r"[^.!?;。！？；\n,，]*$")
# Words that turn a bracket into more than a reason: a question, a contrast, a proposal.
_MORE_THAN_WHY = re.compile(
    r"[?？]|\b(?:but|instead|rather|how\s+about|what\s+about|except|only)\b|但|不过|改|换|只",
    re.I,
)


def open_negative_brackets(body: str) -> str:
    """ "B and D (Tuesday is gone)." as "B and D, Tuesday is gone."."""

    def spell(m: re.Match[str]) -> str:
        inside = m["inside"]
        if not NEGATION.search(inside) or _SORRY.match(inside):
            return m[0]
        return f", {inside.strip()}"

    return _BRACKETS.sub(spell, body)


def drop_bracketed_reasons(body: str, view: MeetingView) -> str:
    """ "A doesn't work for me (school run). B, C fine." without "(school run)"."""

    def drop(m: re.Match[str]) -> str:
        inside = m["inside"]
        before = _LAST_CLAUSE.search(body[: m.start()])[0]
        if not NEGATION.search(before) or not find_refs(before, view).hits:
            return m[0]  # after no refused option, the bracket is no reason for a no
        if NEGATION.search(inside) or OWN_POLARITY.search(inside) or HEDGE.search(inside):
            return m[0]  # a verdict or a condition of its own
        if _MORE_THAN_WHY.search(inside):
            return m[0]
        refs = find_refs(inside, view)
        if refs.hits or refs.unmatched or refs.places or refs.problems:
            return m[0]  # "(Thursday instead)", "(the 5th)": options, read as written
        return ""

    return _BRACKETS.sub(drop, body)
