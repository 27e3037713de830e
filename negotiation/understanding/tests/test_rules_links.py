"""A web address is one word: its question mark is no question, its digits no clock."""

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.rules_links import mask_links
from tests.corpus.blind_loader import VIEWS

PAY = "https://pay.evil.example/invoice?amt=500"


def test_an_address_is_written_as_one_word():
    assert mask_links(f"meet at {PAY} - thanks") == "meet at link - thanks"
    assert mask_links("see www.example.com/a?b=1.") == "see link"  # the full stop taken too
    assert mask_links("A works, zoom.us is fine") == "A works, zoom.us is fine"


def test_a_question_mark_inside_an_address_asks_nothing():
    answer = understand_reply(f"A works. Place: let's meet at {PAY} first.", VIEWS["std"])
    assert not getattr(answer, "question", None)
    assert PAY not in str(answer)
