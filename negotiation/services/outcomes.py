"""The ends of a round: confirmed (with invite.ics), escalated to the initiator, or cancelled."""

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
from negotiation.lifecycle import Transition
from negotiation.models import Event, Meeting, MeetingOption, Participant
from negotiation.notices.delivery import ics_attachment
from negotiation.notices.outcomes import (
    cancellations_send,
    confirmations_send,
    escalations_send,
)
from negotiation.services.events_log import HUB_ACTOR, event_write
from negotiation.services.protocol_out import protocol_send
from negotiation.services.state import meeting_locked, meeting_participants, meeting_state


def ics_uid(meeting: Meeting) -> str:
    """The stable UID of a meeting's calendar event."""
    domain = meeting.hub.email.rpartition("@")[2] or "aimp-hub"
    return f"{meeting.session_id}@{domain}"


def meeting_ics(
    meeting: Meeting, *, method: str, now: datetime, people: list[Participant] | None = None
) -> bytes:
    """invite.ics for the chosen time and place (REQUEST) or its withdrawal (CANCEL)."""
    people = list(meeting.participants.present()) if people is None else people
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
) -> bool:
    """Settle the meeting and send everyone the confirmation with invite.ics attached.

    `people`, when given, were read in the caller's transaction after it locked
    `meeting`: neither is read again. False when the meeting was settled already (a
    job run twice); any other status raises InvalidTransition.
    """
    # Its own transaction when called alone; no savepoint inside the mail job's,
    # whose failure rolls everything back anyway.
    with transaction.atomic(savepoint=False):
        if people is None:
            meeting = meeting_locked(meeting.pk)
        if meeting.status == Meeting.Status.CONFIRMED:
            return False
        meeting.confirm(time=time_option, place=place_option)
        event_write(
            meeting=meeting,
            kind=Event.Kind.CONFIRMED,
            actor=actor,
            now=now,
            inbound_id=inbound_id,
            detail={"time": str(time_option), "place": str(place_option)},
        )
        confirmation_broadcast(
            meeting=meeting,
            people=meeting_participants(meeting) if people is None else people,
            now=now,
            cause_id=inbound_id,
            summary=f"Confirmed: {protocol.format_time_option(time_option.start)}, "
            f"{place_option.place}",
        )
        return True


def confirmation_broadcast(
    *,
    meeting: Meeting,
    people: list[Participant],
    now: datetime,
    cause_id: int | None,
    summary: str,
    update: str = "",
) -> None:
    """Send the settled meeting's invite.ics to everyone: people by mail, agents by protocol.

    `update` says what changed in a confirmation sent again (someone taken off).
    """
    invite = ics_attachment(
        meeting_ics(meeting, method=METHOD_REQUEST, now=now, people=people), "REQUEST"
    )
    confirmations_send(
        meeting=meeting,
        people=people,
        time=meeting.chosen_time,
        place=meeting.chosen_place,
        invite=invite,
        cause_id=cause_id,
        update=update,
    )
    protocol_send(
        meeting=meeting,
        action=protocol.ACTION_CONFIRM,
        now=now,
        cause_id=cause_id,
        summary=summary,
        attachments=(invite,),
        only=[p for p in people if p.has_agent],
    )


def meeting_escalate(
    *, meeting: Meeting, now: datetime, reason: str, inbound_id: int | None = None
) -> bool:
    """Hand the decision to the initiator: tally to every human, escalate to agents.

    False when the meeting is no longer negotiating (settled or escalated meanwhile).
    """
    with transaction.atomic():
        meeting = Meeting.objects.select_for_update().get(pk=meeting.pk)
        if not meeting.allows(Transition.ESCALATE):
            return False
        meeting.escalate()
        event_write(
            meeting=meeting,
            kind=Event.Kind.ESCALATED,
            actor=HUB_ACTOR,
            now=now,
            inbound_id=inbound_id,
            detail={"reason": reason, "round": meeting.round},
        )
        state = meeting_state(meeting)
        escalations_send(meeting=meeting, state=state, cause_id=inbound_id)
        protocol_send(
            meeting=meeting,
            action=protocol.ACTION_ESCALATE,
            now=now,
            cause_id=inbound_id,
            summary=f"Escalated to the initiator: {reason}",
            state=state,
        )
        return True


def meeting_cancel(
    *,
    meeting: Meeting,
    by: Participant | None,
    now: datetime,
    inbound_id: int | None = None,
    actor: str | None = None,
) -> bool:
    """Call the meeting off; after a confirmation everyone gets METHOD:CANCEL.

    `by` is None for the initiator of a request nobody was invited to yet; `actor` names
    who called it off when not a person by mail (an API key).
    False when it was cancelled already.
    """
    with transaction.atomic():
        meeting = Meeting.objects.select_for_update().get(pk=meeting.pk)
        if meeting.status == Meeting.Status.CANCELLED:
            return False
        was_confirmed = meeting.cancel()
        withdrawal = None
        if was_confirmed:
            withdrawal = ics_attachment(
                meeting_ics(meeting, method=METHOD_CANCEL, now=now), "CANCEL"
            )
        event_write(
            meeting=meeting,
            kind=Event.Kind.CANCELLED,
            actor=actor or (by.address if by else meeting.initiator.email),
            now=now,
            inbound_id=inbound_id,
            detail={"after_confirmation": was_confirmed},
        )
        cancellations_send(
            meeting=meeting,
            people=list(meeting.participants.present()),
            by=by,
            was_confirmed=was_confirmed,
            withdrawal=withdrawal,
            cause_id=inbound_id,
        )
        return True
