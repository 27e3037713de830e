"""A reason, then "so" and the verdict it leads to: "Wed at 4 is my kid's soccer, so not D".

The words before "so" say why; the verdict after it says what. The reason is dropped
only when every option it names is judged right after "so" ("I have a 1pm with the
dentist Monday so B's out"): then it can add nothing the verdict does not say. A reason
naming another option, a place or a day that is no option stays, for the rules to ask.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.rules_stance import HEDGE, IDIOMS, NEGATION, OWN_POLARITY
from negotiation.understanding.types import MeetingView

_SO = re.compile(r"(?:,\s*|\s+)(?:and\s+)?so\s+(?!(?:far|much|many|long|sorry|that)\b)", re.I)
# The first clause of the verdict: up to a comma or "and".
_FIRST = re.compile(r"^[^,;]+?(?=\s*(?:[,;]|\band\b|$))", re.I)
# "Monday's out": the verdict said with "is" folded into the day.
_IS_OUT = re.compile(r"(?<=\w)['’]s\s+out\b", re.I)


def drop_so_reason(sentence: str, view: MeetingView) -> str:
    """ "<reason naming X>, so <verdict on X>..." as the verdict alone; else as written."""
    sentence = _IS_OUT.sub(" is out", sentence)
    m = _SO.search(sentence)
    if not m:
        return sentence
    reason, verdict = sentence[: m.start()], sentence[m.end() :]
    first = _FIRST.match(verdict)
    if not first or not (NEGATION.search(first[0]) or OWN_POLARITY.search(first[0])):
        return sentence
    plain = IDIOMS.sub(" ok ", reason)
    if HEDGE.search(plain):
        return sentence  # "I can do Tuesday if needed, so A works": the condition stays
    against = NEGATION if not NEGATION.search(first[0]) else OWN_POLARITY
    if against.search(plain):
        return sentence  # "Tuesday doesn't work, so A is fine": the two disagree; asked
    why, what = find_refs(reason, view), find_refs(first[0], view)
    if not why.hits or why.unmatched or why.places or why.problems or why.guessed:
        return sentence
    if what.unmatched or what.places or what.problems:
        return sentence
    if not why.ids <= what.ids:
        return sentence
    lead = re.match(r"^\s*", sentence)[0]
    return lead + verdict
