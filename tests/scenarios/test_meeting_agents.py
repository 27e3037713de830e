"""AIMP/0.1 agents in a meeting: protocol mail out, votes in, never a crash."""

import json
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest

from mailbridge.models import InboundMessage
from mailbridge.outbox import Attachment
from mailbridge.testing import build_email
from negotiation import protocol
from negotiation.models import Event, Meeting

from .meeting_kit import HUB, ics_of, meeting_of, recipients, to

AGENT = "dave-agent@example.org"
REQUEST = "Meeting about the budget with Bob and Dave next Tuesday or Wednesday afternoon, on Zoom."


@pytest.fixture
def agent_team(team):
    team.dave.has_agent = True
    team.dave.agent_email = AGENT
    team.dave.save()
    return team


def session_of(message) -> protocol.Session:
    [document] = [a for a in message.attachments if a[0] == "protocol.json"]
    return protocol.from_json(document[1])


def agent_sends(chat, to_message, session_json: str | bytes, from_=AGENT):
    """Answer as the reference's agents do: one mail to every participant but the sender."""
    headers = {k.lower(): v for k, v in to_message.extra_headers.items()}
    try:
        everyone = json.loads(session_json)["participants"]
        targets = [a for a in everyone if a.lower() != from_.lower()]
    except (ValueError, KeyError, TypeError):
        targets = [to_message.reply_to[0]]
    raw = build_email(
        from_=from_,
        to=", ".join(targets),
        subject=f"Re: {to_message.subject}",
        body="AIMP/0.1 accept",
        in_reply_to=headers["message-id"],
        attachments=[
            Attachment(
                "protocol.json",
                session_json if isinstance(session_json, bytes) else session_json.encode(),
                "application/json",
            )
        ],
    )
    # The hub's mail server gets the one copy addressed to its addresses.
    row = chat.flow.deliver(raw, to=[a for a in targets if a.endswith("@" + HUB.split("@")[1])])
    return row, chat._collect()


def test_agent_gets_protocol_mail_and_its_vote_counts(agent_team, chat):
    invitations = chat.write("alice@example.com", REQUEST)
    assert recipients(invitations) == ["alice@example.com", "bob@example.com", AGENT]
    meeting = meeting_of(invitations[0])
    to_agent = to(invitations, AGENT)
    headers = {k.lower(): v for k, v in to_agent.extra_headers.items()}
    assert headers["x-aimp-version"] == "0.1" and headers["x-aimp-session"] == meeting.session_id
    session = session_of(to_agent)
    assert session.action == "propose" and session.version == 1
    assert session.session_id == meeting.session_id
    assert HUB not in session.participants  # the hub never votes
    # Alice and Bob appear under addresses of the hub's, one each, never their own.
    people = [p for p in session.participants if p != AGENT]
    assert len(people) == 2 and AGENT in session.participants
    assert all(
        p.startswith(HUB.split("@")[0] + "+") and p.endswith(HUB.split("@")[1]) for p in people
    )
    assert b"alice@example.com" not in to_agent.attachments[0][1]
    a = meeting.options.get(item="time", label="A")
    # Written in the meeting's zone (the hub's people live in Berlin), not in UTC.
    assert session.items["time"].options[0] == protocol.format_time_option(
        a.start.astimezone(ZoneInfo("Europe/Berlin"))
    )
    assert session.items["location"].options == ("Zoom",)

    voted = protocol.apply_vote(
        session, voter=AGENT, item="time", option=session.items["time"].options[0]
    )
    voted = protocol.apply_vote(voted, voter=AGENT, item="location", option="Zoom")
    voted = protocol.next_version(voted, from_=AGENT, action="accept", summary="A suits Dave")
    row, sent = agent_sends(chat, to_agent, protocol.to_json(voted))
    assert row.status == InboundMessage.Status.DONE and row.kind == "protocol"
    assert sent == []  # no echo to machines
    assert Event.objects.filter(meeting=meeting, kind="answered", actor=AGENT).exists()

    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "A")
    done = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A")
    assert recipients(done) == ["alice@example.com", "bob@example.com", AGENT]
    confirm = session_of(to(done, AGENT))
    assert confirm.action == "confirm" and confirm.status == "confirmed"
    assert confirm.version > session.version
    assert ics_of(to(done, AGENT))["METHOD"] == "REQUEST"
    assert meeting_of(done[0]).status == Meeting.Status.CONFIRMED


