"""The hub's answers for members who let their preferences answer (Member.auto_accept)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db.models import Exists, OuterRef

from hubs.models import Member
from negotiation.auto_accept import Choice, judge, stored_prefs
from negotiation.models import Event, Meeting, MeetingOption, Participant
from negotiation.services.events_log import event_write
from negotiation.services.state import (
    LOCATION,
    TIME,
    MeetingState,
    state_build,
)
from negotiation.services.state_read import options_and_votes
from negotiation.services.votes import votes_write

AUTO_FLAG = "member_auto_accept"


def auto_state(meeting: Meeting) -> MeetingState:
    """meeting_state, each participant read with their member's auto_accept flag."""
    # The flag rides on the participants' query: a hub whose members do not use
    # auto_accept pays no query for the feature. Ordered as meeting_participants.
    auto = Member.objects.filter(
        hub_id=OuterRef("hub_id"), email=OuterRef("email"), auto_accept=True
    )
    participants = list(
        meeting.participants.present()
        .annotate(**{AUTO_FLAG: Exists(auto)})
        .order_by("-is_initiator", "id")
    )
    return state_build(participants, *options_and_votes(meeting.pk))


def auto_members(meeting: Meeting, participants: Sequence[Participant]) -> dict[int, Member]:
    """Members among `participants` whose preferences answer for them, by participant id."""
    # Agents answer for themselves; contacts and outsiders have no preferences here.
    wanted = {
        p.email: p.id
        for p in participants
        if p.kind == Participant.Kind.MEMBER and not p.has_agent and getattr(p, AUTO_FLAG, False)
    }
    if not wanted:
        return {}
    rows = Member.objects.filter(hub_id=meeting.hub_id, email__in=list(wanted), auto_accept=True)
    return {wanted[m.email]: m for m in rows}


def auto_answer(
    *,
    meeting: Meeting,
    participant: Participant,
    member: Member,
    options: Sequence[MeetingOption],
    state: MeetingState,
    now: datetime,
    inbound_id: int | None = None,
) -> tuple[MeetingState, dict[str, list[str]] | None]:
    """Judge `options` for a member from their preferences and record it.

    Return the state with their votes and what was accepted ({item: labels}, for the
    top of their mail), or the state unchanged and None when the preferences cannot
    decide (they are asked instead).
    """
    prefs = stored_prefs(
        time_zone=member.time_zone or meeting.hub.time_zone,
        preferred_times=member.preferred_times,
        blocked_times=member.blocked_times,
        places=member.preferred_locations,
    )
    by_choice = {
        Choice(
            key=o.id,
            item=o.item,
            label=o.label,
            start=o.start,
            end=o.end,
            place=o.place,
            sole=len(state.options[o.item]) == 1,
        ): o
        for o in options
    }
    verdicts = judge(list(by_choice), prefs)
    if verdicts is None:
        return state, None
    changes = {by_choice[choice]: fits for choice, fits in verdicts.items()}
    state = state.with_votes(participant.id, votes_write(participant, changes, now, inbound_id))
    labels = {
        verdict: {
            item: [o.label for o, fits in changes.items() if o.item == item and fits is verdict]
            for item in (TIME, LOCATION)
        }
        for verdict in (True, False)
    }
    event_write(
        meeting=meeting,
        kind=Event.Kind.AUTO_ACCEPTED,
        actor=participant.address,
        now=now,
        inbound_id=inbound_id,
        detail={
            "accepted": {k: v for k, v in labels[True].items() if v},
            "rejected": {k: v for k, v in labels[False].items() if v},
            "round": meeting.round,
        },
    )
    return state, labels[True]


def auto_answers_record(
    *,
    meeting: Meeting,
    state: MeetingState,
    asked: dict[int, Sequence[MeetingOption]],
    now: datetime,
    inbound_id: int | None = None,
) -> tuple[MeetingState, dict[int, dict[str, list[str]]]]:
    """Answer for every member on auto-accept among those `asked` ({participant id: the
    options they are asked about}) whose preferences decide; return the state after
    those answers and what was accepted for each, by participant id."""
    auto = auto_members(meeting, [p for p in state.participants if p.id in asked])
    accepted: dict[int, dict[str, list[str]]] = {}
    for participant in state.participants:
        if participant.id not in auto:
            continue
        state, labels = auto_answer(
            meeting=meeting,
            participant=participant,
            member=auto[participant.id],
            options=asked[participant.id],
            state=state,
            now=now,
            inbound_id=inbound_id,
        )
        if labels is not None:
            accepted[participant.id] = labels
    return state, accepted
