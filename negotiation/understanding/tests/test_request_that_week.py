"""'any day that week' after a dated day is the week of that day."""

from datetime import date

import pytest

from negotiation.understanding.request_that_week import that_week

MONDAY = date(2026, 3, 2)


@pytest.mark.parametrize(
    "text",
    [
        "NOT Friday the 13th. Otherwise any day that week.",
        "Not Monday the 9th, but any other day that week works.",
        "not the 13th; anytime that same week",
    ],
)
def test_that_week_becomes_the_week_of_the_day_said(text):
    assert "the week of 9 March" in that_week(text, MONDAY)


@pytest.mark.parametrize(
    "text",
    [
        "in a fortnight - any day that week, afternoons ideally",  # the week is said
        "Erin's in New York that week.",  # no day offered from it
        "any day that week",  # no day before it
        "not the 6th or the 13th, any other day that week",  # two weeks
    ],
)
def test_that_week_without_one_dated_day_stays(text):
    assert that_week(text, MONDAY) == text
