"""Decide which options fit a member's preferences, for Member.auto_accept (pure: no Django).

The hub answers for a member only when it can answer every item it is asked about:
each item has at least one fitting option (and the member said something about that
item), or it is the item's only option and they said nothing about it. Otherwise
the member is asked like anyone else: the hub never rejects a whole item for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from negotiation.candidates import PersonPrefs, parse_rules

TIME_ITEM = "time"


@dataclass(frozen=True)
class Choice:
    """One option as the fit decision sees it; `sole` when it is its item's only option."""

    key: int
    item: str
    label: str
    start: datetime | None = None
    end: datetime | None = None
    place: str = ""
    sole: bool = False


def stored_prefs(
    *,
    time_zone: str,
    preferred_times: object,
    blocked_times: object,
    places: object,
    zone_known: bool = True,
) -> PersonPrefs:
    """Read a member's stored preference JSON; entries that make no sense are skipped."""
    return PersonPrefs(
        time_zone=time_zone,
        zone_known=zone_known,
        preferred=parse_rules(preferred_times),
        blocked=parse_rules(blocked_times),
        places=tuple(x for x in places if isinstance(x, str)) if isinstance(places, list) else (),
    )


def _normal(place: str) -> str:
    return " ".join(place.split()).casefold()


def time_fits(prefs: PersonPrefs, start: datetime, end: datetime) -> bool:
    """Tell whether [start, end) lies in a preferred window (if any) and touches no blocked one."""
    tz = ZoneInfo(prefs.time_zone)
    s, e = start.astimezone(tz), end.astimezone(tz)
    if prefs.preferred and not any(rule.covers(s, e) for rule in prefs.preferred):
        return False
    return not any(rule.overlaps(s, e) for rule in prefs.blocked)


def place_fits(prefs: PersonPrefs, place: str) -> bool:
    """Tell whether a place is one of the preferred ones (case and spacing aside)."""
    wanted = {_normal(p) for p in prefs.places}
    return bool(place.strip()) and _normal(place) in wanted


def _fits(prefs: PersonPrefs, choice: Choice) -> bool:
    if choice.item == TIME_ITEM:
        return (
            choice.start is not None
            and choice.end is not None
            and time_fits(prefs, choice.start, choice.end)
        )
    return place_fits(prefs, choice.place)


def _says_something(prefs: PersonPrefs, item: str) -> bool:
    if item == TIME_ITEM:
        return bool(prefs.preferred or prefs.blocked)
    return bool(prefs.places)


def judge(choices: Sequence[Choice], prefs: PersonPrefs) -> dict[Choice, bool] | None:
    """Accept what fits and reject the rest, per item; None when some item cannot be decided."""
    verdicts: dict[Choice, bool] = {}
    for item in dict.fromkeys(c.item for c in choices):
        mine = [c for c in choices if c.item == item]
        if _says_something(prefs, item):
            fitting = {c: _fits(prefs, c) for c in mine}
            # Nothing fits: the member decides (a new time may still suit them).
            if not any(fitting.values()):
                return None
            verdicts.update(fitting)
        elif len(mine) == 1 and mine[0].sole:
            # No choice to make, as a reply "A" accepts the only place too.
            verdicts[mine[0]] = True
        else:
            return None
    return verdicts or None
