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
from negotiation.understanding.request_second_thoughts import second_thought_marks
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
# "Actually not the 11th, I just remembered the dentist": only a day taken back from those
# offered, which the exclusion rules read. Near misses: "Actually not the 11th but the 13th"
# and "Actually no, make it Thursday" name a new day, and a human reads them.
_TAKES_BACK = re.compile(
    r"^\W*(?:actually|wait|on\s+second\s+thoughts?)[,\s]+(?:no[,.\s]+)?"
    r"(?:not|except|skip|drop|scratch|leave\s+out|i\s+can'?t\s+(?:do|make))\s+",
    re.I,
)
_NEW_ANSWER = re.compile(r"\b(?:but|instead|rather|make\s+it|move|switch|change|or)\b", re.I)


def _days(specs) -> tuple[set, set]:
    return (
        {d for s in specs for d in (s.dates or ())},
        {w for s in specs if s.dates is None for w in (s.weekdays or ())},
    )


def _only_takes_back(sentence: str, before: str, today: date) -> bool:
    """Whether the sentence only takes back days the request offered before it."""
    if not _TAKES_BACK.match(sentence) or _NEW_ANSWER.search(sentence):
        return False
    said = request_specs(sentence, today)
    dates, weekdays = _days(said)
    offered_dates, offered_weekdays = _days(request_specs(before, today))
    return bool(said) and dates <= offered_dates and weekdays <= offered_weekdays


# "Scrap my earlier mail", "New plan:": this mail replaces the earlier one as a whole. Not
# "Re: my last mail, ... Tuesday instead?", which moves what that mail said.
_FRESH = re.compile(
    r"\b(?:scrap|ignore|disregard|forget|bin|drop)\s+(?:my|the|that)\s+(?:earlier|previous|last"
    r"|first|other|original)\s+(?:mail|email|e-mail|message|request|note)\b|\bnew\s+plan\b"
    r"|\bstart(?:ing)?\s+(?:over|again|afresh)\b",
    re.I,
)


def _instead_of_mail(text: str, mark, today: date) -> bool:
    """ "Scrap my earlier mail (below). New plan: Carol, Tuesday at 10 instead.": "instead" of
    what an earlier mail said, when this one names no day or time before it."""
    if not mark[0].lower().startswith("instead") or not _FRESH.search(text, 0, mark.start()):
        return False
    start = max(text.rfind(end, 0, mark.start()) for end in ".!?\n。") + 1
    return not any(
        s.has_day or s.has_time for s in request_specs(text[:start], date(*today.timetuple()[:3]))
    )


def changes_mind(body: str, ctx: RequestContext) -> bool:
    """Whether the request takes back something it said about the meeting."""
    text = _WAITING.sub(lambda m: " " * len(m[0]), body)
    today = ctx.message_date.date()
    if not _CHANGE.search(text):
        return any(not _instead_of_mail(text, m, today) for m in second_thought_marks(text))
    for m in _SENTENCE.finditer(text):
        if not _CHANGE.search(m[0]):
            continue
        sentence = body[m.start() : m.end()]
        named_before = {p.email or p.name for p in find_participants(body[: m.start()], ctx)[0]}
        named_here = {p.email or p.name for p in find_participants(sentence, ctx)[0]}
        if _says_nothing(body[: m.start()], ctx, today) and _says_nothing(sentence, ctx, today):
            # "[junk] hi, sorry for the junk above. What I need: Bob, Friday at 9": an
            # apology said before anything of the meeting takes nothing back.
            continue
        status_only = (
            _STATUS.search(sentence)
            and named_here
            and named_here <= named_before
            and not request_specs(sentence, date(today.year, today.month, today.day))
            and not find_locations(sentence)
            and not find_duration(sentence)
        )
        taken_back = not named_here and _only_takes_back(
            sentence, body[: m.start()], date(today.year, today.month, today.day)
        )
        if not status_only and not taken_back:
            return True
    return False


def _says_nothing(text: str, ctx: RequestContext, today) -> bool:
    """Whether the text names no one, no day or time, no place and no length."""
    day = date(today.year, today.month, today.day)
    return not (
        request_specs(text, day)
        or find_participants(text, ctx)[0]
        or find_locations(text)
        or find_duration(text)
    )
