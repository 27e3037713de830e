"""A place said against another: "Zoom rather than the office", "en persona, Room 401".

"rather than" between two offered places is a yes to one and a no to the other; "in
person" followed by an offered room names that room. Near misses stay asked about.
"""

import pytest

from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.test_rules_round15 import FOUR, STD


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        ("Zoom rather than the office", STD, {"location": {"1"}, "-location": {"2"}}),
        (
            "A works, Zoom rather than Office 3F.",
            STD,
            {"time": {"A"}, "location": {"1"}, "-location": {"2"}},
        ),
        ("Cafe Luna rather than Meet", FOUR, {"location": {"2"}, "-location": {"1"}}),
        # Near misses: a question; a place that is no option; times; a hedge.
        ("Could we use Zoom rather than the office?", STD, "unclear"),
        ("Teams rather than Zoom", STD, "unclear"),
        ("Tuesday rather than Thursday", STD, "unclear"),
        ("Zoom rather than the office if possible", STD, "unclear"),
    ],
)
def test_one_place_rather_than_another(text, view, expected):
    assert reading(text, view) == expected


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        ("C works, pero en persona, Room 401", FOUR, {"time": {"C"}, "location": {"3"}}),
        ("in person, Room 401", FOUR, {"location": {"3"}}),
        ("in person: Cafe Luna", FOUR, {"location": {"2"}}),
        ("线下，401会议室", FOUR, {"location": {"3"}}),
        # Near misses: a negation before it; an online place; more words about the room;
        # a place that is no option.
        ("Not in person, Room 401", FOUR, "unclear"),
        ("in person, Google Meet", FOUR, "unclear"),
        ("in person, Room 401 is too small", FOUR, "unclear"),
        ("in person, near the station", FOUR, "unclear"),
    ],
)
def test_in_person_then_the_room(text, view, expected):
    assert reading(text, view) == expected
