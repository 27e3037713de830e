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
