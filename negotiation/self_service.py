"""A member's own settings, as they write them in a new mail (pure: no Django).

"my time zone is Asia/Tokyo", 「我的时区是上海」, "call me Gina", "my language is Chinese",
「我的语言是中文」, "preferences: weekdays 9-12, no Fridays". Only explicit phrasings, each
on a line of its own at the top of the mail: "my time zone is awful" is a sentence, and
a mail whose first line is not a setting is not a settings mail at all. Replies in a
meeting's thread never come here (they are answers to the meeting).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from zoneinfo import available_timezones

from hubs.preference_text import PreferenceError, preferences_from_phrase

TIME_ZONE, NAME, LANGUAGE, PREFERENCES = "time_zone", "name", "language", "preferences"
MAX_LINES = 6
MAX_NAME_CHARS = 80

CITY_ZONES = {
    "shanghai": "Asia/Shanghai", "beijing": "Asia/Shanghai", "上海": "Asia/Shanghai",
    "北京": "Asia/Shanghai", "china": "Asia/Shanghai", "中国": "Asia/Shanghai",
    "beijing time": "Asia/Shanghai", "北京时间": "Asia/Shanghai", "shenzhen": "Asia/Shanghai",
    "深圳": "Asia/Shanghai", "guangzhou": "Asia/Shanghai", "广州": "Asia/Shanghai",
    "hangzhou": "Asia/Shanghai", "杭州": "Asia/Shanghai", "chengdu": "Asia/Shanghai",
    "成都": "Asia/Shanghai", "hong kong": "Asia/Hong_Kong", "香港": "Asia/Hong_Kong",
    "taipei": "Asia/Taipei", "台北": "Asia/Taipei", "singapore": "Asia/Singapore",
    "新加坡": "Asia/Singapore", "tokyo": "Asia/Tokyo", "东京": "Asia/Tokyo", "東京": "Asia/Tokyo",
    "osaka": "Asia/Tokyo", "japan": "Asia/Tokyo", "日本": "Asia/Tokyo", "seoul": "Asia/Seoul",
    "首尔": "Asia/Seoul", "london": "Europe/London", "伦敦": "Europe/London",
    "paris": "Europe/Paris", "巴黎": "Europe/Paris", "berlin": "Europe/Berlin",
    "柏林": "Europe/Berlin", "munich": "Europe/Berlin", "hamburg": "Europe/Berlin",
    "frankfurt": "Europe/Berlin", "madrid": "Europe/Madrid", "rome": "Europe/Rome",
    "amsterdam": "Europe/Amsterdam", "zurich": "Europe/Zurich", "vienna": "Europe/Vienna",
    "moscow": "Europe/Moscow", "new york": "America/New_York", "nyc": "America/New_York",
    "纽约": "America/New_York", "boston": "America/New_York", "washington": "America/New_York",
    "toronto": "America/Toronto", "chicago": "America/Chicago", "denver": "America/Denver",
    "los angeles": "America/Los_Angeles", "la": "America/Los_Angeles",
    "洛杉矶": "America/Los_Angeles", "san francisco": "America/Los_Angeles",
    "旧金山": "America/Los_Angeles", "seattle": "America/Los_Angeles",
    "vancouver": "America/Vancouver", "sydney": "Australia/Sydney", "悉尼": "Australia/Sydney",
    "melbourne": "Australia/Melbourne", "dubai": "Asia/Dubai", "mumbai": "Asia/Kolkata",
    "delhi": "Asia/Kolkata", "bangalore": "Asia/Kolkata", "india": "Asia/Kolkata",
    "são paulo": "America/Sao_Paulo", "sao paulo": "America/Sao_Paulo",
    "mexico city": "America/Mexico_City", "utc": "UTC", "gmt": "UTC",
}  # fmt: skip
LANGUAGE_WORDS = {
    "english": "en", "en": "en", "英文": "en", "英语": "en",
    "chinese": "zh-hans", "mandarin": "zh-hans", "simplified chinese": "zh-hans", "zh": "zh-hans",
    "zh-hans": "zh-hans", "zh-cn": "zh-hans", "中文": "zh-hans", "汉语": "zh-hans",
    "简体中文": "zh-hans", "普通话": "zh-hans",
}  # fmt: skip
LANGUAGE_NAMES = {"en": "English", "zh-hans": "Chinese (简体中文)"}

_PUNCT = " \t.!。！"
_ZONE = re.compile(
    r"^(?:(?:please\s+)?(?:set\s+)?my\s+time\s*zone\s+(?:is|to)\s*:?|time\s*zone\s*[:：=]"
    r"|(?:我的)?时区(?:是|为|[:：]|设为|改为))\s*(.+)$",
    re.IGNORECASE,
)
_NAME = re.compile(
    r"^(?:(?:please\s+)?call\s+me|my\s+name\s+is|叫我|请叫我|我的名字是)\s*[:：]?\s*(.+)$", re.I
)
_LANGUAGE = re.compile(
    r"^(?:(?:please\s+)?(?:set\s+)?my\s+language\s+(?:is|to)|language\s*[:：=]"
    r"|(?:please\s+)?write\s+to\s+me\s+in|(?:我的)?语言(?:是|为|[:：]|设为|改为))\s*:?\s*(.+)$",
    re.IGNORECASE,
)
_PREFERENCES = re.compile(
    r"^(?:(?:my\s+)?preferences?|(?:my\s+)?preferred\s+times?|(?:我的)?偏好(?:是)?)\s*[:：]\s*(.+)$",
    re.IGNORECASE,
)
_CJK = re.compile(r"[\u3400-\u9fff]")


@dataclass(frozen=True)
class Setting:
    """One setting a member asked for: the field, the new value, or why it cannot be read."""

    field: str
    value: object = None
    error: str = ""
    written: str = ""  # what the member wrote, for the answer


@lru_cache(maxsize=1)
def _zones_by_lower_name() -> dict[str, str]:
    return {name.lower(): name for name in available_timezones()}


def zone_named(text: str) -> str | None:
    """The IANA zone a city or zone name means ('Tokyo', '上海', 'asia/tokyo'), or None."""
    key = " ".join(text.strip().strip(_PUNCT).split()).lower()
    key = re.sub(r"\s+time$", "", key) if key != "beijing time" else key
    if key in CITY_ZONES:
        return CITY_ZONES[key]
    return _zones_by_lower_name().get(key.replace(" ", "_"))


_LIVES = re.compile(
    r"(?:\bi\s+live\s+in|\bi\s*(?:am|'m|’m)\s+(?:based\s+)?in|\bbased\s+in|\bliving\s+in"
    r"|我住在|我在|我生活在)\s*([^\n,.;!?，。；！？]{2,40})",
    re.IGNORECASE,
)


def zone_in_text(text: str) -> str | None:
    """The zone a mail states in passing ("I live in Tokyo", 「我住在上海」), if a known city."""
    for match in _LIVES.finditer(text[:2000]):
        words = match.group(1).split()
        # "I live in Tokyo with my family": try the longest known start.
        for size in range(min(3, len(words)), 0, -1):
            zone = zone_named(" ".join(words[:size]))
            if zone:
                return zone
        if _CJK.search(match.group(1)):
            for end in range(len(match.group(1)), 1, -1):
                zone = zone_named(match.group(1)[:end])
                if zone:
                    return zone
    return None


def _plausible_name(candidate: str) -> str:
    name = " ".join(candidate.strip().strip(_PUNCT).split())
    if not name or len(name) > MAX_NAME_CHARS or "@" in name or "://" in name:
        return ""
    return name if len(name.split()) <= 4 else ""


def _zone_setting(value: str, line: str) -> Setting | None:
    zone = zone_named(value)
    if zone:
        return Setting(TIME_ZONE, zone, written=value.strip(_PUNCT))
    words = value.strip(_PUNCT).split()
    # "my time zone is awful" is a sentence; "my time zone is Shangai" a zone misspelt.
    looks_like_a_place = "/" in value or _CJK.search(value) or (words and words[0][0].isupper())
    if not words or len(words) > 3 or not looks_like_a_place:
        return None
    return Setting(TIME_ZONE, error="unknown time zone", written=value.strip(_PUNCT))


def setting_on_line(line: str) -> Setting | None:
    """Read one line as a setting, or None when it is not one."""
    line = line.strip().strip('"').strip()
    if not line or len(line) > 200:
        return None
    zone = _ZONE.match(line)
    if zone:
        return _zone_setting(zone.group(1), line)
    name = _NAME.match(line)
    if name:
        plausible = _plausible_name(name.group(1))
        return Setting(NAME, plausible, written=plausible) if plausible else None
    language = _LANGUAGE.match(line)
    if language:
        written = language.group(1).strip(_PUNCT)
        code = LANGUAGE_WORDS.get(written.lower())
        if code:
            return Setting(LANGUAGE, code, written=written)
        return (
            Setting(LANGUAGE, error="unknown language", written=written)
            if len(written.split()) <= 2
            else None
        )
    preferences = _PREFERENCES.match(line)
    if preferences:
        written = preferences.group(1).strip()
        try:
            return Setting(PREFERENCES, preferences_from_phrase(written), written=written)
        except PreferenceError as exc:
            return Setting(PREFERENCES, error=str(exc), written=written)
    return None


def settings_in(text: str, subject: str = "") -> list[Setting]:
    """The settings a new mail asks for: its first line must be one; the next lines may add more.

    A mail with an empty body may carry one setting in its subject.
    """
    lines = [line for line in text.splitlines() if line.strip()][:MAX_LINES]
    if not lines:
        found = setting_on_line(subject)
        return [found] if found else []
    first = setting_on_line(lines[0])
    if first is None:
        return []
    found = [first]
    for line in lines[1:]:
        more = setting_on_line(line)
        if more is None:
            break
        found.append(more)
    return found


def written_in_chinese(text: str) -> bool:
    """Whether the settings at the top of a mail are written in Chinese (the answer follows)."""
    lines = [line for line in text.splitlines() if line.strip()][:MAX_LINES]
    return any(_CJK.search(line) for line in lines)


def stated_zone(text: str) -> str | None:
    """The zone a mail gives: a "my time zone is ..." line, else "I live in <city>"."""
    for line in text.splitlines()[:40]:
        setting = setting_on_line(line)
        if setting is not None and setting.field == TIME_ZONE and not setting.error:
            return str(setting.value)
    return zone_in_text(text)
