"""Where the writer is ("I'm in London that week"), and what "my time" then means.

A reply that says where its writer will be is read with clock times in that zone only
where it says so ("9am my time", "16:30 here", "8am for me", "12:30 local"): each such
marker becomes the zone it names, and the statement itself is taken out (only then: a
statement that explains no time is left in, and asked about). A clock
time with no marker in such a reply could be either zone, so it is asked about, unless
the two zones keep the same clock at the meeting's date.
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from negotiation.understanding.rules_zones import MORE_NAMES, find_zone

# Places a writer says they are in, and their zones (the zone names of rules_zones too).
_PLACES = {
    **MORE_NAMES,
    "berlin": "Europe/Berlin",
    "paris": "Europe/Paris",
    "london": "Europe/London",
    "the uk": "Europe/London",
    "beijing": "Asia/Shanghai",
    "shanghai": "Asia/Shanghai",
    "tokyo": "Asia/Tokyo",
    "new york": "America/New_York",
    "nyc": "America/New_York",
    "germany": "Europe/Berlin",
    "japan": "Asia/Tokyo",
    "china": "Asia/Shanghai",
    # Only after "I'm in": "la" or "california" beside a clock names no zone.
    "california": "America/Los_Angeles",
    "la": "America/Los_Angeles",
}
_ZH_PLACES = {
    "东京": "Asia/Tokyo",
    "伦敦": "Europe/London",
    "新加坡": "Asia/Singapore",
    "德国": "Europe/Berlin",
    "柏林": "Europe/Berlin",
    "纽约": "America/New_York",
    "北京": "Asia/Shanghai",
    "上海": "Asia/Shanghai",
    "日本": "Asia/Tokyo",
    "巴黎": "Europe/Paris",
}
_PLACE = "|".join(
    k.replace(" ", r"\s+") for k in sorted(_PLACES, key=len, reverse=True) if k != "central"
)
_WHILE = (
    r"(?:\s+(?:that|this|next|all|the\s+whole|the\s+entire)\s+week|\s+until\s+\w+"
    r"|\s+this\s+month|\s+next\s+week"
    # "I'm in London at the moment, so 9am my time": where they are now.
    r"|\s+(?:at\s+the\s+moment|right\s+now|currently|for\s+now|these\s+days))?"
)
_STATEMENT = re.compile(
    rf"\b(?:i'?m|i\s+am|i'?ll\s+be|i\s+will\s+be|we'?re|we'?ll\s+be)\s+(?:currently\s+|based\s+|over\s+|out\s+)?"
    rf"in\s+(?P<place>{_PLACE}){_WHILE}\b"
    rf"|^\W*(?:from|in)\s+(?P<place2>{_PLACE})\s+(?:that|this|next|all)\s+week\b"
    r"|\b(?:i'?m|i\s+am)\s+on\s+(?P<zone>pacific|eastern|central|mountain|uk)\s+time"
    r"(?:\s+this\s+(?:week|month))?"
    r"|^\W*(?P<coast>west|east)\s+coast\s+here\b",
    re.I | re.M,
)
_ZH_STATEMENT = re.compile(
    r"我(?:那周|下周|这周|那几天|那天)?(?:会)?在(?P<place>" + "|".join(_ZH_PLACES) + r")(?:出差)?"
)
_ON_TIME = {
    "pacific": "America/Los_Angeles",
    "eastern": "America/New_York",
    "central": "America/Chicago",
    "mountain": "America/Denver",
    "uk": "Europe/London",
}
_CLOCK = r"(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|noon|midday|midnight)"
# "9am my time", "16:30 here", "8am for me", "12:30 local", 我这边: the writer's zone.
_MINE = re.compile(
    rf"(?P<clock>{_CLOCK})(?P<between>(?:\s+\w+){{0,2}}?)\s+"
    r"(?:my\s+time|local(?:\s+time)?|here|for\s+me|on\s+my\s+end|my\s+side)\b",
    re.I,
)
# "West coast here. A is 6am": an option said again at a bare clock is the writer's clock
# (the meeting's would only repeat the invitation); when it is not that option's time
# there, the option restated at a time it is not is asked about.
_LABEL_AT = re.compile(
    rf"(?<![\w'])(?-i:[A-H])\s+(?:is|would\s+be|will\s+be|=)\s+(?:at\s+)?(?P<clock>{_CLOCK})"
    r"(?!\s*(?:\w+\s+)?(?:zone:|time\b|gmt|utc|cet|cest|bst|for\s+me|my\s+time|here|local"
    r"|your\s+time|(?:e[sd]?t|p[sd]?t|jst|eastern|pacific)\b))",
    re.I,
)
_YOURS = re.compile(rf"(?P<clock>{_CLOCK})(?P<between>(?:\s+\w+){{0,2}}?)\s+your\s+time\b", re.I)
# A clock with a zone named after it ("10pm ET", "4pm Eastern", "the 8am one (Berlin
# time)") is no bare clock.
_BARE_CLOCK = re.compile(
    rf"{_CLOCK}(?!\s*(?:\w+\s+)?\(?(?:zone:|time\b|gmt|utc|cet|cest|bst|[a-z]+\s+time"
    r"|(?:e[sd]?t|p[sd]?t|jst|eastern|pacific)\b))",
    re.I,
)

# 十点 with the writer in Tokyo: a zone named (东京时间) says which; 我这边 is not read.
_ZH_CLOCK = re.compile(r"[\d一二三四五六七八九十两]+\s*点")
_ZH_ZONE = re.compile(r"(?:北京|东京|伦敦|柏林)时间")
_ZH_MINE = re.compile(r"我这边|当地|我这里")
# 早上7点（我这边）, 7点我这边: the clock right before 我这边 is the writer's, as "7am my
# time" is; 我这边 elsewhere in the sentence still leaves it unread.
_ZH_MINE_AT = re.compile(
    r"(?P<clock>[\d一二三四五六七八九十两]+\s*点(?:半|\d{1,2}分?)?)\s*\(?\s*(?:我这边|我这里)(?:时间)?\s*\)?"
)


# "No time difference", 没时差: said of such a place, nothing more.
_SAME_CLOCK = re.compile(
    r"(?:没有?|无)时差|\bno\s+time\s+difference\b|\bsame\s+time\s*zone\b", re.I
)


def apply_whereabouts(text: str, reader_tz: str, when: datetime) -> tuple[str, str | None]:
    """The reply with "my time" made a zone and the statement of where taken out; a problem."""
    zone, rest, spans = _home_zone(text)
    if zone is None:
        return text, None
    rest, mine = _MINE.subn(lambda m: f"{m['clock']}{m['between']} zone:{zone}", rest)
    rest, labelled = _LABEL_AT.subn(
        lambda m: f"{m[0][: m.end('clock') - m.start()]} zone:{zone}", rest
    )
    mine += labelled
    rest, zh_mine = _ZH_MINE_AT.subn(lambda m: f"{m['clock']} zone:{zone} ", rest)
    mine += zh_mine
    rest, yours = _YOURS.subn(lambda m: f"{m['clock']}{m['between']} zone:{reader_tz}", rest)
    same_clock = (
        when.astimezone(ZoneInfo(zone)).utcoffset()
        == when.astimezone(ZoneInfo(reader_tz)).utcoffset()
    )
    if same_clock and not (mine or yours or _BARE_CLOCK.search(rest) or _ZH_CLOCK.search(rest)):
        if any(_DAY_BESIDE.search(_own_clause(text, span)) for span in spans):
            # "Tuesday I'm in Berlin", 周二我在上海: where they are that day is no yes
            # to it (taken out, the day alone would read as one); read as written.
            return text, None
        # "我那周在新加坡，没时差，A可以": a place on the meeting's own clock changes no label
        # or day; a clock time beside it ("I'll be in Paris, Tuesday 10am") is still asked.
        return _SAME_CLOCK.sub(" ", rest), None
    if not (mine or yours or _ZH_ZONE.search(rest) or find_zone(rest, more_places=True)[1]):
        # "A works. I'm in Dubai.": where they are, with no time it explains, is kept and
        # asked about as before.
        return text, None
    text = rest
    zh_bare = any(not text.startswith(" zone:", m.end()) for m in _ZH_CLOCK.finditer(text))
    zh_unsure = zh_bare and (not _ZH_ZONE.search(text) or _ZH_MINE.search(text))
    if not same_clock and (_BARE_CLOCK.search(text) or zh_unsure):
        # "I'm in London that week, so 9am on Tuesday": London's 9am or the meeting's?
        return text, "a clock time that may be the writer's or the meeting's"
    return text, None


# A day or an option in the statement's own clause: "Tuesday I'm in Berlin", 周二我在上海.
_DAY_BESIDE = re.compile(
    r"\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?\b|\b(?:today|tomorrow"
    r"|tonight|that\s+day|the\s+\d{1,2}(?:st|nd|rd|th)|[A-H])\b|\d{1,2}(?:st|nd|rd|th)\b"
    r"|(?:周|星期|礼拜)[一二三四五六日天]|[今明后]天|那天|当天|\d+\s*[号日]",
    re.I,
)
_CLAUSE_END = re.compile(r"[,，.。;；!！?？\n]")


def _own_clause(text: str, span: tuple[int, int]) -> str:
    """The clause around a span, with a clause before it that is only a day ("周二，我在上海")."""
    marks = [m.end() for m in _CLAUSE_END.finditer(text, 0, span[0])]
    start = marks[-1] if marks else 0
    if marks:
        before = text[marks[-2] if len(marks) > 1 else 0 : start]
        if not re.search(r"\w", re.sub(r"(?i)\bon\b", "", _DAY_BESIDE.sub("", before))):
            start = marks[-2] if len(marks) > 1 else 0
    after = _CLAUSE_END.search(text, span[1])
    return text[start : after.start() if after else len(text)]


def _home_zone(text: str) -> tuple[str | None, str, list[tuple[int, int]]]:
    zones: set[str] = set()
    spans: list[tuple[int, int]] = []
    for m in _STATEMENT.finditer(text):
        place = m["place"] or m["place2"]
        if place:
            zones.add(_PLACES[re.sub(r"\s+", " ", place.lower())])
        elif m["zone"]:
            zones.add(_ON_TIME[m["zone"].lower()])
        else:
            zones.add(_PLACES[f"{m['coast'].lower()} coast"])
        spans.append(m.span())
    for m in _ZH_STATEMENT.finditer(text):
        zones.add(_ZH_PLACES[m["place"]])
        spans.append(m.span())
    if len(zones) != 1:
        return None, text, spans  # nowhere said, or two places: read as written
    rest = text
    for start, end in sorted(spans, reverse=True):
        rest = rest[:start] + rest[end:]
    return zones.pop(), rest, spans
