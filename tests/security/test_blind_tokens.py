"""Attack conversations designed from the product brief only (no product code read).

Each test plays an attacker against the team hub: mails in, mails out, final state.
The attacker must achieve nothing, must never be answered beyond what the brief
allows, and the real person must hear at most one notice.
"""

from __future__ import annotations

from mailbridge.testing import build_email
from negotiation.models import Vote
from tests.scenarios.meeting_kit import HUB
from tests.security.blind_kit import (
    ALICE,
    BOB,
    CAROL,
    MALLORY,
    forged_reply,
    nobody_but,
    participant_emails,
    sent_to,
    start,
    thread_headers,
    token_of,
    votes_snapshot,
)

# --- token misuse --------------------------------------------------------------------------


def test_stranger_cc_to_participant_token_cannot_vote(team, chat):
    """Mallory writes to the hub and puts Bob's reply token in Cc: "B works"."""
    mails, meeting = start(chat)
    before = votes_snapshot()
    bob_token = token_of(mails[BOB])
    th = thread_headers(mails[BOB])
    raw = build_email(
        from_=MALLORY,
        to=HUB,
        subject=f"Re: {mails[BOB].subject}",
        body="B works",
        headers={"Cc": bob_token, **th},
        authenticated=True,
    )
    chat.flow.deliver(raw, to=[HUB, bob_token])
    out = chat.flow.sent()
    assert votes_snapshot() == before
    assert not sent_to(out, MALLORY)
    nobody_but(out, {BOB})
    assert len(out) <= 1


def test_forged_from_with_own_token_cannot_vote_for_carol(team, chat):
    """Bob uses his own token but forges Carol's From (no verdict): "C works, 1"."""
    mails, meeting = start(chat)
    before = votes_snapshot()
    out = forged_reply(chat, mails[BOB], from_=CAROL, body="C works, 1", authenticated=False)
    assert votes_snapshot() == before
    assert not Vote.objects.filter(participant__email=CAROL).exists()
    nobody_but(out, {BOB, CAROL})
    assert len(out) <= 1


def test_participant_cannot_run_organiser_commands(team, chat):
    """Bob (authenticated, his own token) tries every organiser command in his thread."""
    mails, meeting = start(chat)
    alice_votes = sorted(map(str, Vote.objects.filter(participant__email=ALICE).values_list()))
    out = []
    for command in ("cancel", "pick A1", "drop Carol", "reschedule", "remind", "wait"):
        out += chat.reply(mails[BOB], BOB, command)
    meeting.refresh_from_db()
    assert meeting.status == "negotiating"
    assert participant_emails(meeting) == [ALICE, BOB, CAROL]
    assert not sent_to(out, CAROL), [m.body for m in sent_to(out, CAROL)]
    assert (
        sorted(map(str, Vote.objects.filter(participant__email=ALICE).values_list())) == alice_votes
    )
    # Bob may be asked to clarify (never more than 2 in a row), and Alice told once.
    in_a_row = 0
    for m in sent_to(out, BOB):
        in_a_row = in_a_row + 1 if "could not tell" in m.body else 0
        assert in_a_row <= 2
    assert len(sent_to(out, ALICE)) <= 1


def test_participant_with_organisers_forwarded_token(team, chat):
    """Alice forwarded her mail to Bob; Bob (authenticated) replies on Alice's token.

    Bob's own authenticated mail may count as Bob's answer, never as Alice's command
    or Alice's vote.
    """
    mails, meeting = start(chat)
    alice_votes = sorted(map(str, Vote.objects.filter(participant__email=ALICE).values_list()))
    out = []
    for command in ("cancel", "drop Carol", "pick A1"):
        out += chat.reply(mails[ALICE], BOB, command)
    meeting.refresh_from_db()
    assert meeting.status == "negotiating"
    assert participant_emails(meeting) == [ALICE, BOB, CAROL]
    assert (
        sorted(map(str, Vote.objects.filter(participant__email=ALICE).values_list())) == alice_votes
    )
    assert not sent_to(out, CAROL)
    assert len(sent_to(out, ALICE)) <= 1


