"""After the confirmation: the organiser moves the meeting, takes someone off, or cancels;
a participant can no longer come."""

import re
from zoneinfo import ZoneInfo

from negotiation.models import Event, Meeting

from .meeting_kit import Chat, ics_of, meeting_of, only_event, option_line, recipients, to

REQUEST = "Budget review with Bob and Carol next week, Tuesday or Wednesday afternoon, on Zoom."
PEOPLE = ["alice@example.com", "bob@example.com", "carol@example.com"]


def confirmed(chat: Chat):
    """Alice's meeting, confirmed at A on Zoom; returns (meeting, confirmations)."""
    invitations = chat.write("alice@example.com", REQUEST, subject="Budget review")
    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "A")
    chat.reply(to(invitations, "carol@example.com"), "carol@example.com", "A")
    confirmations = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A")
    meeting = meeting_of(invitations[0])
    assert meeting.status == Meeting.Status.CONFIRMED and recipients(confirmations) == PEOPLE
    return meeting, confirmations


def test_reschedule_asks_everyone_again_and_the_new_confirmation_moves_the_calendar_event(
    team, chat
):
    meeting, confirmations = confirmed(chat)
    first = only_event(ics_of(to(confirmations, "bob@example.com")))
    old_slot = option_line(chat.all_sent[0].body, "A")

    asks = chat.reply(to(confirmations, "alice@example.com"), "alice@example.com", "reschedule")

    assert recipients(asks) == PEOPLE
    bob_ask = to(asks, "bob@example.com")
    assert 'Alice needs to move "Budget review", which was' in bob_ask.body
    assert "The old time no longer holds." in bob_ask.body
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.NEGOTIATING and meeting.chosen_time is None
    new = list(meeting.options.filter(item="time", withdrawn=False).order_by("start"))
    withdrawn = set(meeting.options.filter(withdrawn=True).values_list("label", flat=True))
    assert new and "A" in withdrawn and not withdrawn & {o.label for o in new}
    assert old_slot not in [option_line(bob_ask.body, o.label) for o in new]
    label = new[0].label
    # A late "A" to the old invitation names a withdrawn option: it is not an answer.
    [asked_back] = chat.reply(to(chat.all_sent[:3], "bob@example.com"), "bob@example.com", "A")
    assert "I would rather ask than guess." in asked_back.body
    assert not meeting.participants.get(email="bob@example.com").votes.filter(option__item="time")

    chat.reply(bob_ask, "bob@example.com", label)
    chat.reply(to(asks, "carol@example.com"), "carol@example.com", label)
    moved = chat.reply(to(asks, "alice@example.com"), "alice@example.com", label)

    assert recipients(moved) == PEOPLE
    assert "Moved: Budget review" in to(moved, "carol@example.com").body
    event = only_event(ics_of(to(moved, "bob@example.com")))
    assert str(event["UID"]) == str(first["UID"])
    assert event["SEQUENCE"] == first["SEQUENCE"] + 1
    assert event.decoded("DTSTART") == new[0].start
    kinds = list(Event.objects.filter(meeting=meeting).values_list("kind", flat=True))
    assert kinds.count("confirmed") == 2 and "rescheduled" in kinds


def test_reschedule_to_a_named_window_offers_only_times_inside_it(team, chat):
    meeting, confirmations = confirmed(chat)
    asks = chat.reply(
        to(confirmations, "alice@example.com"), "alice@example.com", "reschedule to Friday"
    )
    meeting.refresh_from_db()
    new = meeting.options.filter(item="time", withdrawn=False)
    assert new.exists()
    assert {o.start.astimezone(ZoneInfo("Europe/Berlin")).weekday() for o in new} == {4}
    assert recipients(asks) == PEOPLE


def test_reschedule_before_anything_is_agreed_changes_nothing_and_says_why(team, chat):
    invitations = chat.write("alice@example.com", REQUEST, subject="Budget review")
    [notice] = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "reschedule")
    assert notice.to == ["alice@example.com"]
    assert "has no time agreed yet, so there is nothing to move" in notice.body
    assert meeting_of(invitations[0]).status == Meeting.Status.NEGOTIATING


