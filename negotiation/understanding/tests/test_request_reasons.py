"""Reasons given for a request's days add none, and days said away are never offered."""

from datetime import date

import pytest

from negotiation.understanding.request_reasons import reasons
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
    ("text", "days"),
    [
        (
            "Review with Bob next week, Wednesday onwards since Mon/Tue I'm in Hamburg.",
            [11, 12, 13],
        ),
        ("Review with Bob next week, Wednesday since Mon/Tue I'm in Hamburg.", [11]),
        ("Review with Bob on Thursday since I'm in Berlin that day.", [5]),
        ("Review with Bob on Thursday, as I'm in Hamburg on Friday.", [5]),
        ("Review with Bob next week since I'm travelling Mon-Tue.", [11, 12, 13]),
        ("Review with Bob next week. I'm travelling Monday and Tuesday.", [11, 12, 13]),
        ("Since I'm travelling Mon-Tue, review with Bob next week please.", [11, 12, 13]),
        ("Review with Bob on Wednesday. Thursday I'm at the client.", [4]),
        ("Review with Bob on Thursday since we spoke on Monday.", [5]),
        ("Review with Bob next week as Carol is away Monday.", [10, 11, 12, 13]),
    ],
)
def test_a_reason_adds_no_day_and_its_days_away_are_left_out(text, days):
    assert _days(text) == days


@pytest.mark.parametrize(
    "text",
    [
        # A free day that was not asked: an offer too? The hub asks.
        "Review with Bob on Wednesday since I'm back in the office Thursday.",
        # In Berlin inside the week asked: the trip or the offer?
        "Review with Bob next week since I'm in Berlin Tue-Thu.",
    ],
)
def test_a_reason_that_may_offer_asks(text):
    assert _days(text) == []


def test_a_reason_without_a_day_of_its_own_stays_in_the_text():
    text = "Thursday since I'm in Berlin that day."
    assert reasons(text, TODAY).text == text


def test_what_was_said_is_no_reason():
    text = "Thursday, as I said on Monday."
    assert reasons(text, TODAY).text == text


def test_a_reason_alone_is_the_ask_itself():
    text = "Since I'm free on Thursday."
    assert reasons(text, TODAY).text == text
