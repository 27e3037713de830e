"""People named only in passing: small talk, thanks, a welcome, family.

"Carol's daughter was at our party", "Bob says hi", "(thanks, Will)", "welcome Dan Park
and Will Turner": the person is why the mail talks, not a guest. Named elsewhere too ("Bob and Carol, on Bob's proposal") they are
invited as ever; named only so, the hub asks who should come rather than guessing.
Near misses: "Will's birthday lunch with Bob" (a celebration, no thing owned) and
"Bob's free Thursday" ("'s" is "is") invite Will and Bob; "thanks, Will and Bob are
both needed" is no thanks closing on the name; "a welcome lunch for Dan" invites Dan.

"Dan Lee or Dan Park, whichever is free" leaves the choice of guest to the hub, which
asks back rather than inviting both or guessing one.

A mail that says it asks for nothing ("just so you know ... no need to do anything",
"FYI only, no action needed") is no request: the hub asks back.
"""

from __future__ import annotations

import re

# Family: "Carol's daughter". Not a thing someone wrote: "to go over Dave's proposal" most
# often wants Dave there, and the unseen requests showed such a guest dropped.
_OWNED = re.compile(
    r"['’]s\s+(?:(?:new|latest|last|draft|revised|updated|old|first|second|little|"
    r"eldest|youngest|big|younger|older)\s+)?"
    r"(?:daughters?|sons?|kids?|children|baby|wife|husband|mum|mom|dad|mother|father|"
    r"sisters?|brothers?|dog|cat|parents)\b",
    re.I,
)
# "Bob says hi", "Carol sends her regards", "Dave said hello": a greeting passed on.
_GREETS = re.compile(
    r"\s+(?:says|said|sends|sent)\s+(?:(?:his|her|their)\s+)?"
    r"(?:hi|hello|hey|regards|love|best|greetings|thanks)\b",
    re.I,
)
# "(thanks, Will)", "thank you Carol!", "kudos to Bob.": thanks closing on the name.
_THANKS_BEFORE = re.compile(
    r"(?:\bthanks|\bthank\s+you|\bkudos\s+to|\bshout-?out\s+to|\bcongrat(?:s|ulations)\s+to)"
    r"\s*,?\s*$",
    re.I,
)
_CLAUSE_ENDS = re.compile(r"\s*(?:[)!.;]|$)", re.M)
# "New colleagues: welcome Dan Park and Will Turner": a welcome, never "welcome to".
_WELCOME_BEFORE = re.compile(
    r"\bwelcome\s+(?:(?-i:[A-Z])[\w'.-]*(?:\s+(?-i:[A-Z])[\w'.-]*)?\s*(?:,|\band\b|&)\s*)*$",
    re.I,
)

_NO_ACTION = re.compile(
    r"\bno\s+(?:need|action)\s+(?:to\s+do\s+anything|needed|required|on\s+your\s+side)\b"
    r"|\bnothing\s+(?:to\s+do|needed)\s+(?:here|from\s+you|on\s+your\s+side)\b"
    r"|\bI['’]ll\s+(?:answer|reply\s+to|handle)\s+(?:him|her|them)\s+myself\b",
    re.I,
)

# "Dan Lee or Dan Park, whichever is free", "Bob or Carol, whoever is around": one of two
# people. Near miss: "on Zoom or in Room 4B, whichever is free" is a place to choose.
_NAME = r"(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?"
_EITHER_PERSON = re.compile(
    rf"\b({_NAME})\s+or\s+({_NAME})\s*,?\s*(?:whichever|whoever)(?:\s+of\s+(?:them|the\s+two))?"
    r"\s+(?:is|'s|are)\s+(?:free|available|around|in|about)\b",
    re.I,
)
_PLACE_WORDS = re.compile(
    r"\b(?:room|zoom|teams|meet|office|hall|cafe|café|building|floor)\b", re.I
)


def named_aside(body: str, start: int, end: int) -> bool:
    """Whether the name at start..end is mentioned in passing, not as a guest."""
    if _OWNED.match(body, end) or _GREETS.match(body, end):
        return True
    before = body[:start]
    if _THANKS_BEFORE.search(before) and _CLAUSE_ENDS.match(body, end):
        return True
    return bool(_WELCOME_BEFORE.search(before))


def asks_nothing(body: str) -> str | None:
    """The words that say the mail asks the hub for nothing, if any."""
    m = _NO_ACTION.search(body)
    return m[0] if m else None


def either_person(body: str) -> str | None:
    """The words that leave the choice between two guests to the hub, if any."""
    for m in _EITHER_PERSON.finditer(body):
        if not _PLACE_WORDS.search(m[1] + " " + m[2]):
            return m[0]
    return None
