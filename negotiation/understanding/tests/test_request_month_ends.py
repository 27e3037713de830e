"""The nth weekday of a month is that one day, when it is still to come."""

from datetime import date

from negotiation.understanding.request_month_ends import month_end_specs

MONDAY = date(2026, 3, 2)


def test_the_last_tuesday_of_the_month_is_the_31st():
    _, specs = month_end_specs("The last Tuesday of the month, 10:00", MONDAY)
    assert [s.dates for s in specs] == [frozenset({date(2026, 3, 31)})]


def test_the_first_monday_of_april_and_the_second_wednesday_in_march():
    _, specs = month_end_specs("the first Monday of April", MONDAY)
    assert specs[0].dates == frozenset({date(2026, 4, 6)})
    _, specs = month_end_specs("the second Wednesday in March", MONDAY)
    assert specs[0].dates == frozenset({date(2026, 3, 11)})


def test_an_nth_weekday_gone_by_is_left_unread():
    assert month_end_specs("the first Sunday of March", MONDAY)[1] == []
