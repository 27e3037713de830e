"""How long a requested meeting lasts and where it may be held, as the member wrote it."""

from __future__ import annotations

import re
from datetime import date

from negotiation.understanding.lexicon_places import PLACE_WORDS
from negotiation.understanding.request_hour_ranges import day_range
from negotiation.understanding.request_streets import street_places
from negotiation.understanding.rules_dates import find_time_specs
from negotiation.understanding.rules_dates_clock import TIME_PATTERNS, time_spec

_DURATION = (
    # "1h30", "1 h 45": hours and minutes run together.
    (re.compile(r"(?<!\bat\s)(?<!à\s)\b([1-4])\s*h\s*([0-5]\d)\b(?!\s*(?:am|pm|uhr))", re.I), 0),
    # "45' with Carol": minutes written with a prime.
    (re.compile(r"(?<![\d:.])(\d{1,3})\s*['’′](?![\w'’′])"), 1),
    (re.compile(r"\b(\d+(?:\.\d+)?)\s*-?\s*(?:minutes?|mins?|m)\b", re.I), 1),
    (re.compile(r"\b(\d+(?:\.\d+)?)\s*-?\s*(?:hours?|hrs?|h)\b", re.I), 60),
    (re.compile(r"(\d+(?:\.\d+)?)\s*(?:分钟|分鐘)"), 1),
    (re.compile(r"(\d+(?:\.\d+)?)\s*(?:个)?(?:小时|小時|钟头)"), 60),
)
_DURATION_WORDS = (
    (re.compile(r"\b(?:an?|one)\s+hour\s+and\s+a\s+half\b|\b90\s*min", re.I), 90),
    # "1/2 hour", "½ hr": half an hour, never two hours.
    (re.compile(r"(?<![\d/])(?<!\d\s)(?:1/2|½)\s*-?\s*(?:an?\s+)?(?:hours?|hrs?|h)\b", re.I), 30),
    # 开个半小时的会: 半小时 after other characters too, but never the half of 一个半小时.
    (
        re.compile(
            r"\bhalf\s+an?\s+hour\b|\bhalf-hour\b|(?<![\d一二两三四五六七八九十][个個])(?<![\d一二两三四五六七八九十])半小时"
            r"|半个小时|半個小時",
            re.I,
        ),
        30,
    ),
    # "It'll take half a day", "a half-day workshop"; not "half a day's notice".
    (re.compile(r"\bhalf\s+a\s+day\b(?!['’]s)|\bhalf-day\b(?!\s+notice)", re.I), 240),
    (
        re.compile(
            # Not the hour of "a quarter of an hour", read below.
            r"(?<!\bof\s)\b(?:an?|one)\s+(?:full\s+|whole\s+)?hour\b|一个小时|一小时|一個小時|1个小时",
            re.I,
        ),
        60,
    ),
    (re.compile(r"\btwo\s+hours\b|两个小时|两小时|二个小时", re.I), 120),
    (re.compile(r"一个半小时|一个半钟头", re.I), 90),
    (
        re.compile(r"\bthree[\s-]quarters?\s+of\s+an\s+hour\b|三刻钟|\bdreiviertelstunde\b", re.I),
        45,
    ),
    (re.compile(r"\bquarter\s+of\s+an\s+hour\b|一刻钟|\bviertelstunde\b", re.I), 15),
    # German and French: "eine halbe Stunde", "anderthalb Stunden", "une demi-heure".
    (re.compile(r"\b(?:anderthalb|eineinhalb)\s+stunden\b|\bune\s+heure\s+et\s+demie\b", re.I), 90),
    (re.compile(r"\bhalbe[n]?\s+stunde\b|\bdemi-?\s?heure\b", re.I), 30),
    (re.compile(r"\b(?:eine|1)\s+stunde\b|\bune\s+heure\b", re.I), 60),
)
# 四十五分钟, 二十分钟, 三个小时: a length in Chinese numerals. Not the minutes of a clock
# (两点十五分): a length never follows 点.
_ZH_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"两": 2}
_ZH_LENGTH = re.compile(
    r"(?<![点點\d零一二两三四五六七八九十])([一二两三四五六七八九]?十[一二三四五六七八九]?|[一二两三四五六七八九])"
    r"\s*(分钟|分鐘|个小时|個小時|小时|小時)"
)


def _zh_number(text: str) -> int:
    if "十" not in text:
        return _ZH_DIGITS[text]
    tens, _, ones = text.partition("十")
    return (_ZH_DIGITS[tens] if tens else 1) * 10 + (_ZH_DIGITS[ones] if ones else 0)


