"""The webhook body: the same facts in, the same bytes out; times with offsets; no secrets."""

import json
import re
from datetime import UTC, datetime

import pytest

from negotiation.webhooks.payload import (
    MEETING_ANSWERED,
    MEETING_CANCELLED,
    MEETING_CONFIRMED,
    MEMBER_JOINED,
    TYPE_OF_EVENT_KIND,
    WEBHOOK_TYPES,
    MeetingFacts,
    MemberFacts,
    Person,
    Slot,
    event_id_new,
    iso,
    meeting_payload,
    member_payload,
    payload_body,
)

AT = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)
FACTS = MeetingFacts(
    hub_slug="team",
    hub_time_zone="Europe/Berlin",
    meeting_id=7,
    session_id="m-abc",
    topic="Budget review",
    state="confirmed",
    round=1,
    initiator="alice@example.com",
    slot=Slot(
        start=datetime(2026, 12, 8, 13, 0, tzinfo=UTC),
        end=datetime(2026, 12, 8, 14, 0, tzinfo=UTC),
        place="the office",
    ),
    participants=(
        Person("alice@example.com", "Alice"),
        Person("dave@example.org", "Dave", required=False, agent="agent@dave.example"),
    ),
)


def test_a_confirmation_names_the_slot_in_the_hubs_zone_with_its_offset():
    body = meeting_payload(
        webhook_type=MEETING_CONFIRMED, at=AT, facts=FACTS, actor="hub", detail={"time": "x"}
    )
    assert body["type"] == "meeting.confirmed"
    assert body["timestamp"] == "2026-12-01T09:30:00+00:00"
    meeting = body["data"]["meeting"]
    assert body["data"]["hub"] == "team"
    assert (meeting["id"], meeting["session_id"], meeting["topic"]) == (7, "m-abc", "Budget review")
    assert meeting["state"] == "confirmed"
    assert meeting["confirmed_slot"] == {
        "start": "2026-12-08T14:00:00+01:00",
        "end": "2026-12-08T15:00:00+01:00",
        "time_zone": "Europe/Berlin",
        "place": "the office",
    }
    # The detail's free text stays in the audit log.
    assert "details" not in body["data"]


def test_an_answer_names_who_answered_even_through_their_agent():
    body = meeting_payload(
        webhook_type=MEETING_ANSWERED,
        at=AT,
        facts=FACTS,
        actor="agent@dave.example",
        detail={"accepted": {"time": ["A"]}, "declined": False, "proposed": ["call me 555"]},
    )
    assert body["data"]["answered_by"] == {
        "email": "dave@example.org",
        "name": "Dave",
        "agent": "agent@dave.example",
    }
    assert body["data"]["answer"] == {"accepted": {"time": ["A"]}, "declined": False}
    assert "call me" not in payload_body(body)


def test_only_the_kept_details_are_repeated():
    body = meeting_payload(
        webhook_type=MEETING_CANCELLED,
        at=AT,
        facts=FACTS,
        actor="alice@example.com",
        detail={"after_confirmation": True, "note": "secret"},
    )
    assert body["data"]["details"] == {"after_confirmation": True}


def test_the_body_is_stable_bytes_for_the_same_payload():
    one = meeting_payload(webhook_type=MEETING_CONFIRMED, at=AT, facts=FACTS, actor="hub")
    again = json.loads(payload_body(one))
    assert payload_body(again) == payload_body(one)
    assert payload_body(one).startswith('{"data":')


def test_member_joined():
    body = member_payload(
        at=AT,
        facts=MemberFacts(
            hub_slug="team",
            member_id=3,
            email="bob@example.com",
            name="Bob",
            role="member",
            joined_at=AT,
        ),
    )
    assert body == {
        "type": MEMBER_JOINED,
        "timestamp": "2026-12-01T09:30:00+00:00",
        "data": {
            "hub": "team",
            "member": {
                "id": 3,
                "email": "bob@example.com",
                "name": "Bob",
                "role": "member",
                "joined_at": "2026-12-01T09:30:00+00:00",
            },
        },
    }


def test_a_meeting_payload_refuses_other_types():
    with pytest.raises(ValueError):
        meeting_payload(webhook_type=MEMBER_JOINED, at=AT, facts=FACTS, actor="hub")
    with pytest.raises(ValueError):
        meeting_payload(webhook_type="meeting.exploded", at=AT, facts=FACTS, actor="hub")


def test_every_mapped_kind_is_a_type_and_every_meeting_type_has_a_kind():
    assert set(TYPE_OF_EVENT_KIND.values()) == set(WEBHOOK_TYPES) - {MEMBER_JOINED}


def test_event_ids_are_standard_webhooks_ids_and_unique():
    ids = {event_id_new() for _ in range(200)}
    assert len(ids) == 200
    assert all(re.fullmatch(r"msg_[a-z2-7]{26}", i) for i in ids)


def test_iso_refuses_naive_times_and_falls_back_to_utc():
    with pytest.raises(ValueError):
        iso(datetime(2026, 1, 1))
    assert iso(AT, "Not/AZone") == "2026-12-01T09:30:00+00:00"
