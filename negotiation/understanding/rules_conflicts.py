"""A conflict stated for an option's day, rewritten as the no it is.

"Tuesday I have an appointment at the doctor", "Wednesday I'm at the client all day",
"Thursday is school pick-up madness": a statement of being busy, away or committed on a
day an option falls on is a no to that day's options (owner's decision, round
conflicts18). A part of the day narrows it ("Tuesday morning I have the dentist": the
morning's options only), and so does an hour whose reach is plain ("a lab until 10:30",
"I have to leave at 4:15"): only the options it covers are a no. An hour whose reach is
not plain ("the dentist at 8:30", beside a 10:00 option: how long?) leaves the sentence
as it was, asked about. The piece is rewritten to "<labels> is busy", which the clauses read.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from negotiation.understanding.lexicon import compile_all
from negotiation.understanding.lexicon_conflicts import CONFLICT, NEUTRAL, VERDICT
from negotiation.understanding.rules_dates_spec import TimeSpec
from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.rules_stance import unknown_words
from negotiation.understanding.types import MeetingView

_CONFLICT = compile_all((CONFLICT,))
_NEUTRAL = re.compile(NEUTRAL, re.I)
_VERDICT = re.compile(VERDICT, re.I)
# Pieces of a sentence that each carry one statement; the marks stay where they were.
# "Tuesday is wall-to-wall and on Wednesday I promised...": an "and" before a day too.
_DAY = r"(?:on\s+|this\s+|next\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b"
_PIECE = re.compile(
    rf"((?<=[.!?;\n])|,|—|–|\s-\s|\bbut\b|\bthough\b|\bwhereas\b|\band\b(?=\s+{_DAY}))", re.I
)
# What the conflict is about ("for the supplier visit", "with the auditors in"), up to a
# day that names the option ("at the doctor on Tuesday" leaves "on Tuesday" to the day).
_DETAIL = re.compile(rf"(?:(?!\s+{_DAY})[^,;.!?])*", re.I)
# How long: "all day" is the day's; "all morning" narrows it as "Tuesday morning" would.
_ALL_PART = re.compile(r"\ball\s+(morning|afternoon)\b", re.I)
_CLOCK = re.compile(
    r"\b(?P<h>\d{1,2})(?:[:.](?P<m>[0-5]\d))?\s*(?P<ap>[ap]\.?m\b\.?)?|\b(?P<noon>noon|midday)\b",
    re.I,
)
# What an hour means for the options beside it.
_UNTIL = re.compile(r"\b(?:until|till|til|to)\s*$", re.I)
_FROM = re.compile(
    r"\b(?:from|after|leave|leaving|go|off|stop|out\s+of\s+here|gone\s+by|by)\s+(?:at\s+)?$",
    re.I,
)


def spell_conflicts(body: str, view: MeetingView) -> str:
    """Rewrite each conflict stated for an option's day as a no to the options it covers."""
    if not _CONFLICT.search(body):
        return body
    parts = _PIECE.split(body)
    out: list[str] = []
    piece = parts[0]
    for n in range(1, len(parts), 2):
        mark, after = parts[n], parts[n + 1]
        read = _piece(piece, view)
        if mark.lower() == "and":
            # "Tuesday and Wednesday I'm away" is one list; "Tuesday is madness and on
            # Wednesday I promised..." two conflicts, two verdicts (never "A and B busy").
            joined = read == piece or not _CONFLICT.search(after)
        else:
            joined = mark == "," and (
                _days_alone(piece, view) or _days_alone(after, view) and _days_after(piece, view)
            )
        if joined:
            piece += mark + after
            continue
        out += [read, ";" if mark.lower() == "and" else mark]
        piece = after
    return "".join([*out, _piece(piece, view)])


def _days_alone(piece: str, view: MeetingView) -> bool:
    """ "Tuesday, Wednesday I'm at the client": days listed before the conflict."""
    refs = find_refs(piece, view)
    return bool(refs.hits) and not unknown_words(refs.rest) and not _VERDICT.search(piece)


