"""A meeting's transitions: the table (pure) and the Meeting methods that apply it."""

from datetime import timedelta

import pytest
from django.utils import timezone

from negotiation import lifecycle
from negotiation.lifecycle import InvalidTransition, Status, Transition
from negotiation.models import Meeting, MeetingOption
from tests.scenarios.meeting_kit import Chat, make_team, meeting_of

REQUEST = "Set up a budget review with Bob next week, Zoom or the office."


def test_the_model_stores_exactly_the_statuses_of_the_table():
    assert set(Meeting.Status.values) == {s.value for s in Status}


@pytest.mark.parametrize(
    ("status", "transition", "allowed"),
    [
        (Status.COLLECTING_INFO, Transition.OPEN, True),
        (Status.NEGOTIATING, Transition.OPEN, False),
        (Status.NEGOTIATING, Transition.NEW_ROUND, True),
        (Status.ESCALATED, Transition.NEW_ROUND, False),
        (Status.ESCALATED, Transition.CONFIRM, True),
        (Status.CANCELLED, Transition.CONFIRM, False),
        (Status.CONFIRMED, Transition.ESCALATE, False),
        (Status.CONFIRMED, Transition.CANCEL, True),
        (Status.CANCELLED, Transition.CANCEL, False),
        (Status.CONFIRMED, Transition.RESCHEDULE, True),
        (Status.NEGOTIATING, Transition.RESCHEDULE, False),
        (Status.ESCALATED, Transition.RESCHEDULE, True),
        (Status.CONFIRMED, Transition.REVISE, True),
        (Status.NEGOTIATING, Transition.REVISE, False),
    ],
)
def test_which_transition_may_follow_which_status(status, transition, allowed):
    assert lifecycle.allowed(status, transition) is allowed
    if allowed:
        assert lifecycle.effect_of(status, transition).target in Status
    else:
        with pytest.raises(InvalidTransition, match=f"is {status} cannot {transition}"):
            lifecycle.effect_of(status, transition)


def test_no_transition_leaves_a_cancelled_meeting():
    assert not any(lifecycle.allowed(Status.CANCELLED, t) for t in Transition)


@pytest.fixture
def meeting(db, mailflow):
    make_team()
    return meeting_of(Chat(mailflow).write("alice@example.com", REQUEST)[0])


def _reloaded(meeting: Meeting) -> Meeting:
    return Meeting.objects.get(pk=meeting.pk)


def test_a_new_round_moves_round_version_and_window_together(meeting):
    meeting.window_noticed()
    before = _reloaded(meeting)
    deadline = timezone.now() + timedelta(hours=5)
    meeting.new_round(deadline=deadline)
    after = _reloaded(meeting)
    assert (after.round, after.version) == (before.round + 1, before.version + 1)
    assert after.deadline == deadline and after.window_notice_sent is False
    assert after.status == Meeting.Status.NEGOTIATING


def test_confirm_then_reschedule_releases_the_slot_and_moves_the_calendar_sequence(meeting):
    time = meeting.options.filter(item=MeetingOption.Item.TIME).first()
    place = meeting.options.filter(item=MeetingOption.Item.LOCATION).first()
    meeting.confirm(time=time, place=place)
    confirmed = _reloaded(meeting)
    assert (confirmed.status, confirmed.chosen_time_id) == (Meeting.Status.CONFIRMED, time.id)
    meeting.reschedule(deadline=timezone.now() + timedelta(hours=72))
    again = _reloaded(meeting)
    assert again.status == Meeting.Status.NEGOTIATING
    assert again.chosen_time is None and again.chosen_place is None
    assert again.ics_sequence == confirmed.ics_sequence + 1
    assert (again.round, again.version) == (confirmed.round + 1, confirmed.version + 1)


def test_cancelling_a_confirmed_meeting_bumps_the_calendar_sequence_once(meeting):
    meeting.confirm(
        time=meeting.options.filter(item=MeetingOption.Item.TIME).first(),
        place=meeting.options.filter(item=MeetingOption.Item.LOCATION).first(),
    )
    assert meeting.cancel() is True
    assert _reloaded(meeting).ics_sequence == 1
    with pytest.raises(InvalidTransition):
        meeting.cancel()


def test_an_invalid_transition_fails_loudly_and_changes_nothing(meeting):
    meeting.escalate()
    with pytest.raises(InvalidTransition):
        meeting.escalate()
    with pytest.raises(InvalidTransition):
        meeting.new_round(deadline=timezone.now())
    stored = _reloaded(meeting)
    assert stored.status == Meeting.Status.ESCALATED and stored.round == 1


def test_a_transition_that_opens_a_window_needs_its_deadline(meeting):
    with pytest.raises(ValueError, match="deadline"):
        meeting._go(Transition.NEW_ROUND)
