"""A struck day ("scratch Wednesday") and a struck option with what is on then as its reason.

In the standard view A is Tuesday, B Wednesday, C Thursday; in FOUR A and B are Monday, C
Tuesday, D Wednesday. Each rule with near misses that must stay unclear.
"""

import pytest

from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.test_rules_round15 import FOUR, STD


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        (
            "Tuesday and Wednesday work. Actually, scratch Wednesday, it's my daughter's recital.",
            STD,
            {"time": {"A"}, "-time": {"B"}},
        ),
        (
            "Tuesday and Thursday work. Scratch Thursday, my son has a school play.",
            STD,
            {"time": {"A"}, "-time": {"C"}},
        ),
        (
            "A, C and D. Actually, strike the Wednesday one, the kids are home.",
            FOUR,
            {"time": {"A", "C"}, "-time": {"D"}},
        ),
        # A day with two options strikes both.
        (
            "A, B and C. Scratch Monday, the kids are off school.",
            FOUR,
            {"time": {"C"}, "-time": {"A", "B"}},
        ),
        ("A and B. Wait, scratch B.", STD, {"time": {"A"}, "-time": {"B"}}),
        # Near misses: a verdict after it; a day with no option.
        ("A and B work. Scratch Wednesday, Thursday works better.", STD, "unclear"),
        ("A and B. Scratch Friday.", STD, "unclear"),
    ],
)
def test_a_struck_day_is_a_no_to_its_options(text, view, expected):
    assert reading(text, view) == expected
