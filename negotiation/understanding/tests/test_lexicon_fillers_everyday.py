"""Everyday words around an answer, by kind, read as fillers; the words that change a
verdict (hedges, limits, absence, other people, self-repairs) are never swallowed.

In the standard view A is Tuesday, B Wednesday, C Thursday; 1 Zoom, 2 Office 3F.
"""

import pytest

from negotiation.understanding.lexicon_fillers import FILLERS
from negotiation.understanding.lexicon_fillers_everyday import EVERYDAY_FILLERS
from negotiation.understanding.rules_stance import unknown_words
from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.test_rules_round15 import STD


def test_every_everyday_word_is_a_filler():
    assert EVERYDAY_FILLERS <= FILLERS
    assert unknown_words("basically glad personally super sadly invitation you're") == []


@pytest.mark.parametrize(
    "word",
    [
        # Hedges and conditions.
        "maybe",
        "probably",
        "might",
        "unless",
        "if",
        "except",
        "though",
        "but",
        "kind",
        "kinda",
        "sort",
        "pretty",
        "fairly",
        "mostly",
        "usually",
        "normally",
        "guess",
        "suppose",
        "think",
        "confirm",
        # Limits in time.
        "late",
        "early",
        "until",
        "before",
        "after",
        "earlier",
        "later",
        "last",
        # Absence.
        "away",
        "off",
        "sick",
        "busy",
        "out",
        "travelling",
        # Other people, self-repairs, irony, quantities.
        "they",
        "he",
        "she",
        "bob",
        "er",
        "um",
        "hmm",
        "actually",
        "lol",
        "wow",
        "amazing",
        "two",
        "half",
        "few",
        "quick",
        "warm",
        "re",
        "know",
        "say",
    ],
)
def test_a_word_that_may_change_the_verdict_is_no_filler(word):
    # Either unknown (asked about) or read by a phrase of its own ("away", "except").
    assert word not in FILLERS


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Discourse markers.
        ("Basically, Tuesday works for me.", {"time": {"A"}}),
        ("Btw, Zoom is fine for me.", {"location": {"1"}}),
        ("Regarding the place, Zoom is fine.", {"location": {"1"}}),
        ("Well, Tuesday works for me.", {"time": {"A"}}),
        # Affect, regret and politeness.
        ("Glad to join on Tuesday.", {"time": {"A"}}),
        ("Fantastic, Thursday works.", {"time": {"C"}}),
        ("Thank you for the invitation. Tuesday works.", {"time": {"A"}}),
        ("Thanks for the invite! Sadly Tuesday is out.", {"-time": {"A"}}),
        ("Of course, Tuesday works.", {"time": {"A"}}),
        # Intensifiers.
        ("Wednesday is completely fine.", {"time": {"B"}}),
        ("Completely booked on Thursday.", {"-time": {"C"}}),
        # The writer's own preference.
        ("Personally I prefer Thursday.", {"time": {"C"}}),
        ("I'd opt for Tuesday.", {"time": {"A"}}),
        ("Personally, Thursday doesn't work.", {"-time": {"C"}}),
        ("Yea, Zoom.", {"location": {"1"}}),
    ],
)
def test_everyday_wording_keeps_the_answer(text, expected):
    assert reading(text, STD) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Basically Tuesday, unless the train is late.",
        "Glad to do Tuesday if needed.",
        "Tuesday kind of works.",
        "Thursday is pretty tight.",
        "Wednesday works, I'll confirm tomorrow.",
        "Personally Tuesday, but my boss prefers Thursday.",
        "Well, Tuesday works for Bob.",
        "Happily Tuesday, but only after 11.",
        "Tuesday, er, Wednesday.",
        "Thursday lol",
        "Btw they can do Thursday.",
        "Cafe Luna is too warm for me.",
        "Usually Tuesday works.",
    ],
)
def test_a_verdict_changing_word_beside_everyday_wording_is_asked_about(text):
    assert reading(text, STD) == "unclear"
