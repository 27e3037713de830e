"""The first mail of a meeting: an invitation per person, or protocol.json for agents."""

from __future__ import annotations

from datetime import datetime

from negotiation import protocol
from negotiation.models import Meeting
from negotiation.rendering import invitation_text
from negotiation.services.mail_out import mail_participant
from negotiation.services.protocol_out import protocol_send
from negotiation.services.state import LOCATION, TIME, meeting_state


def invitations_send(*, meeting: Meeting, now: datetime, cause_id: int | None = None) -> None:
    """Queue one invitation per human participant and the propose session for agents."""
    state = meeting_state(meeting)
    for participant in state.participants:
        if participant.has_agent:
            continue
        mail_participant(
            meeting=meeting,
            participant=participant,
            kind="invitation",
            text=invitation_text(
                meeting,
                participant,
                state.participants,
                state.options[TIME],
                state.options[LOCATION],
            ),
            dedupe_key=f"invite:{participant.id}",
            cause_id=cause_id,
        )
    protocol_send(
        meeting=meeting, action=protocol.ACTION_PROPOSE, summary="Initiated", now=now,
        cause_id=cause_id,
    )  # fmt: skip