_AND_A_HALF = re.compile(r"\b([1-4])\s*(?:\s1/2|½)\s*-?\s*(?:hours?|hrs?|h)\b", re.I)
# "Quick 15 with Bob", "a quick 30": minutes said with "quick" and no unit.
_QUICK = re.compile(r"\bquick\s+(10|15|20|25|30|45)\b(?!\s*(?:[ap]\.?m|:|h\b|o'?clock))", re.I)
# "45-minütiges Meeting", "30 Minuten": German minutes.
_MINUTEN = re.compile(r"\b(\d{1,3})\s*-?\s*(?:minuten|minütige[nmrs]?|minütig)\b", re.I)
# Words that make a capitalised name a venue ("Café Nord", "Trattoria Sole").
_VENUE = (
    r"Caf[eé]|Caff[eè]|Restaurant|Trattoria|Osteria|Pizzeria|Bistro|Brasserie|Hotel|Kitchen"
    r"|Tavern|Bakery|Brewery|Diner|Canteen"
)
_EXTRA_PLACES = re.compile(
    r"\b(?:(?:[Cc]onference|[Mm]eeting)\s+[Rr]oom|[Rr]oom)\s+[A-Z0-9][\w-]*(?:\.\d+\b)?\b|\b\d+(?:st|nd|rd|th)\s+floor\b|"
    r"[\u4e00-\u9fff\d]{1,6}(?:会议室|號樓|号楼)|在家里?|家里"
    # A named place after "at": "at Café Luna", "at Agency HQ" (capitalised, no digits).
    r"|(?<=\bat\s)(?-i:[A-Z][\w'’&-]+(?:\s+[A-Z][\w'’&-]+){0,2})(?![\w'’])"
    # "at the Italian place around the corner", "at the new bistro": a place by its kind.
    r"|(?<=\bat\s)the\s+(?:[\w'’-]+\s+){0,3}?(?:place|restaurant|caf[eé]|bar|pub|bistro|"
    r"canteen|cafeteria|hotel)(?:\s+(?:around|round|on|near|by|next\s+to)\s+the\s+[\w-]+)?\b"
    # "at the Mitte office", "at the agency's office in Kreuzberg": an office by its name.
    r"|(?<=\bat\s)the\s+(?:[\w'’-]+\s+){1,2}?office(?:\s+in\s+(?-i:[A-Z][\w-]+))?\b"
    # "at the Agency.io studio", "at the Acme HQ": a named venue of another kind.
    r"|(?<=\bat\s)the\s+(?-i:[A-Z][\w'’.&-]*\s+){1,2}?(?:studio|lab|hq|headquarters|showroom"
    r"|factory|warehouse|campus|site)\b"
    # "the conference room (B2.01)": the room with its number in brackets.
    r"|\b(?:(?:[Cc]onference|[Mm]eeting)\s+)?[Rr]oom\s+\((?-i:[A-Z0-9][\w.-]*\d[\w.-]*)\)"
    # "im Büro Potsdam", "im Raum Havel", "au bureau de Lyon", "around Tiergarten".
    r"|(?<=\bim\s)(?-i:(?:Büro|Raum)\s+[A-Z][\w-]+)|(?<=\bau\s)bureau\s+d[e']\s*(?-i:[A-Z][\w-]+)"
    r"|(?<=\baround\s)(?-i:[A-Z][a-zäöü]+(?:park|garten|platz))\b"
    # "Google Meet or phone", "by phone": a call is a place to meet too.
    r"|(?<=\bor\s)phone\b(?!\s+number)|\bby\s+phone\b|\bover\s+the\s+phone\b"
    # 在公司楼下星巴克: a café or restaurant named after 在.
    r"|(?<=在)[\u4e00-\u9fff]{0,6}?(?:星巴克|咖啡馆|咖啡厅|餐厅|饭店|酒店)"
    # "Café Nord", "Trattoria Sole", "Partner HQ": a name that says it is a venue.
    rf"|(?-i:\b(?:{_VENUE})\s+[A-Z][\w'’&-]+(?:\s+[A-Z][\w'’&-]+)?)"
    rf"|(?-i:\b[A-Z][\w'’&-]+\s+(?:[A-Z][\w'’&-]+\s+)?(?:{_VENUE}|HQ|Headquarters)\b)"
    # 用微信视频, "on Tencent Meeting", "via WeChat": call apps the lexicon does not list.
    r"|微信(?:视频|语音|电话)?|\b(?:Tencent|VooV)\s+Meeting\b|\bWeChat(?:\s+(?:video|call))?\b"
    r"|\bDingTalk\b|\bFeishu\b"
)
# "Location: Room 2", 地点：老北京涮肉, "usual place (Trattoria Sole)": a place said as such.
_SAID_PLACES = re.compile(
    r"(?:^|\n|[.;,!?]\s*)(?:location|venue|where|place)\s*:\s*([^\n,;.()]{2,40}?)\s*(?=$|[\n,;.(])"
    r"|(?:地点|地址|场所|会议地点)\s*[:：]\s*([^\s，。；,;（(]{2,30})"
    r"|\b(?:place|spot|venue|restaurant|caf[eé]|bar|office|hotel)\s*\(\s*(?-i:([A-Z][^(),\n]{1,40}?))"
    r"\s*(?:,[^()\n]*)?\)",
    re.I | re.M,
)
_NOT_PLACES = frozenset(
    {"the", "a", "an", "our", "my", "i", "least", "most", "all", "once", "last"}
)


