"""Models of the negotiation app."""

from negotiation.models.events import Event
from negotiation.models.meetings import Meeting, MeetingOption, Participant, Vote

__all__ = ["Event", "Meeting", "MeetingOption", "Participant", "Vote"]
