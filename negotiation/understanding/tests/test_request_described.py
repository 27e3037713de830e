"""Days a request only describes ("this week and next are mad") beside other days offered."""

from datetime import date

import pytest

from negotiation.understanding.request_described import described, without_described
from negotiation.understanding.request_weeks import request_specs
from negotiation.understanding.rules import understand_request
from negotiation.understanding.tests.views import request_context
from negotiation.understanding.types import MeetingRequest

CTX = request_context()
TODAY = date(2026, 3, 2)


def _days(text: str) -> list[int]:
    result = understand_request(text, CTX)
    assert isinstance(result, MeetingRequest)
    return sorted({w.start.day for w in result.windows})


@pytest.mark.parametrize(
    "text",
    [
        "The week after next works better for the pricing review with Bob, this week and next are mad.",
        "Week after next suits me better for the vendor call with Dave; this week and next are bedlam.",
        "Audit prep with Carol. Both this week and next are a circus, the week after next works better.",
        "The week after the next is better for the roadmap sync with Will, this week and next are chaos.",
        "下下周比较好，这周和下周都很乱。和Bob讨论预算。",
    ],
)
def test_weeks_only_described_are_not_offered(text):
    assert _days(text) == [16, 17, 18, 19, 20]


@pytest.mark.parametrize(
    ("text", "days"),
    [
        # An offer in the description: every week is offered.
        (
            "The week after next works better for the pricing review with Bob, "
            "this week and next are open too.",
            [2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20],
        ),
        ("这周很空，下周也可以。和Bob讨论预算。", [2, 3, 4, 5, 6, 9, 10, 11, 12, 13]),
        # A day described apart from the days offered is left out.
        (
            "Next week works for the Q2 review with Bob. Tuesday is when he lands, so Wednesday or Thursday.",
            [11, 12],
        ),
        # "but" after days only described turns to the days offered.
        (
            "This week is hectic but next week is good for the budget chat with Bob.",
            [9, 10, 11, 12, 13],
        ),
    ],
)
def test_described_days_near_misses(text, days):
    assert _days(text) == days


@pytest.mark.parametrize(
    "text",
    [
        "Next week for the supplier call with Dave; Monday is a bank holiday here.",
        "Hiring sync with Carol. Next week is her first week back: Tuesday or Thursday.",
    ],
)
def test_a_day_described_inside_what_is_offered_asks(text):
    assert _days(text) == []


def test_described_finds_the_subject_of_a_description_only():
    clause = "The week after next works better, this week and next are mad"
    specs = request_specs(clause, TODAY)
    assert described(clause, specs) == {1}
    offer = "The week after next works better, this week and next are fine"
    assert described(offer, request_specs(offer, TODAY)) == set()


def test_without_described_keeps_everything_when_nothing_else_is_offered():
    clause = "Monday is a zoo"
    specs = request_specs(clause, TODAY)
    assert without_described(specs, {id(specs[0])}, TODAY) == specs
