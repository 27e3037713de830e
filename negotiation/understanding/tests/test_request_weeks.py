"""Week words of requests: week numbers, "the next few days", "not this week but next"."""

from datetime import date

import pytest

from negotiation.understanding.request_weeks import bare_next_week, request_specs

TODAY = date(2026, 3, 2)


def _days(text: str) -> list[int]:
    return sorted(d.day for s in request_specs(text, TODAY) for d in s.dates or ())


@pytest.mark.parametrize("text", ["in KW 12", "calendar week 12", "CW12 please", "KW. 12"])
def test_a_week_number_is_that_iso_week(text):
    assert _days(text) == [16, 17, 18, 19, 20]


def test_a_week_number_gone_by_is_next_years():
    dates = {d for s in request_specs("in KW 2", TODAY) for d in s.dates or ()}
    assert min(dates) == date(2027, 1, 11)


@pytest.mark.parametrize("text", ["week 12 of the project", "KW 12.5", "room CW 3:15"])
def test_no_week_number(text):
    assert _days(text) == []


def test_the_next_few_days_are_today_and_four_after():
    assert _days("in the next few days") == [2, 3, 4, 5, 6]
    assert _days("over the coming days") == [2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Not this week — next, Wednesday on", "Not this week — next week, Wednesday on"),
        ("not this week but next.", "not this week but next week."),
        ("not this week, next Tuesday", "not this week, next Tuesday"),
        ("not this week — next month", "not this week — next month"),
    ],
)
def test_a_bare_next_after_this_week_is_next_week(text, said):
    assert bare_next_week(text) == said
