"""A statement of where someone is or whether they are free is never the meeting's topic."""

import pytest

from negotiation.understanding.request_topic import find_topic
from negotiation.understanding.request_topic_states import without_states
from negotiation.understanding.tests.views import request_context

CTX = request_context()


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("Roadmap review with Carol sometime next week, because I'm on leave Friday.", "roadmap"),
        ("Roadmap review with Carol sometime next week, I'm on leave Friday.", "roadmap"),
        ("Call with Dave next week on the pricing, as I'm on holiday Friday.", "pricing"),
        ("Catch-up with Bob next week, I'm out Friday.", "catch-up"),
    ],
)
def test_the_reason_is_not_the_topic(text, topic):
    assert topic in (find_topic(text, CTX) or "").lower()
    assert "leave" not in (find_topic(text, CTX) or "").lower()


def test_with_nothing_else_said_there_is_no_topic():
    assert find_topic("Meet Carol next week, because I'm on leave Friday.", CTX) is None


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("Leave policy review with Bob next Tuesday.", "leave policy review"),
        ("Holiday rota planning with Carol on Thursday.", "holiday rota planning"),
        ("Meet Bob next week about his parental leave.", "his parental leave"),
    ],
)
def test_a_subject_containing_such_a_word_stays(text, topic):
    assert (find_topic(text, CTX) or "").lower() == topic


@pytest.mark.parametrize(
    "text",
    [
        "Carol's away day planning",  # an event, no one away
        "the out-of-office rules",
        "the off-site review",
    ],
)
def test_things_named_like_states_are_kept(text):
    assert without_states(text) == text


def test_only_the_statement_is_blanked_and_the_days_after_it_stay():
    text = "next week, because I'm on leave Friday."
    out = without_states(text)
    assert len(out) == len(text)
    assert "leave" not in out and "Friday" in out
