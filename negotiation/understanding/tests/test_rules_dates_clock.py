"""Spoken clock words written as digits, and digits left as they are."""

import pytest

from negotiation.understanding.rules_dates_clock import spell_clock_words


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tuesday 10:00 am works", "Tuesday 10:00 am works"),
        ("Tuesday at ten am works", "Tuesday at 10 am works"),
        ("Wednesday 2.00pm", "Wednesday 2.00pm"),
    ],
)
def test_minutes_before_am_or_pm_stay_minutes(text, expected):
    # "9:00 am" once lost its minutes to the spoken-hour rule ("9:0 am").
    assert spell_clock_words(text) == expected
