"""A lone number no place holds is the hour of the one time option at it."""

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.tests.views import standard_view
from negotiation.understanding.types import Answer, Unclear

# A Tue 10:00, B Wed 14:00, C Thu 09:30, all Berlin; 1 Zoom, 2 Office 3F.
VIEW = standard_view()


def accepted(text):
    result = understand_reply(text, VIEW)
    if isinstance(result, Unclear):
        return "unclear"
    assert isinstance(result, Answer)
    return {k: set(v) for k, v in result.accepted.items() if v}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10 works", {"time": {"A"}}),
        ("10 works for me.", {"time": {"A"}}),
        ("Wednesday at 2pm is fine, and 10 too", {"time": {"A", "B"}}),
        ("2 works", {"location": {"2"}}),  # a place holds 2 (the owner's rule)
        ("9 works", "unclear"),  # C is at 9:30, not on the hour
        ("11 works", "unclear"),  # no option at 11
        ("all 10 work", "unclear"),  # a count
        ("Room 10 works", "unclear"),
        ("I have 10 minutes", "unclear"),
    ],
)
def test_bare_hour(text, expected):
    assert accepted(text) == expected


def test_an_hour_on_a_day_is_never_the_whole_day():
    # "9 on Monday" when Monday has 9:00 and 13:00: the hour is not read alone (which,
    # with the day read too, made a yes to both of Monday's options).
    from negotiation.understanding.rules import understand_reply
    from tests.corpus.blind_loader import VIEWS

    answer = understand_reply("9 on Monday", VIEWS["four"])
    assert not getattr(answer, "accepted", None) or answer.accepted == {"time": frozenset({"A"})}
