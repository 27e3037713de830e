"""A participant's address bounced: stop writing to it and tell the initiator once."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from mailbridge.types import IncomingMail
from negotiation.models import Event, Meeting
from negotiation.notices.short import bounce_notice_send
from negotiation.services.events_log import HUB_ACTOR, mail_event_write


def handle(mail: IncomingMail) -> None:
    """Mark the bounced participant undeliverable; the initiator may drop them or cancel."""
    if not mail.thread_key or not mail.bounced_recipient:
        return
    meeting = Meeting.objects.filter(hub_id=mail.hub_id, session_id=mail.thread_key).first()
    if meeting is None:
        return
    people = list(meeting.participants.present())
    person = meeting.participant_for(mail.bounced_recipient, people)
    if person is None or person.undeliverable:
        return
    now = timezone.now()
    with transaction.atomic():
        person.undeliverable = True
        person.save()
        mail_event_write(
            meeting=meeting,
            kind=Event.Kind.UNDELIVERABLE,
            mail=mail,
            now=now,
            actor=HUB_ACTOR,
            detail={"participant": person.email},
        )
        initiator = next((p for p in people if p.is_initiator), None)
        if initiator is None or initiator.id == person.id or not meeting.is_open:
            return
        bounce_notice_send(
            meeting=meeting, initiator=initiator, bounced=person, inbound_id=mail.inbound_id
        )
