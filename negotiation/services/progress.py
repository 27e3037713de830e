"""After every change: confirm, wait, tell the initiator, start a round or escalate."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction

from negotiation import protocol
from negotiation.candidates import CandidateInput, propose_times
from negotiation.models import Meeting
from negotiation.rendering import render
from negotiation.services.answers import options_add
from negotiation.services.events_log import HUB_ACTOR, event_write
from negotiation.services.mail_out import mail_participant
from negotiation.services.outcomes import meeting_confirm
from negotiation.services.protocol_out import protocol_send
from negotiation.services.requests import participant_prefs, stored_windows
from negotiation.services.state import LOCATION, TIME, MeetingState, meeting_state
from negotiation.services.tally import best_pick, tally_text
from negotiation.understanding.types import ProposedOption


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
        _tell_initiator_of_declines(meeting, state, declined, inbound_id)
        return "declined"
    if any(p.required for p in state.pending()):
        return "waiting"
    if time_d.deadlocked or place_d.deadlocked:
        if meeting.round >= meeting.hub.max_rounds or not time_d.deadlocked:
            meeting_escalate(meeting=meeting, now=now, inbound_id=inbound_id, reason="no consensus")
            return "escalated"
        added, limit_hit = options_add(
            meeting=meeting, proposer=None, proposals=_fresh_times(meeting, state, now), now=now,
            inbound_id=inbound_id,
        )  # fmt: skip
        if not added:
            meeting_escalate(meeting=meeting, now=now, inbound_id=inbound_id, reason="no consensus")
            return "escalated"
        return "new_round"
    return "waiting"


def _fresh_times(meeting: Meeting, state: MeetingState, now: datetime) -> list[ProposedOption]:
    inp = CandidateInput(
        now=now,
        duration=timedelta(minutes=meeting.duration_minutes),
        planning_tz=meeting.initiator.effective_time_zone,
        windows=stored_windows(meeting),
        people=participant_prefs(state.participants, meeting.initiator),
        exclude_starts=frozenset(o.start for o in state.options[TIME]),
    )
    return [ProposedOption(item="time", start=s, end=e) for s, e in propose_times(inp)]


def _tell_initiator_of_declines(meeting, state, declined, inbound_id) -> None:
    initiator = next(p for p in state.participants if p.is_initiator)
    for person in declined:
        mail_participant(
            meeting=meeting,
            participant=initiator,
            kind="declined-notice",
            text=render(
                "declined_notice",
                {
                    "reader_name": initiator.display_name,
                    "decliner_name": "You" if person.id == initiator.id else person.display_name,
                    "decliner_short": (person.name.split()[0] if person.name else person.email),
                    "topic": meeting.topic,
                    "tally": tally_text(meeting, initiator, state),
                    "hub_name": meeting.hub.name,
                },
            ),
            dedupe_key=f"declined:{person.id}:r{meeting.round}",
            cause_id=inbound_id,
        )


def meeting_escalate(
    *, meeting: Meeting, now: datetime, reason: str, inbound_id: int | None = None
) -> None:
    """Hand the decision to the initiator: tally to every human, escalate to agents."""
    with transaction.atomic():
        meeting = Meeting.objects.select_for_update().get(pk=meeting.pk)
        if meeting.status != Meeting.Status.NEGOTIATING:
            return
        meeting.status = Meeting.Status.ESCALATED
        meeting.version += 1
        meeting.save()
        event_write(
            meeting=meeting, kind="escalated", actor=HUB_ACTOR, now=now, inbound_id=inbound_id,
            detail={"reason": reason, "round": meeting.round},
        )  # fmt: skip
        state = meeting_state(meeting)
        pick_time, pick_place = best_pick(state)
        initiator = next(p for p in state.participants if p.is_initiator)
        for person in state.participants:
            if person.has_agent:
                continue
            mail_participant(
                meeting=meeting,
                participant=person,
                kind="escalation",
                text=render(
                    "escalation",
                    {
                        "reader_name": person.display_name,
                        "topic": meeting.topic,
                        "rounds": meeting.round,
                        "for_initiator": person.is_initiator,
                        "initiator_name": initiator.display_name,
                        "tally": tally_text(meeting, person, state),
                        "example_pick": pick_time + pick_place,
                        "example_time": pick_time,
                        "example_place": pick_place,
                        "hub_name": meeting.hub.name,
                    },
                ),
                dedupe_key=f"escalation:{person.id}:v{meeting.version}",
                cause_id=inbound_id,
            )
        protocol_send(
            meeting=meeting, action=protocol.ACTION_ESCALATE, now=now, cause_id=inbound_id,
            summary=f"Escalated to the initiator: {reason}",
        )  # fmt: skip
