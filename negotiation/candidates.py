"""Propose the first time and place options of a meeting (pure: no Django, no clock).

Inputs are the initiator's stated windows, every internal participant's weekly
preferences ({"days": ["mon", ...], "start": "09:00", "end": "12:00"} in their own zone)
and the hub's default places. Output is deterministic: the same input gives the same
options, so a re-run of a job proposes exactly what the first run proposed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

DAY_NAMES = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
STEP = timedelta(minutes=30)
LEAD = timedelta(hours=2)  # nobody can act on an invitation for a meeting in 10 minutes
SENSIBLE_START = time(8, 0)
SENSIBLE_END = time(20, 0)
DEFAULT_DAY = (time(9, 0), time(17, 0))
DEFAULT_HORIZON_DAYS = 14
MAX_SLOTS = 4000  # bounds the work for a window spanning months
TARGET_TIMES, MAX_TIMES = 3, 4
MAX_PLACES = 3
FALLBACK_PLACE = "Video call"


@dataclass(frozen=True)
class WeeklyRule:
    """A weekly slot in someone's own zone, e.g. weekdays 09:00-12:00."""

    days: frozenset[int]  # 0 = Monday
    start: time
    end: time

    def covers(self, start: datetime, end: datetime) -> bool:
        """Tell whether [start, end) in local time lies inside this rule on one day."""
        return (
            start.weekday() in self.days
            and start.date() == (end - timedelta(microseconds=1)).date()
            and self.start <= start.time()
            and (end.time() <= self.end or (self.end == time(0, 0) and end.time() == time(0)))
        )

    def overlaps(self, start: datetime, end: datetime) -> bool:
        """Tell whether [start, end) in local time touches this rule."""
        day = start.date()
        while day <= (end - timedelta(microseconds=1)).date():
            if day.weekday() in self.days:
                rule_start = datetime.combine(day, self.start, start.tzinfo)
                rule_end = (
                    datetime.combine(day + timedelta(days=1), time(0), start.tzinfo)
                    if self.end == time(0)
                    else datetime.combine(day, self.end, start.tzinfo)
                )
                if rule_start < end and start < rule_end:
                    return True
            day += timedelta(days=1)
        return False


def _parse_clock(value: object) -> time | None:
    if not isinstance(value, str):
        return None
    try:
        hours, minutes = value.strip().split(":")
        h, m = int(hours), int(minutes)
    except ValueError:
        return None
    if h == 24 and m == 0:
        return time(0)
    if not (0 <= h < 24 and 0 <= m < 60):
        return None
    return time(h, m)


def parse_rules(raw: object) -> tuple[WeeklyRule, ...]:
    """Read stored preference JSON; entries that make no sense are skipped, not fatal."""
    if not isinstance(raw, list):
        return ()
    rules = []
    for entry in raw:
        if not isinstance(entry, dict):
            continue
        days_raw = entry.get("days") or list(DAY_NAMES)
        if not isinstance(days_raw, list):
            continue
        days = frozenset(
            DAY_NAMES.index(d[:3].lower())
            for d in days_raw
            if isinstance(d, str) and d[:3].lower() in DAY_NAMES
        )
        start, end = _parse_clock(entry.get("start", "00:00")), _parse_clock(entry.get("end"))
        if not days or start is None or end is None:
            continue
        if end != time(0) and end <= start:
            continue
        rules.append(WeeklyRule(days=days, start=start, end=end))
    return tuple(rules)


@dataclass(frozen=True)
class PersonPrefs:
    """What the hub knows about one participant's availability."""

    time_zone: str
    zone_known: bool = True  # a zone guessed from the hub does not constrain hours
    preferred: tuple[WeeklyRule, ...] = ()
    blocked: tuple[WeeklyRule, ...] = ()
    places: tuple[str, ...] = ()


@dataclass(frozen=True)
class CandidateInput:
    """Everything the proposal depends on; `now` is passed in, never read from a clock."""

    now: datetime
    duration: timedelta
    planning_tz: str  # the initiator's zone: windows without times are days there
    windows: tuple[tuple[datetime, datetime], ...] = ()
    people: tuple[PersonPrefs, ...] = ()
    stated_places: tuple[str, ...] = ()
    default_places: tuple[str, ...] = ()
    exclude_starts: frozenset[datetime] = field(default_factory=frozenset)


def _ceil_step(moment: datetime, tz: ZoneInfo) -> datetime:
    local = moment.astimezone(tz)
    floor = local.replace(minute=0, second=0, microsecond=0)
    while floor < local:
        floor += STEP
    return floor


def _slots(window: tuple[datetime, datetime], inp: CandidateInput) -> Iterable[datetime]:
    tz = ZoneInfo(inp.planning_tz)
    start = _ceil_step(max(window[0], inp.now + LEAD), tz)
    count = 0
    while start + inp.duration <= window[1] and count < MAX_SLOTS:
        yield start
        start = (start.astimezone(ZoneInfo("UTC")) + STEP).astimezone(tz)
        count += 1