def find_duration(body: str) -> int | None:
    """Minutes from "30 min", "1 hour", "half an hour", 半小时; None when not stated."""
    m = _AND_A_HALF.search(body)
    if m:
        return int(m[1]) * 60 + 30  # "1 1/2 hours", "2½ hrs"
    for pattern, minutes in _DURATION_WORDS:
        if pattern.search(body):
            return minutes
    m = _ZH_LENGTH.search(body)
    if m:
        minutes = _zh_number(m[1]) * (1 if m[2].startswith("分") else 60)
        if 5 <= minutes <= 8 * 60:
            return minutes
    for pattern in (_QUICK, _MINUTEN):
        m = pattern.search(body)
        if m and 5 <= int(m[1]) <= 8 * 60:
            return int(m[1])
    for pattern, factor in _DURATION:
        m = pattern.search(body)
        if m:
            minutes = round(float(m[1]) * factor) if factor else int(m[1]) * 60 + int(m[2])
            if 5 <= minutes <= 8 * 60:
                return minutes
    return None


def find_locations(body: str) -> tuple[str, ...]:
    """Places named in the request, in the order written."""
    found: list[tuple[int, str]] = []
    taken: list[tuple[int, int]] = []
    for start, end, place in street_places(body):  # "10 Downing Street", "Office 3F"
        found.append((start, place))
        taken.append((start, end))
    for m in _SAID_PLACES.finditer(body):
        start = next(m.start(i) for i in (1, 2, 3) if m[i])
        place = next(g for g in m.groups() if g).strip()
        if find_time_specs(place.lower(), date(2000, 1, 1)):
            continue  # "Where: Monday at 10", 二号会议室 (read as the 2nd): not taken as said
        if not any(start < e and s < start + len(place) for s, e in taken):
            found.append((start, place))
            taken.append((start, start + len(place)))
    for m in _EXTRA_PLACES.finditer(body):
        # "Room 3.14", "room (B2.01)": a room's number, never a date.
        numbered = bool(re.match(r"(?:(?:conference|meeting)\s+)?room\b", m[0], re.I))
        if m[0].lower() in _NOT_PLACES or (
            not numbered and find_time_specs(m[0].lower(), date(2000, 1, 1))
        ):
            continue  # "at Monday 10am", "at Noon": a time, not a place
        if any(m.start() < e and s < m.end() for s, e in taken):
            continue
        found.append((m.start(), m[0]))
        taken.append(m.span())
    for needle, canonical in PLACE_WORDS:
        # ASCII word boundaries: in "用Zoom" or "在办公室" the Chinese around is no word.
        for m in re.finditer(rf"(?<![A-Za-z0-9_]){re.escape(needle)}(?![A-Za-z0-9_])", body, re.I):
            if not any(m.start() < e and s < m.end() for s, e in taken):
                found.append((m.start(), canonical))
                taken.append(m.span())
    result: list[str] = []
    for _, place in sorted(found):
        if place not in result:
            result.append(place)
    return tuple(result)


_CLOCK_RANGE = dict(TIME_PATTERNS)["range"]


def range_length(body: str) -> int | None:
    """ "Meeting with Bob, 2-3pm tomorrow", "10:00-10:30": the one clock range a request
    gives, when it is no longer than a meeting (15-90 minutes), is the meeting itself.
    "between 2 and 5pm" is a window to find a time in; two ranges say nothing."""
    specs = [time_spec("range", m) for m in _CLOCK_RANGE.finditer(body)]
    ranges = [s.minute_range for s in specs if s is not None and s.minute_range]
    bare = None if any(specs) else day_range(body)
    if bare:
        # "Tuesday 10 March, 9-10": the clock rules leave a bare range to the request's.
        lo, hi = bare
    elif len(ranges) != 1 or len(specs) != 1:
        return None
    else:
        lo, hi = ranges[0]
    return hi - lo if 15 <= hi - lo <= 90 else None