def test_drop_after_confirmation_cancels_for_that_person_and_updates_everyone_else(team, chat):
    meeting, confirmations = confirmed(chat)
    first = only_event(ics_of(to(confirmations, "alice@example.com")))

    sent = chat.reply(to(confirmations, "alice@example.com"), "alice@example.com", "drop Carol")

    assert recipients(sent) == PEOPLE
    carol = to(sent, "carol@example.com")
    assert 'Alice has taken you off "Budget review"' in carol.body
    cancel = ics_of(carol)
    assert cancel["METHOD"] == "CANCEL"
    assert only_event(cancel)["SEQUENCE"] == first["SEQUENCE"] + 1
    bob = to(sent, "bob@example.com")
    assert "Updated: Budget review (Carol no longer attends)" in bob.body
    update = only_event(ics_of(bob))
    assert ics_of(bob)["METHOD"] == "REQUEST"
    assert str(update["UID"]) == str(first["UID"])
    assert update["SEQUENCE"] == first["SEQUENCE"] + 1
    assert sorted(str(a) for a in update["ATTENDEE"]) == [
        "mailto:alice@example.com",
        "mailto:bob@example.com",
    ]
    # Carol is out of the meeting: her later mail is not an answer of a participant.
    assert chat.reply(carol, "carol@example.com", "A") == []


def test_someone_who_can_no_longer_come_makes_the_organiser_ask_once_and_nobody_else(team, chat):
    meeting, confirmations = confirmed(chat)

    sent = chat.reply(
        to(confirmations, "bob@example.com"),
        "bob@example.com",
        "Sorry, I can't make it any more.",
    )

    assert sorted(m.to[0] for m in sent) == ["alice@example.com", "bob@example.com"]
    alice = to(sent, "alice@example.com")
    assert 'Bob Brown can no longer make "Budget review"' in alice.body
    assert re.search(r'Reply "reschedule".*"drop Bob"', alice.body, re.S)
    assert "I have told Alice" in to(sent, "bob@example.com").body
    assert chat.count_to("carol@example.com") == 2  # invitation and confirmation only
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED
    assert Event.objects.filter(meeting=meeting, kind="withdrew").count() == 1
    # Saying it twice asks nobody again.
    again = chat.reply(
        to(confirmations, "bob@example.com"), "bob@example.com", "I really can't come."
    )
    assert "alice@example.com" not in [m.to[0] for m in again]


def test_cancel_after_confirmation_sends_everyone_the_calendar_cancellation(team, chat):
    meeting, confirmations = confirmed(chat)
    first = only_event(ics_of(to(confirmations, "bob@example.com")))
    sent = chat.reply(to(confirmations, "alice@example.com"), "alice@example.com", "cancel")
    assert recipients(sent) == PEOPLE
    cal = ics_of(to(sent, "carol@example.com"))
    assert cal["METHOD"] == "CANCEL"
    assert only_event(cal)["SEQUENCE"] == first["SEQUENCE"] + 1
    assert str(only_event(cal)["UID"]) == str(first["UID"])


def test_every_mail_to_a_person_threads_under_the_previous_one_with_one_subject(team, chat):
    meeting, confirmations = confirmed(chat)
    chat.reply(to(confirmations, "alice@example.com"), "alice@example.com", "reschedule")
    to_bob = [m for m in chat.all_sent if m.to == ["bob@example.com"]]
    assert len(to_bob) == 3  # invitation, confirmation, new times
    assert {m.subject for m in to_bob} == {f"[AIMP:{meeting.session_id}] Budget review"}
    for earlier, later in zip(to_bob, to_bob[1:], strict=False):
        assert later.extra_headers["In-Reply-To"] == earlier.extra_headers["Message-ID"]
        assert later.extra_headers["References"].split()[-1] == earlier.extra_headers["Message-ID"]


def test_someone_who_declined_gets_the_confirmation_but_no_request_to_answer(team, chat):
    invitations = chat.write(
        "alice@example.com",
        "Meeting about the budget with Bob next Tuesday afternoon, on Zoom. Optional: Dave",
    )
    chat.reply(to(invitations, "dave@example.org"), "dave@example.org", "I can't make it, sorry")
    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "A")
    done = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A")
    dave = to(done, "dave@example.org")
    assert not dave.attachments
    assert "You said you can't make it, so no calendar invitation is attached." in dave.body
    bob_event = only_event(ics_of(to(done, "bob@example.com")))
    partstat = {str(a): a.params["PARTSTAT"] for a in bob_event["ATTENDEE"]}
    assert partstat["mailto:dave@example.org"] == "DECLINED"


def test_status_lists_the_confirmed_meetings_still_to_come(team, chat):
    meeting, confirmations = confirmed(chat)
    chat.reply(to(confirmations, "bob@example.com"), "bob@example.com", "I can't make it any more.")
    [status] = chat.write("carol@example.com", "status", subject="status")
    assert "Coming up:" in status.body
    assert f"Budget review: {option_line(chat.all_sent[2].body, 'A')[:10]}" in status.body
    assert "can't come: Bob Brown" in status.body
