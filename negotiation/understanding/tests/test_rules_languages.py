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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A day's verdict said with its own verb, before or after the day.
        ("Am Mittwoch habe ich keine Zeit, Donnerstag geht.", {"time": {"C"}, "-time": {"B"}}),
        ("Ich kann am Dienstag nicht. Donnerstag passt.", {"time": {"C"}, "-time": {"A"}}),
        ("Mercredi, je suis en déplacement. Jeudi ok.", {"time": {"C"}, "-time": {"B"}}),
        ("El martes tengo otra reunión, el miércoles me va bien.", {"time": {"B"}, "-time": {"A"}}),
        ("Martedì ho un altro impegno, mercoledì va bene.", {"time": {"B"}, "-time": {"A"}}),
        ("Terça tenho outra reunião, quarta pode ser.", {"time": {"B"}, "-time": {"A"}}),
        ("Dinsdag heb ik een andere afspraak, woensdag is goed.", {"time": {"B"}, "-time": {"A"}}),
        # Counts, choosing, corrections.
        ("Alle drei Termine passen.", {"time": {"A", "B", "C"}}),
        ("Les trois créneaux me vont.", {"time": {"A", "B", "C"}}),
        ("Elijo el miércoles.", {"time": {"B"}}),
        ("Mardi... ah non, plutôt jeudi.", {"time": {"C"}}),
        ("Intendevo giovedì, non martedì.", {"time": {"C"}, "-time": {"A"}}),
        ("Mittwochnachmittag geht.", {"time": {"B"}}),
        ("Quinta perfeito.", {"time": {"C"}}),
        ("B en C passen, A niet.", {"time": {"B", "C"}, "-time": {"A"}}),
        # Near misses: hedges, conditions and a both after two stay asked about.
        ("Ich weiß noch nicht, ob Mittwoch geht.", "unclear"),
        ("Si c'est mardi, je viendrai.", "unclear"),
        ("Todavía no sé si puedo el miércoles.", "unclear"),
        ("Se è martedì, vengo.", "unclear"),
        ("Terça ou quinta, as duas servem.", "unclear"),
        ("Als het dinsdag is, kom ik.", "unclear"),
        ("Pourrait-on décaler mercredi à 15h ?", "unclear"),
    ],
)
def test_a_days_verdict_with_its_own_verb(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Option B works, impossible to do A",  # English words that are French too
        "I'm absent on Tuesday",
        "Tuesday is fine, C is too early",
    ],
)
def test_english_with_words_of_other_languages_is_left_alone(text):
    assert into_english(text) == text
