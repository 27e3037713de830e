"""Short replies in German, French, Spanish and Italian, put into the English the rules read.

Only a reply that carries a word no English reply would ("Dienstag", "mercredi", "passt",
"ça marche") is rewritten, so an English "am" or "et al." is never touched. The phrases
are the few a reply to an invitation uses: days, yes and no, declines, places, clock
times. Anything else stays as written and makes the reply unclear, as before; a hub
with a model configured hands such a reply to it.
"""

from __future__ import annotations

import re

# Words that mark a reply as German, French, Spanish or Italian.
_MARKERS = re.compile(
    r"\b(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|passt|geht|gehen|leider|"
    r"keiner|termine?|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|ça|ca\s+marche|"
    r"c'est|visio|pourrai|lunes|martes|miércoles|miercoles|jueves|viernes|sábado|domingo|"
    r"ninguna|ninguno|puedo|presencial|lunedì|martedì|mercoledì|giovedì|venerdì|va\s+bene)\b",
    re.IGNORECASE,
)
_HALF = {
    "acht": 7,
    "neun": 8,
    "zehn": 9,
    "elf": 10,
    "zwölf": 11,
    "eins": 12,
    "zwei": 13,
    "drei": 14,
}

# (pattern, English): longest phrases first; each is matched on whole words.
_PHRASES: tuple[tuple[str, str], ...] = (
    # Declines and "none".
    (
        r"(?:leider\s+)?kann\s+ich\s+(?:an\s+keinem\s+der\s+termine|nicht\s+teilnehmen)",
        "I can't attend",
    ),
    (r"macht\s+bitte\s+ohne\s+mich(?:\s+weiter)?", "go ahead without me"),
    (r"keiner\s+der\s+termine\s+passt(?:\s+mir)?", "none of the times work"),
    (r"je\s+ne\s+pourrai\s+pas\s+venir", "I can't come"),
    (r"faites\s+sans\s+moi", "go ahead without me"),
    (r"ningun[ao]\s+me\s+va\s+bien", "none of the times work"),
    (r"tut\s+mir\s+leid|désolée?|desolee?|lo\s+siento", "sorry"),
    # "Mittwoch geht nicht, Donnerstag schon": the day after the contrast does.
    (r"(montag|dienstag|mittwoch|donnerstag|freitag)\s+schon", r"\1 works"),
    # Yes and no.
    (
        r"geht\s+nicht|passt\s+nicht|no\s+me\s+va|no\s+puedo|ne\s+marche\s+pas|non\s+va\s+bene",
        "doesn't work",
    ),
    (
        r"passt|gehen|geht|ça\s+marche|ca\s+marche|c'est\s+bon|me\s+va\s+bien|está\s+bien|esta\s+bien|va\s+bene",
        "works",
    ),
    (r"\bsí\b|\bja\b|\boui\b", "yes"),  # never "si": "if" in French and Spanish
    (r"\bnein\b|\bnon\b", "no"),
    (r"vielleicht|peut-être|quizás|quizas|forse", "maybe"),
    # Places.
    (r"egal\s+wo|n'importe\s+où|donde\s+sea", "any place"),
    (r"im\s+büro|au\s+bureau|en\s+la\s+oficina|in\s+ufficio", "in the office"),
    (r"im\s+café|au\s+café|en\s+el\s+café|al\s+bar", "at the cafe"),
    (r"en\s+visio|par\s+visio|per\s+video|por\s+video", "online"),
    (r"en\s+presencial|presencial|en\s+personne|vor\s+ort|di\s+persona", "in person"),
    (r"per\s+|sur\s+|por\s+", "on "),
    # Parts of the day.
    (r"por\s+la\s+mañana|le\s+matin|am\s+vormittag|vormittags|morgens|di\s+mattina", "morning"),
    (r"por\s+la\s+tarde|l'après-midi|am\s+nachmittag|nachmittags|di\s+pomeriggio", "afternoon"),
    # Days.
    (r"montag|lundi|lunes|lunedì", "monday"),
    (r"dienstag|mardi|martes|martedì", "tuesday"),
    (r"mittwoch|mercredi|miércoles|miercoles|mercoledì", "wednesday"),
    (r"donnerstag|jeudi|jueves|giovedì", "thursday"),
    (r"freitag|vendredi|viernes|venerdì", "friday"),
    (r"samstag|samedi|sábado|sabado|sabato", "saturday"),
    (r"sonntag|dimanche|domingo|domenica", "sunday"),
    # Little words.
    (r"\bund\b|\bet\b|\by\b|\be\b", "and"),
    (r"\boder\b|\bou\b|\bo\b", "or"),
    (r"\bgerne\b|\bvolontiers\b|\bpor\s+favor\b|\bper\s+favore\b", "please"),
    (r"\bhauptsache\b|\bam\b|\bel\b|\ble\b|\bil\b|\bmir\b", ""),
)
_COMPILED = tuple((re.compile(rf"(?<!\w){p}(?!\w)", re.IGNORECASE), e) for p, e in _PHRASES)
_CLOCK_DE = re.compile(r"\b(?:um\s+)?(\d{1,2})\s+uhr(?:\s+(\d{2}))?\b", re.IGNORECASE)
_HALF_DE = re.compile(r"\bhalb\s+(" + "|".join(_HALF) + r")\b", re.IGNORECASE)
_CLOCK_FR = re.compile(r"\b(\d{1,2})\s*h\s*(\d{2})?\b", re.IGNORECASE)
_CLOCK_ES = re.compile(r"\ba\s+las\s+(\d{1,2})(?::(\d{2}))?\b", re.IGNORECASE)


def into_english(text: str) -> str:
    """Rewrite a short German, French, Spanish or Italian reply in the rules' English."""
    if not _MARKERS.search(text):
        return text
    text = _HALF_DE.sub(lambda m: f"at {_HALF[m[1].lower()]}:30", text)
    for clock in (_CLOCK_DE, _CLOCK_FR, _CLOCK_ES):
        text = clock.sub(lambda m: f"at {int(m[1])}:{m[2] or '00'}", text)
    for pattern, english in _COMPILED:
        text = pattern.sub(english, text)
    return re.sub(r"[ \t]{2,}", " ", text)
