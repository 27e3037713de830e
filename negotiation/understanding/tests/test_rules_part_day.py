"""A bare part of the day after a clause that named a day and its hour is that day's."""

from datetime import date

import pytest

from negotiation.understanding.rules_part_day import carry_day, is_singular_part

TODAY = date(2026, 3, 2)


@pytest.mark.parametrize(
    ("clauses", "expected"),
    [
        (["Monday morning doesn't work", "afternoon is fine"], "Monday afternoon is fine"),
        (["周一上午不行", "下午可以"], "周一下午可以"),
        (["Monday at 9 is too early", "the afternoon works"], "the Monday afternoon works"),
        # Left as written: a day alone, a plural part, a day of many weeks, two days.
        (["Thursday", "in the morning"], "in the morning"),
        (["Monday morning is out", "afternoons are fine"], "afternoons are fine"),
        (["Mondays are bad in the morning", "afternoon is fine"], "afternoon is fine"),
        (["Monday or Tuesday morning is out", "afternoon works"], "afternoon works"),
        (["Monday morning is out", "afternoon at 2 works"], "afternoon at 2 works"),
    ],
)
def test_a_bare_part_takes_the_day_named_with_an_hour_before_it(clauses, expected):
    day = None
    for clause in clauses:
        clause, day = carry_day(clause, day, TODAY)
    assert clause == expected


def test_a_part_said_once_is_singular():
    assert is_singular_part("afternoon is fine", 0)
    assert not is_singular_part("afternoons are fine", 0)
    assert not is_singular_part("pm is fine", 0)
