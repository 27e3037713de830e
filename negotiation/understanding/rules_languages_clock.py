"""Clock times, short day names and "either" said in another language, in the rules' English.

"14 Uhr", "14:30 Uhr", "9h30", "à 14 heures", "a las tres de la tarde", "às 15h",
"om 10 uur", "om half elf", "alle 15": each becomes "at H:MM", which the rules read as
they read "at 14:30". A word before the number that only approximates ("gegen 10",
"vers 10h", "hacia las 3") is left as it is, so the reply is asked about.
"""

from __future__ import annotations

import re

_NUMBERS = {
    "una": 1, "uma": 1, "dos": 2, "duas": 2, "tres": 3, "três": 3, "cuatro": 4, "quatro": 4,
    "cinco": 5, "seis": 6, "siete": 7, "sete": 7, "ocho": 8, "oito": 8, "nueve": 9, "nove": 9,
    "diez": 10, "dez": 10, "once": 11, "onze": 11, "doce": 12, "doze": 12,
}  # fmt: skip
# German and Dutch "halb zehn", "half tien": half an hour before the hour named.
_HALF = {
    "acht": 7, "neun": 8, "negen": 8, "zehn": 9, "tien": 9, "elf": 10, "zwölf": 11,
    "twaalf": 11, "eins": 12, "een": 12, "één": 12, "zwei": 13, "twee": 13, "drei": 14,
    "drie": 14, "vier": 15, "fünf": 16, "vijf": 16,
}  # fmt: skip
_AFTERNOON = r"de\s+la\s+tarde|da\s+tarde|de\s+la\s+noche|da\s+noite"
_MORNING = r"de\s+la\s+mañana|de\s+la\s+manana|da\s+manhã|da\s+manha"
# "as duas" without its accent is "both" ("as duas servem"): "as" is "at" before a
# number only; "às duas", "a las dos" are two o'clock.
_ES_PT = re.compile(
    rf"(?<!\w)(?:(?:a\s+las?|às)\s+(\d{{1,2}}|{'|'.join(_NUMBERS)})|as\s+(\d{{1,2}}))"
    r"(?:[:.h](\d{2})|\s*h(?:oras)?(?!\w))?(?:\s+(?:y|e)\s+(media|meia))?"
    rf"(?:\s+({_AFTERNOON}|{_MORNING}))?(?!\w)",
    re.IGNORECASE,
)
_HALF_DE_NL = re.compile(rf"(?<!\w)(?:um\s+|om\s+)?(?:halb|half)\s+({'|'.join(_HALF)})(?!\w)", re.I)
# "14 Uhr", "14:30 Uhr", "14 Uhr 30", "om 10 uur": the number never the end of "14:30".
_UHR = re.compile(
    r"(?<![\d:.])(?:um\s+|om\s+)?(\d{1,2})(?:[:.](\d{2}))?\s*(?:uhr|uur)(?:\s+(\d{2}))?(?!\w)",
    re.IGNORECASE,
)
_AT_DOTTED = re.compile(r"(?<!\w)(?:um|om|alle)\s+(\d{1,2})[:.](\d{2})(?!\d)", re.IGNORECASE)
_FR = re.compile(
    r"(?<![\w:])(?:à\s+)?(\d{1,2})\s*(?:h|heures?)(?:\s*(\d{2}))?(?!\w)", re.IGNORECASE
)
_NOON = re.compile(r"(?<!\w)(?:à\s+midi|a\s+mediod[ií]a|ao\s+meio-dia)(?!\w)", re.IGNORECASE)
# "Di 10 Uhr", "Mi. passt", "jeu. 14h": a short day name, capitalised with a dot or before
# a clock; in lower case only the French, Spanish and Italian ones of three letters, and
# only before a clock. Never a word of its own ("Mi casa", "do at 10", "Fr. Müller").
_SHORT = {
    "Mo": "Mon", "Di": "Tue", "Mi": "Wed", "Do": "Thu", "Fr": "Fri", "Ma": "Mon", "Wo": "Wed",
    "Vr": "Fri", "Lun": "Mon", "Mer": "Wed", "Jeu": "Thu", "Ven": "Fri", "Mié": "Wed",
    "Jue": "Thu", "Vie": "Fri", "Gio": "Thu",
}  # fmt: skip
_CLOCK_AHEAD = r"(?=\s+at\s+\d{1,2}:\d{2})"
_SHORT_DAY = re.compile(
    rf"(?<![\w.])({'|'.join(_SHORT)})(?:\.(?!\s*[A-ZÄÖÜÉ][a-zäöüßé])(?!\w)|{_CLOCK_AHEAD})"
    rf"|(?<![\w.])((?i:lun|mer|jeu|ven|mié|jue|vie|gio))\.?{_CLOCK_AHEAD}"
)
# "Lunes o martes, cualquiera", "Dienstag oder Donnerstag, egal": either of the two named.
_EITHER = re.compile(
    r"((?<!\w)(?:o|ou|oder|of|or)\s+[^,.;!?\n]{1,40}?)\s*,\s*(?:cualquiera(?:\s+de\s+(?:los|las)\s+dos)?"
    r"|(?:me\s+)?da\s+igual|(?:c'est\s+)?égal|peu\s+importe|n'importe\s+lequel|l'un\s+ou\s+l'autre"
    r"|qualquer\s+um[a]?|tanto\s+faz|maakt\s+(?:mij\s+|me\s+)?niet\s+uit|(?:ist\s+)?(?:mir\s+)?egal"
    r"|è\s+uguale|fa\s+lo\s+stesso|indifferente)(?=\s*[.!]*\s*(?:\n|$))",
    re.IGNORECASE,
)


def _at(hour: int, minute: int) -> str:
    return f"at {hour}:{minute:02d}"


def _es_pt(match: re.Match[str]) -> str:
    word = (match[1] or match[2]).lower()
    hour = int(word) if word.isdigit() else _NUMBERS[word]
    minute = 30 if match[4] else int(match[3] or 0)
    part = (match[5] or "").lower()
    if re.match(_AFTERNOON, part) and hour < 12:
        hour += 12
    return _at(hour, minute)


def spell_clocks(text: str) -> str:
    """Every clock time said in German, French, Spanish, Portuguese, Italian or Dutch."""
    text = _EITHER.sub(r"\1", text)
    text = _ES_PT.sub(_es_pt, text)
    text = _HALF_DE_NL.sub(lambda m: _at(_HALF[m[1].lower()], 30), text)
    text = _UHR.sub(lambda m: _at(int(m[1]), int(m[2] or m[3] or 0)), text)
    text = _AT_DOTTED.sub(lambda m: _at(int(m[1]), int(m[2])), text)
    text = _FR.sub(lambda m: _at(int(m[1]), int(m[2] or 0)), text)
    text = _NOON.sub("at 12:00", text)
    return _SHORT_DAY.sub(lambda m: _SHORT.get(m[1] or m[2].capitalize(), ""), text)
