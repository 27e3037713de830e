"""Writing the audit log (called inside the services' transactions)."""

from datetime import datetime

from mailbridge.row_insert import row_insert_later
from mailbridge.types import IncomingMail
from negotiation.models import Event, Meeting
from negotiation.webhooks.outbox import webhooks_event_enqueue

HUB_ACTOR = "hub"


def event_write(
    *,
    meeting: Meeting,
    kind: Event.Kind,
    actor: str,
    now: datetime,
    detail: dict | None = None,
    inbound_id: int | None = None,
) -> Event:
    """Append one Event to a meeting's log (and its webhooks to the outbox, if subscribed)."""
    # One INSERT written once per process (mailbridge.row_insert), as create() writes it;
    # in a job, sent with its other unread writes (mailbridge.row_defer): no one reads an
    # event's key, so the Event returned may have none.
    event = Event(
        hub_id=meeting.hub_id,
        meeting=meeting,
        # A kind outside the vocabulary fails here, not later in a report that misses it.
        kind=Event.Kind(kind),
        actor=actor,
        detail=detail or {},
        inbound_id=inbound_id,
        created_at=now,
    )
    row_insert_later(event)
    webhooks_event_enqueue(event=event, meeting=meeting)
    return event


def mail_event_write(
    *,
    meeting: Meeting,
    kind: Event.Kind,
    mail: IncomingMail,
    now: datetime,
    actor: str | None = None,
    detail: dict | None = None,
) -> Event:
    """Record what a received mail did, or did not do, to a meeting (its sender acting)."""
    return event_write(
        meeting=meeting,
        kind=kind,
        actor=actor or mail.sender,
        now=now,
        detail=detail,
        inbound_id=mail.inbound_id,
    )
