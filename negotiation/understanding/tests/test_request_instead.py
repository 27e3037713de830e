"""A day put in place of a refused one is the one meant, never both that fit."""

import pytest

from negotiation.understanding.rules import understand_request
from negotiation.understanding.tests.views import request_context
from negotiation.understanding.types import MeetingRequest, Unclear

CTX = request_context()  # written on Monday 2 March 2026


def _days(text: str) -> list[int]:
    result = understand_request(text, CTX)
    assert isinstance(result, MeetingRequest), result
    return sorted({w.start.day for w in result.windows})


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("Budget sync with Bob on Friday. Actually Friday's bad. Monday instead.", [9]),
        ("Sync with Bob tomorrow. Hmm, tomorrow's tight. Monday instead.", [9]),
        ("Budget sync with Bob on Monday rather than Friday", [9]),
        ("Budget sync with Bob Monday in place of Friday", [9]),
        ("Budget sync with Bob on Tuesday rather than Friday", [3]),  # one Tuesday fits
        ("Sync with Bob on Monday about the budget", [2, 9]),  # nothing put in its place
        ("Sync with Bob on Monday, Zoom instead of Teams", [2, 9]),  # no day replaced
    ],
)
def test_the_day_meant(text, days):
    assert _days(text) == days


def test_never_both_mondays():
    result = understand_request("Sync with Bob. Let's do Monday instead.", CTX)
    assert isinstance(result, Unclear) or len({w.start.day for w in result.windows}) < 2
