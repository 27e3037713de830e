"""An answer taken back: a statement about the option as the reason, "hmm, no", "it isn't",
"I said B in my last mail but ...".

In the standard view A is Tuesday 10:00, B Wednesday 14:00, C Thursday 9:30, 1 Zoom and 2
Office 3F; CAFE has Cafe Central, Office 3F and Zoom; in FOUR A and B are Monday, C
Tuesday, D Wednesday, 1 Google Meet, 2 Cafe Luna, 3 Room 401. Each rule with near misses
that must stay unclear or read differently.
"""

import pytest

from negotiation.understanding.rules_retract import drop_taken_back, spell_said_before
from negotiation.understanding.tests.test_rules_accountability import CAFE, reading
from negotiation.understanding.tests.test_rules_round15 import FOUR, STD


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        # What happened to the option taken back is the reason: it becomes a no.
        (
            "Wednesday. Actually, Wednesday is the day the auditors arrive. Tuesday then.",
            STD,
            {"time": {"A"}, "-time": {"B"}},
        ),
        (
            "The café please. Wait, Cafe Central is shut for a private event that day. Zoom then.",
            CAFE,
            {"location": {"3"}, "-location": {"1"}},
        ),
        (
            "Room 401. No wait, that's the room with the broken projector. Google Meet instead.",
            FOUR,
            {"location": {"1"}, "-location": {"3"}},
        ),
        (
            "Cafe Luna. Sorry, I meant Room 401, Luna is shut on Mondays. Monday 9am.",
            FOUR,
            {"time": {"A"}, "location": {"3"}, "-location": {"2"}},
        ),
        # Near misses: the statement names an option the first answer did not take; it
        # may say why the new answer suits; it praises the old one; no reason at all.
        ("Wednesday. Actually, Tuesday is when the auditors leave. Thursday then.", STD, "unclear"),
        ("Zoom. Actually, it's been ages since I saw everyone. The office then.", STD, "unclear"),
        ("Wednesday. Actually, Wednesday is better for the team. Thursday then.", STD, "unclear"),
        ("Wednesday. Actually, Thursday.", STD, {"time": {"C"}}),
    ],
)
def test_a_statement_about_the_option_taken_back_is_its_reason(text, view, expected):
    assert reading(text, view) == expected


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        (
            "Tuesday is fine... ugh, no, Tuesday is the board offsite. Thursday then.",
            STD,
            {"time": {"C"}, "-time": {"A"}},
        ),
        (
            "B works. Hmm, no, I've got a dentist appointment then. A instead.",
            FOUR,
            {"time": {"A"}, "-time": {"B"}},
        ),
        ("A please. Um, no, C.", STD, {"time": {"C"}}),  # no reason: only replaced
        # Near misses: "no" that does not end its clause is no change of mind.
        ("A please. Hmm, no idea about the place.", STD, "unclear"),
        ("Tuesday works. Oh, and no, I don't need parking.", STD, "unclear"),
    ],
)
def test_a_sound_of_doubt_and_a_bare_no_take_the_answer_back(text, view, expected):
    assert reading(text, view) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Thursday's good. Actually no, it isn't, I have the dentist. Tuesday then.",
            {"time": {"A"}, "-time": {"C"}},
        ),
        ("B works. Wait, that won't work, I'm flying. A instead.", {"time": {"A"}, "-time": {"B"}}),
        # Near miss: "it isn't until 11" is no taking back.
        ("A works. Actually it isn't until 11 that I'm free. B then.", "unclear"),
    ],
)
def test_it_isnt_takes_the_first_answer_back(text, expected):
    assert reading(text, STD) == expected


def test_it_isnt_is_cut_only_before_more_words():
    assert drop_taken_back("no it isn't, Tuesday then") == ("Tuesday then", True)
    assert drop_taken_back("it isn't.") == ("it isn't.", False)
    assert drop_taken_back("it isn't until 11") == ("it isn't until 11", False)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I said B in my last mail but I've since been double-booked. C please.",
            {"time": {"C"}, "-time": {"B"}},
        ),
        (
            "I said Tuesday earlier but I'm now on call that day. Thursday please.",
            {"time": {"C"}, "-time": {"A"}},
        ),
        (
            "In my last email I said A, but I've been double-booked since. B please.",
            {"time": {"B"}, "-time": {"A"}},
        ),
        ("Correction to my reply from yesterday: C, not B.", {"time": {"C"}, "-time": {"B"}}),
        ("As I said before, A.", {"time": {"A"}}),  # the same answer again
        ("I said A earlier, still A.", {"time": {"A"}}),
        # Near misses: kept, not taken back; inside brackets after a new answer.
        ("I said A earlier and I stand by it.", "unclear"),
        ("C works (I said A earlier but that's off now)", "unclear"),
    ],
)
def test_an_answer_said_in_an_earlier_mail_is_taken_back(text, expected):
    assert reading(text, STD) == expected


def test_said_before_is_spelt_as_a_change_of_mind():
    assert spell_said_before("I said B yesterday, but C.") == "B. Actually, C."
    assert spell_said_before("As I said before, A.") == " A."
    assert spell_said_before("(I said A earlier but no)") == "(I said A earlier but no)"
