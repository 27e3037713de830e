"""Deliveries are written with the event, in its transaction, only for matching subscribers."""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from negotiation.models import Event, WebhookDelivery
from negotiation.services.events_log import event_write
from negotiation.services.state import meeting_in_thread
from negotiation.webhooks.services import (
    webhook_member_joined,
    webhook_subscription_create,
    webhook_subscription_update,
)

URL = "https://hooks.example.com/aimp"


def _subscribe(hub, *types):
    return webhook_subscription_create(hub=hub, url=URL, event_types=types)


def _write(meeting, kind, now, actor="hub", **detail):
    return event_write(meeting=meeting, kind=kind, actor=actor, now=now, detail=detail)


def test_a_hub_without_subscriptions_pays_one_query_per_transaction(meeting, now):
    with transaction.atomic(), CaptureQueriesContext(connection) as first:
        _write(meeting, Event.Kind.ANSWERED, now, actor="bob@example.com")
        with CaptureQueriesContext(connection) as rest:
            _write(meeting, Event.Kind.ANSWERED, now, actor="alice@example.com")
            _write(meeting, Event.Kind.CONFIRMED, now)
    lookups = [q for q in first.captured_queries if "webhooksubscription" in q["sql"]]
    assert len(lookups) == 1
    assert len(rest.captured_queries) == 2  # the two INSERTs of the events, nothing else
    assert not WebhookDelivery.objects.exists()


def test_the_mail_job_learns_there_is_no_subscription_with_the_meeting_it_locks(meeting, now):
    with transaction.atomic():
        assert meeting_in_thread(meeting.hub_id, meeting.session_id) == meeting
        with CaptureQueriesContext(connection) as queries:
            _write(meeting, Event.Kind.ANSWERED, now, actor="bob@example.com")
    assert len(queries.captured_queries) == 1  # the event's INSERT, nothing else


def test_a_subscription_is_still_seen_by_the_mail_job(meeting, hub, now):
    _subscribe(hub, "meeting.answered")
    with transaction.atomic():
        meeting_in_thread(meeting.hub_id, meeting.session_id)
        _write(meeting, Event.Kind.ANSWERED, now, actor="bob@example.com")
    assert WebhookDelivery.objects.get().event_type == "meeting.answered"


def test_kinds_nobody_can_subscribe_to_cost_nothing(meeting, now):
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        _write(meeting, Event.Kind.REMINDED, now)
        _write(meeting, Event.Kind.UNCLEAR_REPLY, now)
    assert len(queries.captured_queries) == 2


def test_an_answer_reaches_the_subscribers_of_answers_only(meeting, hub, other_hub, now):
    answers = _subscribe(hub, "meeting.answered", "meeting.confirmed")
    _subscribe(hub, "meeting.cancelled")
    off = _subscribe(hub, "meeting.answered")
    webhook_subscription_update(subscription=off, active=False)
    _subscribe(other_hub, "meeting.answered")

    _write(meeting, Event.Kind.ANSWERED, now, actor="bob@example.com", accepted={"time": ["A"]})

    [delivery] = WebhookDelivery.objects.all()
    assert delivery.subscription == answers and delivery.hub == hub
    assert delivery.event_type == "meeting.answered"
    assert delivery.event_id.startswith("msg_")
    assert delivery.state == WebhookDelivery.State.PENDING and delivery.attempts == 0
    assert delivery.next_attempt_at == now and delivery.created_at == now
    assert (delivery.retry_until - now).total_seconds() == 24 * 3600
    data = delivery.payload["data"]
    assert data["hub"] == hub.slug
    assert data["meeting"]["session_id"] == meeting.session_id
    assert data["meeting"]["topic"] == "Budget review"
    assert data["answered_by"] == {"email": "bob@example.com", "name": "Bob", "agent": None}
    assert data["answer"] == {"accepted": {"time": ["A"]}, "declined": False}
    assert [p["email"] for p in data["meeting"]["participants"]] == [
        "alice@example.com",
        "bob@example.com",
    ]


@pytest.mark.parametrize(
    ("kind", "webhook_type"),
    [
        (Event.Kind.STARTED, "meeting.created"),
        (Event.Kind.AUTO_ACCEPTED, "meeting.answered"),
        (Event.Kind.RESCHEDULED, "meeting.rescheduled"),
        (Event.Kind.CANCELLED, "meeting.cancelled"),
        (Event.Kind.ESCALATED, "meeting.escalated"),
    ],
)
def test_each_kind_maps_to_its_type(meeting, hub, now, kind, webhook_type):
    _subscribe(hub, webhook_type)
    _write(meeting, kind, now)
    assert list(WebhookDelivery.objects.values_list("event_type", flat=True)) == [webhook_type]


def test_a_rolled_back_event_leaves_no_webhook(meeting, hub, now):
    _subscribe(hub, "meeting.cancelled")
    with pytest.raises(RuntimeError), transaction.atomic():
        _write(meeting, Event.Kind.CANCELLED, now)
        raise RuntimeError("the service failed after the event")
    assert not WebhookDelivery.objects.exists()
    # The cache of that transaction is not trusted by the next one.
    _write(meeting, Event.Kind.CANCELLED, now)
    assert WebhookDelivery.objects.count() == 1


def test_a_subscription_made_mid_transaction_is_seen_at_once(meeting, hub, now):
    with transaction.atomic():
        _write(meeting, Event.Kind.ANSWERED, now, actor="bob@example.com")
        _subscribe(hub, "meeting.answered")
        _write(meeting, Event.Kind.ANSWERED, now, actor="alice@example.com")
    assert WebhookDelivery.objects.get().payload["data"]["answered_by"]["email"] == (
        "alice@example.com"
    )


def test_the_send_job_is_queued_for_after_the_commit(
    meeting, hub, now, receiver, django_capture_on_commit_callbacks
):
    webhook_subscription_create(hub=hub, url=receiver.url, event_types=["meeting.escalated"])
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        _write(meeting, Event.Kind.ESCALATED, now, reason="round limit")
    assert receiver.received == []  # nothing leaves before the commit
    assert len(callbacks) == 1
    callbacks[0]()
    [seen] = receiver.received
    assert seen.payload["data"]["details"] == {"reason": "round limit"}
    assert WebhookDelivery.objects.get().state == WebhookDelivery.State.DELIVERED


def test_member_joined_for_its_subscribers(hub, member, now):
    assert webhook_member_joined(member=member, now=now) == []
    _subscribe(hub, "member.joined")
    [delivery] = webhook_member_joined(member=member, now=now)
    assert delivery.event_type == "member.joined"
    assert delivery.payload["data"]["member"]["email"] == member.email
