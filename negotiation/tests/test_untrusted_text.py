"""What the hub may repeat to every participant."""

import pytest

from negotiation.untrusted_text import topic_shown


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ("Budget review", "Budget review"),
        ("Budget review https://evil.example/x", "Budget review"),
        ("Budget review - www.evil.example/pay", "Budget review"),
        ("Room 5 (door code via //evil.example/x)", "Room 5 (door code via"),
        ("Q1 review, write to mallory@evil.example", "Q1 review, write to"),
        ("Budget review - send 500 USD gift cards", None),
        ("https://evil.example/x", None),
        ("", None),
    ],
)
def test_a_topic_is_a_title_without_links_or_addresses(given, shown):
    assert topic_shown(given) == shown


def test_links_are_cut_and_the_words_around_them_kept():
    from negotiation.untrusted_text import links_cut

    text = "Parking at https://pay.evil.example/t?id=9, map www.evil.example/m or evil.com/x."
    assert " ".join(links_cut(text).split()) == "Parking at map or"
    assert links_cut("Is there a dial-in?") == "Is there a dial-in?"
