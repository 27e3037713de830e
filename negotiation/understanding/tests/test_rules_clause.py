"""Why a proposed place suits is no vote, even when it names the writer's own office."""

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.tests.test_rules_round15 import FOUR
from negotiation.understanding.types import Unclear


@pytest.mark.parametrize(
    "text",
    [
        "D works for me. Or we could do Starbucks, it's right next to my office.",
        "D works. Or we could do Starbucks, it's just around the corner from my office.",
    ],
)
def test_why_the_proposed_place_suits_adds_nothing(text):
    result = understand_reply(text, FOUR)
    assert not isinstance(result, Unclear)
    assert [p.place for p in result.proposals] == ["Starbucks"]


def test_the_same_words_with_no_place_proposed_are_asked():
    assert isinstance(understand_reply("D works. It's right next to my office.", FOUR), Unclear)
