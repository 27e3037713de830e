"""ESP tracking events (delivered, bounced, complained...) recorded on outbound rows."""

from datetime import datetime

from django.db import transaction
from django.db.models import Q

from mailbridge.models import OutboundMessage, UndeliverableAddress

_UNDELIVERABLE = {"bounced", "rejected", "complained", "unsubscribed"}


def outbound_track(
    *,
    esp_name: str,
    event_type: str,
    provider_message_id: str,
    recipient: str,
    metadata: dict,
    description: str,
    timestamp: datetime | None,
) -> OutboundMessage | None:
    """Append a tracking event to the row it names; a hard failure marks it undeliverable."""
    match = Q(provider_message_id=provider_message_id) if provider_message_id else Q(pk__in=[])
    outbound_id = str(metadata.get("aimp_outbound_id", ""))
    if outbound_id.isdigit():
        match |= Q(id=int(outbound_id))
    with transaction.atomic():
        row = OutboundMessage.objects.select_for_update().filter(match).first()
        if row is None:
            return None
        row.events = [
            *row.events[-49:],
            {
                "esp": esp_name,
                "event": event_type,
                "recipient": recipient[:320],
                "at": timestamp.isoformat() if timestamp else "",
                "description": description[:500],
            },
        ]
        fields = ["events"]
        if event_type in _UNDELIVERABLE and row.status != OutboundMessage.Status.UNDELIVERABLE:
            row.status = OutboundMessage.Status.UNDELIVERABLE
            row.error = f"{esp_name} {event_type}: {description}"[:2000]
            fields += ["status", "error"]
            UndeliverableAddress.objects.get_or_create(
                hub_id=row.hub_id, address=row.to_email, defaults={"reason": row.error}
            )
        row.save(update_fields=fields)
    return row
