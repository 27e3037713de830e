"""Issue 13, second round: rules added against the blind sets, each with its near misses."""

from dataclasses import replace

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.views import standard_view
from negotiation.understanding.types import OptionView

VIEW = standard_view()
TIMES = tuple(o for o in VIEW.options if o.item == "time")
PLACES = tuple(o for o in VIEW.options if o.item == "location")
ONE_PLACE = replace(VIEW, options=TIMES + PLACES[:1])
ONE_TIME = replace(
    VIEW, options=TIMES[:1] + PLACES + (OptionView("3", "location", "Cafe Central"),)
)


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        # Only one list of several: a bare ordinal is that list's.
        ("the first one", ONE_PLACE, {"time": {"A"}}),
        ("the first one", ONE_TIME, {"location": {"1"}}),
        ("第二个", ONE_TIME, {"location": {"2"}}),
        # Both lists of several, and only the times can hold it (two places).
        ("the middle one", VIEW, {"time": {"B"}}),
        ("the third one", VIEW, {"time": {"C"}}),
        ("第三个可以", VIEW, {"time": {"C"}}),
        # Both lists can hold it: the times (owner's decision).
        ("the first one", VIEW, {"time": {"A"}}),
        ("the second one", VIEW, {"time": {"B"}}),
        ("第一个", VIEW, {"time": {"A"}}),
        # Near misses: the 3rd of the month as likely, or no option's rank at all.
        ("the third", VIEW, "unclear"),  # the 3rd of the month as likely
        ("the third works", VIEW, "unclear"),
        ("第三周可以", VIEW, "unclear"),  # the third week
        ("the fifth one", VIEW, "unclear"),
    ],
)
def test_a_bare_ordinal_belongs_to_the_only_list_that_can_hold_it(text, view, expected):
    assert reading(text, view) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Answers inline below in CAPS.\n\nA: YES - Carol\nC: YES - Carol", {"time": {"A", "C"}}),
        ("see my answers below:\nB: yes", {"time": {"B"}}),
        # Near miss: a note on where answers are, with none below, says nothing.
        ("Answers below in CAPS.", "unclear"),
    ],
)
def test_a_note_that_answers_are_inline_is_no_part_of_the_answer(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("not Wednesday, Thursday", {"time": {"C"}, "-time": {"B"}}),
        ("Not 10am, 2pm works", {"time": {"B"}, "-time": {"A"}}),
        ("Decline Tuesday, accept Thursday", {"time": {"C"}, "-time": {"A"}}),
        ("No Zoom please, office", {"location": {"2"}, "-location": {"1"}}),
        # Near misses: more than options on a side, two lists, one option twice, labels.
        ("Not Tuesday, sorry", {"-time": {"A"}}),
        ("not Wednesday, Thursday maybe", "unclear"),
        ("not Zoom, Thursday", "unclear"),
        ("not 10am, Tuesday", "unclear"),
        ("Not A, B", "unclear"),
        ("I can do Tuesday, not Wednesday, Thursday", "unclear"),
    ],
)
def test_a_no_then_a_bare_option_of_the_same_list_is_a_swap(text, expected):
    assert reading(text) == expected


def proposals(text):
    answer = understand_reply(text, VIEW)
    return sorted(p.start.strftime("%a %H:%M") for p in getattr(answer, "proposals", ()))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("B works, or the same day at 4pm", ["Wed 16:00"]),
        ("A is fine, an hour later is also fine", ["Tue 11:00"]),
        ("C works, or half an hour earlier", ["Thu 09:00"]),
        ("Tuesday is fine, or two hours later", ["Tue 12:00"]),
        ("Tuesday works but an hour later would be better, 11:00?", ["Tue 11:00"]),
        ("Tuesday works but an hour later would be better, 12:00?", []),  # clocks disagree
        # Near misses: no single option to be relative to, or a soft no on it.
        ("15:00 the same day?", []),
        ("A or B, an hour later?", []),
        ("B is tricky; 15:00 the same day?", []),
    ],
)
def test_a_time_relative_to_the_one_option_named_is_a_proposal(text, expected):
    assert proposals(text) == expected


def test_forwarding_back_with_an_answer_is_how_it_travels_not_what_it_says():
    assert reading("Forwarding back with my answer: B, Zoom") == {
        "time": {"B"},
        "location": {"1"},
    }
    # Near miss: what comes back is not an answer.
    assert reading("Forwarding back with the agenda: B") == "unclear"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("周二行不行", "unclear"),  # "is Tuesday OK?", with no question mark
        ("A可不可以", "unclear"),
        ("不要线上，去办公室", {"location": {"2"}, "-location": {"1"}}),
        ("不要周二，周三", {"time": {"B"}, "-time": {"A"}}),
        # Near misses: a yes and a no apart; 能不能 opening a proposal.
        ("周二行，周三不行", {"time": {"A"}, "-time": {"B"}}),
        ("不要周二、周三", {"-time": {"A", "B"}}),  # 、 lists two noes: never a swap
    ],
)
def test_chinese_questions_and_swaps(text, expected):
    assert reading(text) == expected


def test_could_we_move_it_in_chinese_stays_a_proposal():
    assert proposals("能不能改到周五下午3点") == ["Fri 15:00"]
