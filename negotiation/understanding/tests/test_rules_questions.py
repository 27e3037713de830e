"""What a reply asks the organiser: its lead-in, its context, and what it asks about."""

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.rules_questions import (
    asks_length,
    asks_to_bring,
    drop_question_lead,
    may_be_context,
    others_cannot,
)
from negotiation.understanding.tests.views import standard_view
from negotiation.understanding.types import Answer, Unclear

VIEW = standard_view()  # A Tue 10:00, B Wed 14:00, C Thu 09:30; 1 Zoom, 2 Office 3F


@pytest.mark.parametrize(
    ("text", "rest"),
    [
        ("Quick q: where is it?", "where is it?"),
        ("Quick question — is it the same one? Anyway, C.", "is it the same one? Anyway, C."),
        ("Before I answer: which review is it?", "which review is it?"),
        # Near misses: no question after it, or words that are not a lead-in.
        ("Quick note: Tuesday works.", "Quick note: Tuesday works."),
        ("Quick q: Tuesday works.", "Quick q: Tuesday works."),
    ],
)
def test_a_lead_in_is_dropped_only_before_a_question(text, rest):
    assert drop_question_lead(text) == rest


def test_what_a_question_asks_about():
    assert asks_length("can we make it 30 minutes?")
    assert asks_length("could we keep it to 45 min?")
    assert not asks_length("can we make it 3pm instead?")
    assert asks_to_bring("能带实习生一起参加吗?")
    assert others_cannot("a recording for those who can't make it?")
    assert not others_cannot("will there be a recording? i can't make it")


def test_context_is_never_a_possible_no():
    assert may_be_context("I'm new here.")
    assert may_be_context("I'm in Chicago.")
    assert not may_be_context("I'm away that week.")
    assert not may_be_context("I can't stay long.")


def _asks(text: str) -> Answer:
    result = understand_reply(text, VIEW)
    assert isinstance(result, Answer) and result.question
    return result


def test_a_statement_beside_a_question_joins_it():
    result = _asks("Are these times CET? I'm in Chicago.")
    assert result.question == "Are these times CET? I'm in Chicago."
    assert not result.accepted
    result = _asks("I'm new here. Where is Office 3F? Wednesday works.")
    assert result.question.startswith("I'm new here.")
    assert result.accepted == {"time": frozenset({"B"})}


def test_a_statement_that_may_be_a_no_is_asked_about():
    assert isinstance(understand_reply("Who else is coming? I'm away that week.", VIEW), Unclear)
    assert isinstance(
        understand_reply("Wednesday works. My colleague Tom has the slides.", VIEW), Unclear
    )


def test_a_no_of_other_people_inside_a_question_is_no_decline():
    result = _asks("Thursday works. Will there be a recording for those who can't make it?")
    assert result.accepted == {"time": frozenset({"C"})} and not result.declined


def test_the_meeting_length_is_asked():
    result = _asks("B works, could we keep it to 45 min?")
    assert result.accepted == {"time": frozenset({"B"})} and not result.proposals
