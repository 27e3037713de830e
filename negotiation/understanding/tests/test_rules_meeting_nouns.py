"""A one-on-one is a meeting the writer has, never place 1, an ordinal or an hour."""

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.rules_meeting_nouns import spell_meeting_nouns
from tests.corpus.blind_loader import VIEWS


@pytest.mark.parametrize(
    "text, spelled",
    [
        ("I have my 1:1 then", "I have my meeting then"),
        ("two 1-on-1s today", "two meetings today"),
        ("my 1on1 with Bob", "my meeting with Bob"),
        ("a One-on-one at 9", "a meeting at 9"),
        ("a one on one", "a meeting"),
        ("C and 1", "C and 1"),  # a label and a place, not a meeting
        ("11:15 or 1:10", "11:15 or 1:10"),  # clocks
        ("room 1:1.5", "room 1:1.5"),
    ],
)
def test_one_on_one_is_spelled_as_a_meeting(text, spelled):
    assert spell_meeting_nouns(text) == spelled


def _read(text):
    return understand_reply(text, VIEWS["four"])  # A Mon 9:00, B Mon 13:00, D Wed 16:00


def test_a_one_on_one_is_a_reason_not_place_one():
    answer = _read("A works. I have my 1:1 on Wednesday.")
    assert answer.accepted == {"time": frozenset({"A"})}
    assert answer.rejected == {"time": frozenset({"D"})}
    assert _read("A works. I have a one-on-one on Wednesday.").rejected == {
        "time": frozenset({"D"})
    }


def test_a_clock_beside_a_one_on_one_is_never_a_yes():
    for text in ("9 on Monday — I have my 1:1 then.", "I have my 1:1 then."):
        assert not getattr(_read(text), "accepted", None)
