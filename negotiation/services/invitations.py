"""The first mail of a meeting: an invitation per person, or protocol.json for agents."""

from __future__ import annotations

from datetime import datetime

from negotiation import protocol
from negotiation.models import Meeting
from negotiation.notices.invitations import invitation_send
from negotiation.services.auto_votes import auto_answers_record, auto_state
from negotiation.services.protocol_out import protocol_send
from negotiation.services.state import LOCATION, TIME, MeetingState


def invitations_send(
    *, meeting: Meeting, now: datetime, cause_id: int | None = None, propose: bool = True
) -> MeetingState | None:
    """Queue one invitation per human participant and the propose session for agents.

    A member with auto_accept whose preferences decide is answered for, and their
    invitation says so. Return the state after those answers when there were any (the
    caller moves the meeting on, as after any answer), else None.
    `meeting` is held by the caller's transaction (just created or locked). Without
    `propose` the agents get nothing: another agent's session, whose propose they had.
    """
    state = auto_state(meeting)
    humans = [p for p in state.participants if not p.has_agent]
    everything = state.options[TIME] + state.options[LOCATION]
    state, accepted = auto_answers_record(
        meeting=meeting,
        state=state,
        asked={p.id: everything for p in humans},
        now=now,
        inbound_id=cause_id,
    )
    for participant in humans:
        invitation_send(
            meeting=meeting,
            reader=participant,
            people=state.participants,
            times=state.options[TIME],
            places=state.options[LOCATION],
            accepted=accepted.get(participant.id),
            cause_id=cause_id,
        )
    if propose:
        protocol_send(
            meeting=meeting,
            action=protocol.ACTION_PROPOSE,
            summary="Initiated",
            now=now,
            cause_id=cause_id,
        )
    return state if accepted else None
