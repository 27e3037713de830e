"""A compact VTIMEZONE: one yearly rule per offset, as calendar clients expect (pure).

icalendar's own `add_missing_timezones` lists every transition from 1970 to 2038 as
RDATEs (2-3 KB per invite); Outlook and Apple Calendar read the short RRULE form
(RFC 5545 3.6.5) best. The rule is read off the zone's real transitions around the
meeting and checked against the years on either side; a zone whose rules do not fit
one yearly RRULE gets the library's explicit transitions of those years instead.
"""

from __future__ import annotations

import calendar
import functools
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from icalendar import Timezone, TimezoneDaylight, TimezoneStandard

_DAY_NAMES = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")


@dataclass(frozen=True)
class Onset:
    """One change of offset: the local wall time it starts at (in the offset before it)."""

    local: datetime  # naive, in the offset before the change
    offset_from: timedelta
    offset_to: timedelta
    name: str
    daylight: bool


def _offset(zone: ZoneInfo, instant: datetime) -> timedelta:
    return instant.astimezone(zone).utcoffset() or timedelta(0)


@functools.lru_cache(maxsize=512)
def onsets(zone: ZoneInfo, year: int) -> tuple[Onset, ...]:
    """Every change of UTC offset in `year`, found to the minute."""
    # Kept per zone and year: the search costs a few thousand conversions, and every
    # confirmation's invite asks for the same three years of the same few zones.
    found = []
    moment = datetime(year, 1, 1, tzinfo=UTC)
    end = datetime(year + 1, 1, 1, tzinfo=UTC)
    step = timedelta(hours=6)
    while moment < end:
        later = moment + step
        if _offset(zone, moment) != _offset(zone, later):
            low, high = moment, later
            while high - low > timedelta(minutes=1):
                middle = low + (high - low) / 2
                if _offset(zone, middle) == _offset(zone, low):
                    low = middle
                else:
                    high = middle
            before, after = _offset(zone, low), _offset(zone, high)
            local = (high + before).replace(tzinfo=None, second=0, microsecond=0)
            standard = high.astimezone(zone).dst() in (None, timedelta(0))
            name = high.astimezone(zone).tzname() or ""
            found.append(Onset(local, before, after, name, daylight=not standard))
        moment = later
    return tuple(found)


def _byday(day: date) -> str:
    """The RRULE BYDAY of a date: "-1SU" for a last Sunday, "2SU" for a second one."""
    last = day.day + 7 > calendar.monthrange(day.year, day.month)[1]
    nth = -1 if last else (day.day - 1) // 7 + 1
    return f"{nth}{_DAY_NAMES[day.weekday()]}"


def _rule_date(year: int, month: int, byday: str) -> date:
    nth, weekday = int(byday[:-2]), _DAY_NAMES.index(byday[-2:])
    days = [d for d in calendar.Calendar().itermonthdates(year, month) if d.month == month]
    matching = [d for d in days if d.weekday() == weekday]
    return matching[nth] if nth < 0 else matching[nth - 1]


def _same_rule(onset: Onset, other: Onset) -> bool:
    return (
        onset.local.month == other.local.month
        and onset.local.time() == other.local.time()
        and (onset.offset_from, onset.offset_to) == (other.offset_from, other.offset_to)
        and _rule_date(other.local.year, onset.local.month, _byday(onset.local.date()))
        == other.local.date()
    )


@functools.lru_cache(maxsize=256)
def vtimezone_ical(zone_name: str, year: int) -> bytes:
    """The VTIMEZONE block of `zone_name` for a meeting in `year`, serialised once."""
    # Serialising the block is about half an invite's cost, and it depends only on the
    # zone and the year: every confirmation in a zone that year shares it (issue 19).
    return vtimezone(zone_name, datetime(year, 7, 1, tzinfo=UTC)).to_ical()


def vtimezone(zone_name: str, around: datetime) -> Timezone:
    """A VTIMEZONE for `zone_name` that is right for the years around `around`."""
    zone = ZoneInfo(zone_name)
    years = [around.year - 1, around.year, around.year + 1]
    per_year = [onsets(zone, year) for year in years]
    tz = Timezone()
    tz.add("tzid", zone_name)
    if not any(per_year):
        moment = around.astimezone(zone)
        offset = moment.utcoffset() or timedelta(0)
        tz.add_component(_component(False, datetime(1970, 1, 1), offset, offset, moment.tzname()))
        return tz
    first = per_year[0]
    yearly = len({len(changes) for changes in per_year}) == 1 and all(
        _same_rule(onset, later[i]) for later in per_year[1:] for i, onset in enumerate(first)
    )
    if not yearly:
        # No single yearly rule (Morocco's Ramadan, a zone changing its law): the library's
        # explicit transitions, for the years around the meeting only.
        return Timezone.from_tzid(
            zone_name, first_date=date(years[0], 1, 1), last_date=date(years[-1] + 1, 1, 1)
        )
    for onset in first:
        part = _component(
            onset.daylight, onset.local, onset.offset_from, onset.offset_to, onset.name
        )
        part.add(
            "rrule",
            {"freq": "yearly", "bymonth": onset.local.month, "byday": _byday(onset.local)},
        )
        tz.add_component(part)
    return tz


def _component(
    daylight: bool, start: datetime, offset_from: timedelta, offset_to: timedelta, name: str
):
    part = TimezoneDaylight() if daylight else TimezoneStandard()
    part.add("dtstart", start)
    part.add("tzoffsetfrom", offset_from)
    part.add("tzoffsetto", offset_to)
    if name:
        part.add("tzname", name)
    return part
