"""The hub every corpus email is addressed to, with the thread its replies refer to."""

from hubs.models import Hub, HubAlias, Member
from mailbridge.models import OutboundMessage, ReplyToken


def corpus_hub_build() -> Hub:
    """Create the Family hub: an alias, an admin member, one sent invitation and its token."""
    hub = Hub.objects.create(name="Family", slug="family", email="family@hub.example.com")
    HubAlias.objects.create(hub=hub, email="fam@alias.example.com")
    Member.objects.create(hub=hub, email="alice@example.com", name="Alice", role="admin")
    OutboundMessage.objects.create(
        hub=hub,
        to_email="bob@example.com",
        from_email=hub.email,
        subject="[AIMP:meeting-001] v1 Lunch",
        text="Which time suits you?",
        message_id="<sent-1@hub.example.com>",
        thread_key="meeting-001",
        status=OutboundMessage.Status.SENT,
        kind="fixture",
    )
    ReplyToken.objects.create(
        hub=hub, token="tok4bob0000000000000", thread_key="meeting-001", recipient="bob@example.com"
    )
    return hub
