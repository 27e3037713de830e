"""Asides the rules may leave out, and spoken clock times written as digits."""

import pytest

from negotiation.understanding.rules_asides import is_aside
from negotiation.understanding.rules_dates_clock import spell_clock_words


@pytest.mark.parametrize(
    "sentence",
    ["Sorry for the slow reply.", "Bob has the numbers anyway.", "Sorry it took so long"],
)
def test_a_sentence_about_something_else_is_an_aside(sentence):
    assert is_aside(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "I'm in Dubai.",  # a city: the times may be in its zone
        "C, in the park",  # a place that is no option
        "AC please.",  # looks like labels
        "Hate it though.",  # a feeling about an option
        "I'll be there at 10",  # a number
        "it's been a mad week",  # a time word
        "Is that ok?",  # a question
        "the first one",  # a reference
        "我周四有事",  # Chinese day and busy words
        "Thurday, remotly",  # a place word's look-alike next to a day
    ],
)
def test_anything_that_may_be_about_the_meeting_is_no_aside(sentence):
    assert not is_aside(sentence)


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("Tuesday at ten", "Tuesday at 10"),
        ("Thursday half nine", "Thursday 9:30"),
        ("half past nine on Thursday", "9:30 on Thursday"),
        ("quarter to ten", "9:45"),
        ("ten thirty", "10:30"),
        ("ten am", "10 am"),
        # near misses: no clock time
        ("A, ten minutes late", "A, ten minutes late"),
        ("at one point I said B", "at one point I said B"),
        ("the first one", "the first one"),
    ],
)
def test_spoken_clock_times_become_digits_only_where_they_are_times(text, written):
    assert spell_clock_words(text) == written
