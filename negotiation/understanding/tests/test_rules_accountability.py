"""Whole-reply accountability and the matching a person would accept, with near misses.

Each rule added for the blind corpus comes with the sentence that looks like it but
means something else: that one must stay unclear (or read differently), never guessed.
"""

from dataclasses import replace

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.tests.views import standard_view
from negotiation.understanding.types import Answer, OptionView, Unclear

VIEW = standard_view()
# Two places in person (a café and an office) and one online.
CAFE = replace(
    VIEW,
    options=tuple(o for o in VIEW.options if o.item == "time")
    + (
        OptionView("1", "location", "Cafe Central"),
        OptionView("2", "location", "Office 3F"),
        OptionView("3", "location", "Zoom"),
    ),
)


def reading(text, view=VIEW):
    result = understand_reply(text, view)
    if isinstance(result, Unclear):
        return "unclear"
    out = {f"{k}": set(v) for k, v in result.accepted.items()}
    out |= {f"-{k}": set(v) for k, v in result.rejected.items()}
    if result.declined:
        out["declined"] = True
    return out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A part the rules cannot place is asked about, never dropped.
        ("C, in the park", "unclear"),
        ("A, 3rd floor", {"time": {"A"}, "location": {"2"}}),  # Office 3F's floor
        ("A, 2nd floor", "unclear"),  # near miss: no place on the 2nd floor
        ("Wedensday is no good, Tuesday fine", {"time": {"A"}, "-time": {"B"}}),
        # Near miss: pleasantries around an answer are no such part.
        ("Sorry, I can't make it", {"declined": True}),
        ("A works, thanks!", {"time": {"A"}}),
    ],
)
def test_every_part_of_a_reply_is_accounted_for(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("B at the café", {"time": {"B"}, "location": {"1"}}),
        ("A, 咖啡馆", {"time": {"A"}, "location": {"1"}}),
        ("B，办公室", {"time": {"B"}, "location": {"2"}}),
        ("A, online", {"time": {"A"}, "location": {"3"}}),
        # Near miss: "in person" fits the café and the office: ask, never accept both.
        ("C in person", "unclear"),
        ("A, don't mind where", {"time": {"A"}, "location": {"1", "2", "3"}}),
        ("B，哪里都行", {"time": {"B"}, "location": {"1", "2", "3"}}),
        ("A, B, C - all fine. 2", {"time": {"A", "B", "C"}, "location": {"2"}}),
        ("A, all fine", "unclear"),  # near miss: "all" next to one option of three
        (
            "any day is fine, anywhere but the cafe",
            {"time": {"A", "B", "C"}, "location": {"2", "3"}, "-location": {"1"}},
        ),
    ],
)
def test_places_by_kind_and_partial_name(text, expected):
    assert reading(text, CAFE) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Without a time or place word, the times: the list the invitation asks first
        # (owner's decision; labellers disagreed).
        ("the first one", {"time": {"A"}}),
        ("the last time slot", {"time": {"C"}}),
        ("either of the first two times", {"time": {"A", "B"}}),
        ("the second place", {"location": {"2"}}),
        ("前两个时间都行", {"time": {"A", "B"}}),
        # Three times and two places: "the first two" of a list of two would be "both",
        # so the times (the unseen sets' writers read it so too).
        ("前两个都行", {"time": {"A", "B"}}),
        ("the first two work", {"time": {"A", "B"}}),
        ("第二个时间，第一个地点", {"time": {"B"}, "location": {"1"}}),
        # Near misses: order words that name no option.
        ("A is my second choice", "unclear"),
        ("First, A works", {"time": {"A"}}),
        ("the first week of April", "unclear"),
        ("the fifth one", "unclear"),
    ],
)
def test_ordinals_name_options_by_their_place_in_the_list(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("前两个都行", {"A", "B"}), ("the first two work", {"A", "B"}), ("the first one", {"A"})],
)
def test_a_rank_that_fits_both_lists_ranks_the_times(text, expected):
    # Three times and three places: the first two of either list, read as the times
    # (owner's decision: the invitation lists and asks the times first).
    assert reading(text, CAFE) == {"time": expected}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("✅ A  ❌ B", {"time": {"A"}, "-time": {"B"}}),
        (
            "A ✅\nB ✅\nC ❌\n1 ✅\n2 ❌",
            {"time": {"A", "B"}, "-time": {"C"}, "location": {"1"}, "-location": {"2"}},
        ),
        ("A-OK!", "unclear"),  # near miss: an idiom, no option A
        ("A 👍 for me", "unclear"),
    ],
)
def test_marks_per_option(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("None of these work, go ahead without me.", {"declined": True}),
        ("Can't do any of these. Bob can represent me.", {"declined": True}),
        ("None of these work, could you suggest other times?", {"-time": {"A", "B", "C"}}),
        # Near miss: "none" is about the times; places only when named.
        ("none of these", {"-time": {"A", "B", "C"}}),
        ("Neither place works", {"-location": {"1", "2"}}),
        # "A1, C2" ties each time to a place: a tally of times and places apart cannot.
        ("A1, C2", "unclear"),
        ("A1, C1", {"time": {"A", "C"}, "location": {"1"}}),
        (
            "Not B - A and C fine, but not in the office",
            {"time": {"A", "C"}, "-time": {"B"}, "-location": {"2"}},
        ),
        ("I'm not unavailable on Thursday", "unclear"),
        ("C - 90% sure", "unclear"),
    ],
)
def test_decline_none_pairs_and_negations(text, expected):
    assert reading(text) == expected


def test_answers_recorded_are_answers():
    assert isinstance(understand_reply("A works. Is there parking?", VIEW), Answer)
