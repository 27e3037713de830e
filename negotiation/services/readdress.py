"""A participant whose mail bounced gets a new address ("use bob@new.example for Bob")."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from mailbridge.addresses import normalize_address
from negotiation.calendar_invite import METHOD_REQUEST
from negotiation.models import Event, Meeting, Participant
from negotiation.notices.delivery import ics_attachment
from negotiation.notices.invitations import invitation_send
from negotiation.notices.outcomes import confirmations_send
from negotiation.notices.short import short_notice_send
from negotiation.services.events_log import event_write
from negotiation.services.outcomes import meeting_ics
from negotiation.services.reminders import meetings_reminders_reset
from negotiation.services.state import (
    LOCATION,
    TIME,
    meeting_locked,
    meeting_state,
    participants_named,
)


def participant_readdress(
    *,
    meeting: Meeting,
    initiator: Participant,
    name: str,
    address: str,
    now: datetime,
    inbound_id: int | None = None,
    message_id: str | None = None,
) -> Participant | None:
    """Write to a participant at a new address from now on, and send them the last mail."""
    with transaction.atomic():
        meeting = meeting_locked(meeting.pk)
        state = meeting_state(meeting)
        email = normalize_address(address)
        others = [p for p in state.participants if not p.is_initiator]
        candidates = participants_named(others, name)
        taken = any(email in (p.email, p.agent_email) for p in state.participants)
        reply = {"inbound_id": inbound_id, "message_id": message_id}
        if not email or taken or len(candidates) != 1:
            short_notice_send(
                meeting=meeting,
                reader=initiator,
                kind="readdress_error",
                context={"address": address, "email": email, "taken": taken, "name": name},
                dedupe_key=f"readdress-error:{inbound_id}",
                **reply,
            )
            return None
        person = candidates[0]
        old = person.email
        person.email, person.undeliverable = email, False
        person.save(update_fields=["email", "undeliverable"])
        meetings_reminders_reset(meeting_ids=[meeting.pk])  # reachable again: may be due
        event_write(
            meeting=meeting,
            kind=Event.Kind.READDRESSED,
            actor=initiator.address,
            now=now,
            inbound_id=inbound_id,
            detail={"from": old, "to": email},
        )
        resent = not person.has_agent and _send_again(meeting, person, state, now, inbound_id)
        short_notice_send(
            meeting=meeting,
            reader=initiator,
            kind="readdress_ack",
            context={"name": person.display_name, "email": email, "resent": resent},
            dedupe_key=f"readdress:{inbound_id}",
            **reply,
        )
        return person


def _send_again(meeting, person, state, now, inbound_id) -> bool:
    """The mail that matters now: the invitation while negotiating, else the confirmation."""
    if meeting.status == Meeting.Status.NEGOTIATING:
        return invitation_send(
            meeting=meeting,
            reader=person,
            people=state.participants,
            times=state.options[TIME],
            places=state.options[LOCATION],
            cause_id=inbound_id,
            again_to=person.email,
        )
    if meeting.status == Meeting.Status.CONFIRMED:
        invite = ics_attachment(
            meeting_ics(meeting, method=METHOD_REQUEST, now=now, people=state.participants),
            "REQUEST",
        )
        return bool(
            confirmations_send(
                meeting=meeting,
                people=[person],
                time=meeting.chosen_time,
                place=meeting.chosen_place,
                invite=invite,
                cause_id=inbound_id,
                again_to=person.email,
            )
        )
    return False
