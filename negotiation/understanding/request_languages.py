"""The day and time words of a German or French request, in the English the rules read.

"am Donnerstag vormittag", "nächste Woche", "le mardi 10 mars après-midi": the request's
timing text is put into English before its windows are read; its people and topic are
read from the words as written. Reply reading has its own (rules_languages); this adds
what a request says and a reply does not: weeks, "morgen", months after a day number.
A part of the day said more narrowly ("am späten Nachmittag", "en fin de matinée") is
read as the English narrower part, never as the whole part.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_languages import into_english

_APRES = r"apr[eè]s-?\s?midi"
# Longest phrases first: "am späten Nachmittag" before "Nachmittag".
_PHRASES: tuple[tuple[str, str], ...] = (
    (r"übernächste[n]?\s+woche|dans\s+deux\s+semaines", "the week after next"),
    (
        r"nächste[n]?\s+woche|kommende[n]?\s+woche|(?:la\s+)?semaine\s+prochaine",
        "next week",
    ),
    (r"diese\s+woche|cette\s+semaine", "this week"),
    (
        rf"(?:am\s+)?späte[n]?\s+nachmittag|spätnachmittags?|(?:en\s+)?fin\s+d'{_APRES}",
        "late afternoon",
    ),
    (r"(?:am\s+)?späte[n]?\s+vormittag|(?:en\s+)?fin\s+de\s+(?:la\s+)?matin[ée]e", "late morning"),
    (rf"(?:am\s+)?frühe[n]?\s+nachmittag|(?:en\s+)?d[ée]but\s+d'{_APRES}", "early afternoon"),
    (r"(?:am\s+)?frühe[n]?\s+morgen|früh\s+morgens|t[ôo]t\s+le\s+matin", "early morning"),
    (rf"(?:am\s+)?nachmittags?|(?:dans\s+l'|l'|en\s+)?{_APRES}", "afternoon"),
    (r"(?:am\s+)?vormittags?|(?:le\s+|dans\s+la\s+|en\s+)?matin(?:[ée]e)?", "morning"),
    (r"(?:am\s+)?abends?|(?:le\s+|en\s+)?soir(?:[ée]e)?", "evening"),
    # "un déjeuner le jeudi 12 mars": lunch; "petit-déjeuner" is breakfast, left as it is.
    (
        r"(?:zu\s+|heute\s+)?mittags?|(?:zum|beim)\s+mittagessen|(?<!petit-)(?<!petit\s)d[ée]jeuner",
        "lunch",
    ),
    (r"(?<!guten\s)morgen(?!s)|demain", "tomorrow"),
    (r"heute|aujourd'hui", "today"),
    (r"außer|ausser|sauf|sauf\s+le", "except"),
)
# "Di–Do", "Mo-Mi": German day abbreviations, only capitalised and as a span ("do", "so").
_SHORT = {"Mo": "Mon", "Di": "Tue", "Mi": "Wed", "Do": "Thu", "Fr": "Fri"}
_SHORT_SPAN = re.compile(r"\b(Mo|Di|Mi|Do|Fr)\s*[-–]\s*(Mo|Di|Mi|Do|Fr)\b")
# "nicht vor 10 Uhr", "ab 14:30 Uhr", "avant 11h": a bound, not a time to meet at.
_BOUND = re.compile(
    r"(?<!\w)(vor|avant|nach|ab|apr[eè]s|bis|jusqu'à)\s+(\d{1,2})(?:[:.h](\d{2}))?\s*(?:uhr|h)?(?!\w)",
    re.I,
)
_BOUNDS = {"vor": "before", "avant": "before", "bis": "until", "jusqu'à": "until"}
_COMPILED = tuple((re.compile(rf"(?<!\w){p}(?!\w)", re.I), e) for p, e in _PHRASES)
_MONTHS = {
    "januar": "January",
    "janvier": "January",
    "februar": "February",
    "février": "February",
    "fevrier": "February",
    "märz": "March",
    "maerz": "March",
    "mars": "March",
    "avril": "April",
    "mai": "May",
    "juni": "June",
    "juin": "June",
    "juli": "July",
    "juillet": "July",
    "août": "August",
    "aout": "August",
    "septembre": "September",
    "oktober": "October",
    "octobre": "October",
    "novembre": "November",
    "dezember": "December",
    "décembre": "December",
}
# "3. März", "10 mars": a month only right after a day number ("Mars" is also a planet).
_MONTH = re.compile(rf"\b(\d{{1,2}})\.?\s+({'|'.join(_MONTHS)})\b", re.I)


def timing_in_english(text: str) -> str:
    """The request's German or French day and time words put into English."""
    text = _SHORT_SPAN.sub(lambda m: f"{_SHORT[m[1]]}-{_SHORT[m[2]]}", text)
    text = _BOUND.sub(
        lambda m: f"{_BOUNDS.get(m[1].lower(), 'after')} {int(m[2])}:{m[3] or '00'}", text
    )
    text = _MONTH.sub(lambda m: f"{m[1]} {_MONTHS[m[2].lower()]}", text)
    for pattern, english in _COMPILED:
        text = pattern.sub(english, text)
    return into_english(text)
