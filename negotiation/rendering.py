"""How mail shows meetings: times, options, names, subjects, and the template renderer.

Times are always shown in the reader's zone with the zone named; time options are
lettered (A, B, C) and places numbered (1, 2, 3).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from zoneinfo import ZoneInfo

from django.template.loader import render_to_string

from negotiation.models import Meeting, MeetingOption, Participant

TEMPLATE_DIR = "email/"


def format_instant(moment: datetime, tz_name: str) -> str:
    """Render a date and time in a zone, e.g. 'Tue 1 Dec 2026, 10:00 CET'."""
    local = moment.astimezone(ZoneInfo(tz_name))
    return f"{local:%a} {local.day} {local:%b %Y}, {local:%H:%M} {local.tzname()}"


def format_slot(start: datetime, end: datetime, tz_name: str) -> str:
    """Render a time option, e.g. 'Tue 1 Dec 2026, 10:00-11:00 CET (Europe/Berlin)'."""
    s, e = start.astimezone(ZoneInfo(tz_name)), end.astimezone(ZoneInfo(tz_name))
    end_text = f"{e:%H:%M}" if s.date() == e.date() else f"{e:%a} {e.day} {e:%b}, {e:%H:%M}"
    return f"{s:%a} {s.day} {s:%b %Y}, {s:%H:%M}-{end_text} {s.tzname()} ({tz_name})"


def subject_for(meeting: Meeting) -> str:
    """The subject of every mail a person gets about a meeting: [AIMP:<id>] <topic>.

    It stays the same for the whole meeting, so mail clients keep one conversation;
    the session's version belongs in protocol mail (protocol_subject).
    """
    return f"[AIMP:{meeting.session_id}] {_subject_topic(meeting)}"


def protocol_subject(meeting: Meeting) -> str:
    """The AIMP/0.1 subject of protocol mail: [AIMP:<id>] v<n> <topic>."""
    return f"[AIMP:{meeting.session_id}] v{meeting.version} {_subject_topic(meeting)}"


def _subject_topic(meeting: Meeting) -> str:
    return " ".join((meeting.topic or "Your meeting request").split())[:200]


def reader_tz(participant: Participant | None, meeting: Meeting) -> str:
    """The zone a participant reads times in."""
    if participant is not None and participant.time_zone:
        return participant.time_zone
    return meeting.initiator.effective_time_zone


def option_text(option: MeetingOption, tz_name: str) -> str:
    """One option's value as a reader sees it."""
    if option.item == MeetingOption.Item.TIME:
        return format_slot(option.start, option.end, tz_name)
    return option.place


def option_rows(options: Iterable[MeetingOption], tz_name: str) -> list[dict]:
    """Rows for the options block of a template."""
    rows = []
    for option in options:
        note = f"suggested by {option.proposed_by.display_name}" if option.proposed_by else ""
        rows.append({"label": option.label, "text": option_text(option, tz_name), "note": note})
    return rows


def names(people: Iterable[Participant]) -> str:
    """'Alice, Bob and Carol'."""
    listed = [p.display_name for p in people]
    if len(listed) <= 1:
        return "".join(listed)
    return ", ".join(listed[:-1]) + " and " + listed[-1]


def example_answer(times: Sequence[MeetingOption], places: Sequence[MeetingOption]) -> str:
    """A one-line example reply using the real labels."""
    parts = []
    if times:
        parts.append(
            times[0].label if len(times) == 1 else f"{times[0].label} or {times[-1].label}"
        )
    if len(places) > 1:
        parts.append(places[0].label)
    return " and ".join(parts) or "yes"


def reader_context(meeting: Meeting, reader: Participant | None, **context) -> dict:
    """What every meeting mail's template knows: hub, topic, reader and their zone."""
    return {
        "hub_name": meeting.hub.name,
        "topic": meeting.topic,
        "reader_name": reader.display_name if reader else meeting.initiator.name or "there",
        "tz": reader_tz(reader, meeting),
        **context,
    }


def render(name: str, context: dict) -> str:
    """Render one mail template to text."""
    text = render_to_string(TEMPLATE_DIR + name + ".txt", context).strip()
    # Optional template blocks leave runs of blank lines; mail reads better without.
    return re.sub(r"\n[ \t]*\n(?:[ \t]*\n)+", "\n\n", text) + "\n"


def options_context(
    meeting: Meeting,
    reader: Participant | None,
    times: Sequence[MeetingOption],
    places: Sequence[MeetingOption],
) -> dict:
    """The options block of a template: rows in the reader's zone and an example answer."""
    tz_name = reader_tz(reader, meeting)
    return {
        "times": option_rows(times, tz_name),
        "places": option_rows(places, tz_name),
        "example": example_answer(times, places),
    }
