"""Mail to the organiser about what someone answered in their calendar client."""

from __future__ import annotations

from datetime import datetime

from negotiation.models import Meeting, Participant
from negotiation.notices.delivery import meeting_mail_send
from negotiation.notices.language import in_reader_language
from negotiation.notices.short import short_notice_send
from negotiation.rendering import format_slot, reader_context, reader_tz


def _when(meeting: Meeting, reader: Participant) -> str:
    chosen = meeting.chosen_time
    return format_slot(chosen.start, chosen.end, reader_tz(reader, meeting)) if chosen else ""


def _short(person: Participant) -> str:
    return person.name.split()[0] if person.name else person.email


@in_reader_language("initiator")
def calendar_declined_send(
    *,
    meeting: Meeting,
    initiator: Participant,
    person: Participant,
    tentative: bool,
    comment: str,
    cause_id: int | None,
) -> bool:
    """Tell the organiser, once per person, answer and calendar version, what now."""
    context = reader_context(
        meeting,
        initiator,
        person_name=person.display_name,
        person_short=_short(person),
        when=_when(meeting, initiator),
        tentative=tentative,
        comment=" ".join(comment.split())[:300],
    )
    answer = "tentative" if tentative else "declined"
    return meeting_mail_send(
        meeting=meeting,
        reader=initiator,
        kind="calendar_declined",
        context=context,
        dedupe_key=f"calendar-{answer}:{person.id}:s{meeting.ics_sequence}",
        cause_id=cause_id,
    )


@in_reader_language("initiator")
def counter_proposed_send(
    *,
    meeting: Meeting,
    initiator: Participant,
    person: Participant,
    start: datetime,
    end: datetime,
    comment: str,
    cause_id: int | None,
) -> bool:
    """Pass a time proposed from a calendar to the organiser, who may "accept" it."""
    context = reader_context(
        meeting,
        initiator,
        person_name=person.display_name,
        proposed=format_slot(start, end, reader_tz(initiator, meeting)),
        when=_when(meeting, initiator),
        comment=" ".join(comment.split())[:300],
    )
    return meeting_mail_send(
        meeting=meeting,
        reader=initiator,
        kind="counter_proposed",
        context=context,
        dedupe_key=f"counter:{person.id}:s{meeting.ics_sequence}:{start.isoformat()}",
        cause_id=cause_id,
    )


@in_reader_language("initiator")
def accept_nothing_send(
    *, meeting: Meeting, initiator: Participant, inbound_id: int | None, message_id: str | None
) -> bool:
    """ "accept" with no time proposed from a calendar: say so, and how to move it."""
    return short_notice_send(
        meeting=meeting,
        reader=initiator,
        kind="accept_nothing",
        context={},
        dedupe_key=f"accept-nothing:{inbound_id}",
        inbound_id=inbound_id,
        message_id=message_id,
    )
