"""In person, then the room: "en persona, Room 401", "in person: Cafe Luna", "线下，401会议室".

"in person" alone, with several places offered in person, is asked about; beside a place
named in the same clause ("in person in 401") it is narrowed to that place. A comma or a
colon between the two would cut them into two clauses, so they are joined first, but only
when what follows names offered in-person places and nothing else. "in person, either
place" names them all, and "face to face - the café or the room, whichever" lists them
with its own "either": each is the in-person places, never every place offered.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_places import find_places, fold, is_online
from negotiation.understanding.types import MeetingView

# ", whichever" after two places named: the writer's own "either", about those two.
_EITHER = r"(?:whichever|either)(?:\s+(?:one|works|is\s+fine|is\s+easiest|suits))?"
_IN_PERSON_THEN = re.compile(
    r"(?P<mode>\bin\s+person|face\s+to\s+face|线下|当面)\s*(?:[,:：，]|\s[-–—]+)\s*"
    r"(?P<rest>[^,.;!?\n，。；！？]+)(?P<either>\s*[,，]\s*" + _EITHER + r"(?=\s*(?:[.!;\n]|$)))?",
    re.I,
)
# "Not in person, Room 401": a no beside a room; what is meant is asked about.
_NEGATED = re.compile(
    r"\b(?:not|no|never|can'?t|cannot|won'?t|don'?t|isn'?t|unable)\b|[不没别]", re.I
)
_SENTENCE_START = re.compile(r"[.!?;\n。！？；][^.!?;\n。！？；]*$")
_NOTHING_ELSE = re.compile(r"^[\s\W]*(?:(?:at|in|the|or|and|either)\b[\s\W]*)*$", re.I)
# "either place", "wherever": every place in person, said without naming one.
_ANY_PLACE = re.compile(
    r"^\s*(?:either|any|whichever|wherever)(?:\s+(?:place|one|venue|location|room))?"
    r"(?:\s+(?:works|is\s+fine|is\s+ok(?:ay)?|suits(?:\s+me)?|is\s+good))?\s*$",
    re.I,
)


def join_in_person_place(body: str, view: MeetingView) -> str:
    """ "in person, Room 401" as "in person in Room 401": the place says which one."""
    places = tuple(o for o in view.options if o.item == "location")

    def join(m: re.Match[str]) -> str:
        if _ANY_PLACE.match(m["rest"]) and not m["either"] and not _negated(body, m):
            in_person = [o.value for o in places if not is_online(o)]
            if len(in_person) < 2:
                return m[0]
            return f"{m['mode']} in {' or '.join(in_person)}"
        left, refs = find_places(fold(m["rest"]), places)
        ids = {oid for _, _, oid in refs.hits}
        chosen = [o for o in places if o.id in ids]
        if not chosen or any(is_online(o) for o in chosen) or refs.places or refs.problems:
            return m[0]
        if not _NOTHING_ELSE.match(left) or _negated(body, m):
            return m[0]
        if m["either"] and len(chosen) < 2:
            return m[0]  # "in person: the café, whichever": whichever of what?
        return f"{m['mode']} in {m['rest']}"

    return _IN_PERSON_THEN.sub(join, body)


def _negated(body: str, m: re.Match[str]) -> bool:
    before = body[: m.start()]
    start = _SENTENCE_START.search(before)
    return bool(_NEGATED.search(before[start.start() if start else 0 :]))
