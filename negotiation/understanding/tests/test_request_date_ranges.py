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


@pytest.mark.parametrize(
    ("text", "read"),
    [
        (
            "next week from Thursday, I'm out Monday",
            "next week from thursday to friday, I'm out Monday",
        ),
        ("from Thursday next week", "from thursday to friday next week"),
        ("next week, from Wed", "next week, from wednesday to friday"),
        ("from Wednesday of next week", "from wednesday to friday of next week"),
        # A clock or a part of the day after it, an end said, a day gone by, someone away.
        ("next week from Thursday 10am", "next week from Thursday 10am"),
        ("next week from Thursday afternoon", "next week from Thursday afternoon"),
        ("next week from Thursday to Friday", "next week from Thursday to Friday"),
        ("the notes from Thursday, next week", "the notes from Thursday, next week"),
        ("I'm away next week from Wednesday", "I'm away next week from Wednesday"),
    ],
)
def test_from_a_day_inside_a_week(text, read):
    assert day_spans(text) == read
