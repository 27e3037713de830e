"""Weekly time preferences as people write them, and back (pure: no Django).

The stored shape (Member.preferred_times / blocked_times) is a list of
{"days": ["mon", ...], "start": "09:00", "end": "12:00"}, "end" "24:00" meaning
midnight. People write one rule per line or comma: "mon-fri 09:00-12:00",
"weekdays 9-12", "sat, sun" (the whole day), "工作日 9-12", "周五".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
WHOLE_DAY = ("00:00", "24:00")
_DAY_WORDS = {
    **{d: d for d in DAYS},
    "monday": "mon", "tuesday": "tue", "tues": "tue", "wednesday": "wed", "thursday": "thu",
    "thur": "thu", "thurs": "thu", "friday": "fri", "saturday": "sat", "sunday": "sun",
    "mondays": "mon", "tuesdays": "tue", "wednesdays": "wed", "thursdays": "thu",
    "fridays": "fri", "saturdays": "sat", "sundays": "sun",
    "周一": "mon", "周二": "tue", "周三": "wed", "周四": "thu", "周五": "fri", "周六": "sat",
    "周日": "sun", "周天": "sun", "星期一": "mon", "星期二": "tue", "星期三": "wed",
    "星期四": "thu", "星期五": "fri", "星期六": "sat", "星期日": "sun", "星期天": "sun",
}  # fmt: skip
_GROUPS = {
    "weekdays": DAYS[:5], "weekday": DAYS[:5], "workdays": DAYS[:5], "工作日": DAYS[:5],
    "weekends": DAYS[5:], "weekend": DAYS[5:], "周末": DAYS[5:],
    "everyday": DAYS, "daily": DAYS, "anyday": DAYS, "每天": DAYS,
}  # fmt: skip
_CLOCK = r"(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|点|時|时)?"
_HOURS = re.compile(rf"{_CLOCK}\s*(?:-|–|—|to|until|till|到|至|~)\s*{_CLOCK}\s*$", re.I)
_RANGE = re.compile(r"^(\S+?)\s*(?:-|–|—|to|到|至|~)\s*(\S+)$", re.I)
MAX_RULES = 20
HELP = 'Write one rule per line: days, then hours, e.g. "mon-fri 09:00-12:00" or "sat".'


class PreferenceError(ValueError):
    """A rule that cannot be read, with a message for the person who wrote it."""


@dataclass(frozen=True)
class Preferences:
    """What a member said about their week and places, in the stored shape."""

    preferred: list[dict]
    blocked: list[dict]
    places: list[str] | None  # None: the member said nothing about places


def _clock(hours: str, minutes: str | None, suffix: str | None, raw: str) -> str:
    h, m = int(hours), int(minutes or 0)
    suffix = (suffix or "").lower()
    if suffix == "pm" and h < 12:
        h += 12
    elif suffix == "am" and h == 12:
        h = 0
    if not (0 <= h <= 24 and 0 <= m < 60) or (h == 24 and m):
        raise PreferenceError(f'"{raw}": {h}:{m:02d} is not a time of day.')
    return f"{h:02d}:{m:02d}"


def _days(words: str, raw: str) -> list[str]:
    """'mon-fri', 'sat, sun', 'weekdays', '周一到周五' as day keys in week order."""
    found: set[str] = set()
    for part in re.split(r"\s*(?:,|/|&|\band\b|、|和)\s*|\s+", words.strip().lower()):
        if not part:
            continue
        if part in _GROUPS:
            found.update(_GROUPS[part])
            continue
        span = _RANGE.match(part)
        if span and span.group(1) in _DAY_WORDS and span.group(2) in _DAY_WORDS:
            first, last = (
                DAYS.index(_DAY_WORDS[span.group(1)]),
                DAYS.index(_DAY_WORDS[span.group(2)]),
            )
            if first > last:
                raise PreferenceError(f'"{raw}": write the days in week order, e.g. "mon-fri".')
            found.update(DAYS[first : last + 1])
            continue
        if part not in _DAY_WORDS:
            raise PreferenceError(f'"{raw}": "{part}" is not a day. {HELP}')
        found.add(_DAY_WORDS[part])
    return [d for d in DAYS if d in found]


def rule_from_text(text: str) -> dict:
    """Read one rule ("mon-fri 09:00-12:00", "weekdays 9-12", "fri") into the stored shape."""
    raw = " ".join(text.split())
    line = re.sub(r"\b(every|any)\s+day\b", r"\1day", raw.lower())
    hours = _HOURS.search(line)
    start, end = WHOLE_DAY
    if hours:
        start = _clock(hours.group(1), hours.group(2), hours.group(3), raw)
        end = _clock(hours.group(4), hours.group(5), hours.group(6), raw)
        line = line[: hours.start()].strip()
        if end != "24:00" and end <= start:
            raise PreferenceError(f'"{raw}": the end ({end}) must come after the start ({start}).')
    elif re.search(r"\d", line):
        raise PreferenceError(f'"{raw}": write the hours as start-end, e.g. "09:00-12:00".')
    line = re.sub(r"^(?:on\s+)|\s*(?:from|:)$", "", line).strip()
    days = _days(line, raw) if line else list(DAYS)
    if not days:
        raise PreferenceError(f'"{raw}": no day found. {HELP}')
    return {"days": days, "start": start, "end": end}


def rules_from_text(text: str) -> list[dict]:
    """Read rules, one per line; blank lines are skipped. Raise PreferenceError on any bad one."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_RULES:
        raise PreferenceError(f"At most {MAX_RULES} rules, please.")
    return [rule_from_text(line) for line in lines]


