"""After every change: confirm, wait, tell the initiator, start a round or escalate."""

from __future__ import annotations

from datetime import datetime

from negotiation.models import Meeting
from negotiation.notices.outcomes import declined_notice_send
from negotiation.services.events_log import HUB_ACTOR
from negotiation.services.options import options_add
from negotiation.services.outcomes import meeting_confirm, meeting_escalate
from negotiation.services.planning import fresh_times
from negotiation.services.state import LOCATION, TIME, MeetingState, meeting_state


def meeting_progress(
    *,
    meeting: Meeting,
    now: datetime,
    inbound_id: int | None = None,
    state: MeetingState | None = None,
) -> str:
    """Decide what the meeting needs next; return what happened (for callers and tests).

    `state` is the meeting's current state when the caller holds it, read after locking
    `meeting` in the caller's transaction (nothing is read again).
    """
    if meeting.led_by:
        # Another agent leads the session: it confirms or escalates, the hub follows.
        return "waiting"
    held = state is not None
    state = state or meeting_state(meeting)
    time_d, place_d = state.decisions[TIME], state.decisions[LOCATION]
    if time_d.chosen and place_d.chosen:
        meeting_confirm(
            meeting=meeting,
            time_option=state.option(TIME, time_d.chosen),
            place_option=state.option(LOCATION, place_d.chosen),
            now=now,
            inbound_id=inbound_id,
            actor=HUB_ACTOR,
            people=state.participants if held else None,
        )
        return "confirmed"
    declined = [p for p in state.participants if p.required and p.declined]
    if declined:
        for person in declined:
            declined_notice_send(meeting=meeting, state=state, decliner=person, cause_id=inbound_id)
        return "declined"
    if any(p.required for p in state.pending()):
        return "waiting"
    if time_d.deadlocked or place_d.deadlocked:
        if meeting.round >= meeting.hub.max_rounds or not time_d.deadlocked:
            meeting_escalate(meeting=meeting, now=now, inbound_id=inbound_id, reason="no consensus")
            return "escalated"
        outcome = options_add(
            meeting=meeting,
            proposer=None,
            proposals=fresh_times(meeting, state, now),
            now=now,
            inbound_id=inbound_id,
        )
        if not outcome.added:
            meeting_escalate(meeting=meeting, now=now, inbound_id=inbound_id, reason="no consensus")
            return "escalated"
        if outcome.answered_for:
            # Preferences answered about the hub's new times: the round may be settled.
            meeting_progress(meeting=meeting, now=now, inbound_id=inbound_id)
        return "new_round"
    return "waiting"
