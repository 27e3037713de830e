"""The reminder a silent participant gets: the same options, the same labels."""

from __future__ import annotations

from collections.abc import Sequence

from negotiation.models import Meeting, MeetingOption, Participant
from negotiation.notices.delivery import meeting_mail_send
from negotiation.notices.language import in_reader_language
from negotiation.notices.short import short_notice_send
from negotiation.rendering import (
    format_instant,
    names,
    options_context,
    reader_context,
    reader_tz,
)


@in_reader_language("reader")
def reminder_send(
    *,
    meeting: Meeting,
    reader: Participant,
    people: Sequence[Participant],
    times: Sequence[MeetingOption],
    places: Sequence[MeetingOption],
    number: int,
    cause_id: int | None = None,
) -> bool:
    """Remind one person (the `number`th time this meeting), under their invitation."""
    initiator = next(p for p in people if p.is_initiator)
    others = [p for p in people if p.id != reader.id and not p.is_initiator]
    context = reader_context(
        meeting,
        reader,
        initiator_name=initiator.display_name,
        others=names(others),
        duration=meeting.duration_minutes,
        closes=format_instant(meeting.deadline, reader_tz(reader, meeting))
        if meeting.deadline
        else "",
        **options_context(meeting, reader, times, places),
    )
    return meeting_mail_send(
        meeting=meeting,
        reader=reader,
        kind="reminder",
        context=context,
        dedupe_key=f"reminder:{reader.id}:{number}",
        cause_id=cause_id,
    )


@in_reader_language("initiator")
def remind_ack_send(
    *,
    meeting: Meeting,
    initiator: Participant,
    reminded: Sequence[Participant],
    inbound_id: int | None,
    message_id: str | None,
) -> bool:
    """Tell the organiser whom "remind" reached (nobody: all answered, at night, or twice)."""
    return short_notice_send(
        meeting=meeting,
        reader=initiator,
        kind="remind_ack",
        context={"reminded": names(reminded)},
        dedupe_key=f"remind-ack:{inbound_id}",
        inbound_id=inbound_id,
        message_id=message_id,
    )
