"""A clause naming no option: a kind of option said "too" is asked about, never dropped.
(Standard view: A Tuesday, B Wednesday, C Thursday; 1 Zoom, 2 Office 3F.)"""

import pytest

from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.test_rules_round15 import STD


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tuesday is fine, and the location too.", "unclear"),
        ("All three are fine, the place as well.", "unclear"),
        # Near misses: the kind of option given its own verdict.
        ("Tuesday is fine, any location.", {"time": {"A"}, "location": {"1", "2"}}),
        ("Tuesday is fine, any location too.", {"time": {"A"}, "location": {"1", "2"}}),
    ],
)
def test_a_kind_of_option_said_too(text, expected):
    assert reading(text, STD) == expected
