"""After the end: late replies change nothing; cancelling a confirmed meeting withdraws it."""

from negotiation.models import Event, Meeting

from .meeting_kit import ics_of, meeting_of, only_event, recipients, to

PEOPLE = ["alice@example.com", "bob@example.com"]


def confirmed(chat):
    invitations = chat.write(
        "alice@example.com",
        "Meeting about the budget with Bob next Tuesday or Wednesday afternoon, on Zoom.",
    )
    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "A")
    done = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A")
    assert recipients(done) == PEOPLE
    return invitations, done, meeting_of(done[0])


def test_reply_after_confirmation_changes_nothing_and_gets_one_notice(team, chat):
    invitations, done, meeting = confirmed(chat)
    [notice] = chat.reply(to(done, "bob@example.com"), "bob@example.com", "Actually B is better")
    assert notice.to == ["bob@example.com"]
    assert '"Budget" is already confirmed; your message changes nothing.' in notice.body
    # A second late reply gets no second notice.
    assert chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "B please") == []
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED and meeting.chosen_time.label == "A"
    assert Event.objects.filter(meeting=meeting, kind="late_reply").count() == 2


def test_cancellation_after_confirmation_sends_method_cancel_with_same_uid(team, chat):
    _, done, meeting = confirmed(chat)
    request = only_event(ics_of(to(done, "bob@example.com")))

    cancelled = chat.reply(to(done, "alice@example.com"), "alice@example.com", "cancel")

    assert recipients(cancelled) == PEOPLE
    bob_mail = to(cancelled, "bob@example.com")
    assert 'Alice cancelled "Budget".' in bob_mail.body
    cal = ics_of(bob_mail)
    assert cal["METHOD"] == "CANCEL"
    event = only_event(cal)
    assert str(event["UID"]) == str(request["UID"])
    assert event["SEQUENCE"] > request["SEQUENCE"]
    assert str(event["STATUS"]) == "CANCELLED"
    assert [c for c in cal.walk() if c.name == "VTIMEZONE"]
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CANCELLED
    assert Event.objects.filter(
        meeting=meeting, kind="cancelled", actor="alice@example.com"
    ).exists()
    # Cancelling twice sends nothing more.
    assert chat.reply(bob_mail, "alice@example.com", "cancel") != cancelled
    assert all("METHOD:CANCEL" not in str(m.attachments) for m in chat.flow.sent())


def test_only_the_initiator_can_cancel(team, chat):
    _, done, meeting = confirmed(chat)
    [notice] = chat.reply(to(done, "bob@example.com"), "bob@example.com", "cancel")
    assert "changes nothing" in notice.body
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED


def test_cancel_while_negotiating_tells_everyone_without_ics(team, chat):
    invitations = chat.write(
        "alice@example.com", "Meeting about the budget with Bob next Tuesday, on Zoom."
    )
    cancelled = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "cancel")
    assert recipients(cancelled) == PEOPLE
    assert all(not m.attachments for m in cancelled)
    assert meeting_of(cancelled[0]).status == Meeting.Status.CANCELLED
