"""Idioms that name one option by refusing the rest, or refuse one by praising it away.

"Can't do anything but A", "nothing but Thursday works", "nothing except B for me", "so it'll
have to be a video call": a yes to the options named and a no to every other option of their
list. "Tuesday is anything
but fine" is a no to Tuesday. Each is spelt out as plain verdicts ("A works. not B or C")
only when the named side is nothing but options of one list; anything else stays as
written, for the clause rules to ask about.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.types import MeetingView

_SIDE = r"[^,;:.!?\n]{1,40}?"
_OTHER = r"(?:but|except(?:\s+for)?|other\s+than|apart\s+from|besides)"
_ONLY = re.compile(
    rf"(?P<lead>^|[.!:;\n]\s*)(?:(?:i\s+)?(?:can'?t|cannot|can\s+not|couldn'?t)\s+(?:do|make)\s+"
    rf"(?:anything|any\s+(?:time|day|slot|of\s+them))|nothing)\s+{_OTHER}\s+(?P<x>{_SIDE})"
    r"(?:\s+(?:works?|suits?|is\s+(?:possible|free|ok|okay)|for\s+me|fits?|really))*"
    r"\s*(?P<tail>[.!]+|$)",
    re.I | re.M,
)
# "so it'll have to be a video call", "it has to be Zoom": the one option it can be.
_MUST_BE = re.compile(
    r"(?P<lead>^|[.!:;,\n]\s*|\bso\s+)(?:(?:it|that|this|we)(?:'ll|\s+will|'d|\s+would)?\s+)?"
    rf"(?:has|have|needs?)\s+to\s+be\s+(?:an?\s+|the\s+)?(?P<x>{_SIDE})"
    r"(?:\s+(?:though|then|i'?m\s+afraid))?\s*(?P<tail>[.!]+|$)",
    re.I | re.M,
)
_MUST_BE_LEFT = re.compile(r"\b(?:has|have|needs?)\s+to\s+be\b", re.I)
# "Tuesday is anything but fine": "anything but" before a word of approval turns it round.
_ANYTHING_BUT_FINE = re.compile(
    r"\b(?:is|are|'s|would\s+be|sounds?|looks?)\s+anything\s+but\s+"
    r"(?:fine|ok|okay|good|great|ideal|convenient|easy|perfect|doable)\b",
    re.I,
)
_FILLER = re.compile(r"[\s,/&+()\-]|\band\b|\bor\b|\bthe\b|\bone\b|\bon\b|\boption\b", re.I)


def spell_only(body: str, view: MeetingView) -> str:
    """ "Can't do anything but A" as "A works. not B or C" when A is nothing but options."""

    def only(m: re.Match[str]) -> str:
        refs = find_refs(m["x"], view)
        items = {item for _, item, _ in refs.hits}
        if len(items) != 1 or refs.unmatched or refs.places or refs.problems or refs.guessed:
            return m[0]
        if _FILLER.sub("", refs.rest):
            return m[0]  # "nothing but A in the morning": a word the spelling would lose
        (item,) = items
        named = {oid for _, _, oid in refs.hits}
        others = [oid for oid in view.ids(item) if oid not in named]
        if not others:
            return m[0]
        return f"{m['lead']}{m['x']} works. not {' or '.join(others)}{m['tail']}"

    body = _MUST_BE.sub(only, _ONLY.sub(only, body))
    # One not spelt out ("has to be the cafe, sorry") would read as a yes without its no
    # to the rest: a word the rules do not know, so the hub asks.
    body = _MUST_BE_LEFT.sub(" mustbe ", body)
    return _ANYTHING_BUT_FINE.sub(lambda m: m[0].split()[0] + " not fine", body)
