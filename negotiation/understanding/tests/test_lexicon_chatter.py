"""Small talk of a chatty reply set aside: late to answer, how the writer checked or
wrote, how the week went, courtesies after the answer. Each with near misses.

In the standard view A is Tuesday, B Wednesday, C Thursday; 1 Zoom, 2 Office 3F.
"""

import pytest

from negotiation.understanding.lexicon import compile_all
from negotiation.understanding.lexicon_chatter import CHATTER
from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.test_rules_round15 import STD, ZH

_CHATTER = compile_all(CHATTER)


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        (
            "Sorry it took me a bit to get back. Tuesday works, Zoom.",
            STD,
            {"time": {"A"}, "location": {"1"}},
        ),
        ("Apologies, it took me a few days to reply. B works.", STD, {"time": {"B"}}),
        ("回复晚了，周二下午可以。", ZH, {"time": {"B"}}),
        ("Sorry for my English. Wednesday is ok for me.", STD, {"time": {"B"}}),
        ("I have reviewed my schedule. Thursday works.", STD, {"time": {"C"}}),
        ("Looking at it now: A works.", STD, {"time": {"A"}}),
        ("我看了一下日程，周一上午可以。", ZH, {"time": {"A"}}),
        ("Long week already. Wednesday suits.", STD, {"time": {"B"}}),
        ("Finals week has been brutal. Thursday works.", STD, {"time": {"C"}}),
        ("Tuesday is fine. Ping me if anything changes.", STD, {"time": {"A"}}),
        ("If anything changes, let me know. Tuesday is fine.", STD, {"time": {"A"}}),
        ("Thank you for the invitation. C works.", STD, {"time": {"C"}}),
        ("Tuesday works. See you there!", STD, {"time": {"A"}}),
        # Near misses: a week that may be the meeting's, a change named, a reason after
        # an answer, an apology that goes on to say what for.
        ("Crazy week for me, Tuesday is fine.", STD, "unclear"),
        ("I'm busy that week. Tuesday works.", STD, "unclear"),
        ("This week is brutal. Tuesday works.", STD, "unclear"),
        ("Tuesday works. Ping me if Tuesday changes.", STD, "unclear"),
        ("Tuesday works if nothing changes.", STD, "unclear"),
        ("Sorry in advance if I'm late. Tuesday works.", STD, "unclear"),
    ],
)
def test_small_talk_around_the_answer_is_set_aside(text, view, expected):
    assert reading(text, view) == expected


def test_an_answer_after_a_crazy_week_is_kept():
    # "Only D for me, sorry, crazy week": after an answer it may be why the others are out.
    assert _CHATTER.search("Only D for me, sorry, crazy week") is None
    assert _CHATTER.search("Hi Alice - crazy week. D works.") is not None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("quick one from the airport lounge: Thursday works.", {"time": {"C"}}),
        ("Hi Alice, between flights so quick: Wednesday works.", {"time": {"B"}}),
        (
            "Office 3F, I basically live there anyway lol. Tuesday.",
            {"time": {"A"}, "location": {"2"}},
        ),
        ("Tuesday works. Oh and say hi to Pete for me if he's joining.", {"time": {"A"}}),
        # Near misses: a city may set a time zone; living there on a day may be a no.
        ("quick one from Madrid: Tuesday works", "unclear"),
        ("Office 3F, I live there on Tuesdays", "unclear"),
    ],
)
def test_where_the_writer_types_from_and_asides_to_others_are_set_aside(text, expected):
    assert reading(text, STD) == expected
