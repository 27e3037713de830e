"""Negotiation conversations: echoes, counter-proposals, declines, rounds, strangers."""

import re

import pytest

from negotiation.models import Event, Meeting

from .meeting_kit import (
    Chat,
    dated_request,
    day_in,
    make_team,
    meeting_of,
    option_line,
    recipients,
    to,
    weekday_in,
)

ZOOM_REQUEST = (
    "Meeting about the budget with Bob and Carol next Tuesday or Wednesday afternoon, on Zoom."
)
PEOPLE = ["alice@example.com", "bob@example.com", "carol@example.com"]


def start(chat, body=ZOOM_REQUEST):
    invitations = chat.write("alice@example.com", body)
    return invitations, meeting_of(invitations[0])


# Once failed on Mondays and Tuesdays, when "next Tuesday or Wednesday" offered two weeks.
@pytest.mark.parametrize("today", ["sunday", "monday", "tuesday"], indirect=True)
def test_free_text_answer_is_echoed_once_plain_labels_are_not(today, team, chat):
    invitations, meeting = start(chat, dated_request(8, 9))
    [echo] = chat.reply(
        to(invitations, "bob@example.com"), "bob@example.com", f"{weekday_in(8)} works"
    )
    assert echo.to == ["bob@example.com"]
    assert echo.subject == invitations[0].subject
    assert "I read:\n  time A — " in echo.body
    assert "Reply to correct." in echo.body
    assert chat.reply(to(invitations, "carol@example.com"), "carol@example.com", "A") == []
    confirmations = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A")
    assert recipients(confirmations) == PEOPLE
    assert [chat.count_to(p) for p in PEOPLE] == [2, 3, 2]


def test_unclear_reply_gets_a_clarification_never_a_guess(team, chat):
    invitations, meeting = start(chat)
    [clarify] = chat.reply(
        to(invitations, "bob@example.com"), "bob@example.com", "hmm, let me think"
    )
    assert clarify.to == ["bob@example.com"]
    assert "I would rather ask than guess." in clarify.body
    assert option_line(clarify.body, "A") == option_line(
        to(invitations, "bob@example.com").body, "A"
    )
    assert not meeting.participants.get(email="bob@example.com").votes.exists()
    assert Event.objects.filter(meeting=meeting, kind="unclear_reply").count() == 1


def test_counter_proposal_is_asked_of_the_others_and_accepted(team, chat):
    invitations, meeting = start(chat)
    sent = chat.reply(
        to(invitations, "bob@example.com"), "bob@example.com", f"none work, {day_in(16)} at 3pm?"
    )

    new = meeting.options.get(proposed_by__email="bob@example.com")
    assert new.item == "time" and new.round_added == 2
    # Bob is told what was read; Alice and Carol get one short question each.
    assert recipients(sent) == PEOPLE
    assert "you suggest " + new.label in to(sent, "bob@example.com").body
    ask = to(sent, "carol@example.com")
    assert "Bob Brown suggested something new" in ask.body
    assert f'Reply "{new.label}" if it suits you' in ask.body
    assert option_line(ask.body, new.label).endswith("(suggested by Bob Brown)")
    assert "  A. " not in ask.body  # only the new option
    meeting.refresh_from_db()
    assert meeting.round == 2 and meeting.version == 2
    # People's subject stays the same all along (the version is for protocol mail), and
    # the question threads under Carol's invitation: one conversation in her mail client.
    carol_invitation = to(invitations, "carol@example.com")
    assert ask.subject == carol_invitation.subject
    assert ask.extra_headers["In-Reply-To"] == carol_invitation.extra_headers["Message-ID"]

    assert chat.reply(ask, "carol@example.com", new.label) == []
    done = chat.reply(to(sent, "alice@example.com"), "alice@example.com", new.label)
    assert recipients(done) == PEOPLE
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED
    assert meeting.chosen_time == new


def test_round_two_completes_when_the_hub_proposes_new_times(team, chat):
    invitations, meeting = start(chat)
    first_starts = set(meeting.options.values_list("start", flat=True))
    for person in ("bob@example.com", "carol@example.com"):
        [echo] = chat.reply(to(invitations, person), person, "None of these times work for me")
        assert echo.to == [person]
    sent = chat.reply(
        to(invitations, "alice@example.com"), "alice@example.com", "none of these times work"
    )

    meeting.refresh_from_db()
    assert meeting.round == 2
    fresh = list(meeting.options.filter(round_added=2).order_by("start"))
    assert fresh and not first_starts & {o.start for o in fresh}
    asks = [m for m in sent if "suggested something new" in m.body]
    assert recipients(asks) == PEOPLE
    label = fresh[0].label
    chat.reply(to(asks, "bob@example.com"), "bob@example.com", label)
    chat.reply(to(asks, "carol@example.com"), "carol@example.com", label)
    done = chat.reply(to(asks, "alice@example.com"), "alice@example.com", label)
    assert recipients(done) == PEOPLE
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED and meeting.chosen_time == fresh[0]


