"""The first mail of a meeting: an invitation per person, or protocol.json for agents."""

from __future__ import annotations

from datetime import datetime

from negotiation import protocol
from negotiation.models import Meeting
from negotiation.notices.invitations import invitation_send
from negotiation.services.auto_votes import auto_answer, auto_members, auto_state
from negotiation.services.protocol_out import protocol_send
from negotiation.services.state import LOCATION, TIME, MeetingState


def invitations_send(
    *, meeting: Meeting, now: datetime, cause_id: int | None = None
) -> MeetingState | None:
    """Queue one invitation per human participant and the propose session for agents.

    A member with auto_accept whose preferences decide is answered for, and their
    invitation says so. Return the state after those answers when there were any (the
    caller moves the meeting on, as after any answer), else None.
    `meeting` is held by the caller's transaction (just created or locked).
    """
    state = auto_state(meeting)
    auto = auto_members(meeting, state.participants)
    answered = False
    for participant in state.participants:
        if participant.has_agent:
            continue
        accepted = None
        if participant.id in auto:
            state, accepted = auto_answer(
                meeting=meeting,
                participant=participant,
                member=auto[participant.id],
                options=state.options[TIME] + state.options[LOCATION],
                state=state,
                now=now,
                inbound_id=cause_id,
            )
            answered = answered or accepted is not None
        invitation_send(
            meeting=meeting,
            reader=participant,
            people=state.participants,
            times=state.options[TIME],
            places=state.options[LOCATION],
            accepted=accepted,
            cause_id=cause_id,
        )
    protocol_send(
        meeting=meeting,
        action=protocol.ACTION_PROPOSE,
        summary="Initiated",
        now=now,
        cause_id=cause_id,
    )
    return state if answered else None
