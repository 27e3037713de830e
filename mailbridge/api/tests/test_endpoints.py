"""Mail by API: read-only, with its processing state, never the raw message."""

from mailbridge.models import InboundMessage, OutboundMessage


def _rows(hub):
    inbound = InboundMessage.objects.create(
        hub=hub,
        source="smtp",
        raw=b"secret raw",
        message_id=f"<1@{hub.slug}>",
        body_hash="h",
        sender="alice@example.com",
        subject="Hello",
        status="failed",
        error="boom",
    )
    outbound = OutboundMessage.objects.create(
        hub=hub,
        to_email="bob@example.com",
        from_email=hub.email,
        subject="Re: Hello",
        text="Hi Bob",
        message_id=f"<2@{hub.slug}>",
        status="sent",
    )
    return inbound, outbound


def test_inbound_and_outbound_with_their_state(hub, other_hub, hub_api):
    inbound, outbound = _rows(hub)
    _rows(other_hub)
    got = hub_api.get("/api/v1/mail/inbound/", {"status": "failed"}).json()["results"]
    assert [(m["id"], m["status"], m["error"]) for m in got] == [(inbound.pk, "failed", "boom")]
    assert b"secret raw" not in hub_api.get(f"/api/v1/mail/inbound/{inbound.pk}/").content
    sent = hub_api.get("/api/v1/mail/outbound/", {"to": "BOB@example.com"}).json()["results"]
    assert [(m["id"], m["status"]) for m in sent] == [(outbound.pk, "sent")]
    assert hub_api.post("/api/v1/mail/outbound/", {}).status_code == 405
    assert hub_api.delete(f"/api/v1/mail/inbound/{inbound.pk}/").status_code == 405