def _days_after(piece: str, view: MeetingView) -> bool:
    """ "I'm at a conference Mon, Tue and Wed": the conflict first, its days after it."""
    found = _CONFLICT.search(piece)
    return bool(found) and not find_refs(piece[: found.start()], view).hits


def _piece(piece: str, view: MeetingView) -> str:
    core = piece.rstrip(" \t.!?;\n")
    end = piece[len(core) :]
    found = _CONFLICT.search(core)
    if not found or _NEUTRAL.search(core):
        return piece
    detail = _DETAIL.match(core, found.end())
    said = core[found.start() : detail.end()]
    rest = core[: found.start()] + " " + core[detail.end() :]
    if _VERDICT.search(rest) or _VERDICT.search(core[found.end() : detail.end()]):
        return piece  # "Tuesday I have class, but 10 works": weighed by the clauses
    if _CLOCK.search(rest):
        return piece  # "at 11 I'm teaching": the option named by its hour (rules_clause)
    part = _ALL_PART.search(said)
    refs = find_refs(rest + (" " + part[1] if part else ""), view)
    ids = {oid for _, item, oid in refs.hits if item == "time"}
    if len(ids) != len(refs.hits) or refs.problems or refs.places or unknown_words(refs.rest):
        return piece
    if not ids and not _part_of_a_day_offered(refs.unmatched, view):
        return piece
    if refs.unmatched and ids:
        return piece
    covered = _covered(said, ids, view)
    if covered is None:
        return piece
    lead = piece[: len(piece) - len(piece.lstrip())]
    if not covered:
        return lead + end.lstrip(" \t")  # an hour that reaches none of that day's options
    verb = " is busy" if len(covered) == 1 else " are busy"
    return lead + " and ".join(sorted(covered)) + verb + end


def _part_of_a_day_offered(specs: list[TimeSpec], view: MeetingView) -> bool:
    """ "Tuesday afternoon I have the dentist" beside a morning option: a part of a day
    offered that holds none of its options, so a no to none of them."""
    if len(specs) != 1 or not specs[0].has_day or specs[0].minute_range is None:
        return False
    if specs[0].times is not None or specs[0].zone or specs[0].problem:
        return False
    whole = replace(specs[0], minute_range=None)
    tz = ZoneInfo(view.reader_tz)
    return any(
        o.item == "time" and o.start and whole.matches(o.start.astimezone(tz)) for o in view.options
    )


def _covered(said: str, ids: set[str], view: MeetingView) -> set[str] | None:
    """The options an hour in the conflict reaches; None when that is not plain."""
    clocks = list(_CLOCK.finditer(said))
    if not clocks:
        return set(ids)
    if len(clocks) > 1:
        return None
    clock = _hour(clocks[0])
    if clock is None:
        return None
    before = said[: clocks[0].start()]
    tz = ZoneInfo(view.reader_tz)
    length = timedelta(minutes=view.duration_minutes)
    covered: set[str] = set()
    for option in view.options:
        if option.id not in ids or option.start is None:
            continue
        start = option.start.astimezone(tz)
        end = start + (option.end - option.start if option.end else length)
        at = datetime.combine(start.date(), clock, tzinfo=tz)
        if _UNTIL.search(before):
            reached = start < at  # busy until then: what starts before is taken
        elif _FROM.search(before):
            reached = end > at  # gone from then: what runs past it is taken
        elif start <= at < end:
            reached = True  # something on at that hour, inside the option
        else:
            return None  # "the dentist at 8:30" beside 10:00: how long? asked
        if reached:
            covered.add(option.id)
    return covered


def _hour(m: re.Match[str]) -> time | None:
    if m["noon"]:
        return time(12, 0)
    hour, minute = int(m["h"]), int(m["m"] or 0)
    ap = (m["ap"] or "").lower()
    if ap.startswith("p") and hour < 12:
        hour += 12
    elif ap.startswith("a") and hour == 12:
        hour = 0
    elif not ap and not m["m"] and hour > 12:
        return None  # "at 30" is no hour
    elif not ap and 1 <= hour <= 6:
        hour += 12  # "leave at 4:15" in working hours is the afternoon
    return time(hour, minute) if hour < 24 else None
