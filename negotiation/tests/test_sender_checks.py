"""Reading the member's answer to "did you send this?"."""

import pytest

from negotiation.services.sender_checks import confirmation_word, excerpt


@pytest.mark.parametrize(
    "text",
    ["yes", "Yes!", "ok", "Yes, that was me", "yes please\n\n> quoted", "是的，是我", "确认"],
)
def test_yes(text):
    assert confirmation_word(text) == "yes"


@pytest.mark.parametrize("text", ["no", "No, that was not me", "Not me!", "不是我", "cancel"])
def test_no(text):
    assert confirmation_word(text) == "no"


@pytest.mark.parametrize(
    "text", ["", "I didn't send this", "who is this?", "Yesterday I wrote to you about lunch"]
)
def test_anything_else_is_neither(text):
    assert confirmation_word(text) == ""


def test_the_excerpt_drops_links_and_stays_short():
    text = "Meet at https://evil.example/pay?x=1 or www.evil.example now " + "word " * 200
    shown = excerpt(text)
    assert "evil.example" not in shown and "[link removed]" in shown
    assert len(shown) <= 300