def test_round_limit_escalates_and_the_initiator_picks(db, mailflow):
    make_team(max_rounds=2)
    chat = Chat(mailflow)
    invitations, meeting = start(chat)
    sent = chat.reply(
        to(invitations, "bob@example.com"), "bob@example.com", f"none work, {day_in(16)} at 3pm?"
    )
    bobs = meeting.options.get(proposed_by__email="bob@example.com")
    escalated = chat.reply(
        to(sent, "carol@example.com"), "carol@example.com", f"none work, {day_in(17)} at 10am?"
    )

    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.ESCALATED
    assert not meeting.options.filter(proposed_by__email="carol@example.com").exists()
    tallies = [m for m in escalated if "No option for" in m.body]
    assert recipients(tallies) == PEOPLE
    alice_tally = to(tallies, "alice@example.com")
    assert "after 2 rounds, so you decide" in alice_tally.body
    assert 'Reply "pick ' in alice_tally.body
    assert f"  {bobs.label}. " in alice_tally.body and ": Bob Brown" in alice_tally.body
    assert "Alice will decide" in to(tallies, "bob@example.com").body
    assert "pick" not in to(tallies, "bob@example.com").body

    # A participant's answer now changes nothing; the initiator's pick settles it.
    [notice] = chat.reply(to(tallies, "bob@example.com"), "bob@example.com", "A")
    assert "changes nothing" in notice.body
    done = chat.reply(alice_tally, "alice@example.com", f"pick {bobs.label}1")
    assert recipients(done) == PEOPLE
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED and meeting.chosen_time == bobs
    assert Event.objects.filter(meeting=meeting, kind="picked").count() == 1


def test_required_decline_lets_the_initiator_drop_them(team, chat):
    invitations, meeting = start(chat)
    chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A")
    chat.reply(to(invitations, "carol@example.com"), "carol@example.com", "A")
    sent = chat.reply(
        to(invitations, "bob@example.com"), "bob@example.com", "Sorry, I can't make it"
    )

    assert "I read: you can't make it." in to(sent, "bob@example.com").body
    notice = to(sent, "alice@example.com")
    assert "Bob Brown can't make" in notice.body
    assert "drop Bob" in notice.body and "cancel" in notice.body
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.NEGOTIATING

    done = chat.reply(notice, "alice@example.com", "drop Bob")
    assert recipients(done) == PEOPLE
    assert "Not coming: Bob Brown" in to(done, "carol@example.com").body
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED
    assert not meeting.participants.get(email="bob@example.com").required


def test_optional_decline_does_not_block(team, chat):
    invitations, meeting = start(
        chat,
        "Meeting about the budget with Bob next Tuesday or Wednesday afternoon, on Zoom. "
        "Optional: Dave",
    )
    assert recipients(invitations) == ["alice@example.com", "bob@example.com", "dave@example.org"]
    assert not meeting.participants.get(email="dave@example.org").required
    [echo] = chat.reply(
        to(invitations, "dave@example.org"), "dave@example.org", "I can't make it, sorry"
    )
    assert echo.to == ["dave@example.org"]
    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "B")
    done = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A or B")
    assert recipients(done) == ["alice@example.com", "bob@example.com", "dave@example.org"]
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED and meeting.chosen_time.label == "B"


@pytest.mark.parametrize("stranger", ["eve@example.net", "carol@example.com"])
def test_reply_from_a_non_participant_is_ignored(team, chat, stranger):
    invitations = chat.write(
        "alice@example.com", "Meeting about the budget with Bob next Tuesday afternoon, on Zoom."
    )
    meeting = meeting_of(invitations[0])
    # The stranger knows the tag (e.g. a forwarded mail) but is not in the meeting.
    assert chat.write(stranger, "A", subject=f"Re: {invitations[0].subject}") == []
    assert not Event.objects.filter(meeting=meeting, kind="answered").exists()
    assert Event.objects.filter(
        meeting=meeting, kind="ignored_non_participant", actor=stranger
    ).exists()
    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "A")
    done = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A")
    assert recipients(done) == ["alice@example.com", "bob@example.com"]


def test_the_latest_answer_counts(team, chat):
    invitations, meeting = start(chat)
    bob_invite = to(invitations, "bob@example.com")
    assert chat.reply(bob_invite, "bob@example.com", "A") == []
    assert chat.reply(bob_invite, "bob@example.com", "B") == []
    bob = meeting.participants.get(email="bob@example.com")
    accepted = set(bob.votes.filter(accepted=True).values_list("option__label", flat=True))
    assert accepted == {"B", "1"}
    chat.reply(to(invitations, "carol@example.com"), "carol@example.com", "A or B")
    done = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A or B")
    assert recipients(done) == PEOPLE
    meeting.refresh_from_db()
    assert meeting.chosen_time.label == "B"


def test_an_echo_asks_in_one_sentence_for_the_item_the_answer_left_out(team, chat):
    # The question once came out as "Which place suit you?." (a sentence glued to "I read").
    request = dated_request(8, 9).replace("on Zoom.", "on Zoom or at the office.")
    invitations, meeting = start(chat, request)
    [echo] = chat.reply(
        to(invitations, "bob@example.com"), "bob@example.com", f"{weekday_in(8)} works"
    )
    assert re.search(
        r"I read:\n  time A — [^\n]+\n(  time B — [^\n]+\n)?\nWhich place suits you\?\n", echo.body
    )
    assert option_line(echo.body, "1") == "Zoom"
    assert "  A. " not in echo.body