def _default_windows(first_day: date, inp: CandidateInput) -> list[tuple[datetime, datetime]]:
    tz = ZoneInfo(inp.planning_tz)
    windows = []
    for offset in range(DEFAULT_HORIZON_DAYS):
        day = first_day + timedelta(days=offset)
        if day.weekday() >= 5:
            continue
        windows.append(
            (datetime.combine(day, DEFAULT_DAY[0], tz), datetime.combine(day, DEFAULT_DAY[1], tz))
        )
    return windows


def _zones(inp: CandidateInput) -> list[ZoneInfo]:
    names = [inp.planning_tz] + [p.time_zone for p in inp.people if p.zone_known]
    return [ZoneInfo(n) for n in dict.fromkeys(names)]


def _sensible(start: datetime, end: datetime, zones: Sequence[ZoneInfo]) -> bool:
    for tz in zones:
        s, e = start.astimezone(tz), end.astimezone(tz)
        if s.date() != e.date() or s.time() < SENSIBLE_START or e.time() > SENSIBLE_END:
            return False
    return True


def _blocked(start: datetime, end: datetime, people: Sequence[PersonPrefs]) -> bool:
    for person in people:
        tz = ZoneInfo(person.time_zone)
        s, e = start.astimezone(tz), end.astimezone(tz)
        if any(rule.overlaps(s, e) for rule in person.blocked):
            return True
    return False


def _score(start: datetime, end: datetime, people: Sequence[PersonPrefs]) -> int:
    score = 0
    for person in people:
        tz = ZoneInfo(person.time_zone)
        s, e = start.astimezone(tz), end.astimezone(tz)
        if any(rule.covers(s, e) for rule in person.preferred):
            score += 1
    return score


def _ranked(windows: Iterable[tuple[datetime, datetime]], inp: CandidateInput) -> list[datetime]:
    zones = _zones(inp)
    seen: set[datetime] = set()
    scored = []
    for window in windows:
        for start in _slots(window, inp):
            end = start + inp.duration
            if start in seen or start in inp.exclude_starts:
                continue
            seen.add(start)
            if not _sensible(start, end, zones) or _blocked(start, end, inp.people):
                continue
            scored.append((-_score(start, end, inp.people), start))
    scored.sort(key=lambda pair: (pair[0], pair[1].timestamp()))
    return [start for _, start in scored]


def _pick(ranked: Sequence[datetime], tz: ZoneInfo, chosen: list[datetime], want: int) -> None:
    # First one slot per local day (spread over days), then any slot at least an hour
    # from the ones already chosen.
    days = {c.astimezone(tz).date() for c in chosen}
    for start in ranked:
        if len(chosen) >= want:
            return
        if start.astimezone(tz).date() not in days:
            chosen.append(start)
            days.add(start.astimezone(tz).date())
    for start in ranked:
        if len(chosen) >= want:
            return
        if all(abs(start - c) >= timedelta(hours=1) for c in chosen):
            chosen.append(start)


def propose_times(inp: CandidateInput) -> list[tuple[datetime, datetime]]:
    """Return up to 4 (start, end) options, earliest first, inside the stated windows."""
    tz = ZoneInfo(inp.planning_tz)
    chosen: list[datetime] = []
    if inp.windows:
        # The organiser's own times are the options: exact times all of them ("3pm or
        # 4pm"), else a spread inside the stated windows; never a time outside them.
        exact = all(end - start == inp.duration for start, end in inp.windows)
        _pick(_ranked(inp.windows, inp), tz, chosen, MAX_TIMES if exact else TARGET_TIMES)
    else:
        # Asked to find times: working hours from today on, as few as make a choice.
        today = inp.now.astimezone(tz).date()
        _pick(_ranked(_default_windows(today, inp), inp), tz, chosen, TARGET_TIMES)
    chosen = sorted(chosen[:MAX_TIMES])
    return [(start, start + inp.duration) for start in chosen]


def _unique(places: Iterable[str]) -> list[str]:
    seen: dict[str, str] = {}
    for place in places:
        text = " ".join(place.split())
        if text and text.lower() not in seen:
            seen[text.lower()] = text
    return list(seen.values())


def propose_places(inp: CandidateInput) -> list[str]:
    """Return 1-3 places: the initiator's stated ones, else the most preferred, then defaults."""
    stated = _unique(inp.stated_places)
    if stated:
        return stated[:MAX_PLACES]
    counts: dict[str, int] = {}
    order: list[str] = []
    for person in inp.people:
        for place in _unique(person.places):
            key = place.lower()
            if key not in counts:
                order.append(place)
            counts[key] = counts.get(key, 0) + 1
    preferred = sorted(order, key=lambda p: (-counts[p.lower()], order.index(p)))
    places = _unique([*preferred, *inp.default_places])[:MAX_PLACES]
    return places or [FALLBACK_PLACE]
