"""Reminders to participants who have not answered (at most two per meeting, never at night)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.db import transaction

from negotiation.models import Event, Meeting, Participant
from negotiation.notices.reminders import remind_ack_send, reminder_send
from negotiation.reminders import (
    MAX_REMINDERS,
    QuietHours,
    reminder_now,
    reminders_next_check,
)
from negotiation.rendering import reader_tz
from negotiation.services.events_log import HUB_ACTOR, event_write
from negotiation.services.state import (
    LOCATION,
    TIME,
    meeting_locked,
    meeting_participants,
)
from negotiation.services.state_read import options_and_votes

# The mails that open a round: its reminders count from the latest of them.
_ROUND_STARTS = (Event.Kind.STARTED, Event.Kind.RESCHEDULED, Event.Kind.OPTIONS_ADDED)


# However sure the reset points are (a new window, new options, a new participant, an
# address made good, the hub's settings), a meeting is looked at again at least this often.
RECHECK_AT_LEAST = timedelta(hours=6)


def meetings_remind(*, now: datetime) -> int:
    """Remind every silent participant whose reminder is due; return how many were sent."""
    # Only meetings whose next reminder may be due (the meeting_remind_due index): one
    # query per condition, unordered, so each is read from the index (see the sweeper).
    negotiating = Meeting.objects.filter(status=Meeting.Status.NEGOTIATING).order_by()
    due = set()
    for condition in ({"remind_after__isnull": True}, {"remind_after__lte": now}):
        due.update(
            negotiating.filter(
                deadline__gt=now, hub__reminder_delay_hours__gt=0, **condition
            ).values_list("pk", flat=True)
        )
    return sum(len(meeting_reminders_send(meeting=Meeting(pk=pk), now=now)) for pk in sorted(due))


def meetings_reminders_reset(*, meeting_ids=None, hub_id: int | None = None) -> int:
    """Have the next reminder pass look at these meetings (or all of a hub's) again."""
    meetings = Meeting.objects.filter(status=Meeting.Status.NEGOTIATING)
    if meeting_ids is not None:
        meetings = meetings.filter(pk__in=list(meeting_ids))
    if hub_id is not None:
        meetings = meetings.filter(hub_id=hub_id)
    return meetings.exclude(remind_after=None).update(remind_after=None)


def meeting_reminders_send(
    *,
    meeting: Meeting,
    now: datetime,
    asked: bool = False,
    inbound_id: int | None = None,
    actor: str = HUB_ACTOR,
) -> list[Participant]:
    """Remind the silent participants of one meeting whose reminder is due (all of them,
    within the caps, when the organiser `asked`); return whom (`actor`: who asked)."""
    with transaction.atomic():
        meeting = meeting_locked(meeting.pk)
        if meeting.status != Meeting.Status.NEGOTIATING or meeting.deadline is None:
            return []
        hub = meeting.hub
        people = meeting_participants(meeting)
        options, votes = options_and_votes(meeting.pk)
        live = {o.id for item in options for o in options[item]}
        round_start = _round_start(meeting)
        quiet = QuietHours(hub.quiet_hours_start, hub.quiet_hours_end)
        reminded = []
        silent = []
        for person in people:
            if not _silent(person, votes, live):
                continue
            silent.append(person)
            zone = reader_tz(person, meeting)
            if asked:  # the organiser's "remind": now, within the same caps
                due = person.reminders_sent < MAX_REMINDERS and not quiet.contains(
                    now.astimezone(ZoneInfo(zone))
                )
            else:
                due = reminder_now(
                    sent=person.reminders_sent,
                    round_start=round_start,
                    deadline=meeting.deadline,
                    delay=timedelta(hours=hub.reminder_delay_hours),
                    now=now,
                    time_zone=zone,
                    quiet=quiet,
                )
            if not due:
                continue
            person.reminders_sent += 1
            person.save(update_fields=["reminders_sent"])
            reminder_send(
                meeting=meeting,
                reader=person,
                people=people,
                times=options[TIME],
                places=options[LOCATION],
                number=person.reminders_sent,
                cause_id=inbound_id,
            )
            reminded.append(person)
        if reminded:
            event_write(
                meeting=meeting,
                kind=Event.Kind.REMINDED,
                actor=actor,
                now=now,
                inbound_id=inbound_id,
                detail={"participants": [p.email for p in reminded], "asked": asked},
            )
        meeting.remind_after = reminders_next_check(
            sent=[person.reminders_sent for person in silent],
            round_start=round_start,
            deadline=meeting.deadline,
            delay=timedelta(hours=hub.reminder_delay_hours),
            now=now,
            at_most=RECHECK_AT_LEAST,
        )
        Meeting.objects.filter(pk=meeting.pk).update(remind_after=meeting.remind_after)
        return reminded


def _silent(person: Participant, votes: dict, live: set[int]) -> bool:
    """Required, reachable by mail, not the organiser, and no word on any live option."""
    return (
        person.required
        and not person.is_initiator
        and not person.declined
        and not person.undeliverable
        and not person.has_agent
        and not (set(votes.get(person.id, {})) & live)
    )


def _round_start(meeting: Meeting) -> datetime:
    started = (
        Event.objects.filter(meeting=meeting, kind__in=_ROUND_STARTS)
        .order_by("-created_at")
        .values_list("created_at", flat=True)
        .first()
    )
    return started or meeting.deadline - timedelta(hours=meeting.hub.response_window_hours)


def reminders_ask(
    *,
    meeting: Meeting,
    initiator: Participant,
    now: datetime,
    inbound_id: int | None = None,
    message_id: str | None = None,
) -> list[Participant]:
    """The organiser's "remind": the silent are reminded now (same caps); the organiser hears whom."""
    reminded = meeting_reminders_send(meeting=meeting, now=now, asked=True, inbound_id=inbound_id)
    remind_ack_send(
        meeting=meeting,
        initiator=initiator,
        reminded=reminded,
        inbound_id=inbound_id,
        message_id=message_id,
    )
    return reminded
