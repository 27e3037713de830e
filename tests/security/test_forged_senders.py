"""Attacks by forged From lines, written as conversations with the hub's real mail path.

A forger's mail carries no verdict of the operator's MX (`authenticated=False`); the
people's own mail does, as in production behind an authenticating MX. Each attack
ends with the attacker having achieved nothing and the real person told at most once.
"""

import pytest
from django.test import override_settings

from mailbridge.models import InboundMessage
from mailbridge.outbox import Attachment
from mailbridge.testing import build_email, dkim_key_pair, dkim_signed
from negotiation import protocol
from negotiation.models import Event, Meeting, Vote
from tests.scenarios.meeting_kit import HUB, meeting_of, recipients, to
from tests.scenarios.test_meeting_agents import AGENT, agent_sends, session_of

REQUEST = "Budget review with Bob and Carol next week, Tuesday or Wednesday afternoon, on Zoom."
STRANGERS = [f"victim{n}@elsewhere.example" for n in range(30)]
FORGED_REQUEST = "Please set up a call next Tuesday afternoon with " + ", ".join(STRANGERS)


def started(chat):
    """Alice's real request: the invitations, one to each of Alice, Bob and Carol."""
    invitations = chat.write("alice@example.com", REQUEST, subject="Budget review")
    assert recipients(invitations) == ["alice@example.com", "bob@example.com", "carol@example.com"]
    return invitations


def votes_of(meeting: Meeting, address: str) -> int:
    return Vote.objects.filter(participant__meeting=meeting, participant__email=address).count()


def test_a_forged_request_naming_thirty_strangers_mails_only_the_member_it_names(team, chat):
    sent = chat.write("alice@example.com", FORGED_REQUEST, subject="Call", authenticated=False)

    [check] = sent
    assert check.to == ["alice@example.com"]
    assert "could not verify that it came from you" in check.body
    assert "victim0@elsewhere.example" in check.body  # she sees whom it would invite
    meeting = Meeting.objects.get()
    assert meeting.status == Meeting.Status.COLLECTING_INFO and not meeting.participants.exists()
    assert Event.objects.filter(meeting=meeting, kind=Event.Kind.SENDER_CHECK).count() == 1

    # The forger answers "yes" from Alice's address, without the token of her thread.
    forged_yes = build_email(
        from_="alice@example.com",
        to=HUB,
        subject=f"Re: {check.subject}",
        body="yes",
        authenticated=False,
    )
    chat.flow.deliver(forged_yes, to=HUB)
    assert chat.flow.sent() == []

    # Alice did not send it: she answers "no" and nothing ever happens.
    assert chat.reply(check, "alice@example.com", "No, that was not me") == []
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CANCELLED and not meeting.participants.exists()


def test_a_member_whose_mail_arrives_unauthenticated_confirms_once_and_the_meeting_goes_on(
    team, chat
):
    request = "Budget review with Bob and erin@new.example next Tuesday or Wednesday afternoon"
    [check] = chat.write("alice@example.com", request, subject="Budget", authenticated=False)
    assert check.to == ["alice@example.com"] and "erin@new.example" in check.body

    # Her reply carries the thread's token and her From: that is enough, even unauthenticated.
    invitations = chat.reply(check, "alice@example.com", "Yes", authenticated=False)

    assert recipients(invitations) == ["alice@example.com", "bob@example.com", "erin@new.example"]
    meeting = meeting_of(invitations[0])
    assert meeting.status == Meeting.Status.NEGOTIATING
    assert list(
        Event.objects.filter(meeting=meeting, kind=Event.Kind.SENDER_CHECK).values_list(
            "detail__released", flat=True
        )
    ) == [None, True]


def test_an_unauthenticated_request_naming_only_known_people_goes_ahead_on_a_standard_hub(
    team, chat
):
    invitations = chat.write("alice@example.com", REQUEST, subject="Budget", authenticated=False)
    assert recipients(invitations) == ["alice@example.com", "bob@example.com", "carol@example.com"]


def test_a_strict_hub_holds_every_unauthenticated_request_before_reading_it(team, chat):
    team.hub.sender_policy = "strict"
    team.hub.save()

    [check] = chat.write("alice@example.com", REQUEST, subject="Budget", authenticated=False)

    assert check.to == ["alice@example.com"]
    meeting = Meeting.objects.get()
    assert meeting.topic == "" and not meeting.participants.exists()  # not even read
    invitations = chat.reply(check, "alice@example.com", "yes")
    assert recipients(invitations) == ["alice@example.com", "bob@example.com", "carol@example.com"]


