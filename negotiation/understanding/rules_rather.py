"""One offered place rather than the other: "Zoom rather than the office" is a yes and a no.

Said of two places both offered, "rather than" picks one and turns the other down; it is
spelt "Zoom, not the office" for the rules. Said of a place that is no option ("Teams
rather than Zoom"), of times, in a question, or with other words about the replaced place,
it is spelt "instead of", which proposes what is no option and asks about a replaced one.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_refs import Refs, find_refs
from negotiation.understanding.rules_stance import unknown_words
from negotiation.understanding.types import MeetingView

_RATHER = re.compile(
    r"(?P<head>[^,.;!?\n，。；！？]+?)\s+rather\s+than\s+(?P<tail>[^,.;!?\n，。；！？]+)"
    r"(?P<end>[,.;!?\n，。；！？]|$)",
    re.I,
)


def spell_rather_than(body: str, view: MeetingView) -> str:
    """ "Zoom rather than the office" as "Zoom, not the office" when both are offered."""

    def spell(m: re.Match[str]) -> str:
        # Otherwise it says what "instead of" says ("Could we use Zoom rather than Meet?"),
        # and is read as that: a proposal stays, a replaced option is asked about.
        instead = f"{m['head']} instead of {m['tail']}{m['end']}"
        if m["end"] in {"?", "？"}:
            return instead
        head, tail = find_refs(m["head"], view), find_refs(m["tail"], view)
        if not (_places_only(head) and _places_only(tail)) or unknown_words(tail.rest):
            return instead
        if {oid for *_, oid in head.hits} & {oid for *_, oid in tail.hits}:
            return instead
        return f"{m['head']}, not {m['tail']}{m['end']}"

    return _RATHER.sub(spell, body)


def _places_only(refs: Refs) -> bool:
    return (
        bool(refs.hits)
        and all(item == "location" for _, item, _ in refs.hits)
        and not (refs.unmatched or refs.places or refs.problems)
    )
