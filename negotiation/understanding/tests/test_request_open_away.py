"""Away from (or until) a day with no other end: the hub asks."""

import pytest

from negotiation.understanding.request_open_away import open_away


@pytest.mark.parametrize(
    "text",
    [
        "next week, because I'm on holiday from the 12th",
        "next week. I'm away from Thursday.",
        "next week, I'm away until Wednesday",
        "next week, Bob is off starting Tuesday",
    ],
)
def test_one_end_only_asks(text):
    assert open_away(text)


@pytest.mark.parametrize(
    "text",
    [
        "next week, I'm off from the 11th to the 12th",
        "next week, I'm away from Thursday onwards",
        "from Thursday, Carol is free",
        "I'm away Friday",
    ],
)
def test_both_ends_or_no_range_is_read(text):
    assert not open_away(text)
