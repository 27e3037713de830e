"""The response window: a meeting never waits forever for silent participants."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from negotiation.models import Event, Meeting
from negotiation.notices.outcomes import window_passed_send
from negotiation.services.events_log import HUB_ACTOR, event_write
from negotiation.services.state import meeting_state


def meeting_window_notice(*, meeting: Meeting, now: datetime) -> bool:
    """If the window passed with required people silent, tell the initiator (once)."""
    with transaction.atomic():
        meeting = Meeting.objects.select_for_update().get(pk=meeting.pk)
        if (
            meeting.status != Meeting.Status.NEGOTIATING
            or meeting.window_notice_sent
            or meeting.deadline is None
            or meeting.deadline > now
        ):
            return False
        state = meeting_state(meeting)
        silent = state.silent_required()
        if not silent:
            # Everyone required answered and the meeting waits on something else (a
            # pick, a tie): nothing to tell now. Silence comes back only with a new
            # window (new round, reschedule, `wait`), which clears the mark.
            meeting.window_checked = True
            meeting.save(update_fields=["window_checked"])
            return False
        meeting.window_noticed()
        event_write(
            meeting=meeting,
            kind=Event.Kind.WINDOW_PASSED,
            actor=HUB_ACTOR,
            now=now,
            detail={"silent": [p.email for p in silent]},
        )
        window_passed_send(meeting=meeting, state=state)
        return True


def meetings_window_check(*, now: datetime) -> int:
    """Check every negotiating meeting whose window passed unhandled; return notices sent."""
    # The filter is the partial index meeting_window_due: its cost grows with the
    # windows due now, not with the meetings that wait on something else. Unordered:
    # the model's order (newest first) would walk every meeting by date instead.
    due = (
        Meeting.objects.filter(
            status=Meeting.Status.NEGOTIATING,
            window_notice_sent=False,
            window_checked=False,
            deadline__lte=now,
        )
        .order_by()
        .values_list("pk", flat=True)
    )
    return sum(meeting_window_notice(meeting=Meeting(pk=pk), now=now) for pk in list(due))
