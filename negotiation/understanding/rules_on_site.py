"""The writer will be on site anyway: "I'll be in the office anyway", "I'm in town that day".

Said beside an answer it is why a place in person suits. The statement is taken out
before the reply is read; the answer must then choose places in person only. "the
office" alone, with no place chosen, is a yes to the one offered place it names
("Thursday suits me best, I'll be in the office anyway"); "in town" or "in the
building" names none, so with no place chosen it is asked about, as is any answer
that chooses an online place beside it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from negotiation.understanding.rules_places import is_online
from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.types import Answer, MeetingView, Unclear

_ON_SITE = re.compile(
    r"[,;.—–-]?\s*\b(?:(?P<future>i'?ll|i\s+will|i'?m\s+going\s+to)|i'?m|i\s+am|i\s+have\s+to)"
    r"\s+(?:be\s+)?"
    r"(?:in|at)\s+(?P<where>the\s+office|the\s+building|town|the\s+area|the\s+city)"
    r"(?P<when>(?:\s+(?:anyway|anyhow|that\s+day|then|on\s+that\s+day|all\s+day|that\s+week"
    r"|this\s+week|that\s+morning|that\s+afternoon))+"
    # "Wednesday works, I'll be in the office": said last, where they will be for it;
    # "I'll be in the office 2 days" goes on, and "I'm in the office" may be today:
    # both stay a hedge.
    r"|(?(future)(?=\s*(?:[.!]|$))|(?!)))"
    r"(?:\s*,?\s*so\b)?",
    re.I,
)


def take_on_site(text: str) -> tuple[str, str | None]:
    """The reply without "I'll be in the office anyway", and where it said (or None)."""
    wheres = {m["where"].lower() for m in _ON_SITE.finditer(text)}
    if len(wheres) != 1:
        return text, None  # none, or two places: read as written (a hedge, asked)
    return _ON_SITE.sub(" ", text), wheres.pop()


def check_on_site(answer: Answer | Unclear, where: str, view: MeetingView) -> Answer | Unclear:
    """Keep an answer beside "I'll be in the office anyway" when it fits a place in person."""
    if not isinstance(answer, Answer):
        return answer
    places = {o.id: o for o in view.options if o.item == "location"}
    chosen = answer.accepted.get("location", frozenset())
    if answer.declined or any(is_online(places[oid]) for oid in chosen if oid in places):
        return Unclear("on site anyway beside a decline or an online place", "rules")
    if chosen:
        return answer
    office = {oid for _, item, oid in find_refs(where, view).hits if item == "location"}
    if where != "the office" or len(office) != 1 or office & answer.rejected.get("location", set()):
        return Unclear("on site anyway, and which place is not said", "rules")
    if not answer.accepted.get("time"):
        return Unclear("on site anyway beside no time", "rules")
    accepted = {**answer.accepted, "location": frozenset(office)}
    return replace(answer, accepted=accepted, plain_labels=False)