# Once failed in summer time, when the proposal's 10:00 UTC was already an option.
@pytest.mark.parametrize("today", ["sunday", "summer"], indirect=True)
def test_agent_counter_proposal_adds_an_option(today, agent_team, chat):
    invitations = chat.write("alice@example.com", REQUEST)
    meeting = meeting_of(invitations[0])
    session = session_of(to(invitations, AGENT))
    # A day after the last option, at its hour: new whatever the hour of the options
    # (10:00 UTC once was one of them, in summer time).
    later = meeting.options.filter(item="time").order_by("-start").first().start + timedelta(days=1)
    value = protocol.format_time_option(later)
    countered = protocol.add_option(session, item="time", option=value, by=AGENT)
    countered = protocol.apply_vote(countered, voter=AGENT, item="time", option=value)
    countered = protocol.next_version(countered, from_=AGENT, action="counter", summary="Earlier?")
    _, sent = agent_sends(chat, to(invitations, AGENT), protocol.to_json(countered))
    new = meeting.options.get(proposed_by__email="dave@example.org")
    assert new.start == later
    assert recipients([m for m in sent if m.to != [AGENT]]) == [
        "alice@example.com",
        "bob@example.com",
    ]


@pytest.mark.parametrize(
    "document",
    [b"{not json", b'{"protocol": "AIMP/0.1"}', json.dumps({"protocol": "AIMP/9"}).encode()],
)
def test_malformed_protocol_mail_is_handled_not_a_crash(agent_team, chat, document):
    invitations = chat.write("alice@example.com", REQUEST)
    row, sent = agent_sends(chat, to(invitations, AGENT), document)
    assert row.status in (InboundMessage.Status.DONE, InboundMessage.Status.IGNORED)
    # One "not-understood" to the agent, with the reason; nothing to anyone else.
    assert [m.to for m in sent] == [[AGENT]]
    assert session_of(sent[0]).action == "not-understood"
    assert meeting_of(invitations[0]).status == Meeting.Status.NEGOTIATING


def test_protocol_mail_from_a_non_participant_agent_is_ignored(agent_team, chat):
    invitations = chat.write("alice@example.com", REQUEST)
    session = session_of(to(invitations, AGENT))
    voted = protocol.apply_vote(session, voter=AGENT, item="location", option="Zoom")
    row, sent = agent_sends(
        chat, to(invitations, AGENT), protocol.to_json(voted), from_="mallory@evil.example"
    )
    assert row.status != InboundMessage.Status.FAILED and sent == []
    meeting = meeting_of(invitations[0])
    assert not Event.objects.filter(meeting=meeting, kind="answered").exists()


def test_protocol_mail_for_an_unknown_session_is_handled(agent_team, chat):
    foreign = protocol.new_session(
        session_id="meeting-001",
        from_="x@example.org",
        participants=["x@example.org"],
        topic="Q1",
        options={"time": ["2026-03-01T10:00"]},
    )
    raw = build_email(
        from_="x@example.org",
        to=HUB,
        subject="[AIMP:meeting-001] v1 Q1",
        body="hi",
        attachments=[
            Attachment("protocol.json", protocol.to_json(foreign).encode(), "application/json")
        ],
    )
    row = chat.flow.deliver(raw, to=HUB)
    assert row.status != InboundMessage.Status.FAILED
    assert chat.flow.sent() == []
