"""Declines said casually or by leaving, a pass on some options, and errands beside a decline.

In the standard view A is Tuesday, B Wednesday, C Thursday. Each with near misses.
"""

import pytest

from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.test_rules_round15 import STD, ZH

DECLINED = {"declined": True}


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        ("Pass.", STD, DECLINED),
        ("Gonna pass on this one, sorry.", STD, DECLINED),
        ("not gonna make it sorry!! go ahead without me", STD, DECLINED),
        ("I'm afraid I have to withdraw, jury duty.", STD, DECLINED),
        ("Please decline on my behalf.", STD, DECLINED),
        ("Please take me off this meeting, I'm on parental leave until May.", STD, DECLINED),
        ("No need to include me, Stefan will represent our department.", STD, DECLINED),
        ("I'll give this one a miss.", STD, DECLINED),
        ("Going to pass on A and B, but C is fine.", STD, {"time": {"C"}, "-time": {"A", "B"}}),
        ("Pass on A please, B is good.", STD, {"time": {"B"}, "-time": {"A"}}),
        ("这个会我就不参加了，会后把纪要发我就行", ZH, DECLINED),
        ("A可以，纪要发我一份就好", ZH, {"time": {"A"}}),
        # Near misses: passing a message on, taking back a vote, passing on notes.
        ("I'll pass it on to Bob. A works.", STD, "unclear"),
        ("I have to withdraw my yes to B.", STD, "unclear"),
        ("Happy to pass on Tuesday's notes to Bob. A works.", STD, "unclear"),
        ("发我就行", ZH, "unclear"),
    ],
)
def test_a_casual_decline_or_a_pass_on_some_options(text, view, expected):
    assert reading(text, view) == expected
