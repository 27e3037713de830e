"""The window check reads a meeting once per window, not every run for ever."""

from datetime import timedelta

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from negotiation.models import Meeting, Participant
from negotiation.services import meetings_window_check

from .meeting_kit import meeting_of, to
from .test_meeting_window import pass_window, run_job


def test_a_window_with_nobody_silent_is_read_once_and_again_only_after_a_new_window(
    team, chat, mailoutbox
):
    invitations = chat.write(
        "alice@example.com",
        "Meeting about the budget with Bob and Carol next Tuesday or Wednesday afternoon, on Zoom.",
    )
    meeting = meeting_of(invitations[0])
    chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A")
    # Nobody left who must answer, yet the meeting still negotiates (it waits on Bob
    # and Carol, who are optional now): the window passes with nobody to name.
    Participant.objects.filter(meeting=meeting, is_initiator=False).update(required=False)
    pass_window(meeting)
    assert run_job(chat) == 0
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.NEGOTIATING and meeting.window_checked

    with CaptureQueriesContext(connection) as queries:
        assert meetings_window_check(now=timezone.now()) == 0
    assert len(queries) == 1  # the due index, which no longer holds this meeting

    # Carol is required again and the initiator gives more time: a new window, read
    # again when it passes, and this time Carol is named.
    Participant.objects.filter(meeting=meeting, email="carol@example.com").update(required=True)
    meeting.extend_window(deadline=timezone.now() + timedelta(hours=1))
    assert not meeting.window_checked
    pass_window(meeting)
    assert run_job(chat) == 1
    [notice] = chat._collect()
    assert notice.to == ["alice@example.com"] and "Not answered yet: Carol." in notice.body
