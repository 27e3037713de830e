"""The organiser's commands (pick, cancel, remind, reschedule) asked for by an integration.

Each calls the same service as the command by mail, after checking what the mail
path would answer with an explanatory mail: here the caller hears it (InputRefused,
ActionRefused) and nothing is written or sent. Events name `actor` (the API key).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from negotiation.lifecycle import Transition
from negotiation.models import Meeting, Participant
from negotiation.services.initiator import meeting_pick
from negotiation.services.outcomes import meeting_cancel
from negotiation.services.refusals import ActionRefused, InputRefused
from negotiation.services.reminders import meeting_reminders_send
from negotiation.services.rescheduling import meeting_reschedule
from negotiation.services.state import LOCATION, TIME, meeting_locked, meeting_state

S = Meeting.Status


def _locked(meeting: Meeting, allowed: set[str], action: str) -> Meeting:
    meeting = meeting_locked(meeting.pk)
    if meeting.status not in allowed:
        raise ActionRefused(f"A meeting that is {meeting.status} cannot be asked to {action}.")
    return meeting


def _organiser(meeting: Meeting) -> Participant | None:
    return meeting.participants.filter(is_initiator=True).first()


def organiser_pick(
    *, meeting: Meeting, time_label: str, place_label: str, actor: str, now: datetime
) -> Meeting:
    """Confirm the time and place the organiser chose (labels as in 'pick B2')."""
    with transaction.atomic():
        meeting = _locked(meeting, {S.NEGOTIATING, S.ESCALATED}, "pick")
        state = meeting_state(meeting)
        for item, label, name in (
            (TIME, time_label.upper(), "time"),
            (LOCATION, place_label, "place"),
        ):
            options = state.options[item]
            if not (label or len(options) == 1) or (label and state.option(item, label) is None):
                offered = ", ".join(o.label for o in options)
                raise InputRefused(name, f"No {name} option {label!r} on the table ({offered}).")
        meeting_pick(
            meeting=meeting,
            initiator=_organiser(meeting),
            time_label=time_label,
            place_label=place_label,
            now=now,
            actor=actor,
        )
        meeting.refresh_from_db()
        return meeting


def organiser_cancel(*, meeting: Meeting, actor: str, now: datetime) -> Meeting:
    """Call the meeting off; everyone invited hears it (METHOD:CANCEL after a confirmation)."""
    with transaction.atomic():
        open_or_settled = {S.COLLECTING_INFO, S.NEGOTIATING, S.ESCALATED, S.CONFIRMED}
        meeting = _locked(meeting, open_or_settled, "cancel")
        meeting_cancel(meeting=meeting, by=_organiser(meeting), now=now, actor=actor)
        meeting.refresh_from_db()
        return meeting


def organiser_remind(*, meeting: Meeting, actor: str, now: datetime) -> list[Participant]:
    """Remind the silent required participants now (at most two reminders each, never at
    night in their zone); return whom."""
    with transaction.atomic():
        meeting = _locked(meeting, {S.NEGOTIATING}, "remind")
        return meeting_reminders_send(meeting=meeting, now=now, asked=True, actor=actor)


def organiser_reschedule(
    *,
    meeting: Meeting,
    actor: str,
    now: datetime,
    when: str = "",
    window: tuple[datetime, datetime] | None = None,
) -> Meeting:
    """Release the agreed slot and ask everyone about new times (in `when` or `window`)."""
    with transaction.atomic():
        meeting = meeting_locked(meeting.pk)
        if not meeting.allows(Transition.RESCHEDULE):
            raise ActionRefused(f"Only a confirmed meeting can be rescheduled ({meeting.status}).")
        moved = meeting_reschedule(
            meeting=meeting,
            initiator=_organiser(meeting),
            when=when,
            now=now,
            window=window,
            actor=actor,
        )
        if not moved:
            # The mail path told the organiser why; here the caller hears it, and that
            # notice is rolled back with everything else.
            raise InputRefused("when", "No new time could be found in that window.")
        meeting.refresh_from_db()
        return meeting
