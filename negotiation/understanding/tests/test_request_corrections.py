"""Corrections a request makes of itself: read when plain, asked about otherwise."""

import pytest

from negotiation.understanding.request_corrections import corrected
from negotiation.understanding.rules import understand_request
from negotiation.understanding.tests.views import request_context
from negotiation.understanding.types import MeetingRequest, Unclear

CTX = request_context()


def _read(text: str):
    return understand_request(text, CTX)


def _slots(result: MeetingRequest) -> list[tuple[int, int, int]]:
    return sorted((w.start.day, w.start.hour, w.start.minute) for w in result.windows)


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        # A day for the day said right before it.
        (
            "Budget with Bob on Thursday the 12th (sorry, I meant Friday the 13th), 10am.",
            [(13, 10, 0)],
        ),
        # An hour for the hour: the day stays.
        (
            "Budget with Bob Tuesday at 10. No wait, Bob's got his 1:1 then, make it 11.",
            [(3, 11, 0)],
        ),
        ("Budget with Bob Thursday at 12, no wait, make it 12:30.", [(5, 12, 30)]),
        ("周三，哦不对，周四上午十点，和Bob聊预算。", [(5, 10, 0)]),
    ],
)
def test_a_plain_correction_is_read_as_corrected(text, slots):
    result = _read(text)
    assert isinstance(result, MeetingRequest)
    assert _slots(result)[: len(slots)] == slots and len(result.windows) == len(slots)


def test_a_length_and_people_are_corrected():
    result = _read("Budget with Bob, Friday at 10, 45 minutes (make that 40, I need a break).")
    assert isinstance(result, MeetingRequest) and result.duration_minutes == 40
    result = _read("Budget with Bob and Dave (sorry, not Dave, I meant Carol), Friday at 10.")
    assert isinstance(result, MeetingRequest)
    assert {p.email for p in result.participants} == {"bob@example.com", "carol@example.com"}
    result = _read("Budget with Bob and Carol, Friday at 10. Actually scratch Carol, she's away.")
    assert isinstance(result, MeetingRequest)
    assert {p.email for p in result.participants} == {"bob@example.com"}


@pytest.mark.parametrize(
    "text",
    [
        # Whom does Dave replace, Bob or Carol?
        "Budget with Bob and Carol Tuesday at 10. Actually, make it Dave.",
        # Taken back again after the correction.
        "Budget with Bob on Thursday at 2. Make it 3pm actually. Ugh, no, 3 is the all-hands.",
        # A day for a day said with an hour: at 3 on Thursday too?
        "Call Bob Friday at 3 about the budget, sorry, I meant Thursday.",
        # No new day, hour, length or person.
        "Budget with Bob on Tuesday, I mean if he's back by then.",
        # Two corrections of the same thing.
        "Budget with Bob Thursday afternoon. Actually make it Friday. No, Thursday, but morning.",
    ],
)
def test_a_correction_that_is_not_plain_asks(text):
    assert isinstance(_read(text), Unclear)


def test_a_request_without_a_change_of_mind_is_left_as_it_is():
    text = "Budget with Bob on Friday at 10."
    assert corrected(text, CTX) == text


def test_a_correction_of_the_place_alone_replaces_the_place():
    result = _read(
        "Tariff update with Bob tomorrow 15:30. Zoom is fine. On second thought, "
        "let's do it in person, Room 4B."
    )
    assert isinstance(result, MeetingRequest)
    assert _slots(result) == [(3, 15, 30)]
    assert "Zoom" not in result.locations and "Room 4B" in result.locations


@pytest.mark.parametrize(
    "text",
    [
        # The place said before comes with other things: which of them changes?
        "Tariff update with Bob on Friday at 10 in Room 3. Actually, let's meet at the office.",
        # A place and a day: more than a place.
        "Tariff update with Bob on Friday at 10, Zoom. Actually, let's meet at the office on Thursday.",
    ],
)
def test_a_place_correction_with_more_in_it_asks(text):
    assert isinstance(_read(text), Unclear)


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        (
            "Content with Bob on Thursday at 2. Make it 3pm actually. Ugh, no, 3 is the "
            "all-hands. Back to 2 like I first said.",
            [(5, 14, 0)],
        ),
        (
            "Content with Bob on Thursday at 2. Actually make it Friday. No wait, Friday is "
            "bad. Back to Thursday as originally planned.",
            [(5, 14, 0)],
        ),
    ],
)
def test_going_back_to_the_first_answer_reads_the_first(text, slots):
    result = _read(text)
    assert isinstance(result, MeetingRequest)
    assert _slots(result) == slots


@pytest.mark.parametrize(
    "text",
    [
        # 4 was never said first.
        "Content with Bob on Thursday at 2. Make it 3pm actually. Back to 4 like I first said.",
        # A person changed in between: is Carol still in?
        "Content with Bob on Thursday at 2. Make it 3pm actually, with Carol. Back to 2 like I first said.",
        # Something new after going back.
        "Content with Bob on Thursday at 2. Make it 3pm. Actually back to 2 like I first said, but Friday.",
    ],
)
def test_going_back_with_more_changes_asks(text):
    assert isinstance(_read(text), Unclear)
