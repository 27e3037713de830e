"""Proposals in a reply: days, times and places that are not options, and what they replace."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from zoneinfo import ZoneInfo

from negotiation.understanding.rules_dates import exact_start
from negotiation.understanding.rules_dates_spec import TimeSpec
from negotiation.understanding.rules_reading import Reading
from negotiation.understanding.rules_refs import Refs, find_refs
from negotiation.understanding.types import MeetingView, ProposedOption

_INSTEAD_OF = re.compile(r"\binstead\s+of\b", re.I)


def drop_replaced(
    clause: str, view: MeetingView, reading: Reading, unknown_words: Callable[[str], list[str]]
) -> str:
    """ "Tuesday 11:00 instead of 10?": the proposal stays, what it replaces is no option."""
    m = _INSTEAD_OF.search(clause)
    if not m:
        return clause
    head, tail = find_refs(clause[: m.start()], view), find_refs(clause[m.end() :], view)
    if tail.hits and _same_day_moved(head, tail, view) and not unknown_words(tail.rest):
        # "How about Thursday 9:00 instead of 9:30?": the option's own day at another
        # hour; the new time is proposed, as "Tuesday 11:00 instead of 10?" is.
        return clause[: m.start()] + " instead" + ("?" if clause.rstrip().endswith("?") else "")
    if tail.hits and _new_place_for_places(head, tail) and not unknown_words(tail.rest):
        # "Can we do it on Teams instead of Zoom? Our firm blocks Zoom.": the place it
        # replaces is settled by a no elsewhere in the reply, or asked about (finish).
        reading.replaced_places |= {oid for _, _, oid in tail.hits}
        return clause[: m.start()] + " instead" + ("?" if clause.rstrip().endswith("?") else "")
    if tail.hits:
        # "Thursday instead of Tuesday", "Teams instead of Zoom": is the replaced option
        # a no, or only less good? Asked about (labellers disagreed).
        reading.problems.append("an option replaced by another")
        return clause
    if head.hits or not (head.unmatched or head.places):
        return clause
    if tail.unmatched or tail.places or unknown_words(tail.rest):
        return clause
    if any(not p.startswith("no option") for p in tail.problems):
        return clause
    return clause[: m.start()] + " instead" + ("?" if clause.rstrip().endswith("?") else "")


def _new_place_for_places(head: Refs, tail: Refs) -> bool:
    """A new place in the head, only place options in the tail, nothing else in either."""
    if head.hits or head.unmatched or head.problems or len(head.places) != 1:
        return False
    if tail.unmatched or tail.places or tail.problems:
        return False
    return all(item == "location" for _, item, _ in tail.hits)


def _same_day_moved(head: Refs, tail: Refs, view: MeetingView) -> bool:
    """One new time in the head, on the day of the one time option the tail names."""
    if head.hits or head.places or head.problems or len(head.unmatched) != 1:
        return False
    # "instead of 10 would be better for me": words the rules know may follow the option.
    if tail.unmatched or tail.places or tail.problems:
        return False
    ids = {oid for _, item, oid in tail.hits if item == "time"}
    if len(ids) != 1 or len(ids) != len({oid for _, _, oid in tail.hits}):
        return False
    tz = ZoneInfo(view.reader_tz)
    start = exact_start(head.unmatched[0], view.message_date.astimezone(tz))
    option = next(o for o in view.options if o.item == "time" and o.id in ids)
    return (
        start is not None
        and option.start is not None
        and (option.start.astimezone(tz).date() == start.date())
    )


def read_proposals(refs: Refs, view: MeetingView, reading: Reading) -> None:
    """Record the days, times and places a clause names that are not options as proposals."""
    tz = ZoneInfo(view.reader_tz)
    now = view.message_date.astimezone(tz)
    for spec in refs.unmatched:
        spec = _with_open_day(spec, reading)
        start = exact_start(spec, now.astimezone(ZoneInfo(spec.zone)) if spec.zone else now)
        if start is None and _day_alone(spec) and reading.open_day is None:
            # "Any chance of Thursday instead? 10am would be ideal.": the clock may follow.
            reading.open_day = spec
            continue
        if start is None:
            reading.problems.append("a day or time that is not an option and not exact")
            continue
        end = start + timedelta(minutes=view.duration_minutes)
        reading.proposals.append(ProposedOption(item="time", start=start, end=end))
    for _, place in refs.places:
        reading.proposals.append(ProposedOption(item="location", place=place))


def _day_alone(spec: TimeSpec) -> bool:
    """One day proposed with no clock: exact once a clock alone follows it."""
    return spec.has_day and not spec.has_time and not (spec.broad or spec.problem or spec.qualifier)


def _with_open_day(spec: TimeSpec, reading: Reading) -> TimeSpec:
    """A clock alone right after a day alone proposed is that day at that clock."""
    day, reading.open_day = reading.open_day, None
    if day is None or spec.has_day or spec.times is None or spec.minute_range or spec.broad:
        if day is not None:
            reading.problems.append("a day or time that is not an option and not exact")
        return spec
    return replace(spec, dates=day.dates, weekdays=day.weekdays, zone=spec.zone or day.zone)
