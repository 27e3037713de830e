"""The subject as the object of the work a meeting does: "to prep X", "walk Bob through X"."""

import pytest

from negotiation.understanding.request_topic import find_topic
from negotiation.understanding.request_topic_acts import act_object, names_nothing
from negotiation.understanding.tests.views import request_context

CTX = request_context()


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("Set up time with Dave on Monday to prep the board deck.", "Board deck"),
        ("Could we do a deep dive into the churn numbers with Carol on Thursday?", "Churn numbers"),
        ("I want to walk Bob through the new expense policy next Monday.", "New expense policy"),
        (
            "Let's get together with Bob on Friday and figure out the travel budget.",
            "Travel budget",
        ),
        (
            "Bob and Carol next Wednesday, 2pm. We'll be looking at the pilot results.",
            "Pilot results",
        ),
        ("A session with Erin for going through the survey results, Tuesday.", "Survey results"),
        ("Tuesday afternoon with Dave, we should review the rebate terms.", "Rebate terms"),
        ("Can we talk 2027 pricing with Dave next week?", "2027 pricing"),
    ],
)
def test_the_object_of_the_work_is_the_subject(text, topic):
    assert find_topic(text, CTX) == topic


@pytest.mark.parametrize(
    "text",
    [
        "We should review it on Friday with Bob.",
        "Let's plan for next week with Carol.",
        "I want to go over a few things with Dave on Friday.",
        "Can we talk tomorrow with Bob?",
        "Let's figure out when to meet - Bob, Carol, next week.",
        "Can we go over to the office on Friday with Bob?",
        "I need to plan my week, so book Bob for Thursday.",
        "I'll be reviewing candidates all day Tuesday, so Wednesday with Carol.",
    ],
)
def test_work_without_a_named_object_names_no_subject(text):
    assert find_topic(text, CTX) is None


def test_words_in_a_subjects_place_name_nothing():
    assert names_nothing("a few things") and names_nothing("Some points")
    assert not names_nothing("the few open points on the contract")
    assert not act_object("when we meet") and not act_object("to the office")
    assert act_object("the QBR deck")
