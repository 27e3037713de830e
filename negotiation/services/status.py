"""What a member's `status` mail lists: their open meetings and who has not answered."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Q

from hubs.models import Hub, Member
from negotiation.models import Event, Meeting
from negotiation.services.state import meeting_state

STATUS_MEETINGS_LISTED = 20


@dataclass(frozen=True)
class OpenMeetings:
    """The oldest open meetings of a member, with how many more there are."""

    meetings: list[tuple[Meeting, list]]  # each with its silent required participants
    more: int
    # Confirmed and still to come, soonest first, each with who can no longer come and
    # who answered "maybe" in their calendar.
    upcoming: list[tuple[Meeting, list, list]] = field(default_factory=list)


def member_open_meetings(*, hub: Hub, member: Member, now: datetime | None = None) -> OpenMeetings:
    """The member's open meetings (asked for or invited to), oldest first, bounded."""
    meetings = (
        Meeting.objects.for_hub(hub)
        .filter(
            Q(status__in=Meeting.OPEN_STATUSES, participants__email=member.email)
            | Q(initiator=member, status=Meeting.Status.COLLECTING_INFO)
        )
        .distinct()
        .order_by("created_at")
    )
    total = meetings.count()
    # A mail is read, not scrolled: the oldest open meetings are listed (they are the
    # nearest to their deadlines), the rest counted, and the reads stay bounded.
    listed = [
        (meeting, meeting_state(meeting).silent_required())
        for meeting in meetings[:STATUS_MEETINGS_LISTED]
    ]
    upcoming = []
    if now is not None:
        confirmed = (
            Meeting.objects.for_hub(hub)
            .filter(
                status=Meeting.Status.CONFIRMED,
                chosen_time__start__gte=now,
                participants__email=member.email,
                participants__dropped=False,
            )
            .select_related("chosen_time", "chosen_place")
            .order_by("chosen_time__start")[:STATUS_MEETINGS_LISTED]
        )
        upcoming = [_with_answers(meeting) for meeting in confirmed]
    return OpenMeetings(meetings=listed, more=total - len(listed), upcoming=upcoming)


def _with_answers(meeting: Meeting) -> tuple[Meeting, list, list]:
    """A confirmed meeting, who can no longer come, and who said "maybe" in a calendar."""
    people = list(meeting.participants.present())
    latest = dict(
        Event.objects.filter(meeting=meeting, kind=Event.Kind.CALENDAR_ANSWERED)
        .order_by("created_at", "id")
        .values_list("actor", "detail__partstat")
    )
    absent = [p for p in people if p.declined]
    maybe = [p for p in people if not p.declined and latest.get(p.email) == "TENTATIVE"]
    return meeting, absent, maybe
