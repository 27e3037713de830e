"""Silence: when the response window passes, the initiator chooses pick, wait or cancel."""

from datetime import timedelta

from django.utils import timezone
from django_q.models import Schedule

from negotiation.models import Event, Meeting
from negotiation.tasks import WINDOW_SCHEDULE_NAME, check_response_windows, schedules_ensure

from .meeting_kit import meeting_of, recipients, to


def pass_window(meeting):
    Meeting.objects.filter(pk=meeting.pk).update(deadline=timezone.now() - timedelta(minutes=1))


def run_job(chat) -> int:
    """Run the periodic job as the worker would, sending what it queued."""
    with chat.flow._capture(execute=True):
        return check_response_windows()


def test_window_passes_initiator_gets_tally_and_waits_then_picks(team, chat, mailoutbox):
    invitations = chat.write(
        "alice@example.com",
        "Meeting about the budget with Bob and Carol next Tuesday or Wednesday afternoon, on Zoom.",
    )
    meeting = meeting_of(invitations[0])
    chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A")
    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "A or B")
    assert run_job(chat) == 0  # not yet

    pass_window(meeting)
    assert run_job(chat) == 1
    assert run_job(chat) == 0  # told once per window
    [notice] = chat._collect()
    assert notice.to == ["alice@example.com"]
    assert 'The response window for "Budget" has passed. Not answered yet: Carol.' in notice.body
    assert "  A. " in notice.body and ": Alice and Bob Brown" in notice.body
    assert "pick A1" in notice.body and "wait" in notice.body and "cancel" in notice.body

    [ack] = chat.reply(notice, "alice@example.com", "wait")
    assert "wait another 72 hours" in ack.body
    meeting.refresh_from_db()
    assert meeting.deadline > timezone.now() + timedelta(hours=71)
    assert run_job(chat) == 0

    pass_window(meeting)
    assert run_job(chat) == 1
    [notice] = chat._collect()
    done = chat.reply(notice, "alice@example.com", "pick A")
    assert recipients(done) == ["alice@example.com", "bob@example.com", "carol@example.com"]
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED
    kinds = list(Event.objects.filter(meeting=meeting).values_list("kind", flat=True))
    assert kinds.count("window_passed") == 2 and "window_extended" in kinds


def test_schedule_is_created_once(db):
    schedules_ensure()
    schedules_ensure()
    assert Schedule.objects.filter(name=WINDOW_SCHEDULE_NAME).count() == 1
    assert (
        Schedule.objects.get(name=WINDOW_SCHEDULE_NAME).func
        == "negotiation.tasks.check_response_windows"
    )