def test_stranger_votes_with_subject_tag(team, chat):
    """Mallory (authenticated for her domain) writes "A and 1" with the meeting's tag."""
    mails, meeting = start(chat)
    before = votes_snapshot()
    out = []
    for _ in range(3):
        out += chat.write(
            MALLORY, "A and 1", subject=f"Re: {mails[BOB].subject}", authenticated=True
        )
    assert votes_snapshot() == before
    assert participant_emails(meeting) == [ALICE, BOB, CAROL]
    # A stranger gets at most one "how to join" note, never anything about the meeting.
    to_mallory = sent_to(out, MALLORY)
    assert len(to_mallory) <= 1
    for m in to_mallory:
        assert "Budget" not in m.body and "AIMP:m-" not in m.subject
    nobody_but(out, {MALLORY})


def test_token_of_cancelled_meeting_is_dead(team, chat):
    """After Alice cancels, Bob's old thread and a forger on Alice's token do nothing."""
    mails, meeting = start(chat)
    chat.reply(mails[ALICE], ALICE, "cancel")
    meeting.refresh_from_db()
    assert meeting.status == "cancelled"
    before = votes_snapshot()
    out = chat.reply(mails[BOB], BOB, "A and 1")
    out += forged_reply(
        chat, mails[ALICE], from_=f'"{ALICE}" <{MALLORY}>', body="reschedule", authenticated=True
    )
    meeting.refresh_from_db()
    assert meeting.status == "cancelled"
    assert votes_snapshot() == before
    assert not sent_to(out, MALLORY)
    assert not sent_to(out, CAROL)
    assert len(sent_to(out, BOB)) <= 1
    assert len(sent_to(out, ALICE)) <= 1


def test_replayed_organiser_mail_is_not_acted_on_twice(team, chat):
    """Alice's legitimate `pick A1` raw mail is replayed after she asked to reschedule."""
    mails, meeting = start(chat)
    th = thread_headers(mails[ALICE])
    raw = build_email(
        from_=ALICE,
        to=token_of(mails[ALICE]),
        subject=f"Re: {mails[ALICE].subject}",
        body="pick A1",
        in_reply_to=th["In-Reply-To"],
        references=th["References"].split(),
    )
    chat.flow.deliver(raw, to=token_of(mails[ALICE]))
    first = chat.flow.sent()
    meeting.refresh_from_db()
    assert meeting.status == "confirmed", [m.body for m in first]
    chat.flow.deliver(raw, to=token_of(mails[ALICE]))
    assert chat.flow.sent() == []
    meeting.refresh_from_db()
    assert meeting.status == "confirmed"


def test_forged_cancel_from_outside_is_at_most_one_notice(team, chat):
    """Three forged `cancel`s from Alice's address, no token, no verdict: one notice at most."""
    mails, meeting = start(chat)
    out = []
    for body in ("cancel", "cancel!", "please cancel"):
        out += chat.write(
            ALICE,
            body,
            subject=f"Re: {mails[ALICE].subject}",
            authenticated=False,
            headers=thread_headers(mails[ALICE]),
        )
    meeting.refresh_from_db()
    assert meeting.status == "negotiating"
    nobody_but(out, {ALICE})
    assert len(out) <= 1


# --- held requests -------------------------------------------------------------------------


def _held(chat):
    out = chat.write(
        ALICE,
        "Lunch with Bob and zed@unknown.example on Friday at noon at the cafe.",
        subject="Lunch",
        authenticated=False,
    )
    assert [m.to for m in out] == [[ALICE]], [m.to for m in out]
    return out[0]


