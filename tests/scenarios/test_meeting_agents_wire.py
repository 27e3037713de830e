"""The hub on the wire as its people's agent: agents that mail every participant reach it.

The reference's agents answer by mailing every address in `participants` but their own
and ignore From and Reply-To; they read the whole session from each mail, keep one vote per
participant, and settle an item when every vote names the same option.
"""

import json

import pytest

from hubs.models import Contact
from mailbridge.models import InboundMessage
from negotiation import protocol
from negotiation.models import Event, Meeting

from .meeting_kit import HUB, meeting_of, recipients, to
from .test_meeting_agent_loops import protocol_mails
from .test_meeting_agents import AGENT, agent_sends, session_of

ERIN = "erin-agent@example.net"
REQUEST = (
    "Meeting about the budget with Dave and Erin next Tuesday or Wednesday afternoon, on Zoom."
)


@pytest.fixture
def agents(team):
    team.dave.has_agent, team.dave.agent_email = True, AGENT
    team.dave.save()
    Contact.objects.create(
        hub=team.hub, name="Erin", email="erin@example.net", has_agent=True, agent_email=ERIN
    )
    return team


def vote(session: protocol.Session, voter: str, *, time: int = 0, action="accept"):
    """What a reference agent sends: its vote on each item, the next version, every entry."""
    voted = protocol.apply_vote(
        session, voter=voter, item="time", option=session.items["time"].options[time]
    )
    voted = protocol.apply_vote(
        voted, voter=voter, item="location", option=session.items["location"].options[0]
    )
    return protocol.next_version(voted, from_=voter, action=action, summary=f"{voter} votes")


def test_both_agents_answer_everyone_and_the_hub_confirms_with_no_protocol_mail_to_a_person(
    agents, chat
):
    invitations = chat.write("alice@example.com", REQUEST)
    assert recipients(invitations) == ["alice@example.com", AGENT, ERIN]
    meeting = meeting_of(invitations[0])
    first = session_of(to(invitations, AGENT))
    alice_on_the_wire = next(p for p in first.participants if p not in (AGENT, ERIN))
    assert alice_on_the_wire.startswith("team+") and "alice" not in alice_on_the_wire

    # Alice answers in words: the agents see her vote under her hub address, new version.
    cast = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A, Zoom")
    [to_dave] = protocol_mails(cast, AGENT)
    seen = session_of(to_dave)
    assert seen.version == first.version + 1 and seen.action == "accept"
    assert seen.items["time"].votes[alice_on_the_wire] == first.items["time"].options[0]
    assert protocol_mails(cast, "alice@example.com") == []
    # The same answer again is not news: no new version.
    again = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A, Zoom")
    assert protocol_mails(again, AGENT) == []

    # Dave's agent answers everyone but itself: Alice's hub address and Erin's agent.
    row, sent = agent_sends(chat, to_dave, protocol.to_json(vote(seen, AGENT)))
    assert row.kind == "protocol" and row.status == InboundMessage.Status.DONE
    # One copy, not one per address of the hub's it was sent to.
    assert InboundMessage.objects.filter(hub=agents.hub, sender=AGENT).count() == 1
    assert sent == []

    # Erin's agent answered the first version, as the reference does, without Dave's vote.
    row, done = agent_sends(
        chat, to(invitations, ERIN), protocol.to_json(vote(first, ERIN)), from_=ERIN
    )
    assert meeting_of(invitations[0]).status == Meeting.Status.CONFIRMED
    for agent in (AGENT, ERIN):
        [confirm] = protocol_mails(done, agent)
        document = session_of(confirm)
        assert document.status == "confirmed" and document.action == "confirm"
        # Every vote names the chosen option: a reference agent sees consensus.
        assert protocol.is_resolved(document)
        # Versions only grow across the thread, and its history is carried whole.
        assert document.version > max(seen.version + 1, first.version + 1)
        froms = {h.from_ for h in document.history}
        assert {HUB, AGENT, ERIN} <= froms
    assert (
        b"alice@example.com"
        not in json.dumps(
            [session_of(m).participants for m in chat.all_sent if protocol_mails([m], m.to[0])]
        ).encode()
    )
    assert meeting.participants.get(email="alice@example.com").has_agent is False


def test_an_agent_answering_every_version_unchanged_gets_no_answer(agents, chat):
    invitations = chat.write("alice@example.com", REQUEST)
    first = session_of(to(invitations, AGENT))
    _, sent = agent_sends(chat, to(invitations, AGENT), protocol.to_json(vote(first, AGENT)))
    assert sent == []
    for n in range(3):
        # The reference bumps its version each time it answers, though nothing changed.
        same = protocol.next_version(
            vote(first, AGENT), from_=AGENT, action="accept", summary=f"still A ({n})"
        )
        _, sent = agent_sends(chat, to(invitations, AGENT), protocol.to_json(same))
        assert sent == []
    meeting = meeting_of(invitations[0])
    assert Event.objects.filter(meeting=meeting, kind="answered", actor=AGENT).count() == 4


def test_the_hubs_next_version_follows_the_highest_the_thread_reached(agents, chat):
    invitations = chat.write("alice@example.com", REQUEST)
    first = session_of(to(invitations, AGENT))
    ahead = first
    for _ in range(4):  # the agents talked among themselves: v5
        ahead = protocol.next_version(ahead, from_=ERIN, action="counter", summary="talk")
    agent_sends(chat, to(invitations, ERIN), protocol.to_json(vote(ahead, ERIN)), from_=ERIN)
    cast = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A, Zoom")
    [to_dave] = protocol_mails(cast, AGENT)
    document = session_of(to_dave)
    assert document.version == ahead.version + 2
    assert [h.version for h in document.history] == sorted(h.version for h in document.history)
    assert any(h.from_ == ERIN and h.version == ahead.version + 1 for h in document.history)
    # Threaded under the hub's previous mail to that agent.
    headers = {k.lower(): v for k, v in to_dave.extra_headers.items()}
    first_id = {k.lower(): v for k, v in to(invitations, AGENT).extra_headers.items()}["message-id"]
    assert headers["in-reply-to"] == first_id and first_id in headers["references"]


def test_a_reference_shaped_answer_is_read(agents, chat):
    """No top-level action, `from` the initiator, naive times in the meeting's zone."""
    invitations = chat.write("alice@example.com", REQUEST)
    first = session_of(to(invitations, AGENT))
    document = json.loads(protocol.to_json(vote(first, AGENT)))
    document.pop("action")
    document["from"] = HUB
    naive = {o: o[:16] for o in document["proposals"]["time"]["options"]}
    document["proposals"]["time"]["options"] = list(naive.values())
    document["proposals"]["time"]["votes"] = {
        k: naive.get(v) if v else None for k, v in document["proposals"]["time"]["votes"].items()
    }
    document["x-other-agent"] = {"mood": "fine"}
    agent_sends(chat, to(invitations, AGENT), json.dumps(document))
    meeting = meeting_of(invitations[0])
    answered = Event.objects.get(meeting=meeting, kind="answered", actor=AGENT)
    assert answered.detail["accepted"] == {"time": ["A"], "location": ["1"]}
