"""Writing the audit log (called inside the services' transactions)."""

from datetime import datetime

from negotiation.models import Event, Meeting

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
    """Append one Event to a meeting's log."""
    return Event.objects.create(
        hub_id=meeting.hub_id,
        meeting=meeting,
        # A kind outside the vocabulary fails here, not later in a report that misses it.
        kind=Event.Kind(kind),
        actor=actor,
        detail=detail or {},
        inbound_id=inbound_id,
        created_at=now,
    )
