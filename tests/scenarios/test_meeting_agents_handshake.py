"""Agents meet the hub: its card on request, a refusal when its admin says so, and
"not understood" for what cannot be read; each capped, none answered, no loop."""

import json

import pytest

from hubs.models import AgentPolicy, Contact
from mailbridge.models import InboundMessage
from mailbridge.outbox import Attachment
from mailbridge.testing import build_email
from negotiation import protocol
from tests.world import hub_make

from .meeting_kit import HUB, meeting_of, to
from .test_meeting_agents import AGENT, REQUEST, agent_sends

STRANGER = "scout@agents.example"


def protocol_mail(document: str | bytes, *, from_: str = STRANGER, tag: str = "card-1"):
    body = document if isinstance(document, bytes) else document.encode()
    return build_email(
        from_=from_,
        to=HUB,
        subject=f"[AIMP:{tag}] v1 hello",
        body="AIMP/0.1",
        attachments=[Attachment("protocol.json", body, "application/json")],
    )


def card_request(from_: str = STRANGER) -> str:
    return protocol.to_json(
        protocol.Session(
            session_id="card-1",
            version=1,
            from_=from_,
            action="card",
            participants=(from_,),
            topic="",
            items={},
            status="negotiating",
        )
    )


def answer_of(message) -> protocol.Session:
    [document] = [a[1] for a in message.attachments if a[0] == "protocol.json"]
    return protocol.from_json(document)


def test_an_agent_asks_for_the_card_and_gets_it_as_protocol_json(team, chat):
    row = chat.flow.deliver(protocol_mail(card_request()), to=HUB)
    [answer] = chat._collect()
    assert answer.to == [STRANGER]
    document = answer_of(answer)
    assert document.action == "card" and document.session_id == "card-1"
    card = document.extensions["card"]["aimp_hub"]
    assert card["address"] == HUB and card["protocol_versions"] == ["AIMP/0.1"]
    assert {"propose", "accept", "counter", "confirm", "card"} <= set(card["performatives"])
    assert "alice@example.com" not in json.dumps(card)  # a count, never the members
    headers = {k.lower(): v for k, v in answer.extra_headers.items()}
    assert headers["in-reply-to"] == row.message_id
    assert headers["auto-submitted"].startswith("auto-")  # RFC 3834, set by the bridge
    assert answer.subject.startswith("[AIMP:card-1] v2 ")


@pytest.mark.parametrize(
    ("policy", "allow_list", "sender", "answered"),
    [
        (AgentPolicy.CONTACTS, "", STRANGER, "refuse"),
        (AgentPolicy.CONTACTS, "", "bot@partner.example", "card"),
        (AgentPolicy.ALLOW_LIST, "agents.example", STRANGER, "card"),
        (AgentPolicy.ALLOW_LIST, "agents.example", "scout@badagents.example", "refuse"),
        (AgentPolicy.ALLOW_LIST, "", STRANGER, "refuse"),
    ],
)
def test_the_hub_admin_decides_which_agents_it_talks_to(
    team, chat, policy, allow_list, sender, answered
):
    team.hub.agent_policy, team.hub.agent_allow_list = policy, allow_list
    team.hub.save()
    Contact.objects.create(
        hub=team.hub,
        name="Partner",
        email="p@partner.example",
        has_agent=True,
        agent_email="bot@partner.example",
    )
    chat.flow.deliver(protocol_mail(card_request(sender), from_=sender), to=HUB)
    [answer] = chat._collect()
    document = answer_of(answer)
    assert document.action == answered
    if answered == "refuse":
        assert "this hub reads protocol mail only" in document.extensions["reason"]
        assert "card" not in document.extensions


def test_malformed_protocol_mail_gets_not_understood_with_the_reason_capped_per_sender(
    team, chat, settings
):
    settings.AIMP_PROTOCOL_ANSWERS_PER_SENDER_PER_DAY = 2
    answers = []
    for n in range(4):
        raw = protocol_mail(b'{"protocol": "AIMP/0.1", "session_id": "x-%d"' % n)
        row = chat.flow.deliver(raw, to=HUB)
        assert row.status == InboundMessage.Status.DONE
        answers += chat._collect()
    assert len(answers) == 2
    assert all(answer_of(a).action == "not-understood" for a in answers)
    assert "JSON" in answer_of(answers[0]).extensions["reason"]


def test_a_refusal_or_not_understood_is_never_answered(team, chat):
    for action in ("refuse", "not-understood"):
        document = json.loads(card_request())
        document["action"] = action
        chat.flow.deliver(protocol_mail(json.dumps(document), tag=f"t-{action}"), to=HUB)
    assert chat._collect() == []


def test_two_hubs_refusing_each_other_stop_after_one_mail_each(team, chat):
    """The hub's own refusal, delivered to a hub that refuses everyone, is not answered."""
    team.hub.agent_policy = AgentPolicy.ALLOW_LIST
    team.hub.save()
    chat.flow.deliver(protocol_mail(card_request()), to=HUB)
    [refusal] = chat._collect()
    other = hub_make(name="Other", email="other@hub2.example", agent_policy="allow_list")
    raw = build_email(
        from_=HUB,
        to=other.email,
        subject=refusal.subject,
        body=refusal.body,
        attachments=[Attachment(*a) for a in refusal.attachments],
    )
    chat.flow.deliver(raw, to=other.email)
    assert chat._collect() == []


def test_a_participant_agent_that_sends_broken_json_is_told_once(team, chat):
    team.dave.has_agent, team.dave.agent_email = True, AGENT
    team.dave.save()
    invitations = chat.write("alice@example.com", REQUEST)
    _, sent = agent_sends(chat, to(invitations, AGENT), b"{not json")
    [told] = sent
    assert told.to == [AGENT] and answer_of(told).action == "not-understood"
    assert answer_of(told).session_id == meeting_of(invitations[0]).session_id


def test_an_agents_invitation_in_words_is_answered_in_its_thread_with_the_card(team, chat):
    """The reference writes in words to participants it takes for people."""
    raw = build_email(
        from_=STRANGER,
        to=HUB,
        subject="[AIMP:meeting-1764-abc] v1 Vendor review",
        body="Hi! Alex would like to meet: Tuesday 10:00 or Wednesday 15:00, Zoom?",
    )
    chat.flow.deliver(raw, to=HUB)
    [answer] = chat._collect()
    assert answer.to == [STRANGER]
    assert answer.subject == "Re: [AIMP:meeting-1764-abc] v1 Vendor review"
    assert "protocol.json" in answer.body and HUB in answer.body
    [card] = [a for a in answer.attachments if a[0] == "hub-card.json"]
    assert json.loads(card[1])["aimp_hub"]["address"] == HUB
    # Once a day: a second such mail gets nothing.
    chat.flow.deliver(build_email(from_=STRANGER, to=HUB, subject=answer.subject, body="?"), to=HUB)
    assert chat._collect() == []
