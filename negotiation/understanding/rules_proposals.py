"""Proposals in a reply: days, times and places that are not options, and what they replace."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta
from zoneinfo import ZoneInfo

from negotiation.understanding.rules_dates import exact_start
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


def read_proposals(refs: Refs, view: MeetingView, reading: Reading) -> None:
    """Record the days, times and places a clause names that are not options as proposals."""
    tz = ZoneInfo(view.reader_tz)
    now = view.message_date.astimezone(tz)
    for spec in refs.unmatched:
        start = exact_start(spec, now.astimezone(ZoneInfo(spec.zone)) if spec.zone else now)
        if start is None:
            reading.problems.append("a day or time that is not an option and not exact")
            continue
        end = start + timedelta(minutes=view.duration_minutes)
        reading.proposals.append(ProposedOption(item="time", start=start, end=end))
    for _, place in refs.places:
        reading.proposals.append(ProposedOption(item="location", place=place))
