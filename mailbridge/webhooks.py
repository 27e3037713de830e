"""The ESP door: anymail webhook receivers, and the rule that refuses unsecured webhooks."""

import functools
import logging

from anymail.signals import inbound, tracking
from django.conf import settings
from django.dispatch import receiver
from django.http import HttpResponse

logger = logging.getLogger(__name__)
INBOUND_RECEIVER_UID = "mailbridge-anymail-inbound"


def webhooks_secured() -> bool:
    """True when webhooks may be served: a WEBHOOK_SECRET is set, or DEBUG is on."""
    secret = (getattr(settings, "ANYMAIL", None) or {}).get("WEBHOOK_SECRET")
    return bool(secret) or settings.DEBUG


def require_webhook_secret(view):
    """Answer 503 and touch nothing when webhooks would be open to anyone."""

    @functools.wraps(view)
    def guarded(request, *args, **kwargs):
        if not webhooks_secured():
            logger.error("webhook refused: set ANYMAIL_WEBHOOK_SECRET (DEBUG is off)")
            return HttpResponse(
                "Webhooks are disabled until ANYMAIL_WEBHOOK_SECRET is set.",
                status=503,
                content_type="text/plain",
            )
        return view(request, *args, **kwargs)

    return guarded


def _raw_bytes(message) -> bytes:
    try:
        return message.as_bytes()
    except Exception:  # noqa: BLE001 - odd ESP-built messages: keep what can be kept
        return message.as_string().encode("utf-8", "surrogateescape")


@receiver(inbound, dispatch_uid=INBOUND_RECEIVER_UID)
def on_inbound(sender, event, esp_name, **kwargs) -> None:
    """Store one ESP-delivered message and schedule it (nothing else happens here)."""
    from mailbridge.inbound import inbound_receive

    message = event.message
    envelope_to = [message.envelope_recipient] if message.envelope_recipient else []
    inbound_receive(
        raw=_raw_bytes(message),
        source=f"webhook:{esp_name.lower().replace(' ', '_')}",
        envelope_from=message.envelope_sender,
        envelope_to=envelope_to,
    )


@receiver(tracking, dispatch_uid="mailbridge-anymail-tracking")
def on_tracking(sender, event, esp_name, **kwargs) -> None:
    """Record a delivery/bounce/complaint event on the outbound row it is about."""
    from mailbridge.tracking import outbound_track

    outbound_track(
        esp_name=esp_name,
        event_type=str(event.event_type or ""),
        provider_message_id=str(event.message_id or ""),
        recipient=str(event.recipient or ""),
        metadata=dict(event.metadata or {}),
        description=str(event.description or event.reject_reason or ""),
        timestamp=event.timestamp,
    )
