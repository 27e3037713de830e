"""Addresses a request writes that are no guest's own: mentioned, or a named person's other one.

"P.S. please also email the agenda to press@x", "Reply-To for this request: x@y", "send
the confirmations to x@y", "cc x@y": the address is where mail should go, not somebody
the member asks to meet. It is never invited (the hub sends its mail to the member).
"with Will on the 9th, use his private address will.turner@gmail.com": the address is
Will's, and replaces the one the hub knows for him.
"""

from __future__ import annotations

import re

# Where a sentence (or a line) starts: what is asked of an address is said after it.
_SENTENCE_START = re.compile(r"(?:^|[.!?;](?=\s)|\n|\bP\.?\s?S\.?)\s*", re.I)
# Words that send mail to an address rather than invite it: "email the agenda to",
# "reply to", "Reply-To:", "cc", "send all confirmations there", "notify", "forward to".
_MAIL_TO = re.compile(
    r"\b(?:e-?mail|mail|send|sent|forward|reply|replies|respond|cc|bcc|copy|notify|write"
    r"|confirmations?|notifications?|updates?)\b|回复|抄送|发(?:送|邮件)?(?:给|到)",
    re.I,
)
# Words that make the address somebody to meet after all: "invite", "with", "add".
_MEET = re.compile(
    r"\b(?:invite|inviting|add|include|with|w/|meet|meeting|call|attendees?|participants?"
    r"|join)\b|邀请|和|跟|与|约",
    re.I,
)
# "use his private address x@y", "Will's personal email is x@y", "her other address: x@y".
_OTHER_ADDRESS = re.compile(
    r"(?:\b(?:his|her|their)|(?-i:[A-Z])[\w-]*['’]s)\s+(?:(?:private|personal|other|home|new"
    r"|gmail|own|current|alternative|alternate|backup|external)\s+)*"
    r"(?:e-?mail(?:\s+address)?|address|mail)\s*(?:is|:|instead)?\s*(?:\(|<)?\s*$",
    re.I,
)


def mentioned_only(body: str, start: int) -> bool:
    """Whether the address at `start` is only where mail should go, in its own sentence."""
    opened = max((m.end() for m in _SENTENCE_START.finditer(body, 0, start)), default=0)
    before = body[opened:start]
    said = [m.end() for m in _MAIL_TO.finditer(before)]
    if not said or other_address(body, start):
        return False
    # "email Bob and set up a meeting with x@y": a word of meeting after it names a guest.
    return not _MEET.search(before[said[-1] :])


def other_address(body: str, start: int) -> bool:
    """Whether the address at `start` is given as a named person's other address."""
    return bool(_OTHER_ADDRESS.search(body[max(0, start - 80) : start]))
