"""Misspelt words fixed into the one close word of the meeting's vocabulary, and no other."""

from dataclasses import replace

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.rules_typos import fix_word_typos
from negotiation.understanding.tests.views import standard_view
from negotiation.understanding.types import Answer, OptionView

VIEW = standard_view()  # places: 1 Zoom, 2 Office 3F
TEAMS = replace(
    VIEW,
    options=tuple(o for o in VIEW.options if o.item == "time")
    + (OptionView("1", "location", "Microsoft Teams"),),
)


@pytest.mark.parametrize(
    ("text", "fixed"),
    [
        ("A and Zoon", "A and zoom"),
        ("B adn 1", "B and 1"),
        ("wednesday, ofice", "wednesday, office"),
        ("Tuesday is fien", "Tuesday is fine"),
        ("B works fro me, teh office", "B works for me, the office"),
        ("shoudl be ok, opiton C", "should be ok, option C"),
        # Near misses: a short word is fixed only from a swap, and never a contraction.
        ("They can't", "They can't"),
        ("all four", "all four"),
        ("Wouldn't miss it", "Wouldn't miss it"),
        ("Thursday woudl be gerat", "Thursday would be great"),
        # An hour with half its am/pm, only after a day or "at".
        ("Mon 9a, room 401", "Mon 9am, room 401"),
        ("thu at 2p", "thu at 2pm"),
        ("9a", "9a"),
        # Chinese typed by sound, only where no other reading is possible.
        ("周四可疑，腾讯回忆就行", "周四可以，腾讯会议就行"),
        ("这个人很可疑", "这个人很可疑"),
        ("美好的回忆", "美好的回忆"),
        # Near misses: known words, accents, other first letters stay as written.
        ("Room 4", "Room 4"),
        ("the café", "the café"),
        ("A, Zoo", "A, Zoo"),
    ],
)
def test_a_misspelt_word_is_fixed_only_into_one_close_word(text, fixed):
    assert fix_word_typos(text, VIEW) == fixed


def test_a_plural_is_never_read_as_the_option():
    # "my team" is no "Teams": the option's word is the plural of the word written.
    assert fix_word_typos("B, my team is fine", TEAMS) == "B, my team is fine"


def test_a_fixed_reply_reads_as_meant():
    result = understand_reply("Tuesday is fien, Zomm", VIEW)
    assert isinstance(result, Answer)
    assert result.accepted == {"time": frozenset({"A"}), "location": frozenset({"1"})}


def test_a_real_word_one_letter_away_is_not_fixed():
    # "find" is one letter from "fine": a changed letter is fixed only into a place's name.
    assert fix_word_typos("Can we find another day?", VIEW) == "Can we find another day?"
