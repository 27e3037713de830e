"""Days that belong to what the meeting is about: "prep for Friday", "debrief of Monday".

"Prep for Friday with Bob, Thursday afternoon": Friday is the day prepared for, Thursday
the time asked; the topic's day is no offer. With no other day named ("Prep for Friday
with Bob") the meeting may be before Friday or on it, so the hub asks. Near misses: "a
review on Friday" and "book the call for Friday" name the meeting's own day.
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
# "the Monday retro follow-up", "Friday's debrief": the day of what is talked about.
_TOPIC_AFTER = re.compile(
    r"(?:['’]s)?\s+(?:debrief|retro|post-?mortem|recap|follow[- ]?up|wrap-?up|prep)\b", re.I
)
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
            or joined
        ):
            topical.append(spec)
    if not topical:
        return timing, None
    if len(topical) == len(specs):
        return timing, "asks for the time: the day named is the topic's, not the meeting's"
    for spec in topical:
        timing = timing[: spec.start] + " " * (spec.end - spec.start) + timing[spec.end :]
    return timing, None
