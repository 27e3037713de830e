"""The only time the writer has refuses the options left over, or is left as written."""

import pytest

from negotiation.understanding.rules_only_gap import spell_only_gap
from negotiation.understanding.tests.views import standard_view


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Tomorrow at 4pm? That's the only gap I have this week.",
            "Tomorrow at 4pm? None of the times work. ",
        ),
        ("A. It's the only one I can do.", "A. not B or C. "),
        (
            "The only gap I have is Thursday at 9:30.",
            " Thursday at 9:30. not A or B. ",
        ),
        # Left as written: nothing before it, a place, words the rules cannot place.
        ("That's the only gap I have.", "That's the only gap I have."),
        ("Zoom. It's the only one I can do.", "Zoom. It's the only one I can do."),
        (
            "Tuesday works. That's the only day I'm in.",
            "Tuesday works. That's the only day I'm in.",
        ),
    ],
)
def test_the_only_gap_is_spelt_as_the_no_it_says(text, expected):
    assert spell_only_gap(text, standard_view()) == expected
