"""Spans of days: "from 9 to 13 March", and "Wednesday onwards" as the rest of that week."""

import pytest

from negotiation.understanding.request_date_ranges import day_spans


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("next week, Wednesday onwards.", "next week, wednesday to friday."),
        ("next week, from Thu on.", "next week, from thursday to friday."),
        ("Tuesday or later next week", "tuesday to friday next week"),
        ("from Friday onwards", "from friday"),
        ("from Wednesday on Zoom", "from Wednesday on Zoom"),  # "on" starts a place
        ("Wednesday afternoon", "Wednesday afternoon"),  # no span said
        ("Tuesday 10 March", "Tuesday 10 March"),
        ("the 11th onwards", "the 11th onwards"),  # no end known: left as it was
    ],
)
def test_onwards(text, read):
    assert day_spans(text) == read
