"""A rank within one day ("the earlier Monday slot") and a struck option ("Scratch D").

In the four view A (9:00) and B (13:00) are both Monday; C is Tuesday, D Wednesday.
Each rule with near misses that must stay unclear or read differently.
"""

import pytest

from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.test_rules_round15 import FOUR, STD, ZH


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        ("The later of the Monday ones works for me.", FOUR, {"time": {"B"}}),
        ("earlier monday slot pls", FOUR, {"time": {"A"}}),
        ("the second Monday one, in Room 401", FOUR, {"time": {"B"}, "location": {"3"}}),
        ("the first Monday slot", FOUR, {"time": {"A"}}),
        ("the earlier of the two Monday slots", FOUR, {"time": {"A"}}),
        ("the latest Monday slot", FOUR, {"time": {"B"}}),
        ("周一早的那个", FOUR, {"time": {"A"}}),
        ("周一晚一点的那个可以", FOUR, {"time": {"B"}}),
        # Near misses: a day with one option has no earlier one; a rank of a day in a month
        # names no slot; a day that is not in the list.
        ("the earlier Tuesday slot", FOUR, "unclear"),
        ("the earlier Monday slot", STD, "unclear"),
        ("the second Monday in June", FOUR, "unclear"),
        ("the earlier Friday slot", FOUR, "unclear"),
        ("周二早的那个", FOUR, "unclear"),
        ("周一早的那个", ZH, "unclear"),
    ],
)
def test_a_rank_within_one_day(text, view, expected):
    assert reading(text, view) == expected


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        (
            "B and D. Scratch D, just remembered a conflict.",
            FOUR,
            {"time": {"B"}, "-time": {"D"}},
        ),
        ("B and C. Strike C.", STD, {"time": {"B"}, "-time": {"C"}}),
        ("A, B and C work. Cross off A.", STD, {"time": {"B", "C"}, "-time": {"A"}}),
        ("Scratch D", FOUR, {"-time": {"D"}}),
        ("划掉D", FOUR, {"-time": {"D"}}),
        # Near misses: "scratch that" takes the whole answer back; no such option; a
        # reason about a place; a negation; a balance struck.
        ("Scratch that, D", FOUR, {"time": {"D"}}),
        ("Scratch E", STD, "unclear"),
        ("B and D. Scratch D, Luna is closed.", FOUR, "unclear"),
        ("B. Don't scratch D.", FOUR, "unclear"),
        ("strike a balance, B", STD, "unclear"),
    ],
)
def test_a_struck_option_is_a_no(text, view, expected):
    assert reading(text, view) == expected
