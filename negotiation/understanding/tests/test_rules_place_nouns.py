"""Everyday places proposed by a common noun, only inside words that propose."""

import pytest

from negotiation.understanding.rules_place_nouns import numbered_rooms, proposed_place_nouns


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


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("How about Room 512?", "Room 512"),
        ("Room 512, 5th floor.", "Room 512"),
        ("could we use conference room 7 instead", "conference room 7"),
        ("Rm 12B on the 3rd floor", "Rm 12B"),
    ],
)
def test_a_room_by_a_number_no_option_has_is_another_room(text, name):
    assert [found for _, _, found in numbered_rooms(text, ["room 401"])] == [name]


@pytest.mark.parametrize(
    "text", ["C, room 401", "Rm 401 please", "the room is fine", "a room for 5"]
)
def test_the_offered_room_or_no_number_is_no_other_room(text):
    assert numbered_rooms(text, ["room 401"]) == []
