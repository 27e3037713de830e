"""People described rather than named: the hub asks who, and the name inside invites no one."""

import pytest

from negotiation.understanding.request_unnamed import described_people
from negotiation.understanding.rules import understand_request
from negotiation.understanding.tests.views import request_context
from negotiation.understanding.types import MeetingRequest

CTX = request_context()


def _people(text: str) -> set[str]:
    result = understand_request(text, CTX)
    assert isinstance(result, MeetingRequest), result
    return {p.email or "?" + p.name for p in result.participants}


@pytest.mark.parametrize(
    ("text", "people"),
    [
        (
            "Get Bob and Bob's manager for 30 min Thursday morning about his promotion.",
            {"bob@example.com", "?Bob's manager"},
        ),
        ("Meeting with Bob's manager about the budget Tuesday at 10.", {"?Bob's manager"}),
        ("Invite Carol's assistant to the budget review on Tuesday at 10.", {"?Carol's assistant"}),
        ("Could you book the marketing team for a brainstorm, Tuesday 14:00?", {"?marketing team"}),
        (
            "Carol and the new guy in finance, Wednesday at 10:30, tax filing.",
            {"carol@example.com", "?new guy in finance"},
        ),
        (
            "Call with Carol and someone from legal about the NDA, Friday 10am.",
            {"carol@example.com", "?someone from legal"},
        ),
    ],
)
def test_someone_described_is_asked_about(text, people):
    assert _people(text) == people


@pytest.mark.parametrize(
    ("text", "people"),
    [
        # Not invited there: a topic, a possessive, the people who asked.
        ("Carol, about the marketing team's budget, Tuesday at 10.", {"carol@example.com"}),
        ("Carol, Tuesday at 10, for the sales team.", {"carol@example.com"}),
        (
            "Bob's manager asked for this: Carol and me, Tuesday at 10, budget.",
            {"carol@example.com"},
        ),
        # The group named, then who it is.
        (
            "Wednesday evening with the partner team - Dave and Bob. Kickoff.",
            {"dave@partner.org", "bob@example.com"},
        ),
        # A thing of Bob's, not a person.
        (
            "Review Bob's budget with Carol on Tuesday at 10.",
            {"bob@example.com", "carol@example.com"},
        ),
    ],
)
def test_a_description_where_no_one_is_invited_asks_about_no_one(text, people):
    assert _people(text) == people


def test_every_description_is_set_apart_but_only_invited_ones_are_returned():
    invited, spans = described_people("Bob's manager liked it. Invite the design team, Carol.")
    assert [said for said, _, _ in invited] == ["design team"]
    assert len(spans) == 2
