"""Writing deliveries in the caller's transaction: the event and its webhooks commit together.

The send job is queued with the rows (mailbridge.jobs.job_enqueue_with_commit), so a
rolled-back event leaves no webhook behind, and a committed one always has its rows
for the job or, if the job is lost, the sweeper.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from django.conf import settings

from mailbridge.jobs import job_enqueue_with_commit
from negotiation.models import Event, Meeting, WebhookDelivery, WebhookSubscription
from negotiation.webhooks.payload import (
    MEMBER_JOINED,
    TYPE_OF_EVENT_KIND,
    MeetingFacts,
    MemberFacts,
    Person,
    Slot,
    event_id_new,
    meeting_payload,
    member_payload,
)

SEND_TASK = "negotiation.webhooks.tasks.send_deliveries"
SEND_GROUP = "webhooks-send"


def retry_window() -> timedelta:
    """Return how long a failing delivery is retried (AIMP_WEBHOOK_RETRY_HOURS)."""
    return timedelta(hours=getattr(settings, "AIMP_WEBHOOK_RETRY_HOURS", 24))


def deliveries_send_after_commit(delivery_ids: Sequence[int]) -> None:
    """Queue the send job for these rows, to run once the caller's transaction commits."""
    if delivery_ids:
        job_enqueue_with_commit(SEND_TASK, list(delivery_ids), group=SEND_GROUP)


def _matching(hub_id: int, webhook_type: str) -> list[int]:
    return [
        sub_id
        for sub_id, types in WebhookSubscription.objects.active_types(hub_id)
        if webhook_type in types
    ]


def _write(
    *, hub_id: int, subscription_ids: list[int], webhook_type: str, payload: dict, at: datetime
) -> list[WebhookDelivery]:
    rows = WebhookDelivery.objects.bulk_create(
        [
            WebhookDelivery(
                hub_id=hub_id,
                subscription_id=sub_id,
                event_id=event_id_new(),
                event_type=webhook_type,
                payload=payload,
                next_attempt_at=at,
                retry_until=at + retry_window(),
                created_at=at,
            )
            for sub_id in subscription_ids
        ]
    )
    deliveries_send_after_commit([row.id for row in rows])
    return rows


def meeting_facts(meeting: Meeting) -> MeetingFacts:
    """Return what a webhook says of `meeting` now (its hub, state, slot, people)."""
    hub = meeting.hub
    slot = None
    if meeting.chosen_time_id is not None:
        time = meeting.chosen_time
        place = meeting.chosen_place.place if meeting.chosen_place_id else ""
        slot = Slot(start=time.start, end=time.end, place=place)
    return MeetingFacts(
        hub_slug=hub.slug,
        hub_time_zone=hub.time_zone,
        meeting_id=meeting.id,
        session_id=meeting.session_id,
        topic=meeting.topic,
        state=meeting.status,
        round=meeting.round,
        initiator=meeting.initiator.email if meeting.initiator_id else "",
        slot=slot,
        participants=tuple(
            Person(
                email=p.email,
                name=p.name,
                required=p.required,
                agent=p.agent_email if p.has_agent else "",
            )
            for p in meeting.participants.present().order_by("id")
        ),
    )


def webhooks_event_enqueue(*, event: Event, meeting: Meeting) -> list[WebhookDelivery]:
    """Write the deliveries an audit-log event causes (none for most kinds and hubs)."""
    webhook_type = TYPE_OF_EVENT_KIND.get(event.kind)
    if webhook_type is None:
        return []  # no query at all for the kinds nobody can subscribe to
    subscription_ids = _matching(event.hub_id, webhook_type)
    if not subscription_ids:
        return []
    payload = meeting_payload(
        webhook_type=webhook_type,
        at=event.created_at,
        facts=meeting_facts(meeting),
        actor=event.actor,
        detail=event.detail,
    )
    return _write(
        hub_id=event.hub_id,
        subscription_ids=subscription_ids,
        webhook_type=webhook_type,
        payload=payload,
        at=event.created_at,
    )


def webhooks_member_joined_enqueue(*, member, now: datetime) -> list[WebhookDelivery]:
    """Write the `member.joined` deliveries for a member just created."""
    subscription_ids = _matching(member.hub_id, MEMBER_JOINED)
    if not subscription_ids:
        return []
    facts = MemberFacts(
        hub_slug=member.hub.slug,
        member_id=member.id,
        email=member.email,
        name=member.name,
        role=member.role,
        joined_at=member.joined_at or now,
    )
    return _write(
        hub_id=member.hub_id,
        subscription_ids=subscription_ids,
        webhook_type=MEMBER_JOINED,
        payload=member_payload(at=now, facts=facts),
        at=now,
    )
