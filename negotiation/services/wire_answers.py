"""A person's answer in words, cast on the wire for the meeting's agents."""

from __future__ import annotations

from datetime import datetime

from negotiation.models import Meeting, Participant
from negotiation.services.protocol_out import protocol_send
from negotiation.services.state import MeetingState
from negotiation.understanding.types import ITEMS

Stance = tuple[frozenset[int], ...]


def stance_of(state: MeetingState, participant: Participant) -> Stance:
    """What the participant accepts, per item (option ids): compared before and after."""
    mine = state.votes.get(participant.id, {})
    return tuple(
        frozenset(o.id for o in state.options[item] if mine.get(o.id) is True) for item in ITEMS
    )


def answer_cast(
    *,
    meeting: Meeting,
    participant: Participant,
    before: Stance,
    state: MeetingState,
    now: datetime,
    inbound_id: int | None = None,
) -> bool:
    """Send the meeting's agents a new version carrying a person's changed answer; True if sent."""
    # Agents weigh the others' votes when they choose, and an agent that initiated the
    # session cannot settle it without the votes of the people the hub represents. An
    # answer that changes nothing is not a new version: agents would only answer it.
    if participant.has_agent or meeting.status != Meeting.Status.NEGOTIATING:
        return False
    if not any(p.has_agent for p in state.participants):
        return False
    if stance_of(state, participant) == before:
        return False
    meeting.announce()
    return bool(
        protocol_send(
            meeting=meeting,
            action="accept",
            summary=f"{participant.display_name} answered",
            now=now,
            cause_id=inbound_id,
            state=state,
        )
    )
