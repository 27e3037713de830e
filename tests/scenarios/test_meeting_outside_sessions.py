"""Sessions other agents start: the hub joins for the members the session names, asks them
by plain mail, answers every participant in protocol form, and follows the leader."""

import json

import pytest

from hubs.models import Member
from mailbridge.outbox import Attachment
from mailbridge.testing import build_email
from negotiation import protocol
from negotiation.models import Meeting
from negotiation.services.outside_sessions import member_agent_address
from tests.world import hub_make

from .meeting_kit import HUB, ics_of, recipients, to
from .test_meeting_agent_loops import protocol_mails
from .test_meeting_agents import session_of

LEADER = "alex-agent@outside.example"
OTHER = "olga-agent@outside.example"


def propose(*participants: str, session_id: str = "meeting-1764-abc") -> protocol.Session:
    """A reference agent's first version: its own vote in, the others' empty."""
    session = protocol.new_session(
        session_id=session_id,
        from_=LEADER,
        participants=[LEADER, *participants],
        topic="Vendor review",
        options={
            "time": ["2026-12-08T10:00", "2026-12-09T15:00"],
            "location": ["Zoom", "Their office"],
        },
    )
    session = protocol.apply_vote(session, voter=LEADER, item="time", option="2026-12-08T10:00")
    return protocol.apply_vote(session, voter=LEADER, item="location", option="Zoom")


def agent_mail(session: protocol.Session, *, from_: str = LEADER, drop_action: bool = False):
    """Sent as the reference sends: to every participant but itself, one mail."""
    document = json.loads(protocol.to_json(session))
    if drop_action:
        document.pop("action")
    targets = [p for p in session.participants if p != from_]
    return targets, build_email(
        from_=from_,
        to=", ".join(targets),
        subject=f"[AIMP:{session.session_id}] v{session.version} {session.topic}",
        body="AIMP/0.1",
        attachments=[
            Attachment("protocol.json", json.dumps(document).encode(), "application/json")
        ],
    )


def deliver(chat, session, **kwargs):
    targets, raw = agent_mail(session, **kwargs)
    chat.flow.deliver(raw, to=[t for t in targets if "hub.example.com" in t])
    return chat._collect()


def test_an_agent_invites_a_member_who_answers_in_words_and_the_leader_confirms(team, chat):
    bob_address = member_agent_address(member=team.bob)
    assert bob_address.startswith("team+") and "bob" not in bob_address
    first = propose(bob_address, OTHER)
    asked = deliver(chat, first, drop_action=True)  # the reference writes no action
    # Bob is asked in plain words, in his own zone; nobody gets protocol mail yet.
    assert recipients(asked) == ["bob@example.com"]
    assert not any(a[0] == "protocol.json" for a in asked[0].attachments)
    meeting = Meeting.objects.get(hub=team.hub, session_id=first.session_id)
    assert meeting.led_by == LEADER and meeting.topic == "Vendor review"
    assert f"[AIMP:{first.session_id}]" in asked[0].subject

    cast = chat.reply(asked[0], "bob@example.com", "Tuesday works, on Zoom")
    # Bob's answer goes to every other participant in protocol form, under his address.
    assert sorted(m.to[0] for m in protocol_mails(cast, LEADER) + protocol_mails(cast, OTHER)) == [
        LEADER,
        OTHER,
    ]
    told = session_of(to(cast, LEADER))
    assert told.version == first.version + 1 and told.action == "accept"
    assert protocol.parse_time_option(
        told.items["time"].votes[bob_address], default_tz="UTC"
    ) == protocol.parse_time_option("2026-12-08T10:00", default_tz="Europe/London")
    assert "bob@example.com" not in json.dumps(told.participants)

    # The leader sees everyone agree and confirms; the hub follows and tells Bob.
    settled = protocol.apply_vote(
        told, voter=OTHER, item="time", option=told.items["time"].options[0]
    )
    settled = protocol.apply_vote(settled, voter=OTHER, item="location", option="Zoom")
    settled = protocol.next_version(settled, from_=LEADER, action="confirm", summary="Agreed")
    done = deliver(chat, settled)
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED
    assert recipients(done) == ["bob@example.com"]  # nothing echoed to the agents
    assert ics_of(to(done, "bob@example.com"))["METHOD"] == "REQUEST"


def test_the_hub_address_stands_for_its_admin_and_the_leader_may_settle_without_the_hub(team, chat):
    team.alice.role = Member.Role.ADMIN
    team.alice.save()
    first = propose(HUB)
    asked = deliver(chat, first)
    assert recipients(asked) == ["alice@example.com"]
    # Alice never answers; the leader confirms on its own vote.
    confirmed = protocol.next_version(first, from_=LEADER, action="confirm", summary="Done")
    done = deliver(chat, confirmed)
    meeting = Meeting.objects.get(hub=team.hub, session_id=first.session_id)
    assert meeting.status == Meeting.Status.CONFIRMED
    assert meeting.chosen_place.place == "Zoom"
    assert recipients(done) == ["alice@example.com"]


def test_the_leader_escalates_and_the_member_is_told(team, chat):
    first = propose(member_agent_address(member=team.carol))
    deliver(chat, first)
    escalated = protocol.next_version(first, from_=LEADER, action="escalate", summary="Stuck")
    told = deliver(chat, escalated)
    meeting = Meeting.objects.get(hub=team.hub, session_id=first.session_id)
    assert meeting.status == Meeting.Status.ESCALATED
    assert recipients(told) == ["carol@example.com"]
    assert protocol_mails(told, LEADER) == []


@pytest.mark.parametrize("named", ["team+notatoken@hub.example.com", "someone@else.example"])
def test_a_session_naming_no_member_starts_nothing(team, chat, named):
    deliver(chat, propose(named))
    assert not Meeting.objects.filter(hub=team.hub).exists()


def test_two_hubs_of_one_deployment_join_the_same_session_each_for_its_own_member(team, chat):
    other = hub_make(name="Other", email="other@hub.example.com")
    olga = Member.objects.create(hub=other, email="olga@example.net", name="Olga")
    first = propose(member_agent_address(member=team.bob), member_agent_address(member=olga))
    asked = deliver(chat, first)
    assert sorted(recipients(asked)) == ["bob@example.com", "olga@example.net"]
    assert Meeting.objects.filter(session_id=first.session_id).count() == 2


def test_after_the_leaders_escalation_its_confirm_still_settles_the_meeting(team, chat):
    first = propose(member_agent_address(member=team.carol))
    deliver(chat, first)
    escalated = protocol.next_version(first, from_=LEADER, action="escalate", summary="Stuck")
    deliver(chat, escalated)
    # The leader's people decided: its confirm (on its own vote) reaches Carol as an invite.
    confirmed = protocol.next_version(escalated, from_=LEADER, action="confirm", summary="Done")
    done = deliver(chat, confirmed)
    meeting = Meeting.objects.get(hub=team.hub, session_id=first.session_id)
    assert meeting.status == Meeting.Status.CONFIRMED
    assert ics_of(to(done, "carol@example.com"))["METHOD"] == "REQUEST"
