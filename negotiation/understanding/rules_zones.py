"""A time zone named in a reply ("10am Berlin time", "14:00 CET", 北京时间, "4am Eastern").

A place counts only as "<place> time" or right after a clock time. The clock times of
that clause are read in the named zone and compared with the options
there; one zone per clause. Abbreviations count only right after a time ("9:30 GMT"), so
the word "et" or "pt" elsewhere is never a zone. CST (China or US Central) is not read.
"""

from __future__ import annotations

import re

_NAMES = {
    "berlin": "Europe/Berlin",
    "central european": "Europe/Berlin",
    "paris": "Europe/Paris",
    "london": "Europe/London",
    "uk": "Europe/London",
    "british": "Europe/London",
    "beijing": "Asia/Shanghai",
    "china": "Asia/Shanghai",
    "shanghai": "Asia/Shanghai",
    "tokyo": "Asia/Tokyo",
    "new york": "America/New_York",
    "eastern": "America/New_York",
    "pacific": "America/Los_Angeles",
    "北京时间": "Asia/Shanghai",
    "东京时间": "Asia/Tokyo",
    "伦敦时间": "Europe/London",
    "柏林时间": "Europe/Berlin",
}
_ABBREVIATIONS = {
    "cet": "Europe/Berlin",
    "cest": "Europe/Berlin",
    "gmt": "UTC",
    "utc": "UTC",
    "bst": "Europe/London",
    "est": "America/New_York",
    "edt": "America/New_York",
    "et": "America/New_York",
    "pst": "America/Los_Angeles",
    "pdt": "America/Los_Angeles",
    "pt": "America/Los_Angeles",
    "jst": "Asia/Tokyo",
}
# A place names a zone only with "time" after it ("UK time"), or right after a clock time
# ("8:30 London"): "the China roadmap" and "pricing for China" name no zone.
_NAMED = re.compile(
    r"(?<!\w)(berlin|central\s+european|paris|london|uk|british|beijing|china|shanghai|tokyo|"
    r"new\s+york|eastern|pacific)(\s+time)?(?!\w)|(北京时间|东京时间|伦敦时间|柏林时间)",
    re.IGNORECASE,
)
# Replies only (requests keep the list above): more places a writer may be in, and
# the marker rules_whereabouts writes for "my time" once it knows where that is.
MORE_NAMES = {
    "singapore": "Asia/Singapore",
    "helsinki": "Europe/Helsinki",
    "lisbon": "Europe/Lisbon",
    "dubai": "Asia/Dubai",
    "chicago": "America/Chicago",
    "central": "America/Chicago",
    "los angeles": "America/Los_Angeles",
    "san francisco": "America/Los_Angeles",
    "seattle": "America/Los_Angeles",
    "west coast": "America/Los_Angeles",
    "east coast": "America/New_York",
    "boston": "America/New_York",
    "toronto": "America/Toronto",
    "denver": "America/Denver",
    "mountain": "America/Denver",
    "sydney": "Australia/Sydney",
    "hong kong": "Asia/Hong_Kong",
    "mumbai": "Asia/Kolkata",
    "india": "Asia/Kolkata",
    "madrid": "Europe/Madrid",
    "rome": "Europe/Rome",
    "amsterdam": "Europe/Amsterdam",
    "vienna": "Europe/Vienna",
    "munich": "Europe/Berlin",
    "frankfurt": "Europe/Berlin",
    "zurich": "Europe/Zurich",
    "moscow": "Europe/Moscow",
    "seoul": "Asia/Seoul",
}
_MORE_NAMED = re.compile(
    r"(?<!\w)(" + "|".join(k.replace(" ", r"\s+") for k in MORE_NAMES) + r")(\s+time)?(?!\w)"
    r"|\bzone:([A-Za-z_]+/[A-Za-z_]+)\b",
    re.IGNORECASE,
)
_ABBREVIATION = re.compile(r"(?<![\w])(" + "|".join(_ABBREVIATIONS) + r")(?![\w])", re.I)
_AFTER_TIME = re.compile(r"(?:\d|[ap]\.?m\.?)\s*$", re.I)


def find_zone(
    text: str, *, more_places: bool = False
) -> tuple[str | None, list[tuple[int, int]], str | None]:
    """(IANA zone or None, spans of the zone words, a problem when zones disagree)."""
    zones: list[tuple[str, tuple[int, int]]] = []
    for m in _MORE_NAMED.finditer(text) if more_places else ():
        if m[3]:  # "zone:Asia/Tokyo", written for "my time" by rules_whereabouts
            zones.append((m[3], m.span()))
        elif m[2] or _AFTER_TIME.search(text[: m.start()]):
            zones.append((MORE_NAMES[re.sub(r"\s+", " ", m[1].lower())], m.span()))
    for m in _NAMED.finditer(text):
        if m[1] and not m[2] and not _AFTER_TIME.search(text[: m.start()]):
            continue
        key = re.sub(r"\s+", " ", (m[1] or m[3]).lower())
        zones.append((_NAMES[key], m.span()))
    for m in _ABBREVIATION.finditer(text):
        if _AFTER_TIME.search(text[: m.start()]):
            zones.append((_ABBREVIATIONS[m[1].lower()], m.span()))
    names = {zone for zone, _ in zones}
    if len(names) > 1:
        return None, [span for _, span in zones], "two time zones in one clause"
    return (names.pop() if names else None), [span for _, span in zones], None
