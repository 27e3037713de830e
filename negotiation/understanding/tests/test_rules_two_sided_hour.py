"""An hour of either half beside after/before/until is asked back when it changes verdicts."""

import pytest

from negotiation.understanding.rules_two_sided_hour import two_sided_hour
from negotiation.understanding.tests.views import standard_view


@pytest.mark.parametrize(
    "text", ["I'm only free after 8", "not before 7 please", "free until 8.", "after 7:30 works"]
)
def test_an_hour_of_either_half_is_asked(text):
    assert two_sided_hour(text, standard_view()) is not None


@pytest.mark.parametrize(
    "text",
    [
        "I'm only free after 8pm",
        "after 8 in the morning",
        "this evening after 8",
        "after 2",  # an afternoon
        "before 11",  # a morning
        "from 8 to 10",  # a range, read by the clock rules
        "after 8 May",
        "after 8 hours",
    ],
)
def test_an_hour_of_one_half_is_left_to_the_clock_rules(text):
    assert two_sided_hour(text, standard_view()) is None
