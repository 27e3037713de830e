"""In person, then which: "in person, either place", "face to face — the café or the room".

CAFE offers Cafe Central, Office 3F (in person) and Zoom; FOUR offers Google Meet, Cafe
Luna and Room 401; STD offers Zoom and one office only.
"""

import pytest

from negotiation.understanding.rules_in_person_at import join_in_person_place
from negotiation.understanding.tests.test_rules_accountability import CAFE, reading
from negotiation.understanding.tests.test_rules_round15 import FOUR, STD


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        # "either place" after "in person": every place offered in person, no more.
        ("Thursday, in person, either place.", CAFE, {"time": {"C"}, "location": {"1", "2"}}),
        ("In person, wherever. Tuesday.", CAFE, {"time": {"A"}, "location": {"1", "2"}}),
        (
            "Wednesday, in person, either place. No video for me please.",
            CAFE,
            {"time": {"B"}, "location": {"1", "2"}, "-location": {"3"}},
        ),
        # A dash before the places, and their own "whichever" after them.
        (
            "I'd rather meet face to face — the café or the room, whichever.",
            FOUR,
            {"location": {"2", "3"}},
        ),
        # Near misses: a no, the online place beside, one place only, or nothing said.
        ("Not in person, either place.", CAFE, "unclear"),
        ("Wednesday, in person, either place or Zoom.", CAFE, "unclear"),
        ("in person, the café, whichever.", CAFE, "unclear"),
        ("in person, either place. A", STD, "unclear"),
        ("in person on Thursday", CAFE, "unclear"),
    ],
)
def test_in_person_then_which(text, view, expected):
    assert reading(text, view) == expected


def test_either_place_is_spelt_as_the_places_in_person():
    assert join_in_person_place("B, in person, either place.", CAFE) == (
        "B, in person in Cafe Central or Office 3F."
    )
