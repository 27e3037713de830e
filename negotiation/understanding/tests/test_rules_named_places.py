"""A new place proposed by a name the hub does not know: "Could we meet at Oberholz instead?".

A bare name is a place only inside words that propose meeting there; where the writer is
or was ("I'm at Starbucks now", "met him at Oberholz") is never a proposal.
"""

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.tests.test_rules_round15 import FOUR, STD
from negotiation.understanding.types import Unclear


def _places(text, view):
    result = understand_reply(text, view)
    if isinstance(result, Unclear):
        return "unclear"
    votes = {k: set(v) for k, v in result.accepted.items()}
    return votes, {p.place for p in result.proposals if p.item == "location"}


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        ("A works. Could we meet at Oberholz instead?", STD, ({"time": {"A"}}, {"Oberholz"})),
        ("Could we meet at Oberholz instead?", STD, ({}, {"Oberholz"})),
        ("D works for me. Or we could do Starbucks.", FOUR, ({"time": {"D"}}, {"Starbucks"})),
        ("Let's meet at Oberholz", STD, ({}, {"Oberholz"})),
        ("How about we meet at Oberholz?", STD, ({}, {"Oberholz"})),
        # Near misses: where someone is or was; a possessive; a time of day; an offered
        # place; a city asked about.
        ("I'm at Starbucks now", STD, "unclear"),
        ("I met him at Oberholz, B works", STD, "unclear"),
        ("I'm meeting a client at Oberholz, B works", STD, "unclear"),
        ("Or we could do Bob's place", FOUR, "unclear"),
        ("Could we meet at Noon?", STD, "unclear"),
        ("Could we meet in Berlin?", STD, "unclear"),
        ("B works, or we could meet at Luna", FOUR, ({"time": {"B"}, "location": {"2"}}, set())),
    ],
)
def test_a_new_place_by_name(text, view, expected):
    assert _places(text, view) == expected
