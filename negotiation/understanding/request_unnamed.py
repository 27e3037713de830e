"""People a request describes rather than names: "Bob's manager", "the marketing team".

"Get Bob and Bob's manager", "book the marketing team", "Carol and the new guy in
finance", "someone from legal": someone is asked for whom the hub cannot address, so
each is an unknown participant and the hub asks who (never a guess). "Bob's manager" is
not Bob: the name inside it invites no one. Near misses: "about the marketing team's
budget", "for the sales team", "Bob's manager asked for this" (no one invited there), and
"Bob's budget" (no person).
"""

from __future__ import annotations

import re

# The people around someone: "Bob's manager", "Dave's assistant", "Erin's team".
_ROLE = (
    r"(?:line\s+)?manager|boss|assistant|PA|EA|deputy|secretary|supervisor|team\s+lead"
    r"|colleague|counterpart|stand-?in|replacement|direct\s+reports?|team|intern"
)
_OF_SOMEONE = re.compile(
    rf"\b((?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?)['’]s\s+(?:new\s+)?({_ROLE})\b(?!['’])",
    re.I,
)
# "the marketing team", "the whole design team", "the finance department". Near miss: "the
# partner team - Dave and Erin", "the design team (Carol, Will)": the names say who.
_GROUP = re.compile(
    r"\bthe\s+(?:whole\s+|entire\s+|full\s+)?((?:[a-z&-]+\s+){1,2}?(?:team|department|dept))\b"
    r"(?!['’]|\s*[-–—:(]|\s+(?:meeting|offsite|budget|lead|channel|calendar|call|sync)\b)",
    re.I,
)
# "the new guy in finance", "someone from legal", "a person from procurement".
_SOMEONE_FROM = re.compile(
    r"\b(?:the\s+)?((?:new\s+)?(?:guy|girl|person|hire|starter|joiner|intern|contractor|colleague)"
    r"\s+(?:in|from|at|on)\s+(?:the\s+)?[a-z]+|(?:someone|somebody|a\s+person|one\s+person)"
    r"\s+from\s+(?:the\s+)?[a-z]+)\b",
    re.I,
)
# Words that open a sentence before a name: "Invite Bob's manager" is Bob's manager.
_NO_NAMES = frozenset({"invite", "get", "add", "book", "meet", "ask", "with", "please", "grab"})
# Where someone is asked for: after a word that invites, or in a list of those invited.
_INVITED_BEFORE = re.compile(
    r"(?:\b(?:with|and|invite|add|include|get|grab|book|cc|plus|loop\s+in|bring(?:\s+in)?"
    r"|also)|[+&,:])\s*$",
    re.I,
)


def described_people(body: str) -> tuple[list[tuple[str, int, int]], list[tuple[int, int]]]:
    """The people described where someone is invited, and every description's span."""
    invited: list[tuple[str, int, int]] = []
    spans: list[tuple[int, int]] = []
    for pattern in (_OF_SOMEONE, _SOMEONE_FROM, _GROUP):
        for m in pattern.finditer(body):
            if any(s <= m.start() < e for s, e in spans):
                continue
            spans.append(m.span())
            start = m.start()
            if pattern is _OF_SOMEONE and m[1].split()[0].lower() in _NO_NAMES:
                start = m.start(1) + len(m[1].split()[0]) + 1  # "Invite Bob's manager"
                start += len(body[start:]) - len(body[start:].lstrip())
            if _INVITED_BEFORE.search(body[:start]):
                said = body[start : m.end()] if pattern is _OF_SOMEONE else m[1]
                invited.append((" ".join(said.split()), start, m.end()))
    return invited, spans
