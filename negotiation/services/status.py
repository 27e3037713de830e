"""What a member's `status` mail lists: their open meetings and who has not answered."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from hubs.models import Hub, Member
from negotiation.models import Meeting
from negotiation.services.state import meeting_state

STATUS_MEETINGS_LISTED = 20


@dataclass(frozen=True)
class OpenMeetings:
    """The oldest open meetings of a member, with how many more there are."""

    meetings: list[tuple[Meeting, list]]  # each with its silent required participants
    more: int


def member_open_meetings(*, hub: Hub, member: Member) -> OpenMeetings:
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
    return OpenMeetings(meetings=listed, more=total - len(listed))
