"""What only the initiator may do in a meeting thread: pick, wait, drop someone."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction

from negotiation.models import Event, Meeting, Participant
from negotiation.notices.short import (
    drop_ack_send,
    drop_error_send,
    pick_error_send,
    wait_ack_send,
)
from negotiation.services.events_log import event_write
from negotiation.services.outcomes import meeting_confirm
from negotiation.services.progress import meeting_progress
from negotiation.services.rescheduling import attendee_remove
from negotiation.services.state import LOCATION, TIME, meeting_state, participants_named


def meeting_pick(
    *,
    meeting: Meeting,
    initiator: Participant,
    time_label: str,
    place_label: str,
    now: datetime,
    inbound_id: int | None = None,
    message_id: str | None = None,
    actor: str | None = None,
) -> bool:
    """Confirm the options the initiator picked ('pick B2'); explain if they do not exist.

    `actor` is who picked when not the initiator by mail (an API key).
    """
    actor = actor or initiator.address
    with transaction.atomic():
        state = meeting_state(meeting)
        chosen = {}
        for item, label in ((TIME, time_label.upper()), (LOCATION, place_label)):
            options = state.options[item]
            if not label and len(options) == 1:
                chosen[item] = options[0]
            else:
                chosen[item] = state.option(item, label)
        if chosen[TIME] is None or chosen[LOCATION] is None:
            pick_error_send(
                meeting=meeting,
                initiator=initiator,
                times=state.options[TIME],
                places=state.options[LOCATION],
                inbound_id=inbound_id,
                message_id=message_id,
            )
            return False
        event_write(
            meeting=meeting,
            kind=Event.Kind.PICKED,
            actor=actor,
            now=now,
            inbound_id=inbound_id,
            detail={"time": chosen[TIME].label, "place": chosen[LOCATION].label},
        )
        return meeting_confirm(
            meeting=meeting,
            time_option=chosen[TIME],
            place_option=chosen[LOCATION],
            now=now,
            actor=actor,
            inbound_id=inbound_id,
        )


def meeting_wait(
    *,
    meeting: Meeting,
    initiator: Participant,
    now: datetime,
    inbound_id: int | None = None,
    message_id: str | None = None,
) -> None:
    """Give silent participants another response window."""
    with transaction.atomic():
        meeting = Meeting.objects.select_for_update().get(pk=meeting.pk)
        meeting.extend_window(deadline=now + timedelta(hours=meeting.hub.response_window_hours))
        event_write(
            meeting=meeting,
            kind=Event.Kind.WINDOW_EXTENDED,
            actor=initiator.address,
            now=now,
            inbound_id=inbound_id,
            detail={"deadline": meeting.deadline.isoformat()},
        )
        wait_ack_send(
            meeting=meeting, initiator=initiator, inbound_id=inbound_id, message_id=message_id
        )


def meeting_drop(
    *,
    meeting: Meeting,
    initiator: Participant,
    name: str,
    now: datetime,
    inbound_id: int | None = None,
    message_id: str | None = None,
) -> Participant | None:
    """Make a participant optional ('drop Bob'): they no longer hold the meeting up.

    After the confirmation, 'drop Bob' takes Bob off the meeting and its calendar event.
    """
    with transaction.atomic():
        candidates = participants_named(
            list(meeting.participants.present().exclude(pk=initiator.pk)), name
        )
        if len(candidates) != 1:
            drop_error_send(
                meeting=meeting,
                initiator=initiator,
                name=name,
                inbound_id=inbound_id,
                message_id=message_id,
            )
            return None
        person = candidates[0]
        if meeting.status == Meeting.Status.CONFIRMED:
            attendee_remove(
                meeting=meeting, initiator=initiator, person=person, now=now, inbound_id=inbound_id
            )
            return person
        person.required = False
        person.save(update_fields=["required"])
        event_write(
            meeting=meeting,
            kind=Event.Kind.DROPPED,
            actor=initiator.address,
            now=now,
            inbound_id=inbound_id,
            detail={"participant": person.email},
        )
        outcome = meeting_progress(meeting=meeting, now=now, inbound_id=inbound_id)
        if outcome != "confirmed":
            drop_ack_send(
                meeting=meeting,
                initiator=initiator,
                dropped=person,
                inbound_id=inbound_id,
                message_id=message_id,
            )
        return person
