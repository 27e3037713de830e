"""Round 16: other-language verdicts and ranks said in more ways.

French "Mardi, c'est mort", "le reste", "svp", "de préférence"; German "A und C schon",
"ist schlecht", "Zeit ist mir egal", "kein Problem"; Spanish "sí a todo menos", "en
persona"; ranks: "the second to last", 最后那个时间, 最早的那个, 地点选第二个. Each rule with
near misses that must stay unclear or read differently.
"""

import pytest

from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.test_rules_round15 import FOUR, STD, ZH

ALL_STD = {"A", "B", "C"}


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        ("Mardi, c'est mort pour moi. Le reste ok.", STD, {"time": {"B", "C"}, "-time": {"A"}}),
        ("Jeudi, c'est bon. Mardi, c'est mort.", STD, {"time": {"C"}, "-time": {"A"}}),
        ("Mardi, ça me va", STD, {"time": {"A"}}),
        ("Mercredi svp", STD, {"time": {"B"}}),
        ("Mercredi s'il vous plaît", STD, {"time": {"B"}}),
        (
            "Tous les créneaux me vont, en présentiel de préférence.",
            STD,
            {"time": ALL_STD, "location": {"2"}},
        ),
        ("B passt nicht, A und C schon", STD, {"time": {"A", "C"}, "-time": {"B"}}),
        ("Dienstag passt schlecht", STD, {"-time": {"A"}}),
        ("Kein Problem, Donnerstag klappt.", STD, {"time": {"C"}}),
        ("Lieber im Büro, Zeit ist mir egal.", STD, {"time": ALL_STD, "location": {"2"}}),
        ("Sí a todo menos el martes", FOUR, {"time": {"A", "B", "D"}, "-time": {"C"}}),
        ("Tout sauf mardi", STD, {"time": {"B", "C"}, "-time": {"A"}}),
        ("Alles außer Dienstag", STD, {"time": {"B", "C"}, "-time": {"A"}}),
        # Near misses: a judgement the rules do not know, a rest with no verdict, a lone
        # "schon", a yes to all of nothing named.
        ("Mardi, c'est le meilleur", STD, "unclear"),
        ("Le reste, non.", STD, "unclear"),
        ("A schon", STD, "unclear"),
        ("Sí a todo", STD, "unclear"),
        ("todo menos", FOUR, "unclear"),
    ],
)
def test_other_language_verdicts(text, view, expected):
    assert reading(text, view) == expected


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        ("2nd to last time works", FOUR, {"time": {"C"}}),
        ("the second to last slot", FOUR, {"time": {"C"}}),
        ("最后那个时间吧", ZH, {"time": {"C"}}),
        ("最早的那个", ZH, {"time": {"A"}}),
        ("最晚那个", FOUR, {"time": {"D"}}),
        ("后两个都可以，地点选第二个", FOUR, {"time": {"C", "D"}, "location": {"2"}}),
        # Near misses: a bare rank with several times and places stays asked about; no
        # place is "the earliest".
        # Bare ranks rank the times (owner's decision); "but" there is no contrast.
        ("the last but one", FOUR, {"time": {"C"}}),
        ("the second to last one", STD, {"time": {"B"}}),
        ("最后那个", ZH, {"time": {"C"}}),
        ("最早的那个地点", ZH, "unclear"),
        ("the earliest place", STD, "unclear"),
        ("第二个不行，其他都可以", ZH, {"time": {"A", "C"}, "-time": {"B"}}),
    ],
)
def test_ranks_said_in_more_ways(text, view, expected):
    assert reading(text, view) == expected
