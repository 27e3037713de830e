"""What candidate times are chosen from: the initiator's windows and everyone's preferences."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from hubs.models import Member
from negotiation.auto_accept import stored_prefs
from negotiation.candidates import CandidateInput, PersonPrefs, propose_times
from negotiation.models import Meeting, Participant
from negotiation.services.state import TIME, MeetingState
from negotiation.understanding.types import ProposedOption


def participant_prefs(
    participants: Sequence[Participant], initiator: Member
) -> tuple[PersonPrefs, ...]:
    """Each participant's zone and stored preferences, for the candidate proposal."""
    prefs = []
    members = {
        m.email: m
        for m in Member.objects.for_hub(initiator.hub).filter(
            email__in=[p.email for p in participants if p.kind == Participant.Kind.MEMBER]
        )
    }
    for p in participants:
        member = members.get(p.email)
        zone = p.time_zone or initiator.effective_time_zone
        prefs.append(
            stored_prefs(
                time_zone=zone,
                zone_known=p.time_zone_known,
                preferred_times=member.preferred_times,
                blocked_times=member.blocked_times,
                places=member.preferred_locations,
            )
            if member
            else PersonPrefs(time_zone=zone, zone_known=p.time_zone_known)
        )
    return tuple(prefs)


def stored_windows(meeting: Meeting) -> tuple[tuple[datetime, datetime], ...]:
    """The initiator's stated windows, kept for later rounds."""
    windows = []
    for pair in meeting.draft.get("windows", []):
        try:
            windows.append((datetime.fromisoformat(pair[0]), datetime.fromisoformat(pair[1])))
        except (TypeError, ValueError, IndexError):
            continue
    return tuple(windows)


def fresh_times(meeting: Meeting, state: MeetingState, now: datetime) -> list[ProposedOption]:
    """Times for a new round the hub starts: inside the windows, none offered before."""
    inp = CandidateInput(
        now=now,
        duration=timedelta(minutes=meeting.duration_minutes),
        planning_tz=meeting.initiator.effective_time_zone,
        windows=stored_windows(meeting),
        people=participant_prefs(state.participants, meeting.initiator),
        exclude_starts=frozenset(o.start for o in state.options[TIME]),
    )
    return [ProposedOption(item="time", start=s, end=e) for s, e in propose_times(inp)]
