"""The first mail of a meeting: an invitation per person, or protocol.json for agents."""

from __future__ import annotations

from datetime import datetime

from negotiation import protocol
from negotiation.models import Meeting
from negotiation.rendering import invitation_text
from negotiation.services.auto_votes import auto_answer, auto_members, auto_state
from negotiation.services.mail_out import mail_participant
from negotiation.services.protocol_out import protocol_send
from negotiation.services.state import LOCATION, TIME


def invitations_send(*, meeting: Meeting, now: datetime, cause_id: int | None = None) -> None:
    """Queue one invitation per human participant and the propose session for agents.

    A member with auto_accept whose preferences decide every item is answered for, and
    their invitation says so; the meeting then moves on as after any answer.
    `meeting` is held by the caller's transaction (just created or locked).
    """
    state = auto_state(meeting)
    auto = auto_members(meeting, state.participants)
    answered = False
    for participant in state.participants:
        if participant.has_agent:
            continue
        note = ""
        if participant.id in auto:
            state, note = auto_answer(
                meeting=meeting, participant=participant, member=auto[participant.id],
                options=state.options[TIME] + state.options[LOCATION], state=state, now=now,
                inbound_id=cause_id,
            )  # fmt: skip
            answered = answered or bool(note)
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
                auto_note=note,
            ),
            dedupe_key=f"invite:{participant.id}",
            cause_id=cause_id,
        )
    protocol_send(
        meeting=meeting, action=protocol.ACTION_PROPOSE, summary="Initiated", now=now,
        cause_id=cause_id,
    )  # fmt: skip
    if answered:
        # Imported here: progress reaches invitations through requests.
        from negotiation.services.progress import meeting_progress

        # Everyone may have answered now (all of them from preferences): confirm at once.
        meeting_progress(meeting=meeting, now=now, inbound_id=cause_id, state=state)
