"""Ticks and crosses beside options, and day names typed in a hurry."""

import pytest

from negotiation.understanding.rules_marks import MarksError, fix_day_typos, rewrite_marks


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("✅ A  ❌ B", "A ok. not B."),
        ("A ✅ B ❌", "A ok. not B."),
        ("A ✅\nB ❌\n1 ✅", "A ok.\nnot B.\n1 ok."),
        ("✅ A / ❌ B / ✅ C", "A ok.\nnot B.\nC ok."),
        ("A and 1 👍", "A and 1 ok."),
        ("Never on a Wednesday 😅 A or C", "Never on a Wednesday \n A or C"),
        ("no marks at all", "no marks at all"),
    ],
)
def test_each_mark_goes_with_the_option_beside_it(text, words):
    assert rewrite_marks(text) == words


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("+1 for C", " ok  for C"),
        ("B. +1", "B.  ok "),
        # Near misses: a list of labels keeps its plus; a guest and a phone are no vote.
        ("A+1", "A+1"),
        ("A + 1", "A + 1"),
        ("C +1", "C  plusone "),
        ("I'll bring a +1", "I'll bring a  plusone guest "),
        ("call +1 212 555 0101", "call  telephone "),
    ],
)
def test_plus_one_is_agreement_not_place_one(text, words):
    assert rewrite_marks(text) == words


def test_a_mark_in_the_middle_of_a_sentence_is_not_guessed():
    with pytest.raises(MarksError):
        rewrite_marks("A 👍 for me")


@pytest.mark.parametrize(
    ("text", "fixed"),
    [
        ("Tuesdy works", "tuesday works"),
        ("Wendesday is out", "wednesday is out"),
        ("thurday", "thursday"),
        # Near misses: words close to a day name that are not one stay as written.
        ("sundae at the cafe", "sundae at the cafe"),
        ("Mundane stuff", "Mundane stuff"),
        ("Thursday", "Thursday"),
    ],
)
def test_day_names_are_fixed_only_when_one_day_is_that_close(text, fixed):
    assert fix_day_typos(text) == fixed


@pytest.mark.parametrize("text", ["A ☕", "A ☕ C", "B ✈️", "1 💻", "A, C 🚗", "B ✅ ☕"])
def test_a_picture_the_rules_do_not_read_beside_bare_labels_is_asked(text):
    with pytest.raises(MarksError):
        rewrite_marks(text)


@pytest.mark.parametrize("text", ["A 😅", "D 💯", "A 👍🏽 B 👎🏽", "A, B\n📍 3", "B ☕ cafe"])
def test_a_friendly_face_a_pin_or_a_picture_by_its_place_word_is_no_question(text):
    rewrite_marks(text)
