"""Short German, French, Spanish and Italian replies, and the English they must not touch."""

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.rules_languages import into_english
from negotiation.understanding.tests.views import standard_view
from negotiation.understanding.types import Answer, Unclear

VIEW = standard_view()


def reading(text):
    result = understand_reply(text, VIEW)
    if isinstance(result, Unclear):
        return "unclear"
    assert isinstance(result, Answer)
    out = {k: set(v) for k, v in result.accepted.items()}
    out |= {f"-{k}": set(v) for k, v in result.rejected.items()}
    return out | ({"declined": True} if result.declined else {})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dienstag passt", {"time": {"A"}}),
        ("Mittwoch geht nicht, Donnerstag schon.", {"time": {"C"}, "-time": {"B"}}),
        ("jeudi c'est bon, sur Zoom", {"time": {"C"}, "location": {"1"}}),
        ("Mardi ou jeudi, en visio", {"time": {"A", "C"}, "location": {"1"}}),
        ("El martes a las 10 está bien", {"time": {"A"}}),
        ("Miércoles no puedo, martes sí", {"time": {"A"}, "-time": {"B"}}),
        ("Donnerstag halb zehn", {"time": {"C"}}),
        ("Leider kann ich nicht teilnehmen.", {"declined": True}),
        ("martedì va bene", {"time": {"A"}}),
        # Near misses: hedges stay hedges, a condition is no yes.
        ("Vielleicht Dienstag", "unclear"),
        ("Martes si Bob viene", "unclear"),
    ],
)
def test_short_replies_in_other_languages(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I am free on Tuesday, et al. too",  # "am", "et" in English
        "A or B, el capitan is a nice park",  # no foreign marker: left as written
        "Tuesday at 10 am",
    ],
)
def test_english_is_never_rewritten(text):
    assert into_english(text) == text
