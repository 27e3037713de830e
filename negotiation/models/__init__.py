"""Models of the negotiation app."""

from negotiation.models.events import Event
from negotiation.models.llm_calls import LLMCall
from negotiation.models.meetings import Meeting, MeetingOption, Participant, Vote
from negotiation.models.webhooks import WebhookDelivery, WebhookSubscription

__all__ = [
    "Event",
    "LLMCall",
    "Meeting",
    "MeetingOption",
    "Participant",
    "Vote",
    "WebhookDelivery",
    "WebhookSubscription",
]
