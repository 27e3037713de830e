"""Machines answering machines: a peer that answers every protocol mail cannot loop the hub."""

from datetime import timedelta

import pytest

from hubs.models import Contact
from mailbridge.models import InboundMessage
from mailbridge.outbox import Attachment
from mailbridge.testing import build_email
from negotiation import protocol
from negotiation.models import Event, Meeting

from .meeting_kit import meeting_of, to
from .test_meeting_agents import AGENT, REQUEST, agent_sends, session_of

ERIN_AGENT = "erin-agent@example.net"


@pytest.fixture
def loop_team(team):
    # A hub whose admin allows long negotiations between people: the round limit of the
    # hub is no longer what stops a chatty machine.
    team.hub.max_rounds = 40
    team.hub.save()
    team.dave.has_agent = True
    team.dave.agent_email = AGENT
    team.dave.save()
    return team


def protocol_mails(messages: list, address: str) -> list:
    return [m for m in messages if m.to == [address] and session_of_or_none(m)]


def session_of_or_none(message):
    return (
        session_of(message) if any(a[0] == "protocol.json" for a in message.attachments) else None
    )


def counter_with_a_new_time(
    session: protocol.Session, by: str, step: timedelta = timedelta(days=1)
) -> str:
    """What a ping-pong peer answers to anything: one more time, `step` after the last."""
    latest = max(
        protocol.parse_time_option(o, default_tz="UTC") for o in session.items["time"].options
    )
    value = protocol.format_time_option(latest + step)
    countered = protocol.add_option(session, item="time", option=value, by=by)
    countered = protocol.apply_vote(countered, voter=by, item="time", option=value)
    return protocol.to_json(
        protocol.next_version(countered, from_=by, action="counter", summary="How about later?")
    )


def ping_pong(chat, first, *, agent: str = AGENT, turns: int = 60) -> tuple[int, list]:
    """Answer every protocol mail the hub sends `agent`; return (answers sent, hub's mails)."""
    last, answered, received = first, 0, [first]
    for _ in range(turns):
        session = session_of(last)
        if session.status != protocol.STATUS_NEGOTIATING:
            break
        _, sent = agent_sends(chat, last, counter_with_a_new_time(session, agent), from_=agent)
        answered += 1
        mine = protocol_mails(sent, agent)
        if not mine:
            break
        received += mine
        last = mine[-1]
    return answered, received


def test_a_ping_pong_agent_gets_a_bounded_number_of_answers_and_an_escalation(
    loop_team, chat, settings
):
    settings.AIMP_AGENT_MAX_ROUNDS = 3
    invitations = chat.write("alice@example.com", REQUEST)
    meeting = meeting_of(invitations[0])

    answered, received = ping_pong(chat, to(invitations, AGENT))

    actions = [session_of(m).action for m in received]
    # propose, one counter per round the agent started (3), then escalate: and silence.
    assert actions == ["propose", "counter", "counter", "counter", "escalate"]
    assert answered == 4
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.ESCALATED
    escalated = Event.objects.get(meeting=meeting, kind="escalated")
    assert AGENT in escalated.detail["reason"] and "3" in escalated.detail["reason"]
    capped = Event.objects.get(meeting=meeting, kind="protocol_round_cap")
    assert capped.actor == AGENT and capped.detail["limit"] == 3
    # The people were asked about each new time once, then told the hub stopped.
    to_bob = [m for m in chat.all_sent if m.to == ["bob@example.com"]]
    assert len(to_bob) <= 1 + 3 + 1

    # Anything more from the peer is recorded and never answered.
    _, after = agent_sends(
        chat, received[-1], counter_with_a_new_time(session_of(received[-1]), AGENT)
    )
    assert after == []
    assert Event.objects.filter(meeting=meeting, kind="late_reply", actor=AGENT).exists()


def test_the_default_cap_is_the_five_rounds_of_aimp(loop_team, chat):
    invitations = chat.write("alice@example.com", REQUEST)
    _, received = ping_pong(chat, to(invitations, AGENT))
    actions = [session_of(m).action for m in received]
    assert actions == ["propose", *["counter"] * 5, "escalate"]


