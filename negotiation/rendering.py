"""Text of every mail the scheduling loop sends (templates in templates/email/meetings/).

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

TEMPLATE_DIR = "email/meetings/"


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
    """Return the AIMP subject: [AIMP:<id>] v<n> <topic>."""
    topic = " ".join((meeting.topic or "Your meeting request").split())[:200]
    return f"[AIMP:{meeting.session_id}] v{meeting.version} {topic}"


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


def _base(meeting: Meeting, reader: Participant | None, **context) -> dict:
    tz_name = reader_tz(reader, meeting)
    return {
        "hub_name": meeting.hub.name,
        "topic": meeting.topic,
        "reader_name": reader.display_name if reader else meeting.initiator.name or "there",
        "zone_note": f"shown in {tz_name}",
        "tz": tz_name,
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
    tz_name = reader_tz(reader, meeting)
    return {
        "times": option_rows(times, tz_name),
        "places": option_rows(places, tz_name),
        "example": example_answer(times, places),
    }


def invitation_text(
    meeting: Meeting,
    reader: Participant,
    participants: Sequence[Participant],
    times: Sequence[MeetingOption],
    places: Sequence[MeetingOption],
    auto_note: str = "",
) -> str:
    """The first mail every human participant gets (the initiator included).

    `auto_note` says what the hub accepted for a member from their preferences.
    """
    initiator = next(p for p in participants if p.is_initiator)
    others = [p for p in participants if p.id != reader.id and not p.is_initiator]
    if reader.is_initiator:
        lead = f"You asked to meet with {names(others)}" if others else "You asked for a meeting"
    else:
        lead = f"{initiator.display_name} would like to meet with " + (
            f"you, {names(others)}" if others else "you"
        )
    context = _base(
        meeting,
        reader,
        lead=lead,
        duration=meeting.duration_minutes,
        example_free=(
            f"{times[0].label} is fine, {places[0].place}" if times and places else "yes"
        ),
        auto_note=auto_note,
        **options_context(meeting, reader, times, places),
    )
    return render("invitation", context)


def auto_note(accepted: dict[str, list[str]]) -> str:
    """The line on top of a mail the hub answered from preferences: what it accepted."""
    parts = [
        f"{word} {' or '.join(accepted[item])}"
        for item, word in (("time", "time"), ("location", "place"))
        if accepted.get(item)
    ]
    return (
        f"Your preferences fit, so I answered for you: {', '.join(parts)}. "
        "You need not reply unless you want to change it."
    )


def reading_text(
    meeting: Meeting,
    reader: Participant,
    accepted: dict[str, list[str]],
    declined: bool,
    proposals: Sequence[MeetingOption],
) -> str:
    """'time A or C, place 1' - how the hub understood a free-text answer."""
    if declined:
        return "you can't make it"
    parts = []
    for item, word in (("time", "time"), ("location", "place")):
        labels = accepted.get(item) or []
        if labels:
            parts.append(f"{word} {' or '.join(labels)}")
    tz_name = reader_tz(reader, meeting)
    for option in proposals:
        parts.append(f"you suggest {option.label}: {option_text(option, tz_name)}")
    return ", ".join(parts) or "no option"
