"""Hours written with an "h" are clock hours; a length in hours stays a length."""

from negotiation.understanding.request_hour_marks import marked_hours


def test_a_range_ending_in_h_is_written_as_clock_hours():
    assert marked_hours("Wed 4 or Thu 5, 14-17h") == "Wed 4 or Thu 5, 14:00-17:00"


def test_both_ends_may_carry_the_h_and_minutes():
    assert marked_hours("Thursday 14h30–16h") == "Thursday 14:30-16:00"


def test_a_length_in_hours_is_left_alone():
    assert marked_hours("Thursday, for 2-3h") == "Thursday, for 2-3h"
    assert marked_hours("a 2-3h workshop") == "a 2-3h workshop"
