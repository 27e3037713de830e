"""The kind said around an answer: "location-wise either works" is about the places.

STD: A Tuesday 10:00, B Wednesday 14:00, C Thursday 9:30, 1 Zoom, 2 Office 3F.
"""

import pytest

from negotiation.understanding.rules_kind_meant import spell_kind_meant
from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.test_rules_round15 import STD


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Location-wise either works. Thursday is best.", {"time": {"C"}, "location": {"1", "2"}}),
        ("Venue wise, either is fine. A.", {"time": {"A"}, "location": {"1", "2"}}),
        ("Place-wise, Zoom. B", {"time": {"B"}, "location": {"1"}}),
        ("Otherwise, Tuesday works.", "unclear"),  # near miss: no kind named
    ],
)
def test_kind_said_first(text, expected):
    assert reading(text, STD) == expected


def test_wise_is_spelt_as_a_heading():
    assert spell_kind_meant("Location-wise either works.") == "Location: either works."
