"""What calendar clients answer to the hub's invitations (iTIP REPLY, COUNTER, REFRESH).

Routed by the calendar data alone: the event's UID names the meeting, the ATTENDEE the
participant, the SEQUENCE the version of the invitation. Only the participant themselves
can answer for themselves, and only the current version counts: anything else is
recorded and ignored, never answered.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction

from hubs.models import Hub, SenderPolicy
from mailbridge.calendar_answers import CalendarAnswer
from negotiation.calendar_invite import METHOD_REQUEST
from negotiation.models import Event, Meeting, Participant
from negotiation.notices.calendar_answers import (
    accept_nothing_send,
    calendar_declined_send,
    counter_proposed_send,
)
from negotiation.notices.delivery import ics_attachment
from negotiation.notices.outcomes import confirmations_send
from negotiation.services.events_log import event_write
from negotiation.services.outcomes import ics_uid, meeting_ics
from negotiation.services.rescheduling import meeting_reschedule
from negotiation.services.state import meeting_participants

ACCEPTED, DECLINED, TENTATIVE = "ACCEPTED", "DECLINED", "TENTATIVE"


def calendar_answer_record(
    *,
    hub: Hub,
    answer: CalendarAnswer,
    sender: str,
    now: datetime,
    inbound_id: int | None,
    authenticated: bool = False,
) -> str:
    """Record one calendar answer and act on it; return what was done, for the log."""
    session_id = answer.uid.partition("@")[0]
    with transaction.atomic():
        meeting = (
            Meeting.objects.select_for_update(of=("self",))
            .select_related("hub", "initiator", "chosen_time")
            .filter(hub=hub, session_id=session_id)
            .first()
        )
        if meeting is None or ics_uid(meeting) != answer.uid:
            return "no meeting has this calendar event"
        people = meeting_participants(meeting)
        person = meeting.participant_for(answer.attendee, people)
        reason = _ignored_because(meeting, person, answer, sender)
        if not reason and hub.sender_policy == SenderPolicy.STRICT and not authenticated:
            # Calendar clients answer the hub's bare address: no reply token to pair with From.
            reason = "the sender is not authenticated (strict hub)"
        if reason:
            event_write(
                meeting=meeting,
                kind=Event.Kind.CALENDAR_IGNORED,
                actor=sender,
                now=now,
                inbound_id=inbound_id,
                detail={"reason": reason, **_summary(answer)},
            )
            return reason
        assert person is not None
        initiator = next(p for p in people if p.is_initiator)
        if answer.method == "REFRESH":
            return _refresh(meeting, person, people, now, inbound_id)
        if answer.method == "COUNTER":
            return _counter(meeting, initiator, person, answer, now, inbound_id)
        return _reply(meeting, initiator, person, answer, now, inbound_id)


def _ignored_because(
    meeting: Meeting, person: Participant | None, answer: CalendarAnswer, sender: str
) -> str:
    if person is None:
        return "the attendee is not a participant"
    if sender.lower() not in (person.email, person.agent_email):
        return "the sender is not the attendee"
    if meeting.status != Meeting.Status.CONFIRMED or meeting.chosen_time is None:
        return "the meeting has no current invitation"
    if answer.sequence < meeting.ics_sequence:
        return "an answer to an older version of the invitation"
    return ""


def _summary(answer: CalendarAnswer) -> dict:
    return {
        "method": answer.method,
        "partstat": answer.partstat,
        "attendee": answer.attendee,
        "sequence": answer.sequence,
    }


def _reply(meeting, initiator, person, answer, now, inbound_id) -> str:
    event_write(
        meeting=meeting,
        kind=Event.Kind.CALENDAR_ANSWERED,
        actor=person.email,
        now=now,
        inbound_id=inbound_id,
        detail={**_summary(answer), "comment": answer.comment},
    )
    if answer.partstat not in (DECLINED, TENTATIVE) or person.is_initiator:
        return f"recorded {answer.partstat or 'an answer'}"
    if answer.partstat == DECLINED and not person.declined:
        person.declined = True
        person.save(update_fields=["declined"])
    if not person.required:
        return f"recorded {answer.partstat} of an optional participant"
    calendar_declined_send(
        meeting=meeting,
        initiator=initiator,
        person=person,
        tentative=answer.partstat == TENTATIVE,
        comment=answer.comment,
        cause_id=inbound_id,
    )
    return f"recorded {answer.partstat}; the organiser was told"


def _counter(meeting, initiator, person, answer, now, inbound_id) -> str:
    if answer.start is None or answer.start <= now:
        event_write(
            meeting=meeting,
            kind=Event.Kind.CALENDAR_IGNORED,
            actor=person.email,
            now=now,
            inbound_id=inbound_id,
            detail={"reason": "a proposal with no time to come", **_summary(answer)},
        )
        return "a proposal with no time to come"
    # The meeting keeps its length; the proposal says when it starts.
    end = answer.start + timedelta(minutes=meeting.duration_minutes)
    event_write(
        meeting=meeting,
        kind=Event.Kind.COUNTER_PROPOSED,
        actor=person.email,
        now=now,
        inbound_id=inbound_id,
        detail={
            **_summary(answer),
            "start": answer.start.isoformat(),
            "end": end.isoformat(),
            "comment": answer.comment,
        },
    )
    counter_proposed_send(
        meeting=meeting,
        initiator=initiator,
        person=person,
        start=answer.start,
        end=end,
        comment=answer.comment,
        cause_id=inbound_id,
    )
    return "a new time proposed; the organiser was told"


def _refresh(meeting, person, people, now, inbound_id) -> str:
    invite = ics_attachment(
        meeting_ics(meeting, method=METHOD_REQUEST, now=now, people=people), "REQUEST"
    )
    confirmations_send(
        meeting=meeting,
        people=[person],
        time=meeting.chosen_time,
        place=meeting.chosen_place,
        invite=invite,
        cause_id=inbound_id,
        again_to="refresh",  # once per person and calendar version
    )
    return "the current invitation sent again"


def counter_accept(
    *,
    meeting: Meeting,
    initiator: Participant,
    now: datetime,
    inbound_id: int | None = None,
    message_id: str | None = None,
) -> bool:
    """The organiser takes the latest time proposed from a calendar: everyone is asked."""
    proposal = (
        Event.objects.filter(meeting=meeting, kind=Event.Kind.COUNTER_PROPOSED)
        .order_by("-created_at", "-id")
        .first()
    )
    start = datetime.fromisoformat(proposal.detail["start"]) if proposal else None
    if start is None or start <= now:
        accept_nothing_send(
            meeting=meeting, initiator=initiator, inbound_id=inbound_id, message_id=message_id
        )
        return False
    end = start + timedelta(minutes=meeting.duration_minutes)
    return meeting_reschedule(
        meeting=meeting,
        initiator=initiator,
        when=f"the time {proposal.actor} proposed",
        now=now,
        inbound_id=inbound_id,
        message_id=message_id,
        window=(start, end),
    )
