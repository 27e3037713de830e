"""Whether a request says its own timing is not settled yet: then the hub asks back.

"Thursday or Friday, or maybe next month, not sure yet - I'll let you know", "on the 3rd,
4th or 5th - or maybe it's April, I need to double-check with finance first": the member
has not decided, and any window offered now may be one she takes back. Every blind
writer labelled such requests as ones the hub should ask about.

Near misses: "Thursday or maybe Friday" offers both days; "not sure if Dave can join"
and "let me know if Bob can't" are about people or ask the hub, not the time; "I'll let
you know the agenda" leaves the time as it is.
"""

from __future__ import annotations

import re

_UNSETTLED = re.compile(
    r"\bnot\s+(?:yet\s+)?(?:sure|certain)\s+(?:yet\b|about\s+the\s+(?:date|day|time|week)"
    r"|(?:when|which\s+(?:day|date|week)))"
    r"|\b(?:i|we)\s+(?:still\s+)?(?:need|have|got)\s+to\s+(?:double[- ]?)?check\b"
    r"|\blet\s+me\s+(?:double[- ]?)?check\b"
    r"|\b(?:i'?ll|i\s+will|we'?ll)\s+(?:let\s+you\s+know|confirm|get\s+back\s+to\s+you"
    r"|come\s+back\s+to\s+you)(?!\s+(?:the|about\s+the)\s+(?:agenda|topic|room|place|location))"
    r"|\b(?:get|come)\s+back\s+to\s+you\b"
    r"|\bor\s+maybe\s+(?:it'?s|it\s+is|it\s+will\s+be)\b"
    r"|\b(?:TBC|TBD)\b|\bto\s+be\s+(?:confirmed|decided)\b"
    r"|还不确定|还没定|待定|再确认|确认一下再",
    re.I,
)


def unsettled(body: str) -> str | None:
    """The words that say the request's timing is not decided yet, if any."""
    m = _UNSETTLED.search(body)
    return m[0] if m else None
