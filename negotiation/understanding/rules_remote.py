"""The writer works remotely ("Virtual please, I'm WFH"): a reason for an online place.

The statement is taken out before the reply is read, and the answer must then choose an
online place or refuse one in person, and nothing else of the places; said beside no place ("Room 401, I'm WFH",
"B works, I'm remote") it is asked about, as an unplaced reason was before.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_places import is_online
from negotiation.understanding.types import Answer, MeetingView, Unclear

_REMOTE = re.compile(
    r"[,;.—–-]?\s*\b(?:i'?m|i\s+am|i'?ll\s+be|i\s+will\s+be)\s+"
    r"(?:wfh|remote|working\s+(?:from\s+home|remotely))"
    r"(?:\s+(?:that|this|next|all)\s+(?:day|week))?\b",
    re.I,
)


def take_remote(text: str) -> tuple[str, bool]:
    """The reply without "I'm WFH" and the like, and whether it said so."""
    rest, count = _REMOTE.subn(" ", text)
    return (rest, True) if count else (text, False)


def check_remote(answer: Answer | Unclear, view: MeetingView) -> Answer | Unclear:
    """Keep an answer beside "I'm remote" only when it chooses online places alone."""
    if not isinstance(answer, Answer):
        return answer
    chosen = answer.accepted.get("location", frozenset())
    refused = answer.rejected.get("location", frozenset())
    online = {o.id for o in view.options if o.item == "location" and is_online(o)}
    # "2: can't, I'm remote": a no to a place in person is the reason's other side.
    if not (chosen or refused) or chosen - online or refused & online:
        return Unclear("working remotely beside no online place", "rules")
    return answer
