"""People named only as away are the reason for the days, never guests."""

import pytest

from negotiation.understanding.request_away_people import away_ones_invited, named_as_away
from negotiation.understanding.rules import understand_request
from negotiation.understanding.tests.views import request_context
from negotiation.understanding.types import MeetingRequest

CTX = request_context()


def _people(text: str) -> set[str]:
    result = understand_request(text, CTX)
    assert isinstance(result, MeetingRequest), result
    return {p.email or p.name for p in result.participants}


@pytest.mark.parametrize(
    "text",
    [
        "Carol's on holiday Friday",
        "Carol is away Friday",
        "Carol's off Friday",
        "Carol will be travelling Friday",
        "Carol can't make Friday",
        "Carol won't be around Friday",
        "Carol is busy Friday",
    ],
)
def test_a_state_of_being_away(text):
    assert named_as_away(text, len("Carol"))


@pytest.mark.parametrize(
    "text",
    [
        "Carol's away day planning",  # an event
        "Carol's off-site review",
        "Carol's flying in Friday",  # coming, not away
        "Carol's back Friday",
        "Carol's team",
        "Carol can't wait",
    ],
)
def test_no_state_of_being_away(text):
    assert not named_as_away(text, len("Carol"))


@pytest.mark.parametrize(
    "text",
    [
        "Find something for the three of us",
        "all of us",
        "Thursday with her",
        "invite him anyway",
    ],
)
def test_counted_in(text):
    assert away_ones_invited(text)


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("Budget sync with Bob on Thursday since Carol's on holiday Friday", {"bob@example.com"}),
        ("Budget sync with Bob on Thursday, Carol's out Friday", {"bob@example.com"}),
        ("Sync with Bob on Thursday as Dave can't make Friday", {"bob@example.com"}),
        # Named as a guest too: invited.
        (
            "Budget review with Bob and Carol on Thursday, Carol's out Friday though",
            {"bob@example.com", "carol@example.com"},
        ),
        # A pronoun asks for her; the only one named is whom the meeting is with.
        ("Carol can't do Friday, so Thursday with her about the budget", {"carol@example.com"}),
        ("Carol can't do mornings next week. Annual goals", {"carol@example.com"}),
    ],
)
def test_who_is_invited(text, people):
    assert _people(text) == people