def test_a_vote_in_another_participants_name_counts_for_nobody_and_they_hear_once(team, chat):
    invitations = started(chat)
    meeting = meeting_of(invitations[0])
    tag = f"[AIMP:{meeting.session_id}]"

    # Knowing the session tag and Bob's address is not enough; twice changes nothing more.
    for _ in range(2):
        forged = build_email(
            from_="bob@example.com",
            to=HUB,
            subject=f"Re: {tag} Budget review",
            body="A",
            authenticated=False,
        )
        chat.flow.deliver(forged, to=HUB)
        sent = chat.flow.sent()
        assert votes_of(meeting, "bob@example.com") == 0
        if _ == 0:
            [notice] = sent
            assert notice.to == ["bob@example.com"]
            assert "It was not counted" in notice.body
        else:
            assert sent == []
    assert Event.objects.filter(meeting=meeting, kind=Event.Kind.SENDER_REFUSED).count() == 2


def test_carols_reply_token_with_bobs_from_is_not_bobs_vote_nor_carols(team, chat):
    invitations = started(chat)
    meeting = meeting_of(invitations[0])
    carols = to(invitations, "carol@example.com")

    [notice] = chat.reply(carols, "bob@example.com", "A", authenticated=False)

    assert notice.to == ["carol@example.com"]  # whose invitation was used; never the sender
    assert "came from bob@example.com through the invitation sent to you" in notice.body
    assert votes_of(meeting, "bob@example.com") == votes_of(meeting, "carol@example.com") == 0

    # Bob himself, authenticated, answering from a copy Carol forwarded: his own vote.
    chat.reply(carols, "bob@example.com", "A")
    assert votes_of(meeting, "bob@example.com") > 0 and votes_of(meeting, "carol@example.com") == 0


def test_a_guest_writing_as_the_organiser_can_neither_pick_nor_cancel(team, chat):
    invitations = started(chat)
    meeting = meeting_of(invitations[0])
    bobs = to(invitations, "bob@example.com")

    first = chat.reply(bobs, "alice@example.com", "pick A1", authenticated=False)
    second = chat.reply(bobs, "alice@example.com", "cancel", authenticated=False)

    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.NEGOTIATING
    assert recipients(first) == ["bob@example.com"] and second == []  # Bob told once

    # Even authenticated, a command needs the organiser's own thread (her reply token).
    [told_alice] = chat.reply(bobs, "alice@example.com", "cancel")
    assert told_alice.to == ["alice@example.com"]
    assert "count only in a reply to my mail to you" in told_alice.body
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.NEGOTIATING
    [told] = [
        e
        for e in Event.objects.filter(meeting=meeting, kind=Event.Kind.SENDER_REFUSED)
        if "organiser command" in e.detail["reason"]
    ]
    assert told.detail["for"] == "alice@example.com"


def test_the_organisers_own_command_in_her_thread_still_works(team, chat):
    invitations = started(chat)
    chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "cancel")
    assert meeting_of(invitations[0]).status == Meeting.Status.CANCELLED


@override_settings(AIMP_NOTICES_PER_ADDRESS_PER_DAY=5)
@pytest.mark.parametrize("command", ["status", "help"])
def test_twenty_forged_commands_draw_five_answers_all_to_the_member(team, chat, command):
    for _ in range(20):
        chat.write("alice@example.com", command, subject=command, authenticated=False)

    assert recipients(chat.all_sent) == ["alice@example.com"] * 5
    held = InboundMessage.objects.filter(error__contains="held back: daily cap")
    assert held.count() == 15


@override_settings(AIMP_UNKNOWN_SENDER_NOTICES_PER_HUB_PER_DAY=4)
def test_a_flood_of_forged_strangers_gets_the_hubs_daily_handful_of_join_notices(team, chat):
    for n in range(12):
        chat.write(f"stranger{n}@spoofed.example", "hello?", authenticated=False)

    assert len(chat.all_sent) == 4
    assert InboundMessage.objects.filter(error__contains="held back").count() == 8


AUTORESPONDER = "Thank you for your message. I am away until Monday and will read it then."


