"""Offered places by a part of their name: a floor alone ("3F"), never someone's own office."""

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.rules_places import FITS_NO_OPTION, find_places
from negotiation.understanding.tests.test_rules_round15 import FOUR, STD, _view
from negotiation.understanding.types import Unclear

OFFICES = _view(
    "Asia/Shanghai",
    "2026-03-04T09:00:00+08:00",
    {"A": "2026-03-09T10:00", "B": "2026-03-10T15:00"},
    ["Office 3F", "Office 5F", "Zoom", "Teams"],
)


def _places(view):
    return tuple(o for o in view.options if o.item == "location")


def _read(text, view):
    result = understand_reply(text, view)
    if isinstance(result, Unclear):
        return "unclear"
    votes = {k: set(v) for k, v in result.accepted.items() if v}
    return votes, {p.place for p in result.proposals if p.item == "location"}


@pytest.mark.parametrize(
    ("text", "view", "ids"),
    [
        ("3F", STD, ["2"]),
        ("3f please", STD, ["2"]),
        ("3/F", STD, ["2"]),
        ("5F", OFFICES, ["2"]),
        ("3F or 5F", OFFICES, ["1", "2"]),
    ],
)
def test_a_floor_alone_names_the_one_place_on_it(text, view, ids):
    _, refs = find_places(text, _places(view))
    assert [oid for _, _, oid in refs.hits] == ids


@pytest.mark.parametrize("text", ["4F", "3 floors up", "F3"])
def test_a_floor_no_place_is_on_names_none(text):
    _, refs = find_places(text, _places(OFFICES))
    assert refs.hits == []


def test_someones_own_office_is_no_meeting_room_of_the_family():
    # "Room 401" is offered and no office: "the office" may mean the room, "my office" not.
    _, mine = find_places("in my office", _places(FOUR))
    assert mine.hits == [] and mine.problems == [FITS_NO_OPTION]
    _, the = find_places("the office", _places(FOUR))
    assert [oid for _, _, oid in the.hits] == ["3"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("How about Tuesday 3pm in Room 512?", ({}, {"Room 512"})),
        ("C works. Could we use Room 210 instead?", ({"time": {"C"}}, {"Room 210"})),
        ("C, room 401", ({"time": {"C"}, "location": {"3"}}, set())),
        ("C. I'm in Room 512 all day.", "unclear"),
        ("C, in Room 512", "unclear"),
        ("How about Tuesday 3pm in my office?", "unclear"),
    ],
)
def test_a_room_by_another_number_is_proposed_only_inside_proposing_words(text, expected):
    assert _read(text, FOUR) == expected
