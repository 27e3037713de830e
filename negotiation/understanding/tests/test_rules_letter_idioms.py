"""Letters that are words ("C you", "B2B", "Plan B") are no labels; real labels stay.

In the standard view A is Tuesday, B Wednesday, C Thursday; 1 Zoom, 2 Office 3F.
"""

import pytest

from negotiation.understanding.rules_letter_idioms import spell_letter_idioms
from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.views import standard_view

STD = standard_view()


@pytest.mark.parametrize(
    ("text", "spelt"),
    [
        ("C you on Tuesday then!", "see you on Tuesday then!"),
        ("Great. c u there", "Great. see u there"),
        ("at a B2B trade fair", "at a trade fair"),
        ("on vitamin B12 shots", "on vitamin shots"),
        ("Doc has me on B12 shots", "Doc has me on vitamin shots"),
        ("the C-suite offsite", "the top offsite"),
        ("Plan B: dial in", "fallback: dial in"),
        ("Got an A on my driving test", "Got a good mark on my driving test"),
        # Near misses: two labels, a label that works, a label ending its sentence.
        ("A or C you choose", "A or C you choose"),
        ("Plan B works for me", "Plan B works for me"),
        ("C. You can count on me.", "C. You can count on me."),
    ],
)
def test_letter_idioms_are_spelt_without_their_letter(text, spelt):
    assert spell_letter_idioms(text, STD) == spelt


def test_an_idiom_that_names_an_option_stays():
    from dataclasses import replace

    from negotiation.understanding.types import OptionView

    view = replace(STD, options=(*STD.options, OptionView("3", "location", "Plan B Cafe")))
    assert spell_letter_idioms("Plan B on Tuesday", view) == "Plan B on Tuesday"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("C you on Tuesday then!", {"time": {"A"}}),
        (
            "I'm at a B2B trade fair from Tuesday to Thursday, so this week is a write-off.",
            {"-time": {"A", "B", "C"}},
        ),
        ("A or C you choose", {"time": {"A", "C"}}),
        ("C you decide", "unclear"),
    ],
)
def test_replies_with_letter_idioms(text, expected):
    assert reading(text, STD) == expected
