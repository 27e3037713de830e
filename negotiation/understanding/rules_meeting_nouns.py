"""A one-on-one is a meeting: "my 1:1", "a 1-on-1", "a one-on-one", never place 1 or option A.

It is often the reason a slot does not work ("9 on Monday, I have my 1:1 then"); read as
digits its "1" was a yes to place 1, and read as words its "one" was an ordinal. Written
as "meeting", the reason reads as any other meeting the writer has.
"""

from __future__ import annotations

import re

_ONE_ON_ONE = re.compile(
    r"(?<![\w:.])(?:1\s*(?::|-on-|on)\s*1|one[- ]on[- ]one)(s?)(?![\w:.])", re.IGNORECASE
)


def spell_meeting_nouns(text: str) -> str:
    """Write "1:1", "1-on-1", "1on1" and "one-on-one" as the word "meeting"."""
    return _ONE_ON_ONE.sub(lambda m: "meeting" + m[1], text)
