"""Whether a request changes its mind ("Tuesday. Actually no, Wednesday"): then a human reads it.

Two near misses are no change of mind about the meeting: "no need to wait on his
calendar" (waiting, not "wait, ..."), and a correction that only says again whether a
person already named is required ("Erin's optional. Actually no, make Erin required"):
the last mention of a person decides that (request_people), and nothing else changed.
"""

from __future__ import annotations

import re
from datetime import date

from negotiation.understanding.lexicon import compile_all
from negotiation.understanding.lexicon_stance import CHANGE_OF_MIND
from negotiation.understanding.request_details import find_duration, find_locations
from negotiation.understanding.request_people import find_participants
from negotiation.understanding.request_weeks import request_specs
from negotiation.understanding.types import RequestContext

_CHANGE = compile_all(CHANGE_OF_MIND)
# "no need to wait on his calendar", "can't wait to", "wait for Bob's reply": waiting.
_WAITING = re.compile(
    r"\bwait(?:ing)?\s+(?:on|for|until|till|to\s+(?:hear|see))\b|\bcan'?t\s+wait\b", re.I
)
_STATUS = re.compile(
    r"\b(?:required|mandatory|optional|needed|essential|must\s+(?:be\s+there|attend|join))\b"
    r"|必须|必选|可选",
    re.I,
)
_SENTENCE = re.compile(r"[^.!?。！？\n]+[.!?。！？]*")


def changes_mind(body: str, ctx: RequestContext) -> bool:
    """Whether the request takes back something it said about the meeting."""
    text = _WAITING.sub(lambda m: " " * len(m[0]), body)
    if not _CHANGE.search(text):
        return False
    today = ctx.message_date.date()
    for m in _SENTENCE.finditer(text):
        if not _CHANGE.search(m[0]):
            continue
        sentence = body[m.start() : m.end()]
        named_before = {p.email or p.name for p in find_participants(body[: m.start()], ctx)[0]}
        named_here = {p.email or p.name for p in find_participants(sentence, ctx)[0]}
        status_only = (
            _STATUS.search(sentence)
            and named_here
            and named_here <= named_before
            and not request_specs(sentence, date(today.year, today.month, today.day))
            and not find_locations(sentence)
            and not find_duration(sentence)
        )
        if not status_only:
            return True
    return False
