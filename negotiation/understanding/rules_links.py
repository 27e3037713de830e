"""A web address in a reply is one word, "link": never a question, a clock or a label.

"https://pay.example/invoice?amt=500" holds a question mark, digits and letters the rules
would otherwise read; whatever the address says is not the writer's answer, and a
question quoted to the organiser must not carry it on (tests/security).
"""

from __future__ import annotations

import re

_LINK = re.compile(r"\b(?:https?://|www\.)[^\s<>()\"']+", re.IGNORECASE)


def mask_links(text: str) -> str:
    """Write every web address as the word "link"."""
    return _LINK.sub("link", text)
