"""Short notices to one participant in a meeting's thread: a command's answer or error,
late mail, an address that bounced. Each message is a template of its own under
templates/email/meetings/notices/, wrapped in the short-notice layout."""

from __future__ import annotations

from collections.abc import Sequence

from negotiation.models import Meeting, MeetingOption, Participant
from negotiation.notices.delivery import mail_participant
from negotiation.notices.language import in_reader_language
from negotiation.rendering import reader_context, render


@in_reader_language("reader")
def short_notice_send(
    *,
    meeting: Meeting,
    reader: Participant,
    kind: str,
    context: dict,
    dedupe_key: str,
    inbound_id: int | None,
    message_id: str | None = None,
) -> bool:
    """Queue the short notice templates/email/meetings/notices/<kind>.txt to one reader."""
    message = render(f"meetings/notices/{kind}", reader_context(meeting, reader, **context))
    return mail_participant(
        meeting=meeting,
        participant=reader,
        kind=kind,
        text=render("meetings/short_notice", reader_context(meeting, reader, message=message)),
        dedupe_key=dedupe_key,
        cause_id=inbound_id,
        in_reply_to=message_id,
    )


@in_reader_language("initiator")
def pick_error_send(
    *,
    meeting: Meeting,
    initiator: Participant,
    times: Sequence[MeetingOption],
    places: Sequence[MeetingOption],
    inbound_id: int | None,
    message_id: str | None,
) -> bool:
    """'pick' named an option that does not exist: list the labels that do."""
    context = {
        "times": [o.label for o in times],
        "places": [o.label for o in places],
        "example": (times[0].label if times else "A") + (places[0].label if places else "1"),
    }
    return short_notice_send(
        meeting=meeting,
        reader=initiator,
        kind="pick_error",
        context=context,
        dedupe_key=f"pick-error:{inbound_id}",
        inbound_id=inbound_id,
        message_id=message_id,
    )


@in_reader_language("initiator")
def wait_ack_send(
    *, meeting: Meeting, initiator: Participant, inbound_id: int | None, message_id: str | None
) -> bool:
    """'wait' was heard: how long the hub waits now."""
    context = {"hours": meeting.hub.response_window_hours}
    return short_notice_send(
        meeting=meeting,
        reader=initiator,
        kind="wait_ack",
        context=context,
        dedupe_key=f"wait:{inbound_id}",
        inbound_id=inbound_id,
        message_id=message_id,
    )


@in_reader_language("initiator")
def drop_error_send(
    *,
    meeting: Meeting,
    initiator: Participant,
    name: str,
    inbound_id: int | None,
    message_id: str | None,
) -> bool:
    """'drop' named nobody, or more than one person."""
    return short_notice_send(
        meeting=meeting,
        reader=initiator,
        kind="drop_error",
        context={"name": name},
        dedupe_key=f"drop-error:{inbound_id}",
        inbound_id=inbound_id,
        message_id=message_id,
    )


@in_reader_language("initiator")
def drop_ack_send(
    *,
    meeting: Meeting,
    initiator: Participant,
    dropped: Participant,
    inbound_id: int | None,
    message_id: str | None,
) -> bool:
    """'drop' was done: that person no longer holds the meeting up."""
    return short_notice_send(
        meeting=meeting,
        reader=initiator,
        kind="drop_ack",
        context={"name": dropped.display_name},
        dedupe_key=f"drop:{inbound_id}",
        inbound_id=inbound_id,
        message_id=message_id,
    )


@in_reader_language("reader")
def after_end_send(
    *, meeting: Meeting, reader: Participant, inbound_id: int | None, message_id: str | None
) -> bool:
    """Late mail changes nothing: say so once per person and state."""
    context = {"status": meeting.status, "for_initiator": reader.is_initiator}
    return short_notice_send(
        meeting=meeting,
        reader=reader,
        kind="after_end",
        context=context,
        dedupe_key=f"after:{reader.id}:{meeting.status}",
        inbound_id=inbound_id,
        message_id=message_id,
    )


@in_reader_language("initiator")
def bounce_notice_send(
    *, meeting: Meeting, initiator: Participant, bounced: Participant, inbound_id: int | None
) -> bool:
    """Mail to a participant bounced: the initiator may drop them or cancel."""
    context = {
        "name": bounced.display_name,
        "email": bounced.email,
        "short": bounced.name.split()[0] if bounced.name else bounced.email,
    }
    return short_notice_send(
        meeting=meeting,
        reader=initiator,
        kind="bounce",
        context=context,
        dedupe_key=f"bounce:{bounced.id}",
        inbound_id=inbound_id,
    )


@in_reader_language("reader")
def unverified_reply_send(
    *,
    meeting: Meeting,
    reader: Participant,
    sender: str,
    inbound_id: int | None,
    command: bool = False,
) -> bool:
    """A reply in this person's name did not count: tell them, once per meeting."""
    context = {
        "sender": sender,
        "other_sender": sender not in (reader.email, reader.agent_email),
        "command": command,
    }
    return short_notice_send(
        meeting=meeting,
        reader=reader,
        kind="unverified_reply",
        context=context,
        dedupe_key=f"unverified:{reader.id}",
        inbound_id=inbound_id,
    )


@in_reader_language("initiator")
def questions_capped_send(
    *, meeting: Meeting, initiator: Participant, person: Participant, inbound_id: int | None
) -> bool:
    """The hub stopped asking someone whose replies it cannot read: the organiser decides."""
    short = person.name.split()[0] if person.name else person.email
    context = {"name": person.display_name, "email": person.email, "short": short}
    return short_notice_send(
        meeting=meeting,
        reader=initiator,
        kind="questions_capped",
        context=context,
        dedupe_key=f"questions-capped:{person.id}",
        inbound_id=inbound_id,
    )
