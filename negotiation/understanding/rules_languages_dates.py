"""Dates said in German, French, Spanish, Italian, Portuguese or Dutch, in the rules' English.

"6. März", "le 6 mars", "el 6 de marzo", "6 maart" become "6 March"; a weekday with a
bare number before a clock time ("Vendredi 6 à 11h", "Freitag 6 um 11") becomes "friday
the 6th", the number a day of the month. A weekday with a bare number and no clock
after it ("Dienstag 10") stays as it is: the number may be the hour.
"""

from __future__ import annotations

import re

_MONTHS = {
    "January": "januar|janvier|enero|gennaio|janeiro|januari",
    "February": "februar|février|fevrier|febrero|febbraio|fevereiro|februari",
    "March": "märz|maerz|mars|marzo|março|marco|maart",
    "April": "avril|abril|aprile",
    "May": "mai|mayo|maggio|maio|mei",
    "June": "juni|juin|junio|giugno|junho",
    "July": "juli|juillet|julio|luglio|julho",
    "August": "août|aout|agosto|augustus",
    "September": "septembre|septiembre|setiembre|settembre|setembro",
    "October": "oktober|octobre|octubre|ottobre|outubro",
    "November": "novembre|noviembre|novembro",
    "December": "dezember|décembre|decembre|diciembre|dicembre|dezembro",
}
_MONTH_OF = {word: english for english, words in _MONTHS.items() for word in words.split("|")}
_DATE = re.compile(
    r"(?<![\w.])(?:(?:le|el|il|den|am|o|dia|op)\s+)?(\d{1,2})(?:\.|º|er)?\s+(?:de\s+)?"
    rf"({'|'.join(_MONTH_OF)})(?!\w)",
    re.IGNORECASE,
)
_DAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_DAY_NUMBER = re.compile(
    rf"\b({_DAY}),?\s+(?:(?:le|el|il|den|o)\s+)?(\d{{1,2}})\.?(?=\s+at\s+\d{{1,2}}(?::\d{{2}})?\b)",
    re.IGNORECASE,
)
# "Freitag, 6. März": the comma between the weekday and its date parts nothing.
_DAY_COMMA = re.compile(rf"\b({_DAY}),\s+(?=\d{{1,2}} (?:{'|'.join(_MONTHS)})\b)", re.IGNORECASE)


_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def _ordinal(day: int) -> str:
    suffix = "th" if day in (11, 12, 13) else _SUFFIX.get(day % 10, "th")
    return f"{day}{suffix}"


def spell_dates(text: str) -> str:
    """Every date of a reply in another language as the English the rules read."""
    text = _DATE.sub(lambda m: f"{int(m[1])} {_MONTH_OF[m[2].lower()]}", text)
    text = _DAY_COMMA.sub(r"\1 ", text)
    return _DAY_NUMBER.sub(lambda m: f"{m[1]} the {_ordinal(int(m[2]))}", text)
