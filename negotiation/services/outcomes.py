"""The two ends of a meeting: confirmed (with invite.ics) or cancelled (METHOD:CANCEL)."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from negotiation import protocol
from negotiation.calendar_invite import (
    METHOD_CANCEL,
    METHOD_REQUEST,
    InviteAttendee,
    build_invite,
)
from negotiation.models import Meeting, MeetingOption, Participant
from negotiation.rendering import format_slot, names, reader_tz, render
from negotiation.services.events_log import event_write
from negotiation.services.mail_out import (
    ParticipantMail,
    ics_attachment,
    mail_participant,
    mail_participants,
)
from negotiation.services.protocol_out import protocol_send
from negotiation.services.state import meeting_locked, meeting_participants


def ics_uid(meeting: Meeting) -> str:
    """The stable UID of a meeting's calendar event."""
    domain = meeting.hub.email.rpartition("@")[2] or "aimp-hub"
    return f"{meeting.session_id}@{domain}"


def meeting_ics(
    meeting: Meeting, *, method: str, now: datetime, people: list[Participant] | None = None
) -> bytes:
    """invite.ics for the chosen time and place (REQUEST) or its withdrawal (CANCEL)."""
    people = list(meeting.participants.all()) if people is None else people
    return build_invite(
        method=method,
        uid=ics_uid(meeting),
        sequence=meeting.ics_sequence,
        summary=meeting.topic,
        start=meeting.chosen_time.start,
        end=meeting.chosen_time.end,
        time_zone=meeting.initiator.effective_time_zone,
        location=meeting.chosen_place.place if meeting.chosen_place else "",
        organizer_email=meeting.hub.email,
        organizer_name=meeting.hub.name,
        attendees=[
            InviteAttendee(email=p.email, name=p.name, required=p.required, declined=p.declined)
            for p in people
        ],
        stamp=now,
        description=f"Scheduled by {meeting.hub.name}. Reference: {meeting.session_id}",
    )


def meeting_confirm(
    *,
    meeting: Meeting,
    time_option: MeetingOption,
    place_option: MeetingOption,
    now: datetime,
    actor: str,
    inbound_id: int | None = None,
    people: list[Participant] | None = None,
) -> None:
    """Settle the meeting and send everyone the confirmation with invite.ics attached.

    `people`, when given, were read in the caller's transaction after it locked
    `meeting`: neither is read again.
    """
    # Its own transaction when called alone; no savepoint inside the mail job's,
    # whose failure rolls everything back anyway.
    with transaction.atomic(savepoint=False):
        if people is None:
            meeting = meeting_locked(meeting.pk)
        if meeting.status not in (Meeting.Status.NEGOTIATING, Meeting.Status.ESCALATED):
            return
        meeting.status = Meeting.Status.CONFIRMED
        meeting.chosen_time = time_option
        meeting.chosen_place = place_option
        meeting.version += 1
        meeting.save()
        event_write(
            meeting=meeting, kind="confirmed", actor=actor, now=now, inbound_id=inbound_id,
            detail={"time": str(time_option), "place": str(place_option)},
        )  # fmt: skip
        if people is None:
            people = meeting_participants(meeting)
        attachment = ics_attachment(
            meeting_ics(meeting, method=METHOD_REQUEST, now=now, people=people), "REQUEST"
        )
        coming = [p for p in people if not p.declined]
        absent = [p for p in people if p.declined]
        # Everyone's confirmation in one go: the rows are read and written in a few statements.
        mail_participants(
            meeting=meeting,
            mails=[
                ParticipantMail(
                    participant=person,
                    kind="confirmation",
                    text=render(
                        "confirmation",
                        {
                            "reader_name": person.display_name,
                            "topic": meeting.topic,
                            "when": format_slot(
                                time_option.start, time_option.end, reader_tz(person, meeting)
                            ),
                            "where": place_option.place,
                            "who": names(coming),
                            "absent": names(absent),
                            "hub_name": meeting.hub.name,
                        },
                    ),
                    dedupe_key=f"confirm:{person.id}:s{meeting.ics_sequence}",
                    cause_id=inbound_id,
                    attachments=(attachment,),
                )
                for person in people
                if not person.has_agent
            ],
        )
        protocol_send(
            meeting=meeting, action=protocol.ACTION_CONFIRM, now=now, cause_id=inbound_id,
            summary=f"Confirmed: {protocol.format_time_option(time_option.start)}, "
            f"{place_option.place}",
            attachments=(attachment,), only=[p for p in people if p.has_agent],
        )  # fmt: skip


def meeting_cancel(
    *, meeting: Meeting, by: Participant, now: datetime, inbound_id: int | None = None
) -> bool:
    """Call the meeting off; after a confirmation everyone gets METHOD:CANCEL."""
    with transaction.atomic():
        meeting = Meeting.objects.select_for_update().get(pk=meeting.pk)
        if meeting.status == Meeting.Status.CANCELLED:
            return False
        was_confirmed = meeting.status == Meeting.Status.CONFIRMED
        meeting.status = Meeting.Status.CANCELLED
        meeting.version += 1
        attachments = ()
        if was_confirmed:
            # Calendars keep the copy with the highest SEQUENCE (RFC 5546 2.1.4).
            meeting.ics_sequence += 1
            attachments = (
                ics_attachment(meeting_ics(meeting, method=METHOD_CANCEL, now=now), "CANCEL"),
            )
        meeting.save()
        event_write(
            meeting=meeting, kind="cancelled", actor=by.address, now=now, inbound_id=inbound_id,
            detail={"after_confirmation": was_confirmed},
        )  # fmt: skip
        for person in meeting.participants.all():
            when = (
                format_slot(
                    meeting.chosen_time.start, meeting.chosen_time.end, reader_tz(person, meeting)
                )
                if was_confirmed
                else ""
            )
            mail_participant(
                meeting=meeting,
                participant=person,
                kind="cancellation",
                text=render(
                    "cancellation",
                    {
                        "reader_name": person.display_name,
                        "by_name": "You" if person.id == by.id else by.display_name,
                        "topic": meeting.topic,
                        "when": when,
                        "where": meeting.chosen_place.place if was_confirmed else "",
                        "ics": was_confirmed,
                        "hub_name": meeting.hub.name,
                    },
                ),
                dedupe_key=f"cancel:{person.id}:s{meeting.ics_sequence}",
                cause_id=inbound_id,
                attachments=attachments,
            )
        return True
