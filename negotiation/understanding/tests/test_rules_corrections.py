"""A correction and its aside: "I keep mixing them up" owns a slip of the word.

STD: A Tuesday 10:00, B Wednesday 14:00, C Thursday 9:30, 1 Zoom, 2 Office 3F.
"""

import pytest

from negotiation.understanding.rules_corrections import drop_mix_up
from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.test_rules_round15 import STD


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The word taken back in the bracket is no verdict on its option.
        ("Wednesday! (not Thursday, I keep mixing them up)", {"time": {"B"}}),
        ("Tuesday. Sorry, Thursday. I keep mixing them up this week.", {"time": {"C"}}),
        ("Thursday - sorry, I mean Tuesday, I always get the days confused.", {"time": {"A"}}),
        ("C. Oops, A, I mixed them up.", {"time": {"A"}}),
        # Near misses: no correction before the aside, or a plain no in the bracket.
        ("Tuesday works. I keep mixing them up.", "unclear"),
        ("Thursday (I keep mixing them up)", "unclear"),
        ("Thursday! (not Tuesday)", {"time": {"C"}, "-time": {"A"}}),
    ],
)
def test_mix_up_after_a_correction(text, expected):
    assert reading(text, STD) == expected


def test_mix_up_alone_is_kept():
    assert drop_mix_up("A. I keep mixing them up.") == "A. I keep mixing them up."


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Someone else took the slot: the reason takes the first answer back.
        (
            "Wednesday works. Actually my boss just booked a call then, Thursday instead.",
            {"time": {"C"}, "-time": {"B"}},
        ),
        (
            "I can do B.\n\nUpdate: my manager just moved a meeting, B is no longer possible. A is ok.",
            {"time": {"A"}, "-time": {"B"}},
        ),
        # "Same place" after a change keeps the first answer's place.
        (
            "Tuesday at the office. Actually Thursday, same place.",
            {"time": {"C"}, "location": {"2"}},
        ),
        # Near misses: a reason naming another day, no change of mind, "same place as ...".
        ("Wednesday works. Actually my boss booked Tuesday, so Thursday.", "unclear"),
        ("Tuesday works. My boss moved a meeting, so Tuesday it is.", "unclear"),
        ("Tuesday at the office. Actually Thursday, same place as last time.", "unclear"),
    ],
)
def test_someone_took_the_slot_and_same_place(text, expected):
    assert reading(text, STD) == expected
