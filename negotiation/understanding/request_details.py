"""How long a requested meeting lasts and where it may be held, as the member wrote it."""

from __future__ import annotations

import re
from datetime import date

from negotiation.understanding.lexicon_places import PLACE_WORDS
from negotiation.understanding.rules_dates import find_time_specs

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
    (re.compile(r"\bhalf\s+an?\s+hour\b|\bhalf-hour\b|\b半小时|半个小时|半個小時", re.I), 30),
    (
        re.compile(
            r"\b(?:an?|one)\s+(?:full\s+|whole\s+)?hour\b|一个小时|一小时|一個小時|1个小时", re.I
        ),
        60,
    ),
    (re.compile(r"\btwo\s+hours\b|两个小时|两小时|二个小时", re.I), 120),
    (re.compile(r"一个半小时|一个半钟头", re.I), 90),
    (re.compile(r"\bquarter\s+of\s+an\s+hour\b|一刻钟", re.I), 15),
)
_EXTRA_PLACES = re.compile(
    r"\b(?:(?:[Cc]onference|[Mm]eeting)\s+[Rr]oom|[Rr]oom)\s+[A-Z0-9][\w-]*\b|\b\d+(?:st|nd|rd|th)\s+floor\b|"
    r"[\u4e00-\u9fff\d]{1,6}(?:会议室|號樓|号楼)|在家里?|家里"
    # A named place after "at": "at Café Luna", "at Agency HQ" (capitalised, no digits).
    r"|(?<=\bat\s)(?-i:[A-Z][\w'’&-]+(?:\s+[A-Z][\w'’&-]+){0,2})(?![\w'’])"
    # "at the Italian place around the corner", "at the new bistro": a place by its kind.
    r"|(?<=\bat\s)the\s+(?:[\w'’-]+\s+){0,3}?(?:place|restaurant|caf[eé]|bar|pub|bistro|"
    r"canteen|cafeteria|hotel)(?:\s+(?:around|round|on|near|by|next\s+to)\s+the\s+[\w-]+)?\b"
)
_NOT_PLACES = frozenset(
    {"the", "a", "an", "our", "my", "i", "least", "most", "all", "once", "last"}
)


def find_duration(body: str) -> int | None:
    """Minutes from "30 min", "1 hour", "half an hour", 半小时; None when not stated."""
    for pattern, minutes in _DURATION_WORDS:
        if pattern.search(body):
            return minutes
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
    for m in _EXTRA_PLACES.finditer(body):
        if find_time_specs(m[0].lower(), date(2000, 1, 1)) or m[0].lower() in _NOT_PLACES:
            continue  # "at Monday 10am", "at Noon": a time, not a place
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
