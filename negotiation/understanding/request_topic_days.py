"""Days that belong to what the meeting is about: "prep for Friday", "debrief of Monday".

"Prep for Friday with Bob, Thursday afternoon": Friday is the day prepared for, Thursday
the time asked; the topic's day is no offer. With no other day named ("Prep for Friday
with Bob") the meeting may be before Friday or on it, so the hub asks. Near misses: "a
review on Friday" and "book the call for Friday" name the meeting's own day.
A day gone by is no offer either: "Last Tuesday's session was great", "after our board
meeting last Thursday", "it's only Monday!" (today, said as small talk). Near miss: "the
last Tuesday of the month" is a day to come (request_month_ends).
"""

from __future__ import annotations

import re
from datetime import date

from negotiation.understanding.request_weeks import request_specs

# "prep for Friday", "getting ready for Monday", "debrief of Monday", "follow-up to Tuesday".
_TOPIC_BEFORE = re.compile(
    r"(?:\bprep(?:are|aring|aration)?|\bget(?:ting)?\s+ready)\s+for(?:\s+(?:the|our|this|next))?"
    r"|\b(?:debrief(?:ing)?|recap|retro(?:spective)?|post-?mortem|follow[- ]?up|wrap-?up"
    r"|lessons\s+learned)\s+(?:of|from|after|to)(?:\s+(?:the|our|last|this))?"
    r"|\breview\s+of(?:\s+(?:the|our|last|this))?",
    re.I,
)
# "the Monday retro follow-up", "Friday's debrief", "the Monday standup retro": the day
# of what is talked about. Two words may come between, never a part of the day or an hour
# ("Friday afternoon retro" is the retro's own time; "Thursday to prep the pitch" too).
_TOPIC_AFTER = re.compile(
    r"(?:['’]s)?(?:\s+(?!(?:morning|afternoon|evening|noon|lunch|at|from|or|and|with|for|to|on"
    r"|in|so|then|please|pls|we|i|you|is|was|will|can|could|would|should|the|a|an)\b)"
    r"[A-Za-z]+){0,2}\s+(?:debrief|retro|post-?mortem|recap|follow[- ]?up|wrap-?up|prep)\b",
    re.I,
)
# "last Tuesday", "it's only Monday!": a day gone by, or today said as small talk.
_PAST_BEFORE = re.compile(
    r"(?:\blast|\bit['’]?s\s+(?:only\s+|already\s+|finally\s+|just\s+)?)\s*$", re.I
)
_AHEAD = re.compile(r"\s+(?:of|in)\s+(?:the|this|next)\s+month\b", re.I)
_STATED = re.compile(r"\s*(?:(?:already|again)\s*)?(?:[!.…]|,\s*(?:and|so|but)\b)")
_JOINED = re.compile(r"\s*(?:of|in|,)?\s*", re.I)  # "Friday next week", "Friday, the 6th"


def topic_days(timing: str, today: date) -> tuple[str, str | None]:
    """The timing without the topic's days, or a note when they are the only days named."""
    specs = [s for s in request_specs(timing, today) if s.has_day]
    topical: list = []
    for i, spec in enumerate(specs):
        before = timing[: spec.start]
        joined = (
            bool(topical)
            and topical[-1] is specs[i - 1]
            and _JOINED.fullmatch(timing[specs[i - 1].end : spec.start])
        )
        if (
            re.search(rf"(?:{_TOPIC_BEFORE.pattern})\s+$", before, re.I)
            or _TOPIC_AFTER.match(timing, spec.end)
            or _gone_by(timing, spec)
            or joined
        ):
            topical.append(spec)
    if not topical:
        return timing, None
    if len(topical) == len(specs):
        return timing, "asks for the time: the day named is the topic's or gone by"
    for spec in topical:
        timing = timing[: spec.start] + " " * (spec.end - spec.start) + timing[spec.end :]
    return timing, None


def _gone_by(timing: str, spec) -> bool:
    """Whether the day is "last Tuesday" or "it's only Monday!", not a day asked for."""
    before = _PAST_BEFORE.search(timing[: spec.start])
    if not before:
        return False
    if before[0].lower().lstrip().startswith("last"):
        # "last Tuesday's session" is past; "the last Tuesday of the month" is to come.
        return not _AHEAD.match(timing, spec.end)
    return bool(_STATED.match(timing, spec.end))