def test_two_ping_pong_agents_are_each_bounded(loop_team, chat, settings):
    settings.AIMP_AGENT_MAX_ROUNDS = 2
    Contact.objects.create(
        hub=loop_team.hub,
        name="Erin",
        email="erin@example.net",
        has_agent=True,
        agent_email=ERIN_AGENT,
    )
    invitations = chat.write(
        "alice@example.com",
        "Meeting about the budget with Bob, Dave and Erin next Tuesday or Wednesday "
        "afternoon, on Zoom.",
    )
    meeting = meeting_of(invitations[0])
    inbox = {AGENT: [to(invitations, AGENT)], ERIN_AGENT: [to(invitations, ERIN_AGENT)]}
    # Each proposes its own times (Erin two hours after Dave), so neither's counter is
    # just a vote for the other's.
    steps = {AGENT: timedelta(days=1), ERIN_AGENT: timedelta(days=1, hours=2)}
    answers = 0
    # Each agent answers every protocol mail it got, as fast as it can, turn by turn.
    for _ in range(40):
        waiting = [(a, inbox[a].pop(0)) for a in inbox if inbox[a]]
        if not waiting:
            break
        for agent, message in waiting:
            session = session_of(message)
            if session.status != protocol.STATUS_NEGOTIATING:
                continue
            document = counter_with_a_new_time(session, agent, steps[agent])
            _, sent = agent_sends(chat, message, document, agent)
            answers += 1
            for address in inbox:
                inbox[address] += protocol_mails(sent, address)
    assert not any(inbox.values())
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.ESCALATED
    # Two rounds each (a counter of each round to both), then the first agent to propose a
    # third time escalates the meeting: propose, 4 counters, escalate to each agent.
    assert meeting.round == 1 + 2 * 2
    for address in (AGENT, ERIN_AGENT):
        actions = [session_of(m).action for m in protocol_mails(chat.all_sent, address)]
        assert actions == ["propose", *["counter"] * 4, "escalate"]
    capped = Event.objects.filter(meeting=meeting, kind="protocol_round_cap")
    assert capped.count() == 1 and capped.get().actor in (AGENT, ERIN_AGENT)
    assert answers < 40


def test_the_same_protocol_mail_twice_gets_one_answer(loop_team, chat):
    invitations = chat.write("alice@example.com", REQUEST)
    first = to(invitations, AGENT)
    document = counter_with_a_new_time(session_of(first), AGENT)
    headers = {k.lower(): v for k, v in first.extra_headers.items()}
    raw = build_email(
        from_=AGENT,
        to=first.reply_to[0],
        subject=f"Re: {first.subject}",
        body="counter",
        in_reply_to=headers["message-id"],
        message_id="<same-counter@example.org>",
        attachments=[Attachment("protocol.json", document.encode(), "application/json")],
    )
    row = chat.flow.deliver(raw, to=first.reply_to[0])
    answer = protocol_mails(chat._collect(), AGENT)
    assert [session_of(m).action for m in answer] == ["counter"]

    again = chat.flow.deliver(raw, to=first.reply_to[0])  # the same Message-ID: stored once
    assert again.id == row.id and chat._collect() == []

    # The same document in a new mail (a peer that polls and re-sends): nothing changes,
    # so there is nothing to answer.
    _, sent = agent_sends(chat, first, document)
    assert sent == []
    _, sent = agent_sends(chat, answer[0], document)
    assert sent == []
    meeting = meeting_of(invitations[0])
    # The agent's counter was v2; the hub's answer to it comes after it: v3, and no more.
    assert meeting.round == 2 and meeting.version == 3
    assert [session_of(m).version for m in answer] == [3]
    assert InboundMessage.objects.filter(status=InboundMessage.Status.FAILED).count() == 0


def test_an_agent_at_the_cap_can_still_vote_to_a_confirmation(loop_team, chat, settings):
    settings.AIMP_AGENT_MAX_ROUNDS = 1
    invitations = chat.write("alice@example.com", REQUEST)
    meeting = meeting_of(invitations[0])
    _, sent = agent_sends(
        chat,
        to(invitations, AGENT),
        counter_with_a_new_time(session_of(to(invitations, AGENT)), AGENT),
    )
    counter = session_of(to(sent, AGENT))
    assert counter.action == "counter"
    # The agent's one round is used: it accepts what is on the table, which is a vote,
    # not a round, and counts.
    a = counter.items["time"].options[0]
    voted = protocol.apply_vote(counter, voter=AGENT, item="time", option=a)
    voted = protocol.apply_vote(voted, voter=AGENT, item="location", option="Zoom")
    voted = protocol.next_version(voted, from_=AGENT, action="accept", summary="A then")
    _, sent = agent_sends(chat, to(sent, AGENT), protocol.to_json(voted))
    assert sent == []
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.NEGOTIATING
    assert not Event.objects.filter(meeting=meeting, kind="protocol_round_cap").exists()
    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "A")
    done = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A")
    assert session_of(to(done, AGENT)).action == "confirm"
    assert meeting_of(done[0]).status == Meeting.Status.CONFIRMED