def test_a_naive_auto_responder_gets_two_questions_then_the_organiser_decides(team, chat):
    invitations = started(chat)
    meeting = meeting_of(invitations[0])
    latest = to(invitations, "carol@example.com")

    to_carol = 1
    for _ in range(10):  # the auto-responder answers everything the hub sends it
        sent = chat.reply(latest, "carol@example.com", AUTORESPONDER)
        mine = [m for m in sent if m.to == ["carol@example.com"]]
        if not mine:
            break
        to_carol += len(mine)
        latest = mine[-1]

    assert to_carol == 3  # the invitation and two questions
    told = [m for m in chat.all_sent if m.to == ["alice@example.com"]]
    assert len(told) == 2 and "stopped asking them again" in told[-1].body  # invitation, notice
    assert Event.objects.filter(meeting=meeting, kind=Event.Kind.QUESTIONS_CAPPED).count() == 1

    # A readable answer still counts, and questions may start again after it.
    chat.reply(latest, "carol@example.com", "A")
    assert votes_of(meeting, "carol@example.com") > 0


def test_a_strict_hub_checks_dkim_itself_when_no_trusted_server_vouched(team, chat, dkim_dns):
    team.hub.sender_policy = "strict"
    team.hub.save()
    private, record = dkim_key_pair()
    dkim_dns[b"s1._domainkey.example.com."] = record
    raw = build_email(
        from_="alice@example.com",
        to=HUB,
        subject="Budget review",
        body=REQUEST,
        authenticated=False,
    )

    row = chat.flow.deliver(dkim_signed(raw, "example.com", private), to=HUB)

    assert "dkim=pass for example.com (verified by the hub)" in row.error
    invitations = chat.flow.sent()
    assert recipients(invitations) == ["alice@example.com", "bob@example.com", "carol@example.com"]


def test_a_strict_hub_counts_an_agents_protocol_vote_only_when_authenticated(team, chat):
    team.dave.has_agent, team.dave.agent_email = True, AGENT
    team.dave.save()
    team.hub.sender_policy = "strict"
    team.hub.save()
    invitations = chat.write(
        "alice@example.com",
        "Meeting about the budget with Bob and Dave next Tuesday or Wednesday afternoon, on Zoom.",
        subject="Budget",
    )
    meeting = meeting_of(invitations[0])
    to_agent = to(invitations, AGENT)
    session = session_of(to_agent)
    voted = protocol.apply_vote(
        session, voter=AGENT, item="time", option=session.items["time"].options[0]
    )
    voted = protocol.next_version(voted, from_=AGENT, action="accept", summary="A suits Dave")

    # A forger who learnt the session id writes as Dave's agent: nothing counts, no answer.
    forged = build_email(
        from_=AGENT,
        to=to_agent.reply_to[0],
        subject=f"Re: {to_agent.subject}",
        body="AIMP/0.1 accept",
        attachments=[
            Attachment("protocol.json", protocol.to_json(voted).encode(), "application/json")
        ],
        authenticated=False,
    )
    chat.flow.deliver(forged, to=to_agent.reply_to[0])
    assert chat.flow.sent() == []
    assert not Event.objects.filter(meeting=meeting, kind="answered", actor=AGENT).exists()
    assert Event.objects.filter(meeting=meeting, kind=Event.Kind.SENDER_REFUSED).count() == 1

    # The agent's own mail, which its domain vouches for: its vote counts.
    agent_sends(chat, to_agent, protocol.to_json(voted))
    assert Event.objects.filter(meeting=meeting, kind="answered", actor=AGENT).exists()


def test_the_hubs_own_dkim_check_runs_outside_the_mail_jobs_transaction(
    team, chat, dkim_dns, monkeypatch
):
    from django.db import connection

    from mailbridge import dkim_check

    team.hub.sender_policy = "strict"
    team.hub.save()
    depth_here = len(connection.atomic_blocks)
    depths = []

    def lookup(name, timeout=5):
        # DNS may take seconds: no row (on SQLite, no database) may stay locked meanwhile.
        depths.append(len(connection.atomic_blocks))
        return None

    monkeypatch.setattr(dkim_check, "txt_lookup", lookup)
    private, _ = dkim_key_pair()
    raw = build_email(from_="alice@example.com", to=HUB, subject="Budget", body=REQUEST)
    chat.flow.deliver(dkim_signed(raw, "example.com", private), to=HUB)

    # Authenticated by the MX already: no lookup. Unauthenticated: one, outside.
    assert depths == []
    unverified = build_email(
        from_="alice@example.com", to=HUB, subject="Budget", body=REQUEST, authenticated=False
    )
    chat.flow.deliver(dkim_signed(unverified, "example.com", private), to=HUB)
    assert depths and all(depth == depth_here for depth in depths)  # the job adds one inside
