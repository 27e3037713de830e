"""The kind an answer was about, said after it: "Any but the first one — times, I mean."

"I mean" marks a change of mind ("B, I mean C"), but after a bare kind word it only says
which list the answer before ranks or takes: the times. The kind is put back into the
answer ("any time but the first one"), and "I mean" no longer reads as a change. Said
before it as "location-wise", the kind is a heading ("location: either works").
"""

from __future__ import annotations

import re

_KIND_MEANT = re.compile(
    r"(?P<answer>[^.!?\n]+?)\s*[—–,:-]+\s*(?P<kind>time|place|day|slot|location|venue)s?"
    r"\s*,?\s*i\s+mean\b",
    re.I,
)
_ANY_LEAD = re.compile(r"^(?P<lead>\W*)(?P<any>any(?:thing)?|all|either|both)\b", re.I)
_ORDINAL_ONE = re.compile(
    r"\b(?P<ord>first|second|third|fourth|last|middle|1st|2nd|3rd|4th)\s+one\b", re.I
)


# "Location-wise either works", "venue wise, anything": the kind said first, as a heading.
_KIND_WISE = re.compile(r"\b(?P<kind>time|day|date|place|location|venue)[-\s]?wise\b\s*[,:]?", re.I)


def spell_kind_meant(body: str) -> str:
    """ "Any but the first one — times, I mean." as "any time but the first one."."""
    body = _KIND_WISE.sub(lambda m: m["kind"] + ": ", body)
    return _KIND_MEANT.sub(_spelled, body)


def _spelled(m: re.Match[str]) -> str:
    answer, kind = m["answer"], m["kind"].lower()
    lead = _ANY_LEAD.match(answer)
    if lead:
        return f"{lead['lead']}any {kind}{answer[lead.end() :]}"
    if _ORDINAL_ONE.search(answer):
        return _ORDINAL_ONE.sub(lambda o: f"{o['ord']} {kind}", answer, count=1)
    return m[0]  # nothing in the answer the kind could attach to: read as written
