"""Addresses a request writes that are no guest's own: mentioned, or a named person's other one.

"P.S. please also email the agenda to press@x", "Reply-To for this request: x@y", "send
the confirmations to x@y", "cc x@y": the address is where mail should go, not somebody
the member asks to meet. It is never invited (the hub sends its mail to the member).
"with Will on the 9th, use his private address will.turner@gmail.com": the address is
Will's, and replaces the one the hub knows for him. "hannah at studio-nord dot io" and
"jo [at] white-partners [dot] com" are addresses spelled out so that no robot reads them.
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


# "hannah at studio-nord dot io", "jo [at] x [dot] com", "jo(at)x.com": the "at" in brackets,
# or a spelled "dot" before a top-level domain. Near miss: "Bob at the office" spells none.
_AT = r"(?:\s*[\[({]\s*at\s*[\])}]\s*|\s+at\s+)"
_DOT = r"(?:\s*[\[({]\s*dot\s*[\])}]\s*|\s+dot\s+|\.)"
_SPELLED = re.compile(
    rf"(?<![\w.@+-])([A-Za-z0-9][A-Za-z0-9._%+-]*){_AT}([A-Za-z0-9-]+(?:{_DOT}[A-Za-z0-9-]+)*)"
    rf"{_DOT}([A-Za-z]{{2,6}})(?![\w@-])",
    re.I,
)


def spelled_addresses(body: str) -> list[tuple[int, int, str]]:
    """Addresses spelled out ("x at y dot com"): where each is written, and the address."""
    found = []
    for m in _SPELLED.finditer(body):
        if not re.search(r"[\[({]\s*at|\bdot\b", m[0], re.I):
            continue  # "Bob at example.com" may be a place said loosely: no address
        if not re.search(r"[\[({]\s*at", m[0], re.I) and m[0] != m[0].lower():
            continue  # "Bob at Partner dot org": Bob, somewhere; a spelled address is lower case
        domain = re.sub(_DOT, ".", m[2], flags=re.I)
        found.append((m.start(), m.end(), f"{m[1]}@{domain}.{m[3]}".lower()))
    return found


# "Nadia (not in the hub, nadia.k@freelance.dev)": a name, then a bracket that holds the address.
_NAME_OPENS_BRACKET = re.compile(
    r"(?<![\w])((?-i:[A-Z][a-z'-]+)(?:\s+(?-i:[A-Z][a-z'-]+)){0,2})\s*\([^()\n@]{1,60}$"
)


def bracketed_with(body: str, at: int, until: int) -> re.Match[str] | None:
    """The name before a bracket in which the address at `at` is written, if it closes after it."""
    if not re.match(r"\s*\)", body[until:]):
        return None
    return _NAME_OPENS_BRACKET.search(body[:at])
