"""How many clarifying questions one participant was asked in a row, and what follows the cap."""

from __future__ import annotations

from datetime import datetime

from mailbridge.types import IncomingMail
from negotiation.models import Event, Meeting, Participant
from negotiation.notices.short import questions_capped_send
from negotiation.services.events_log import HUB_ACTOR, event_write


def unanswered_questions(*, meeting: Meeting, participant: Participant) -> int:
    """Count the unclear replies the participant sent since their last readable answer."""
    unclear = Event.objects.filter(
        meeting=meeting, kind=Event.Kind.UNCLEAR_REPLY, actor=participant.address
    )
    if participant.last_answered_at is not None:
        unclear = unclear.filter(created_at__gt=participant.last_answered_at)
    return unclear.count()


def questions_capped(
    *, meeting: Meeting, participant: Participant, now: datetime, mail: IncomingMail
) -> None:
    """Stop asking this participant; tell the organiser once per participant and meeting."""
    initiator = meeting.participants.present().filter(is_initiator=True).first()
    first = not Event.objects.filter(
        meeting=meeting, kind=Event.Kind.QUESTIONS_CAPPED, detail__for=participant.email
    ).exists()
    event_write(
        meeting=meeting,
        kind=Event.Kind.QUESTIONS_CAPPED,
        actor=HUB_ACTOR,
        now=now,
        inbound_id=mail.inbound_id,
        detail={"for": participant.email, "organiser_told": first and initiator is not None},
    )
    if first and initiator is not None and initiator.id != participant.id:
        questions_capped_send(
            meeting=meeting, initiator=initiator, person=participant, inbound_id=mail.inbound_id
        )
