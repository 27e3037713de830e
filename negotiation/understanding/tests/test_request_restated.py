"""A request that settles on another time after second thoughts is read as settled."""

import pytest

from negotiation.understanding.rules import understand_request
from negotiation.understanding.tests.views import request_context
from negotiation.understanding.types import MeetingRequest, Unclear

CTX = request_context()


def _slots(text: str) -> list[tuple[int, int, int]]:
    result = understand_request(text, CTX)
    assert isinstance(result, MeetingRequest), result
    return sorted({(w.start.day, w.start.hour, w.end.hour) for w in result.windows})


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        # "just/only": the days kept of those said; why the others went is dropped.
        (
            "Sync with Bob, Tuesday or Wednesday... no, actually only Tuesday, Wednesday I'm out.",
            [(3, 9, 18)],
        ),
        # "the day after", "same time": leaning on the time first said.
        (
            "Tomorrow at 10 for the sync with Carol. Hmm, tomorrow's packed. Day after instead, "
            "same time.",
            [(4, 10, 11)],
        ),
        (
            "Sync with Carol Thursday at 3pm. On second thoughts, the following day instead, "
            "same time.",
            [(6, 15, 16)],
        ),
        # A part of the day only: the day first said stays.
        (
            "Kickoff with Bob, Tuesday 10th in the morning.\n\nEDIT: forget the morning, Bob has "
            "a dentist appointment. Afternoon instead, after 3.",
            [(10, 15, 18)],
        ),
        # The last answer decides, after one taken back.
        (
            "Design review with Carol on Friday afternoon. Actually make it Monday. No, Carol "
            "can't do Monday. Friday it is, but in the morning.",
            [(6, 8, 12)],
        ),
        # "I mean": a slip fixed, the part of the day kept.
        (
            "Hiring sync with Carol, morning of the 19th (Wednesday)... sorry, the 19th is a "
            "Thursday. I mean the Wednesday, the 18th.",
            [(18, 8, 12)],
        ),
    ],
)
def test_the_time_settled_on_replaces_the_first(text, slots):
    assert _slots(text) == slots


def test_a_postscript_that_moves_it_is_read_with_the_request():
    text = (
        "Contract review with Dave on Tuesday 17 March at 11:00.\n\nBest,\nAlice\n\n"
        "P.S. Dave's train gets in at 13:00 that day. Please move it to the next morning, 10:00."
    )
    assert _slots(text) == [(18, 10, 11)]


@pytest.mark.parametrize(
    "text",
    [
        # At 10 again? The hour is not said with the new day.
        "Tomorrow at 10 for the budget sync with Carol. Actually make it Wednesday.",
        "Budget sync with Carol Thursday at 3pm. Hmm, Thursday's packed. Friday instead.",
        # "just" a day that was never offered.
        "Supplier review with Bob, Tuesday or Wednesday... no, actually just Thursday.",
        # More than the time changes after the answer.
        "Design review with Carol on Friday afternoon. Actually make it Monday, same time. "
        "No wait, Friday it is, but in the morning, and Dave joins.",
    ],
)
def test_a_correction_that_is_not_plain_asks(text):
    assert isinstance(understand_request(text, CTX), Unclear)


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        # Written on a Monday: the Monday after the refused Friday, not today's too.
        ("Budget sync with Bob on Friday. Actually Friday's bad. Monday instead.", [(9, 9, 18)]),
        (
            "Sync with Bob on Friday at 10. No wait, Friday's bad. Monday instead, same time.",
            [(9, 10, 11)],
        ),
    ],
)
def test_an_answer_that_fits_twice_is_the_one_after(text, slots):
    assert _slots(text) == slots
