"""Emoji beside per-option marks that add nothing to the verdict."""

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.rules_marks_pictures import (
    drop_pictures,
    drop_sad_beside_no,
    split_label_yes,
)
from negotiation.understanding.tests.views import standard_view
from negotiation.understanding.types import Answer, Unclear

VIEW = standard_view()  # A Tue 10:00, B Wed 14:00, C Thu 09:30; 1 Zoom, 2 Office 3F


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("B ✅ (☕ Cafe Central)", "B ✅ ( Cafe Central)"),
        ("office 🏢", "office "),
        ("Zoom 💻 A", "Zoom  A"),
        # Near misses: a picture beside no place word stays.
        ("A ☕", "A ☕"),
        ("☕ please", "☕ please"),
    ],
)
def test_a_picture_is_dropped_only_beside_its_place_word(text, kept):
    assert drop_pictures(text) == kept


def test_a_sad_face_ends_a_line_of_crosses_only():
    assert drop_sad_beside_no("A ❌ B ❌ 😭 sorry") == "A ❌ B ❌\n sorry"
    assert drop_sad_beside_no("A ✅ 😭") == "A ✅ 😭"
    assert drop_sad_beside_no("A ❌ B 😭") == "A ❌ B 😭"


def test_a_yes_mark_after_a_label_parts_it_from_a_place():
    assert split_label_yes("B 👌 office") == "B 👌\noffice"
    assert split_label_yes("B 👍 A") == "B 👍 A"
    assert split_label_yes("B ❌ office") == "B ❌ office"
    assert split_label_yes("👍 office") == "👍 office"


@pytest.mark.parametrize(
    ("text", "accepted", "rejected"),
    [
        ("B 👌 office 🏢", {"time": {"B"}, "location": {"2"}}, {}),
        ("A ❌ B ❌ C ❌ 😭 sorry", {}, {"time": {"A", "B", "C"}}),
    ],
)
def test_marked_replies_read_as_meant(text, accepted, rejected):
    result = understand_reply(text, VIEW)
    assert isinstance(result, Answer)
    assert result.accepted == {k: frozenset(v) for k, v in accepted.items()}
    assert result.rejected == {k: frozenset(v) for k, v in rejected.items()}


@pytest.mark.parametrize("text", ["B ❌ office", "B 👍 office 😭", "A ✅ 😭", "A ❌ B 😭"])
def test_marks_that_stay_open_are_asked_about(text):
    assert isinstance(understand_reply(text, VIEW), Unclear)
