"""Days given by their ends ("between tomorrow and the end of next week", "before the 20th")."""

from dataclasses import replace
from datetime import date

import pytest

from negotiation.understanding.request_spans import UNTIL, span_specs, within_deadlines
from negotiation.understanding.rules import understand_request
from negotiation.understanding.rules_dates_spec import TimeSpec
from negotiation.understanding.tests.views import at, request_context
from negotiation.understanding.types import MeetingRequest

CTX = request_context()  # Monday 2 March 2026, 08:00
TODAY = date(2026, 3, 2)
MARCH_WORKDAYS = [d for d in range(2, 32) if date(2026, 3, d).weekday() < 5]


def _days(text: str, ctx=CTX) -> list[int]:
    result = understand_request(text, ctx)
    assert isinstance(result, MeetingRequest), result
    return sorted({w.start.day for w in result.windows})


@pytest.mark.parametrize(
    "text",
    [
        "Go/no-go call with Bob anytime between tomorrow and the end of next week.",
        "Could you find a slot with Bob from tomorrow until the end of next week? Budget.",
        "Budget chat with Bob, any day from tomorrow through the end of next week.",
        "Bob and me, budget, sometime between tomorrow and end of next week please.",
    ],
)
def test_a_span_to_the_end_of_next_week_is_every_working_day_in_it(text):
    assert _days(text) == [3, 4, 5, 6, 9, 10, 11, 12, 13]


@pytest.mark.parametrize(
    "text",
    [
        "Budget review with Bob, any day before the 20th.",
        "Can you book Bob about the budget sometime before the 20th?",
        "Bob, budget: whenever suits, prior to the 20th.",
    ],
)
def test_any_day_before_a_far_date_runs_from_today_to_the_day_before(text):
    assert _days(text) == [2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 18, 19]


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("三月底之前的某个周二下午，和Bob做一下季度复盘。", [3, 10, 17, 24, 31]),
        ("Some Tuesday before the end of March with Bob, quarterly review.", [3, 10, 17, 24, 31]),
        ("Budget with Bob, a Tuesday before the 20th.", [3, 10, 17]),
        ("帮忙约Bob聊预算，时间你定，但要在 March 底之前。", MARCH_WORKDAYS),
        ("和Bob开会讨论预算，月底之前哪天都行。", MARCH_WORKDAYS),
        # The deadline only bounds the week named beside it.
        ("Budget review with Bob before the 20th, ideally next week.", [9, 10, 11, 12, 13]),
        ("Budget review with Bob next week, but before the 12th.", [9, 10, 11]),
    ],
)
def test_a_deadline_bounds_the_days_named_beside_it(text, days):
    assert _days(text) == days


@pytest.mark.parametrize(
    "text",
    [
        # The deadline alone may be the work's: the hub asks.
        "Meeting with Bob about the budget by the end of the month.",
        "Bob and I need to sort the accounts before the 31st.",
        # The other side of a deadline, or the deadline of something else.
        "Budget review with Bob, any day but not before the 20th.",
        "Budget review with Bob any day; the deck is due by the 20th.",
        # "until" says when she is away, not when she is free.
        "I'm away until the 20th. Budget review with Bob, any day.",
        # One day placed by the deadline, which the rules do not pick.
        "Budget with Bob the Tuesday before the 20th.",
        "Budget with Bob any day the week before the 20th.",
        # "no later than" reads as a refusal to the clause rules: the hub asks.
        "Budget with Bob, any day no later than the 19th.",
        # More than two months ahead.
        "Budget review with Bob any day before the end of June.",
    ],
)
def test_no_day_is_offered_from_a_deadline_that_gives_none(text):
    assert _days(text) == []


@pytest.mark.parametrize(
    ("said_on", "text", "day"),
    [
        (2, "Monday after next, 4pm, with Bob: pricing page.", 16),
        (4, "Monday after next, 4pm, with Bob: pricing page.", 16),
        (4, "Wednesday after next with Bob about pricing.", 18),
        (6, "The Friday after next with Bob about pricing.", 20),
    ],
)
def test_a_day_after_next_whose_turn_this_week_has_come_has_one_reading(said_on, text, day):
    assert _days(text, replace(CTX, message_date=at(said_on, 8))) == [day]


def test_a_day_after_next_still_ahead_this_week_asks():
    result = understand_request("The Friday after next with Bob about pricing.", CTX)
    assert isinstance(result, MeetingRequest) and not result.windows


def test_span_specs_blank_what_they_read():
    blanked, specs = span_specs("any day before the 20th, ideally next week", TODAY)
    assert "20th" not in blanked and "next week" in blanked
    assert specs[0].qualifier == UNTIL and max(specs[0].dates) == date(2026, 3, 19)


def test_a_deadline_with_no_other_day_needs_her_any_day():
    limit = TimeSpec(0, 5, dates=frozenset({date(2026, 3, 3)}), broad=True, qualifier=UNTIL)
    assert within_deadlines([limit], "Budget with Bob by the 4th") == []
    assert within_deadlines([limit], "Budget with Bob any day by the 4th") == [limit]
