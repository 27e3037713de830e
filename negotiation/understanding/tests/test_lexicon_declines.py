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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I'm no longer on the project team — Maria Gomez has taken over. Please invite her instead.",
            DECLINED,
        ),
        (
            "I've moved to a different team so I won't be joining. Tom Baker has taken over.",
            DECLINED,
        ),
        (
            "I'm leaving the company soon, so it makes more sense to have Jan there instead of me.",
            DECLINED,
        ),
        # Near misses: a wish beside a yes, an option that "has taken over", leaving but coming.
        ("Tuesday works, and please invite Tom instead of Carol.", "unclear"),
        ("Zoom has taken over from Teams here. Tuesday works.", "unclear"),
        ("I'm leaving the company soon, but Tuesday works.", {"time": {"A"}}),
    ],
)
def test_handing_the_meeting_to_someone_else_is_a_decline(text, expected):
    assert reading(text, STD) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Can't make A, but don't count me out! C works.", {"time": {"C"}, "-time": {"A"}}),
        ("Don't count me out, Thursday works.", {"time": {"C"}}),
        # Near misses: the decline itself, and keen words with no option.
        ("Count me out, sorry.", DECLINED),
        ("Don't count me out.", "unclear"),
    ],
)
def test_dont_count_me_out_is_no_decline(text, expected):
    assert reading(text, STD) == expected
