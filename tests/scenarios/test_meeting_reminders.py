"""Reminders to the silent: at most two per meeting, never at night, none after answering."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine

from negotiation.tasks import check_response_windows

from .meeting_kit import make_team, meeting_of, to

BERLIN = ZoneInfo("Europe/Berlin")
# Monday 2 March 2026, 10:00 in Berlin: the request; the window is the hub's 72 hours.
START = datetime(2026, 3, 2, 10, 0, tzinfo=BERLIN)
REQUEST = "Budget review with Bob and Carol on March 9 or March 10 afternoon, on Zoom."


def at(offset: timedelta):
    return time_machine.travel(START + offset, tick=False)


@pytest.fixture
def asked(db, chat):
    """Alice asks; Bob answers at once; Carol stays silent."""
    team = make_team(carol_tz="Europe/Berlin")
    with at(timedelta(0)):
        invitations = chat.write("alice@example.com", REQUEST, subject="Budget review")
        chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "A")
    return team, chat, meeting_of(invitations[0])


def tick(chat, offset):
    """The periodic check at START + offset; the mail it sent."""
    with at(offset), chat.flow.capture(execute=True):
        check_response_windows()
    return chat._collect()


def test_the_silent_get_two_reminders_and_no_more(asked):
    team, chat, meeting = asked
    assert tick(chat, timedelta(hours=23)) == []
    first = tick(chat, timedelta(hours=24, minutes=5))
    reminder = to(first, "carol@example.com")
    assert len(first) == 1  # Bob answered, Alice asked
    assert "a reminder: Alice would like to meet" in reminder.body
    assert "  A. " in reminder.body and "  B. " in reminder.body  # the same labels
    assert tick(chat, timedelta(hours=25)) == []  # the job again: nothing twice
    # The last call is 6 hours before the window closes: 04:00 on Thursday in Berlin,
    # Carol's night. It waits for 08:00 (the window closes at 10:00).
    assert tick(chat, timedelta(hours=66, minutes=5)) == []
    second = tick(chat, timedelta(hours=70, minutes=5))
    assert [m.to for m in second] == [["carol@example.com"]]
    assert tick(chat, timedelta(hours=71)) == []
    assert meeting.participants.get(email="carol@example.com").reminders_sent == 2


def test_a_bare_label_answers_the_reminder(asked):
    team, chat, meeting = asked
    reminder = to(tick(chat, timedelta(hours=24, minutes=5)), "carol@example.com")
    with at(timedelta(hours=25)):
        chat.reply(reminder, "carol@example.com", "B")
    carol = meeting.participants.get(email="carol@example.com")
    assert carol.votes.filter(accepted=True, option__label="B").exists()


def test_no_reminder_at_night_in_the_readers_zone(db, chat):
    make_team(carol_tz="Asia/Tokyo")
    with at(timedelta(hours=6)):  # 16:00 in Berlin is 00:00 in Tokyo
        # Mornings in Berlin are Tokyo's late afternoons: times both can make.
        asked = chat.write(
            "alice@example.com", REQUEST.replace("afternoon", "morning"), subject="Budget review"
        )
    assert ["carol@example.com"] in [m.to for m in asked]
    # Due 24 hours later: midnight in Tokyo. It waits for 08:00 there (00:00 in Berlin).
    night = tick(chat, timedelta(hours=30, minutes=5))
    assert [m.to for m in night] == [["bob@example.com"]]  # 15:05 in London: Bob's day
    morning = tick(chat, timedelta(hours=38, minutes=5))
    assert [m.to for m in morning] == [["carol@example.com"]]


def test_the_organiser_can_ask_for_a_reminder_now(asked):
    team, chat, meeting = asked
    invitation = next(m for m in chat.all_sent if m.to == ["alice@example.com"])
    with at(timedelta(hours=2)):
        sent = chat.reply(invitation, "alice@example.com", "remind")
    assert "a reminder" in to(sent, "carol@example.com").body
    assert "I reminded Carol" in to(sent, "alice@example.com").body


def test_status_by_mail_says_who_was_reminded(asked):
    team, chat, meeting = asked
    tick(chat, timedelta(hours=24, minutes=5))
    with at(timedelta(hours=25)):
        answer = chat.write("alice@example.com", "status", subject="status")
    assert "Carol (reminded once)" in to(answer, "alice@example.com").body


def test_the_reminder_pass_reads_only_meetings_whose_reminder_may_be_due(
    asked, django_assert_num_queries
):
    team, chat, meeting = asked
    assert tick(chat, timedelta(minutes=5)) == []  # the first pass works out when
    meeting.refresh_from_db()
    assert meeting.remind_after == START + timedelta(hours=6, minutes=5)  # 6-hourly at least
    # Until then a pass reads no meeting: the two due-index queries and the window check.
    with at(timedelta(minutes=30)), django_assert_num_queries(3):
        check_response_windows()
    assert tick(chat, timedelta(hours=19)) == []
    meeting.refresh_from_db()
    assert meeting.remind_after == START + timedelta(hours=24)  # Carol's first reminder
    assert [m.to for m in tick(chat, timedelta(hours=24, minutes=5))] == [["carol@example.com"]]


def test_the_hubs_reminder_settings_have_every_open_meeting_looked_at_again(asked):
    team, chat, meeting = asked
    tick(chat, timedelta(minutes=5))
    hub = meeting.hub
    hub.reminder_delay_hours = 2
    hub.save()
    meeting.refresh_from_db()
    assert meeting.remind_after is None
    # The next pass finds Carol due under the new delay, at once.
    assert [m.to for m in tick(chat, timedelta(hours=2, minutes=5))] == [["carol@example.com"]]
