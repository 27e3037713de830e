"""'It'll have to be X': the one option it can be, a yes to X and a no to the rest of its list."""

import pytest

from negotiation.understanding.rules import understand_reply
from tests.corpus.blind_loader import VIEWS

FOUR = VIEWS["four"]  # A-D times; 1 Google Meet, 2 Cafe Luna, 3 Room 401


@pytest.mark.parametrize(
    "text, accepted, rejected",
    [
        (
            "Wednesday works but I'm remote, so it'll have to be a video call.",
            {"time": {"D"}, "location": {"1"}},
            {"location": {"2", "3"}},
        ),
        (
            "B works. It has to be Room 401.",
            {"time": {"B"}, "location": {"3"}},
            {"location": {"1", "2"}},
        ),
        (
            "B works, has to be the cafe though",
            {"time": {"B"}, "location": {"2"}},
            {"location": {"1", "3"}},
        ),
        ("It has to be B or C.", {"time": {"B", "C"}}, {"time": {"A", "D"}}),
    ],
)
def test_what_it_has_to_be_is_a_yes_and_the_rest_of_its_list_a_no(text, accepted, rejected):
    answer = understand_reply(text, FOUR)
    assert {k: set(v) for k, v in answer.accepted.items() if v} == accepted
    assert {k: set(v) for k, v in answer.rejected.items() if v} == rejected


@pytest.mark.parametrize(
    "text",
    [
        "B works, has to be the cafe though, parking",  # a word the spelling would lose
        "A. It had to be Zoom last time",  # what it was, not what it must be
    ],
)
def test_anything_else_stays_asked(text):
    assert not getattr(understand_reply(text, FOUR), "accepted", None)
