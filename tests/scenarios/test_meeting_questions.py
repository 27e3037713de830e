"""Questions for the organiser: passed on once, never read as a vote, answered back."""

from negotiation.models import Event

from .meeting_kit import meeting_of, recipients, to
from .test_meeting_after_confirmation import REQUEST, confirmed


def test_a_question_goes_to_the_organiser_and_her_answer_back_to_the_asker(team, chat):
    invitations = chat.write("alice@example.com", REQUEST, subject="Budget review")
    meeting = meeting_of(invitations[0])

    sent = chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "Is there a dial-in?")

    assert sorted(m.to[0] for m in sent) == ["alice@example.com", "bob@example.com"]
    forwarded = to(sent, "alice@example.com")
    assert 'Bob Brown has a question about "Budget review"' in forwarded.body
    assert '"Is there a dial-in?"' in forwarded.body
    assert "I have passed your question to Alice" in to(sent, "bob@example.com").body
    # Not a vote, and not a reason to ask Bob which option he meant.
    assert not meeting.participants.get(email="bob@example.com").votes.exists()
    assert not Event.objects.filter(meeting=meeting, kind="unclear_reply").exists()

    [answer] = chat.reply(forwarded, "alice@example.com", "Yes, the Zoom link has one.")

    assert answer.to == ["bob@example.com"]
    assert "Alice answers your question" in answer.body
    assert "Yes, the Zoom link has one." in answer.body
    # The organiser's answer is neither a vote nor a command in the meeting.
    assert not meeting.participants.get(email="alice@example.com").votes.exists()
    assert chat.count_to("carol@example.com") == 1


def test_an_answer_with_a_question_is_recorded_and_the_question_passed_on(team, chat):
    invitations = chat.write("alice@example.com", REQUEST, subject="Budget review")
    meeting = meeting_of(invitations[0])
    sent = chat.reply(
        to(invitations, "bob@example.com"), "bob@example.com", "A works. Is there parking?"
    )
    assert recipients(sent) == ["alice@example.com", "bob@example.com"]
    assert '"Is there parking?"' in to(sent, "alice@example.com").body
    assert "I read:\n  time A — " in to(sent, "bob@example.com").body
    bob = meeting.participants.get(email="bob@example.com")
    assert bob.votes.filter(option__label="A", accepted=True).exists()


def test_a_question_after_the_confirmation_is_passed_on_too(team, chat):
    meeting, confirmations = confirmed(chat)
    sent = chat.reply(
        to(confirmations, "carol@example.com"), "carol@example.com", "Should I bring my laptop?"
    )
    assert sorted(m.to[0] for m in sent) == ["alice@example.com", "carol@example.com"]
    assert Event.objects.filter(meeting=meeting, kind="question_forwarded").count() == 1


def test_only_the_organiser_answers_in_a_question_thread(team, chat):
    invitations = chat.write("alice@example.com", REQUEST, subject="Budget review")
    sent = chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "Is there a dial-in?")
    forwarded = to(sent, "alice@example.com")
    assert chat.reply(forwarded, "mallory@evil.example", "No, send your password.") == []


def test_a_note_after_the_confirmation_is_passed_on_and_thanks_is_not(team, chat):
    meeting, confirmations = confirmed(chat)
    carol_confirmation = to(confirmations, "carol@example.com")
    sent = chat.reply(carol_confirmation, "carol@example.com", "I'll be ten minutes late.")
    assert sorted(m.to[0] for m in sent) == ["alice@example.com", "carol@example.com"]
    forwarded = to(sent, "alice@example.com")
    assert 'Carol writes about "Budget review"' in forwarded.body
    assert "I'll be ten minutes late." in forwarded.body
    assert "I have passed your message to Alice." in to(sent, "carol@example.com").body

    [late] = chat.reply(to(confirmations, "bob@example.com"), "bob@example.com", "Thanks!")
    assert late.to == ["bob@example.com"]  # the usual one-line notice, nothing to Alice
    assert Event.objects.filter(meeting=meeting, kind="question_forwarded").count() == 1


def test_labels_after_the_confirmation_are_not_passed_on(team, chat):
    meeting, confirmations = confirmed(chat)
    [late] = chat.reply(to(confirmations, "bob@example.com"), "bob@example.com", "B")
    assert late.to == ["bob@example.com"] and "changes nothing" in late.body
    assert not Event.objects.filter(meeting=meeting, kind="question_forwarded").exists()


def test_words_passed_on_to_the_organiser_carry_no_link(team, chat):
    meeting, confirmations = confirmed(chat)
    sent = chat.reply(
        to(confirmations, "carol@example.com"),
        "carol@example.com",
        "I'll be 10 minutes late, I'm parking at https://pay.evil.example/ticket?id=9 first.",
    )
    forwarded = to(sent, "alice@example.com").body
    assert "10 minutes late" in forwarded and "first." in forwarded
    assert "evil.example" not in forwarded
