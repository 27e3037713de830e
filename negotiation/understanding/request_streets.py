"""Places a request names by their street or room: "at 10 Downing Street", "Torstraße 5",
"in Office 3F", "at the Hotel Adlon", 南京西路1266号. Each is kept as written.

The number of a street address is no time: "at 10 Downing Street on Friday" asks for no
10:00, so the timing rules read the request without its street addresses.
Reply reading does not use this module.
"""

from __future__ import annotations

import re

_PLACE_KIND = (
    r"Hotel|Café|Cafe|Restaurant|Bistro|Bar|Pub|Club|House|Hall|Centre|Center|Museum"
    r"|Gallery|Library|Building|Tower|Campus|HQ|Office|Lounge|Hub"
)
STREETS = re.compile(
    # "10 Downing Street", "221B Baker Street", "5 Hanover Sq.".
    r"\b\d{1,4}[A-Za-z]?,?\s+(?-i:(?:[A-Z][\w'’-]+\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave"
    r"|Lane|Square|Sq|Place|Way|Boulevard|Blvd|Drive|Court|Terrace|Row|Crescent|Gardens"
    r"|Parade|Walk|Wharf|Quay))\b\.?"
    # "Friedrichstraße 68", "Karl-Marx-Allee 34", "Torstr. 5": the German way round.
    r"|(?-i:\b[A-ZÄÖÜ][\wäöüß-]*(?:straße|strasse|str\.|platz|allee|damm|ufer|gasse|chaussee))"
    r"(?:\s+\d{1,4}[a-z]?\b)?"
    # 南京西路1266号, after 在 or on its own: never the day before it (下周三在...).
    r"|(?:(?<=[在于到])|(?<![\u4e00-\u9fff]))(?:(?![在和跟与于到])[\u4e00-\u9fff]){1,6}?"
    r"(?:路|街|大道|大街)(?:\d{1,5}|[一二三四五六七八九十百]+)号"
)
_ROOMS = re.compile(
    # "in Office 3F", "Building 7", "Suite 200", "Level 3"; not "Office 365", the software.
    r"\b(?-i:Office|Building|Suite|Level|Wing|Studio|Lab|Block|Hall)\s+(?!365\b|I\b)"
    r"(?:\d{1,3}[A-Za-z]?|[A-Z]\d{0,2})\b(?![:.]\d)"
    # "at the Hotel Adlon", "at the Soho House", "at the Rocket Café".
    rf"|(?<=\bat\sthe\s)(?-i:(?:{_PLACE_KIND})\s+[A-Z][\w'’&-]+(?:\s+[A-Z][\w'’&-]+)?)"
    rf"|(?<=\bat\sthe\s)(?-i:[A-Z][\w'’&-]+(?:\s+[A-Z][\w'’&-]+){{0,2}}\s+(?:{_PLACE_KIND}))\b"
)


def street_places(body: str) -> list[tuple[int, int, str]]:
    """Every street address, numbered room and named venue, with where it is written."""
    found = [(m.start(), m.end(), m[0].rstrip(".")) for m in STREETS.finditer(body)]
    for m in _ROOMS.finditer(body):
        if not any(m.start() < e and s < m.end() for s, e, _ in found):
            found.append((m.start(), m.end(), m[0]))
    return sorted(found)


# "the conference room (B2.01)", "Room 2.14": a room's number with a dot is no time (14:01)
# nor date; "B2.01" (a letter, a floor and a room) is one wherever it stands.
_ROOM_CODES = re.compile(
    r"(?<![\w.])(?-i:[A-Z]{1,2})\d{1,2}\.\d{1,3}(?![\w.])"
    r"|\b(?:room|raum|rm\.?)\s*\(?\d{1,2}\.\d{1,3}\)?(?![\w.])"
    # 二号会议室, 3号楼: a numbered room or building, not the 2nd or 3rd of the month.
    r"|(?:\d{1,3}|[一二三四五六七八九十]{1,3})号(?=会议室|楼|房|厅|门|馆|室|展厅)",
    re.I,
)


def without_streets(text: str) -> str:
    """The text with its street addresses and room numbers blanked out, so their numbers
    are no times."""
    text = STREETS.sub(lambda m: " " * len(m[0]), text)
    return _ROOM_CODES.sub(lambda m: " " * len(m[0]), text)
