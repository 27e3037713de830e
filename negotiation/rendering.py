"""How mail shows meetings: times, options, names, subjects, and the template renderer.

Times are always shown in the reader's zone with the zone named; time options are
lettered (A, B, C) and places numbered (1, 2, 3) in every language, so "B2" works
everywhere. Everything here speaks the active language (translation.override).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime

from django.template.loader import render_to_string
from django.utils.translation import get_language, gettext

from negotiation.local_times import clock_text, date_text, local, zone_text
from negotiation.models import Meeting, MeetingOption, Participant

TEMPLATE_DIR = "email/"


def _language() -> str:
    return get_language() or "en"


def format_instant(moment: datetime, tz_name: str) -> str:
    """Render a date and time in a zone, e.g. 'Tue 1 Dec 2026, 10:00 CET'."""
    at, language = local(moment, tz_name), _language()
    return gettext("%(date)s, %(time)s %(zone)s") % {
        "date": date_text(at, language),
        "time": clock_text(at, language),
        "zone": zone_text(at, language),
    }


def format_slot(start: datetime, end: datetime, tz_name: str) -> str:
    """Render a time option, e.g. 'Tue 1 Dec 2026, 10:00-11:00 CET (Europe/Berlin)'."""
    s, e, language = local(start, tz_name), local(end, tz_name), _language()
    parts = {
        "date": date_text(s, language),
        "start": clock_text(s, language),
        "end": clock_text(e, language),
        "zone": zone_text(s, language),
        "tz": tz_name,
    }
    if s.date() == e.date():
        return gettext("%(date)s, %(start)s-%(end)s %(zone)s (%(tz)s)") % parts
    parts["end_date"] = date_text(e, language, year=False)
    return gettext("%(date)s, %(start)s-%(end_date)s, %(end)s %(zone)s (%(tz)s)") % parts


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
    return " ".join((meeting.topic or gettext("Your meeting request")).split())[:200]


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
        note = (
            gettext("suggested by %(name)s") % {"name": option.proposed_by.display_name}
            if option.proposed_by
            else ""
        )
        rows.append({"label": option.label, "text": option_text(option, tz_name), "note": note})
    return rows


def names(people: Iterable[Participant]) -> str:
    """'Alice, Bob and Carol'."""
    return name_list([p.display_name for p in people])


def name_list(listed: Sequence[str]) -> str:
    """'Alice, Bob and Carol' / 「Alice、Bob和Carol」 in the active language."""
    if len(listed) <= 1:
        return "".join(listed)
    # The separator is a message of its own: Chinese lists with 、, English with ", ".
    return gettext("%(first)s and %(last)s") % {
        "first": gettext(", ").join(listed[:-1]),
        "last": listed[-1],
    }


def alternatives(labels: Sequence[str]) -> str:
    """'A or B or C' in the active language ('' for none)."""
    text = ""
    for label in labels:
        text = gettext("%(first)s or %(last)s") % {"first": text, "last": label} if text else label
    return text


def example_answer(times: Sequence[MeetingOption], places: Sequence[MeetingOption]) -> str:
    """A one-line example reply using the real labels."""
    time = ""
    if times:
        time = (
            times[0].label
            if len(times) == 1
            else gettext("%(first)s or %(last)s")
            % {"first": times[0].label, "last": times[-1].label}
        )
    place = places[0].label if len(places) > 1 else ""
    if time and place:
        return gettext("%(time)s and %(place)s") % {"time": time, "place": place}
    return time or place or gettext("yes")


def reader_context(meeting: Meeting, reader: Participant | None, **context) -> dict:
    """What every meeting mail's template knows: hub, topic, reader and their zone."""
    return {
        "hub_name": meeting.hub.name,
        "topic": meeting.topic,
        "reader_name": reader.display_name
        if reader
        else meeting.initiator.name or gettext("there"),
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
