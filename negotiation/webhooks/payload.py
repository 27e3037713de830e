"""What a webhook says: the event types and the JSON body, built from plain facts.

Pure: no Django, no project imports. The body is `{"type", "timestamp", "data"}`; it
names the hub, the meeting (id, session id, topic, state), the confirmed slot in ISO
8601 with its offset, and who answered. It never carries a secret, a reply token or
what a person wrote: a receiver is another system, and mail text is not its to read.
"""

from __future__ import annotations

import json
import secrets
from base64 import b32encode
from dataclasses import dataclass, field
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

MEETING_CREATED = "meeting.created"
MEETING_ANSWERED = "meeting.answered"
MEETING_CONFIRMED = "meeting.confirmed"
MEETING_RESCHEDULED = "meeting.rescheduled"
MEETING_CANCELLED = "meeting.cancelled"
MEETING_ESCALATED = "meeting.escalated"
MEMBER_JOINED = "member.joined"

WEBHOOK_TYPES: tuple[str, ...] = (
    MEETING_CREATED,
    MEETING_ANSWERED,
    MEETING_CONFIRMED,
    MEETING_RESCHEDULED,
    MEETING_CANCELLED,
    MEETING_ESCALATED,
    MEMBER_JOINED,
)

# The audit log's kinds (negotiation.models.Event.Kind values) that a receiver hears of.
# "started" is when a meeting exists for its participants (invitations sent); a request
# still being completed or held for the member's "yes" is not a meeting yet.
TYPE_OF_EVENT_KIND: dict[str, str] = {
    "started": MEETING_CREATED,
    "answered": MEETING_ANSWERED,
    "auto_accepted": MEETING_ANSWERED,
    "confirmed": MEETING_CONFIRMED,
    "rescheduled": MEETING_RESCHEDULED,
    "cancelled": MEETING_CANCELLED,
    "escalated": MEETING_ESCALATED,
}

# Facts of an event's detail that may be repeated; the rest (proposals, windows, free
# text a person wrote) stays in the audit log.
_DETAIL_KEPT: dict[str, tuple[str, ...]] = {
    MEETING_ANSWERED: ("accepted", "declined"),
    MEETING_ESCALATED: ("reason", "round"),
    MEETING_CANCELLED: ("after_confirmation",),
}


def event_id_new() -> str:
    """Return a fresh Standard Webhooks message id (`msg_` and 26 random base32 letters)."""
    return "msg_" + b32encode(secrets.token_bytes(16)).decode().rstrip("=").lower()


def iso(moment: datetime, time_zone: str = "UTC") -> str:
    """Return an aware moment in ISO 8601 with its offset, in `time_zone` (UTC if unknown)."""
    if moment.tzinfo is None:
        raise ValueError("a naive datetime has no offset to state")
    try:
        zone = ZoneInfo(time_zone or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        zone = ZoneInfo("UTC")
    return moment.astimezone(zone).isoformat()


@dataclass(frozen=True)
class Slot:
    """The confirmed time and place of a meeting."""

    start: datetime
    end: datetime | None
    place: str


@dataclass(frozen=True)
class Person:
    """Someone a webhook names: an address and a display name."""

    email: str
    name: str = ""
    required: bool = True
    agent: str = ""


@dataclass(frozen=True)
class MeetingFacts:
    """What a meeting webhook says of its meeting, read at the moment of the event."""

    hub_slug: str
    hub_time_zone: str
    meeting_id: int
    session_id: str
    topic: str
    state: str
    round: int
    initiator: str
    slot: Slot | None = None
    participants: tuple[Person, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class MemberFacts:
    """What `member.joined` says of the new member."""

    hub_slug: str
    member_id: int
    email: str
    name: str
    role: str
    joined_at: datetime


def _slot(slot: Slot | None, time_zone: str) -> dict | None:
    if slot is None:
        return None
    return {
        "start": iso(slot.start, time_zone),
        "end": iso(slot.end, time_zone) if slot.end else None,
        "time_zone": time_zone,
        "place": slot.place,
    }


def meeting_payload(
    *,
    webhook_type: str,
    at: datetime,
    facts: MeetingFacts,
    actor: str,
    detail: dict | None = None,
) -> dict:
    """Return the body of a meeting webhook; `actor` is who caused it ('hub' or an address)."""
    if webhook_type not in WEBHOOK_TYPES or webhook_type == MEMBER_JOINED:
        raise ValueError(f"not a meeting webhook type: {webhook_type!r}")
    data: dict = {
        "hub": facts.hub_slug,
        "meeting": {
            "id": facts.meeting_id,
            "session_id": facts.session_id,
            "topic": facts.topic,
            "state": facts.state,
            "round": facts.round,
            "initiator": facts.initiator,
            "confirmed_slot": _slot(facts.slot, facts.hub_time_zone),
            "participants": [
                {"email": p.email, "name": p.name, "required": p.required, "agent": p.agent or None}
                for p in facts.participants
            ],
        },
        "actor": actor,
    }
    kept = {k: v for k, v in (detail or {}).items() if k in _DETAIL_KEPT.get(webhook_type, ())}
    if webhook_type == MEETING_ANSWERED:
        # An agent answers for its person: the receiver hears whose answer it was.
        who = next((p for p in facts.participants if actor in (p.email, p.agent)), None)
        data["answered_by"] = {
            "email": who.email if who else actor,
            "name": who.name if who else "",
            "agent": who.agent or None if who else None,
        }
        data["answer"] = {
            "accepted": kept.get("accepted", {}),
            "declined": bool(kept.get("declined", False)),
        }
    elif kept:
        data["details"] = kept
    return {"type": webhook_type, "timestamp": iso(at), "data": data}


def member_payload(*, at: datetime, facts: MemberFacts) -> dict:
    """Return the body of `member.joined`."""
    return {
        "type": MEMBER_JOINED,
        "timestamp": iso(at),
        "data": {
            "hub": facts.hub_slug,
            "member": {
                "id": facts.member_id,
                "email": facts.email,
                "name": facts.name,
                "role": facts.role,
                "joined_at": iso(facts.joined_at),
            },
        },
    }


def payload_body(payload: dict) -> str:
    """Return the exact text that is signed and sent: the same payload, the same bytes."""
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
