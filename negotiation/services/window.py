"""The response window: a meeting never waits forever for silent participants."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from negotiation.models import Meeting
from negotiation.rendering import names, render
from negotiation.services.events_log import HUB_ACTOR, event_write
from negotiation.services.mail_out import mail_participant
from negotiation.services.state import meeting_state
from negotiation.services.tally import best_pick, tally_text


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
            return False
        meeting.window_notice_sent = True
        meeting.save()
        event_write(
            meeting=meeting, kind="window_passed", actor=HUB_ACTOR, now=now,
            detail={"silent": [p.email for p in silent]},
        )  # fmt: skip
        initiator = next(p for p in state.participants if p.is_initiator)
        pick_time, pick_place = best_pick(state)
        mail_participant(
            meeting=meeting,
            participant=initiator,
            kind="window-passed",
            text=render(
                "window_passed",
                {
                    "reader_name": initiator.display_name,
                    "topic": meeting.topic,
                    "silent": names(silent),
                    "tally": tally_text(meeting, initiator, state),
                    "example_pick": pick_time + pick_place,
                    "example_time": pick_time,
                    "example_place": pick_place,
                    "window_hours": meeting.hub.response_window_hours,
                    "hub_name": meeting.hub.name,
                },
            ),
            dedupe_key=f"window:{meeting.deadline.isoformat()}",
        )
        return True


def meetings_window_check(*, now: datetime) -> int:
    """Check every negotiating meeting whose window has passed; return notices sent."""
    due = Meeting.objects.filter(
        status=Meeting.Status.NEGOTIATING, window_notice_sent=False, deadline__lte=now
    ).values_list("pk", flat=True)
    return sum(meeting_window_notice(meeting=Meeting(pk=pk), now=now) for pk in list(due))
