"""Requests the hub holds until the member confirms them ("did you send this?").

A From line is free to forge: a request that arrived without proof of its sender
waits before anyone else is written to, and the member is asked at their own address.
Their reply in that thread (token and From, or authenticated) releases it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from django.db import transaction

from hubs.models import Hub, Member
from mailbridge.ratelimit import member_notice_claim
from negotiation.models import Event, Meeting
from negotiation.notices.requests import sender_check_send
from negotiation.services.events_log import HUB_ACTOR, event_write

_URL = re.compile(r"(https?://|www\.)\S+", re.IGNORECASE)
EXCERPT_CHARS = 300
_YES = {
    "yes", "y", "ok", "okay", "confirm", "confirmed", "go", "go ahead", "yes please",
    "send", "send it", "it was me", "that was me", "ja", "oui", "si", "sí",
    "是", "是的", "确认", "好", "好的", "可以", "对", "是我",
}  # fmt: skip
_NO = {"no", "n", "not me", "cancel", "nein", "non", "不是", "不", "取消", "不是我"}


def confirmation_word(text: str) -> str:
    """Read a reply to "did you send this?": 'yes', 'no', or '' when it says more than that."""
    line = next((line for line in text.splitlines() if line.strip()), "")
    words = re.sub(r"[^\w\s']", " ", line.lower()).split()
    phrase = " ".join(words)
    for answer, vocabulary in (("yes", _YES), ("no", _NO)):
        if phrase in vocabulary or (words and words[0] in vocabulary and len(words) <= 6):
            return answer
    return ""


def excerpt(text: str) -> str:
    """The request's first words for the member to recognise, without links."""
    flat = " ".join(_URL.sub("[link removed]", text).split())
    return flat if len(flat) <= EXCERPT_CHARS else flat[: EXCERPT_CHARS - 1] + "…"


def request_meeting_create(
    *,
    hub: Hub,
    initiator: Member,
    text: str,
    subject_topic: str,
    now: datetime,
    inbound_id: int | None,
) -> Meeting:
    """Record a member's new request: a meeting collecting what it needs, and its event."""
    meeting = Meeting.objects.create(
        hub=hub,
        initiator=initiator,
        status=Meeting.Status.COLLECTING_INFO,
        request_text=text,
        duration_minutes=hub.default_duration_minutes,
        draft={"subject_topic": subject_topic[:300]},
    )
    event_write(
        meeting=meeting,
        kind=Event.Kind.REQUESTED,
        actor=initiator.email,
        now=now,
        inbound_id=inbound_id,
        detail={"text": text[:2000]},
    )
    return meeting


def request_hold(
    *,
    hub: Hub,
    initiator: Member,
    text: str,
    now: datetime,
    inbound_id: int | None,
    reason: str,
    meeting: Meeting | None = None,
    addresses: Sequence[str] = (),
    subject_topic: str = "",
    read_at: datetime | None = None,
) -> Meeting | None:
    """Hold a request and ask the member whether they sent it; None when the cap held it back."""
    with transaction.atomic():
        if not member_notice_claim(
            hub=hub, address=initiator.email, purpose="sender_check", now=now
        ):
            if meeting is not None:
                meeting.cancel()
                event_write(
                    meeting=meeting,
                    kind=Event.Kind.SENDER_CHECK,
                    actor=HUB_ACTOR,
                    now=now,
                    inbound_id=inbound_id,
                    detail={"reason": reason, "held": "daily cap reached: request dropped"},
                )
            return None
        if meeting is None:
            meeting = request_meeting_create(
                hub=hub,
                initiator=initiator,
                text=text,
                subject_topic=subject_topic,
                now=now,
                inbound_id=inbound_id,
            )
        meeting.draft = {**meeting.draft, "sender_check": True}
        if read_at is not None:
            # Released later, the request is read as of its arrival ("tomorrow" stays).
            meeting.draft["read_at"] = read_at.isoformat()
        meeting.save(update_fields=["draft"])
        event_write(
            meeting=meeting,
            kind=Event.Kind.SENDER_CHECK,
            actor=HUB_ACTOR,
            now=now,
            inbound_id=inbound_id,
            detail={"reason": reason, "addresses": list(addresses)[:30]},
        )
        sender_check_send(
            meeting=meeting,
            initiator=initiator,
            excerpt=excerpt(text),
            addresses=addresses,
            inbound_id=inbound_id,
        )
        return meeting


def request_release(*, meeting: Meeting, now: datetime, inbound_id: int | None) -> datetime:
    """The member confirmed the held request; return when it arrived, to read it as of then."""
    read_at = meeting.draft.get("read_at")
    meeting.draft = {k: v for k, v in meeting.draft.items() if k not in ("sender_check", "read_at")}
    meeting.save(update_fields=["draft"])
    event_write(
        meeting=meeting,
        kind=Event.Kind.SENDER_CHECK,
        actor=meeting.initiator.email,
        now=now,
        inbound_id=inbound_id,
        detail={"released": True},
    )
    return datetime.fromisoformat(read_at) if read_at else now
