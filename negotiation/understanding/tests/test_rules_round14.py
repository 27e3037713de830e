"""Round 14: rules added against the unclear cases of held-out set 2, each with near misses."""

import pytest

from negotiation.understanding.tests.test_rules_accountability import CAFE, reading


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "In person please, not Zoom. Wednesday.",
            {"time": {"B"}, "location": {"1", "2"}, "-location": {"3"}},
        ),
        ("not in person", {"-location": {"1", "2"}}),
        ("Zoom is out, in person is fine", {"location": {"1", "2"}, "-location": {"3"}}),
        # Near misses: "in person" alone, or beside Zoom as a yes, says which of two?
        ("C in person", "unclear"),
        ("in person or Zoom", "unclear"),
    ],
)
def test_in_person_with_two_places_in_person(text, expected):
    assert reading(text, CAFE) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Can't do anything but A.", {"time": {"A"}, "-time": {"B", "C"}}),
        ("Nothing but Tuesday works for me.", {"time": {"A"}, "-time": {"B", "C"}}),
        ("Tuesday is anything but fine.", {"-time": {"A"}}),
        # Near misses: a word the spelling would lose, or no option named.
        ("Can't do anything but A in the morning.", "unclear"),
        ("I can't do anything but wait", "unclear"),
        ("Zoom is anything but reliable", "unclear"),
    ],
)
def test_only_and_anything_but(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Wednesday? No problem at all.", {"time": {"B"}}),
        ("Tuesday? Can't.", {"-time": {"A"}}),
        ("周二？可以", {"time": {"A"}}),
        # Near misses: two options asked back, irony after it, a relative day, a hedge.
        ("A or B? Fine.", "unclear"),
        ("Thursday at 9:30? Sure, because I love skipping the school run.", "unclear"),
        ("Tomorrow? Sure.", "unclear"),
        ("Wednesday? Maybe.", "unclear"),
    ],
)
def test_an_option_asked_back_then_answered(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Tuesday works. Sorry, scratch that, just saw I'm flying that morning. Thursday then.",
            {"time": {"C"}, "-time": {"A"}},
        ),
        ("A works. Actually, I'm away on Tuesday, B works", {"time": {"B"}, "-time": {"A"}}),
        # Near misses: the reason names another day; nothing before it to take back.
        ("A works. Actually, I'm away on Wednesday, C works", "unclear"),
        ("Wait, I'm away Tuesday. B.", "unclear"),
    ],
)
def test_a_reason_between_a_change_of_mind_and_the_new_answer(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tuesday I have the board meeting, so not A", {"-time": {"A"}}),
        ("I can do A and B. C clashes with the board call.", {"time": {"A", "B"}, "-time": {"C"}}),
        # Near misses: a hedge in the reason, reason and verdict disagree, another day.
        ("I can do Tuesday if needed, so A works", "unclear"),
        ("Tuesday doesn't work, so A is fine", "unclear"),
        ("Tuesday is the board meeting, so not B", "unclear"),
        ("C clashes with B", "unclear"),
    ],
)
def test_a_reason_then_the_verdict(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Any of them work for Bob", "unclear"),
        ("None work for Bob", "unclear"),
        ("小王都行", "unclear"),
        ("AC都行", "unclear"),
        ("Wednesday is the offsite", "unclear"),  # a real word, no typo for "office"
        ("whatever suits Bob", {"time": {"A", "B", "C"}, "location": {"1", "2"}}),
        ("我都行", {"time": {"A", "B", "C"}, "location": {"1", "2"}}),
    ],
)
def test_all_or_none_of_someone_else_is_asked_about(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "The office is fine. The timing isn't: none of the three.",
            {"location": {"2"}, "-time": {"A", "B", "C"}},
        ),
        ("What's the dial-in for Zoom if I'm driving?", {}),  # a question, no vote
        # Near misses: no list of four; a yes/no question with a condition asks to vote.
        ("none of the four", "unclear"),
        ("Is it ok if I take A?", "unclear"),
    ],
)
def test_counts_and_questions(text, expected):
    assert reading(text) == expected
