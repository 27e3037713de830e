"""The mails of a confirmed meeting that changes: new times asked, someone taken off, someone
who can no longer come."""

from __future__ import annotations

from collections.abc import Sequence

from mailbridge.outbox import Attachment
from negotiation.models import Meeting, MeetingOption, Participant
from negotiation.notices.delivery import ics_in_reader_language, meeting_mail_send
from negotiation.notices.invitations import Accepted, auto_note
from negotiation.notices.language import in_reader_language
from negotiation.notices.short import short_notice_send
from negotiation.rendering import format_slot, options_context, reader_context, reader_tz


def _slot(meeting: Meeting, reader: Participant, option: MeetingOption | None) -> str:
    if option is None:
        return ""
    return format_slot(option.start, option.end, reader_tz(reader, meeting))


@in_reader_language("reader")
def rescheduled_ask_send(
    *,
    meeting: Meeting,
    reader: Participant,
    initiator: Participant,
    released: MeetingOption | None,
    times: Sequence[MeetingOption],
    accepted: Accepted | None = None,
    cause_id: int | None = None,
) -> bool:
    """Ask one person about the new times of a meeting that moves (the old slot is gone)."""
    context = reader_context(
        meeting,
        reader,
        for_initiator=reader.id == initiator.id,
        initiator_name=initiator.display_name,
        released=_slot(meeting, reader, released),
        auto_note=auto_note(accepted),
        **options_context(meeting, reader, times, []),
    )
    return meeting_mail_send(
        meeting=meeting,
        reader=reader,
        kind="rescheduled",
        context=context,
        dedupe_key=f"rescheduled:{reader.id}:r{meeting.round}",
        cause_id=cause_id,
    )


@in_reader_language("reader")
def removed_send(
    *,
    meeting: Meeting,
    reader: Participant,
    initiator: Participant,
    withdrawal: Attachment,
    cause_id: int | None,
) -> bool:
    """Tell someone taken off a confirmed meeting, with the CANCEL for their calendar."""
    context = reader_context(
        meeting,
        reader,
        initiator_name=initiator.display_name,
        when=_slot(meeting, reader, meeting.chosen_time),
    )
    return meeting_mail_send(
        meeting=meeting,
        reader=reader,
        kind="removed",
        context=context,
        dedupe_key=f"removed:{reader.id}:s{meeting.ics_sequence}",
        cause_id=cause_id,
        attachments=(ics_in_reader_language(withdrawal, meeting),),
    )


@in_reader_language("initiator")
def cannot_come_send(
    *,
    meeting: Meeting,
    initiator: Participant,
    person: Participant,
    words: str,
    cause_id: int | None,
) -> bool:
    """Ask the initiator, once per person and calendar version, what to do now."""
    context = reader_context(
        meeting,
        initiator,
        person_name=person.display_name,
        person_short=person.name.split()[0] if person.name else person.email,
        when=_slot(meeting, initiator, meeting.chosen_time),
        words=" ".join(words.split())[:300],
    )
    return meeting_mail_send(
        meeting=meeting,
        reader=initiator,
        kind="cannot_come",
        context=context,
        dedupe_key=f"cannot-come:{person.id}:s{meeting.ics_sequence}",
        cause_id=cause_id,
    )


@in_reader_language("person")
def cannot_come_ack_send(
    *,
    meeting: Meeting,
    person: Participant,
    initiator: Participant,
    inbound_id: int | None,
    message_id: str | None,
) -> bool:
    """Tell the person who can no longer come that the initiator knows."""
    return short_notice_send(
        meeting=meeting,
        reader=person,
        kind="cannot_come_ack",
        context={"initiator_name": initiator.display_name},
        dedupe_key=f"cannot-come-ack:{person.id}:s{meeting.ics_sequence}",
        inbound_id=inbound_id,
        message_id=message_id,
    )


@in_reader_language("initiator")
def reschedule_refused_send(
    *,
    meeting: Meeting,
    initiator: Participant,
    reason: str,
    when: str,
    inbound_id: int | None,
    message_id: str | None,
) -> bool:
    """Say why `reschedule` did nothing: not settled, no time fits, or no labels left."""
    return short_notice_send(
        meeting=meeting,
        reader=initiator,
        kind="reschedule_refused",
        context={"reason": reason, "when": when},
        dedupe_key=f"reschedule-refused:{inbound_id}",
        inbound_id=inbound_id,
        message_id=message_id,
    )
