"""In person, then the room: "en persona, Room 401", "in person: Cafe Luna", "线下，401会议室".

"in person" alone, with several places offered in person, is asked about; beside a place
named in the same clause ("in person in 401") it is narrowed to that place. A comma or a
colon between the two would cut them into two clauses, so they are joined first, but only
when what follows names offered in-person places and nothing else.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_places import find_places, fold, is_online
from negotiation.understanding.types import MeetingView

_IN_PERSON_THEN = re.compile(
    r"(?P<mode>\bin\s+person|face\s+to\s+face|线下|当面)\s*[,:：，]\s*"
    r"(?P<rest>[^,.;!?\n，。；！？]+)",
    re.I,
)
# "Not in person, Room 401": a no beside a room; what is meant is asked about.
_NEGATED = re.compile(
    r"\b(?:not|no|never|can'?t|cannot|won'?t|don'?t|isn'?t|unable)\b|[不没别]", re.I
)
_SENTENCE_START = re.compile(r"[.!?;\n。！？；][^.!?;\n。！？；]*$")
_NOTHING_ELSE = re.compile(r"^[\s\W]*(?:(?:at|in|the)\b[\s\W]*)*$", re.I)


def join_in_person_place(body: str, view: MeetingView) -> str:
    """ "in person, Room 401" as "in person in Room 401": the place says which one."""
    places = tuple(o for o in view.options if o.item == "location")

    def join(m: re.Match[str]) -> str:
        left, refs = find_places(fold(m["rest"]), places)
        ids = {oid for _, _, oid in refs.hits}
        chosen = [o for o in places if o.id in ids]
        if not chosen or any(is_online(o) for o in chosen) or refs.places or refs.problems:
            return m[0]
        if not _NOTHING_ELSE.match(left):
            return m[0]
        before = body[: m.start()]
        start = _SENTENCE_START.search(before)
        if _NEGATED.search(before[start.start() if start else 0 :]):
            return m[0]
        return f"{m['mode']} in {m['rest']}"

    return _IN_PERSON_THEN.sub(join, body)
