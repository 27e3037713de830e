"""Addresses spelled out, and a name before the bracket that holds its address."""

import pytest

from negotiation.understanding.request_addresses import bracketed_with, spelled_addresses


@pytest.mark.parametrize(
    ("text", "emails"),
    [
        ("Hannah's address is hannah at studio-nord dot io.", ["hannah@studio-nord.io"]),
        ("jo [at] white-partners [dot] com", ["jo@white-partners.com"]),
        ("jo(at)white-partners.com", ["jo@white-partners.com"]),
        ("first.last at mail dot example dot org", ["first.last@mail.example.org"]),
        ("Meet Bob at Partner dot org", []),  # capitalised: Bob, somewhere
        ("lunch at noon, Carol at home", []),  # no spelled dot
        ("Bob at example.com", []),  # "at" and a real dot: a place said loosely
    ],
)
def test_spelled_addresses(text, emails):
    assert [email for _, _, email in spelled_addresses(text)] == emails


def test_the_name_before_the_bracket_is_the_address_owner():
    text = "with Nadia (not in the hub, nadia.k@freelance.dev) and Will"
    at = text.index("nadia.k")
    found = bracketed_with(text, at, at + len("nadia.k@freelance.dev"))
    assert found and found[1] == "Nadia"
    text = "with Nadia (not in the hub) and nadia.k@freelance.dev"
    at = text.index("nadia.k")
    assert bracketed_with(text, at, len(text)) is None
