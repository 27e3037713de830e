"""A hub with one row of every kind the API serves (for tenancy and schema tests)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.utils import timezone

from hubs.models import Contact, Hub, HubLLMSettings, InviteCode, Member
from mailbridge.models import InboundMessage, OutboundMessage
from negotiation.models import Event, LLMCall, Meeting, WebhookSubscription
from negotiation.services.meeting_create import MeetingSpec, PersonSpec, meeting_create


@dataclass
class Rows:
    hub: Hub
    member: Member
    contact: Contact
    invite: InviteCode
    meeting: Meeting
    inbound: InboundMessage

    def by_model(self) -> dict[type, object]:
        """One row of each model, by model (what a detail URL names)."""
        return {
            Hub: self.hub,
            Member: self.member,
            Contact: self.contact,
            InviteCode: self.invite,
            Meeting: self.meeting,
            Event: Event.objects.filter(meeting=self.meeting).first(),
            HubLLMSettings: self.hub,  # addressed by its hub
            LLMCall: None,  # usage is a list only
            InboundMessage: self.inbound,
            OutboundMessage: OutboundMessage.objects.filter(hub=self.hub).first(),
            WebhookSubscription: WebhookSubscription.objects.filter(hub=self.hub).first(),
        }


def rows_make(hub: Hub, tag: str) -> Rows:
    """Fill `hub` with a member who asked for a meeting, a contact, an invite, mail, model use."""
    now = timezone.now()
    member = Member.objects.create(hub=hub, email=f"{tag}-org@example.com", name=f"{tag} Org")
    contact = Contact.objects.create(hub=hub, name=f"{tag} Contact", email=f"{tag}-c@example.org")
    invite = InviteCode.objects.create(hub=hub, code=f"{tag}-invite", max_uses=3)
    HubLLMSettings.objects.get_or_create(
        hub=hub, defaults={"model": "openai/gpt-4o-mini", "api_key": f"sk-{tag}"}
    )
    LLMCall.objects.create(hub=hub, purpose="reply", model="m", prompt_tokens=5, outcome="ok")
    meeting = meeting_create(
        hub=hub,
        spec=MeetingSpec(
            topic=f"{tag} review",
            initiator=member,
            people=(PersonSpec(email=contact.email), PersonSpec(email=f"{tag}-x@example.net")),
            times=((now + timedelta(days=2), now + timedelta(days=2, hours=1)),),
            places=("Zoom",),
        ),
        actor=f"api:{tag}",
        now=now,
    )
    WebhookSubscription.objects.create(
        hub=hub, url=f"https://{tag}.example.com/hook", event_types=["meeting.confirmed"]
    )
    inbound = InboundMessage.objects.create(
        hub=hub,
        source="test",
        raw=b"Subject: hi\r\n\r\nhello",
        message_id=f"<{tag}@example.com>",
        body_hash=tag,
        sender=member.email,
        subject="hi",
    )
    return Rows(
        hub=hub, member=member, contact=contact, invite=invite, meeting=meeting, inbound=inbound
    )
