"""Bare ranges of hours said right after a day: "Tuesday 10 March, 9-10", "tomorrow 2-3"."""

import pytest

from negotiation.understanding.request_details import range_length
from negotiation.understanding.request_hour_ranges import day_range, hour_ranges


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("Tuesday 10 March, 9–10.", (540, 600)),
        ("on Tuesday 10 March, from 9 to 10", (540, 600)),
        ("tomorrow 2-3, please", (840, 900)),
        ("Friday, 11-1 works for me", (660, 780)),
        ("the 12th, 10:30-11:15 with Bob", (630, 675)),
        ("Friday, 7-8", None),  # 07:00 and 19:00 both meeting hours: not read here
        ("Friday, 10-12 people", None),  # a count, not hours
        ("Room 10-12 on Friday", None),  # no day before it
        ("Tuesday 9-10", None),  # a weekday with no comma: maybe two dates
        ("March 9-10", None),  # days of a month
    ],
)
def test_day_range(text, minutes):
    assert day_range(text) == minutes


def test_hour_ranges_blanks_the_range_and_keeps_the_day():
    blanked, specs = hour_ranges("Tuesday 10 March, 9–10.")
    assert blanked.startswith("Tuesday 10 March, ")
    assert "9" not in blanked
    assert [s.minute_range for s in specs] == [(540, 600)]


def test_range_length_reads_a_bare_range_after_a_day():
    assert range_length("Audit prep with Carol, Tuesday 10 March, 9–10.") == 60
    assert range_length("Audit prep with Carol, tomorrow 2-5.") is None  # a window, not a length
    assert range_length("Audit prep, Room 10-12, Friday.") is None
