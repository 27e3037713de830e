"""A settled meeting that changes: moved to new times, someone taken off, someone who can no
longer come."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction

from negotiation import protocol
from negotiation.calendar_invite import METHOD_CANCEL
from negotiation.candidates import CandidateInput, propose_times
from negotiation.lifecycle import Transition
from negotiation.models import Event, Meeting, MeetingOption, Participant, Vote
from negotiation.notices.delivery import ics_attachment
from negotiation.notices.rescheduling import (
    cannot_come_ack_send,
    cannot_come_send,
    removed_send,
    reschedule_refused_send,
    rescheduled_ask_send,
)
from negotiation.services.auto_votes import auto_answers_record, auto_state
from negotiation.services.events_log import event_write
from negotiation.services.options import MAX_TIME_OPTIONS, options_create
from negotiation.services.outcomes import confirmation_broadcast, meeting_ics
from negotiation.services.planning import participant_prefs
from negotiation.services.progress import meeting_progress
from negotiation.services.protocol_out import protocol_send
from negotiation.services.requests import request_context
from negotiation.services.state import TIME, meeting_locked, meeting_participants, meeting_state
from negotiation.understanding.request_windows import find_windows
from negotiation.understanding.types import ProposedOption


def _new_times(
    meeting: Meeting, when: str, now: datetime, window: tuple[datetime, datetime] | None = None
) -> tuple[list[ProposedOption], int]:
    """Times inside the window the initiator named ("next week") or was proposed, else from
    now on, as many as labels are left; and how many labels are left."""
    ctx = request_context(hub=meeting.hub, member=meeting.initiator, now=now)
    spans = [(w.start, w.end) for w in find_windows(when, ctx)] if when else []
    people = meeting_participants(meeting)
    taken = list(
        MeetingOption.objects.filter(meeting=meeting, item=TIME).values_list("start", flat=True)
    )
    free = MAX_TIME_OPTIONS - len(taken)
    if free <= 0:
        return [], 0
    inp = CandidateInput(
        now=now,
        duration=timedelta(minutes=meeting.duration_minutes),
        planning_tz=meeting.initiator.effective_time_zone,
        windows=(window,) if window else tuple(spans),
        people=participant_prefs(people, meeting.initiator),
        exclude_starts=frozenset(taken),
    )
    times = [ProposedOption(item="time", start=s, end=e) for s, e in propose_times(inp)]
    return times[:free], free


def meeting_reschedule(
    *,
    meeting: Meeting,
    initiator: Participant,
    when: str,
    now: datetime,
    inbound_id: int | None = None,
    message_id: str | None = None,
    window: tuple[datetime, datetime] | None = None,
    actor: str | None = None,
) -> bool:
    """Release the agreed slot and ask everyone about new times (`when`: "next week";
    `window`: exactly one slot, a time someone proposed).

    The next confirmation keeps the calendar event's UID with SEQUENCE + 1, so calendars
    move it. False, with a short notice to the initiator, when nothing could move.
    """
    with transaction.atomic():
        meeting = meeting_locked(meeting.pk)
        refused = ""
        times = []
        if not meeting.allows(Transition.RESCHEDULE):
            refused = "not_settled"
        else:
            times, free = _new_times(meeting, when, now, window)
            refused = "no_labels" if not free else "" if times else "no_time"
        if refused:
            reschedule_refused_send(
                meeting=meeting,
                initiator=initiator,
                reason=refused,
                when=when,
                inbound_id=inbound_id,
                message_id=message_id,
            )
            return False
        released = meeting.chosen_time
        state = meeting_state(meeting)
        old = [o.id for o in state.options[TIME]]
        meeting.reschedule(deadline=now + timedelta(hours=meeting.hub.response_window_hours))
        # The old times leave the table with the answers about them; their labels stay
        # taken, so a late "A" cannot land on a new option.
        MeetingOption.objects.filter(id__in=old).update(withdrawn=True)
        Vote.objects.filter(option_id__in=old).delete()
        # As in any new round, a required person who declined the old times is asked
        # afresh; an optional one stays away unless they take a new time.
        meeting.participants.present().filter(declined=True, required=True).update(declined=False)
        added = options_create(
            meeting=meeting,
            proposer=None,
            proposals=[(TIME, t) for t in times],
            round_added=meeting.round,
            now=now,
            inbound_id=inbound_id,
        )
        event_write(
            meeting=meeting,
            kind=Event.Kind.RESCHEDULED,
            actor=actor or initiator.address,
            now=now,
            inbound_id=inbound_id,
            detail={
                "released": str(released) if released else None,
                "window": when[:200],
                "options": [str(o) for o in added],
            },
        )
        _ask_everyone(meeting, initiator, released, added, now, inbound_id)
        return True


def _ask_everyone(meeting, initiator, released, added, now, inbound_id) -> None:
    """Each human gets the new times (members on auto-accept are answered for); agents a
    new proposal; the meeting moves on at once if preferences settled it."""
    state = auto_state(meeting)
    humans = [p for p in state.participants if not p.has_agent]
    state, accepted = auto_answers_record(
        meeting=meeting,
        state=state,
        asked={p.id: added for p in humans},
        now=now,
        inbound_id=inbound_id,
    )
    for person in humans:
        rescheduled_ask_send(
            meeting=meeting,
            reader=person,
            initiator=initiator,
            released=released,
            times=added,
            accepted=accepted.get(person.id),
            cause_id=inbound_id,
        )
    protocol_send(
        meeting=meeting,
        action=protocol.ACTION_PROPOSE,
        now=now,
        cause_id=inbound_id,
        summary="Rescheduled: new times",
        state=state,
    )
    if accepted:
        meeting_progress(meeting=meeting, now=now, inbound_id=inbound_id, state=state)


def attendee_remove(
    *,
    meeting: Meeting,
    initiator: Participant,
    person: Participant,
    now: datetime,
    inbound_id: int | None = None,
) -> None:
    """Take someone off a confirmed meeting: they get a CANCEL, everyone else the update.

    RFC 5546 3.2.2.3: the organizer removes an attendee by sending that attendee a
    CANCEL and the others a REQUEST without them, both with the next SEQUENCE.
    """
    with transaction.atomic():
        meeting = meeting_locked(meeting.pk)
        meeting.revise()
        person.dropped, person.required = True, False
        person.save(update_fields=["dropped", "required"])
        event_write(
            meeting=meeting,
            kind=Event.Kind.DROPPED,
            actor=initiator.address,
            now=now,
            inbound_id=inbound_id,
            detail={"participant": person.email, "after_confirmation": True},
        )
        withdrawal = ics_attachment(
            meeting_ics(meeting, method=METHOD_CANCEL, now=now, people=[person]), "CANCEL"
        )
        if not person.has_agent:
            removed_send(
                meeting=meeting,
                reader=person,
                initiator=initiator,
                withdrawal=withdrawal,
                cause_id=inbound_id,
            )
        confirmation_broadcast(
            meeting=meeting,
            people=meeting_participants(meeting),
            now=now,
            cause_id=inbound_id,
            summary=f"{person.display_name} no longer attends",
            update=f"{person.display_name} no longer attends",
        )


def participant_withdraw(
    *,
    meeting: Meeting,
    person: Participant,
    words: str,
    now: datetime,
    inbound_id: int | None = None,
    message_id: str | None = None,
) -> None:
    """Someone can no longer make a confirmed meeting: the initiator is asked once what to do.

    Nobody else is disturbed; the person hears that the initiator knows.
    """
    with transaction.atomic():
        person.declined = True
        person.save(update_fields=["declined"])
        event_write(
            meeting=meeting,
            kind=Event.Kind.WITHDREW,
            actor=person.address,
            now=now,
            inbound_id=inbound_id,
            detail={"required": person.required},
        )
        initiator = next(p for p in meeting_participants(meeting) if p.is_initiator)
        cannot_come_send(
            meeting=meeting, initiator=initiator, person=person, words=words, cause_id=inbound_id
        )
        cannot_come_ack_send(
            meeting=meeting,
            person=person,
            initiator=initiator,
            inbound_id=inbound_id,
            message_id=message_id,
        )
