"""Everyday places proposed by a common noun, only inside words that propose."""

import pytest

from negotiation.understanding.rules_place_nouns import proposed_place_nouns


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Could we do it at my place?", "my place"),
        ("How about the library?", "the library"),
        ("Let's meet at the canteen.", "the canteen"),
        ("Would my flat work?", "my flat"),
        ("Maybe the park instead, it's sunny.", "the park"),
        ("I'd suggest the public library.", "the public library"),
    ],
)
def test_a_proposed_noun_is_a_place(text, name):
    assert [found for _, _, found in proposed_place_nouns(text, ["zoom"])] == [name]


@pytest.mark.parametrize(
    "text",
    [
        "I'm at the library all day.",
        "Could you go in my place instead?",
        "How about the first place?",
        "How about the 10th?",
        "Would my boss be ok?",
        "I had lunch at the park yesterday.",
    ],
)
def test_no_proposal_without_proposing_words_or_a_place_noun(text):
    assert proposed_place_nouns(text, ["zoom"]) == []


def test_an_offered_place_of_that_kind_is_left_to_the_options():
    assert proposed_place_nouns("How about the library?", ["city library"]) == []