def test_forged_yes_to_did_you_send_this(team, chat):
    """Mallory forges Alice's "yes" (no token, no verdict), then answers on the token as herself."""
    ask = _held(chat)
    out = chat.write(
        ALICE,
        "yes",
        subject=f"Re: {ask.subject}",
        authenticated=False,
        headers=thread_headers(ask),
    )
    out += forged_reply(chat, ask, from_=MALLORY, body="yes", authenticated=True)
    out += forged_reply(chat, ask, from_=f'"{ALICE}" <{MALLORY}>', body="yes", authenticated=True)
    assert not sent_to(out, "zed@unknown.example")
    assert not sent_to(out, BOB)
    assert not sent_to(out, MALLORY)
    assert len(out) <= 1
    # The real Alice still can release it.
    released = chat.reply(ask, ALICE, "yes", authenticated=False)
    assert sent_to(released, BOB), [m.to for m in released]


def test_held_request_yes_from_other_member(team, chat):
    """Bob (authenticated) was shown the hold mail and answers yes on Alice's token."""
    ask = _held(chat)
    out = chat.reply(ask, BOB, "yes")
    assert not sent_to(out, "zed@unknown.example")
    assert not sent_to(out, CAROL)
    assert len(sent_to(out, ALICE)) <= 1
    assert len([m for m in out if m.to != [BOB]]) <= 1


def test_unauthenticated_request_reply_to_redirect(team, chat):
    """Forged request as Alice with Reply-To: Mallory; the hold mail must go to Alice only."""
    out = chat.write(
        ALICE,
        "Sync with Carol and mallory@evil.example tomorrow at 15:00, Zoom.",
        subject="Sync",
        authenticated=False,
        headers={"Reply-To": MALLORY, "Sender": MALLORY},
    )
    nobody_but(out, {ALICE})
    assert len(out) <= 1


# --- caps on unasked mail ------------------------------------------------------------------


def test_member_status_flood_is_capped(team, chat):
    """Bob's address (and case variants, forged) asks for status/help ten times."""
    start(chat)
    out = []
    variants = [BOB, "BOB@example.com", "Bob@Example.Com", "bob@EXAMPLE.COM"]
    for i in range(10):
        out += chat.write(
            variants[i % len(variants)],
            "status" if i % 2 else "help",
            subject="status" if i % 2 else "help",
            authenticated=bool(i % 3),
        )
    assert len(out) <= 5
    nobody_but(out, {BOB})


def test_stranger_join_notes_are_capped(team, chat):
    """25 strangers write "help"; one of them writes five times."""
    out = []
    for i in range(25):
        out += chat.write(f"s{i}@spam{i}.example", "help", subject="help")
    for _ in range(5):
        out += chat.write("s0@spam0.example", "status", subject="status")
    out += chat.write("S0@SPAM0.EXAMPLE", "help", subject="help")
    assert len(out) <= 20
    assert len(sent_to(out, "s0@spam0.example")) <= 1
    for m in out:
        assert "Budget" not in m.body


def test_auto_responder_loop(team, chat):
    """Bob's out-of-office answers the hub, and a bounced copy of hub mail comes back."""
    mails, meeting = start(chat)
    before = votes_snapshot()
    out = forged_reply(
        chat,
        mails[BOB],
        from_=BOB,
        body="I am out of office until Monday. A and 1 works for urgent matters.",
        headers={"Auto-Submitted": "auto-replied", "X-Autoreply": "yes"},
        authenticated=True,
    )
    for _ in range(3):
        out += chat.write(
            BOB,
            "I am out of office.",
            subject="Auto: status",
            headers={"Auto-Submitted": "auto-replied", "Precedence": "auto_reply"},
        )
    out += chat.write(
        HUB, "looped copy", subject=mails[BOB].subject, headers={"X-AIMP-Hub-Loop": HUB}
    )
    assert out == [], [(m.to, m.subject) for m in out]
    assert votes_snapshot() == before


def test_clarifying_questions_capped(team, chat):
    """Garbage replies from Bob: at most 2 questions to Bob, then Alice told once."""
    mails, _meeting = start(chat)
    out = []
    for i in range(6):
        out += chat.reply(mails[BOB], BOB, f"lorem ipsum {i}")
    assert len(sent_to(out, BOB)) <= 2
    assert len(sent_to(out, ALICE)) <= 1
    assert not sent_to(out, CAROL)