def _days_text(days: list[str]) -> str:
    idx = [DAYS.index(d) for d in days if d in DAYS]
    if idx == list(range(7)):
        return "every day"
    if len(idx) > 2 and idx == list(range(idx[0], idx[-1] + 1)):
        return f"{DAYS[idx[0]]}-{DAYS[idx[-1]]}"
    return ", ".join(DAYS[i] for i in idx)


def rule_text(rule: dict) -> str:
    """One stored rule as a line the form and the mails show ("mon-fri 09:00-12:00")."""
    days = rule.get("days") or list(DAYS)
    start, end = rule.get("start", "00:00"), rule.get("end", "24:00")
    hours = "" if (start, end) == WHOLE_DAY else f" {start}-{end}"
    return _days_text(list(days)) + hours


def rules_to_text(rules: object) -> str:
    """Stored rules as lines; entries that are not rules are shown as they are stored."""
    if not isinstance(rules, list):
        return ""
    return "\n".join(rule_text(r) if isinstance(r, dict) else str(r) for r in rules)


def places_from_text(text: str) -> list[str]:
    """Preferred places, one per line; each at most 200 characters."""
    places = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    for place in places:
        if len(place) > 200:
            raise PreferenceError(f'"{place[:40]}…" is too long for a place (200 characters).')
    if len({p.casefold() for p in places}) != len(places):
        raise PreferenceError("A place is listed twice.")
    return places


_NEGATIVE = re.compile(r"^(?:no|not|never|except|but not|without|不要|不能|除了)\s*(.+)$", re.I)
_NEGATIVE_AFTER = re.compile(r"^(.+?)\s*(?:不行|不可以|没空|不方便)$")
_PLACES = re.compile(r"^(?:places?|at|地点)\s*[:：]?\s*(.+)$", re.I)


def preferences_from_phrase(text: str) -> Preferences:
    """Read "weekdays 9-12, no Fridays, places: Zoom / office" as a member writes it by mail."""
    preferred: list[dict] = []
    blocked: list[dict] = []
    places: list[str] | None = None
    for part in re.split(r"\s*[,;，；。\n]\s*", text.strip().rstrip(".")):
        if not part:
            continue
        place_match = _PLACES.match(part)
        if place_match:
            places = places_from_text(
                "\n".join(re.split(r"\s*/\s*|\s+or\s+", place_match.group(1)))
            )
            continue
        negative = _NEGATIVE.match(part) or _NEGATIVE_AFTER.match(part)
        if negative:
            blocked.append(rule_from_text(negative.group(1)))
        else:
            preferred.append(rule_from_text(part))
    if not (preferred or blocked or places):
        raise PreferenceError(f"No preference found. {HELP}")
    return Preferences(preferred=preferred, blocked=blocked, places=places)
