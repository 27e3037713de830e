"""Dates, times and zone names as a reader of one language writes them (Babel, CLDR).

Pure: no Django. The layout around the parts ("date, start-end zone (tz)") is a
translatable message of the caller's; the parts come from CLDR for the locale, never
from a format string per language.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from babel import Locale
from babel.dates import format_skeleton, get_timezone_name

# CLDR locales for the hub's languages where the bare language would read oddly:
# Irish English writes "Wed 2 Dec 2026" (the hub's English ever since), and Chinese
# is the simplified script of mainland China.
_LOCALES = {"en": "en_IE", "zh-hans": "zh_Hans_CN", "zh-hant": "zh_Hant_TW"}


def babel_locale(language: str) -> Locale:
    """The CLDR locale of a Django language code ('zh-hans' -> zh_Hans_CN)."""
    code = _LOCALES.get(language.lower())
    if code is None:
        code = language.replace("-", "_")
    try:
        return Locale.parse(code)
    except (ValueError, LookupError):
        return Locale.parse("en_IE")


def local(moment: datetime, tz_name: str) -> datetime:
    """The moment in a zone."""
    return moment.astimezone(ZoneInfo(tz_name))


def date_text(moment: datetime, language: str, *, year: bool = True) -> str:
    """'Wed 2 Dec 2026' / '2026年12月2日周三' (the moment's own zone)."""
    return format_skeleton("yMMMEd" if year else "MMMEd", moment, locale=babel_locale(language))


def weekday_text(moment: datetime, language: str) -> str:
    """'Wed' / '周三'."""
    return format_skeleton("E", moment, locale=babel_locale(language))


def clock_text(moment: datetime, language: str) -> str:
    """'14:00' in every language the hub writes (24-hour clock)."""
    return format_skeleton("Hm", moment, locale=babel_locale(language))


def zone_text(moment: datetime, language: str) -> str:
    """The zone as a reader names it: 'CET' in English, 中欧标准时间 in Chinese.

    English readers know the abbreviations; where a zone has none (zoneinfo writes
    "+04") and in other languages, CLDR's long name is used.
    """
    abbreviation = moment.tzname() or ""
    if language.lower().startswith("en") and abbreviation[:1].isalpha():
        return abbreviation
    return get_timezone_name(moment, width="long", locale=babel_locale(language))
