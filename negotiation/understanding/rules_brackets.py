"""A verdict in brackets: "B and D (Tuesday doesn't work)".

Read inside its clause, the no in the brackets runs over the options before it too
("B and D" refused with Tuesday); it is its own clause, so the brackets become a comma.
Brackets with no negation in them ("Thursday (the 5th)", "A (sorry, C)") stay as
they are.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_stance import NEGATION

_BRACKETS = re.compile(r"\s*[(（](?P<inside>[^()（）\n]{1,60})[)）]")
_SORRY = re.compile(r"^\W*sorry\b", re.I)


def open_negative_brackets(body: str) -> str:
    """ "B and D (Tuesday is gone)." as "B and D, Tuesday is gone."."""

    def spell(m: re.Match[str]) -> str:
        inside = m["inside"]
        if not NEGATION.search(inside) or _SORRY.match(inside):
            return m[0]
        return f", {inside.strip()}"

    return _BRACKETS.sub(spell, body)
