"""A member asks in plain words; everyone answers with labels; the meeting is confirmed."""

import re

from negotiation.models import Event, Meeting

from .meeting_kit import HUB, TAG, ics_of, meeting_of, only_event, option_line, recipients, to

REQUEST = (
    "Hi, please set up a meeting with Bob and Carol next week, Tuesday or Wednesday "
    "afternoon, at the office or on Zoom."
)
PEOPLE = ["alice@example.com", "bob@example.com", "carol@example.com"]


def test_everyone_agrees_in_round_one_and_gets_exactly_two_mails(team, chat):
    invitations = chat.write("Alice <alice@example.com>", REQUEST, subject="Budget review")

    # One invitation per person, the initiator included; never a shared To: list.
    assert recipients(invitations) == PEOPLE
    meeting = meeting_of(invitations[0])
    assert meeting.status == Meeting.Status.NEGOTIATING
    assert meeting.topic == "Budget review"
    assert re.fullmatch(r"m-[a-z2-7]{24}", meeting.session_id)
    for message in invitations:
        assert message.subject == f"[AIMP:{meeting.session_id}] Budget review"
        assert message.from_email.endswith(f"<{HUB}>")
    bob_mail = to(invitations, "bob@example.com")
    assert "Alice would like to meet with you, Carol: Budget review (60 minutes)." in bob_mail.body
    assert "Times (shown in Europe/London):" in bob_mail.body
    assert option_line(bob_mail.body, "1") == "the office"
    assert option_line(bob_mail.body, "2") == "Zoom"
    assert re.search(r'Just reply, e\.g\. "A or [B-D] and 1"', bob_mail.body)
    alice_mail = to(invitations, "alice@example.com")
    assert "You asked to meet with Bob Brown and Carol" in alice_mail.body
    assert "Times (shown in Europe/Berlin):" in alice_mail.body
    assert option_line(alice_mail.body, "A").endswith("(Europe/Berlin)")
    times = meeting.options.filter(item="time").order_by("start")
    assert 2 <= len(times) <= 4
    assert [o.label for o in times] == ["A", "B", "C", "D"][: len(times)]

    # Plain labels need no echo: nothing is sent until the last answer settles it.
    assert chat.reply(bob_mail, "bob@example.com", "A and 1") == []
    assert chat.reply(to(invitations, "carol@example.com"), "carol@example.com", "A 1") == []
    confirmations = chat.reply(alice_mail, "alice@example.com", "A or B, 1")

    assert recipients(confirmations) == PEOPLE
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED
    assert meeting.chosen_time.label == "A" and meeting.chosen_place.label == "1"
    for address in PEOPLE:
        assert chat.count_to(address) == 2
    carol_confirm = to(confirmations, "carol@example.com")
    assert TAG.search(carol_confirm.subject).group(1) == meeting.session_id
    assert "Confirmed: Budget review" in carol_confirm.body
    assert "Where: the office" in carol_confirm.body
    assert "Who:   Alice, Bob Brown and Carol" in carol_confirm.body
    assert option_line(to(invitations, "carol@example.com").body, "A") in carol_confirm.body

    event = only_event(ics_of(carol_confirm))
    cal = ics_of(carol_confirm)
    assert cal["METHOD"] == "REQUEST"
    assert [c.name for c in cal.walk() if c.name == "VTIMEZONE"]
    assert str(event["UID"]) == f"{meeting.session_id}@hub.example.com"
    assert event["SEQUENCE"] == 0
    assert str(event["ORGANIZER"]) == f"mailto:{HUB}"
    attendees = sorted(str(a) for a in event["ATTENDEE"])
    assert attendees == [f"mailto:{p}" for p in PEOPLE]
    assert event.decoded("DTSTART") == meeting.chosen_time.start
    assert str(event["LOCATION"]) == "the office"
    # The same UID for everyone: one event in three calendars.
    assert {str(only_event(ics_of(m))["UID"]) for m in confirmations} == {str(event["UID"])}

    kinds = list(Event.objects.filter(meeting=meeting).values_list("kind", flat=True))
    assert kinds == ["requested", "started", "answered", "answered", "answered", "confirmed"]
    answered = Event.objects.filter(meeting=meeting, kind="answered").first()
    assert answered.inbound_id is not None and answered.actor == "bob@example.com"
