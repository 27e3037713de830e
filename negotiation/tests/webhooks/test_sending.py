"""The send job and the sweep against a real receiver: once per claim, retried, then failed."""

import threading
from collections import Counter
from datetime import timedelta

import pytest
import time_machine
from django.db import connection, connections
from django.db.models import TextField, Value
from django.utils import timezone

from negotiation.models import Event, WebhookDelivery
from negotiation.services.events_log import event_write
from negotiation.webhooks.sending import (
    webhook_deliveries_send,
    webhook_delivery_send,
    webhooks_sweep,
)
from negotiation.webhooks.services import webhook_subscription_create

State = WebhookDelivery.State


@pytest.fixture
def subscription(hub, receiver):
    sub = webhook_subscription_create(
        hub=hub, url=receiver.url, event_types=["meeting.confirmed", "meeting.cancelled"]
    )
    receiver.secret = sub.secret
    return sub


@pytest.fixture
def delivery(meeting, subscription, now):
    event_write(meeting=meeting, kind=Event.Kind.CANCELLED, actor="hub", now=now)
    return WebhookDelivery.objects.get()


def test_a_2xx_answer_delivers_it_signed(delivery, receiver, now):
    assert webhook_delivery_send(delivery_id=delivery.id, now=now) == "delivered"
    delivery.refresh_from_db()
    assert delivery.state == State.DELIVERED and delivery.delivered_at == now
    assert (delivery.attempts, delivery.last_status_code, delivery.last_error) == (1, 200, "")
    [seen] = receiver.received
    assert seen.verified and seen.webhook_id == delivery.event_id
    assert seen.payload == delivery.payload
    # Delivered is final: the same job again sends nothing.
    assert webhook_delivery_send(delivery_id=delivery.id, now=now) == "skipped"
    assert len(receiver.received) == 1


def test_a_failure_waits_then_the_sweep_sends_it_again_under_the_same_id(delivery, receiver, now):
    receiver.statuses = [503]
    assert webhook_delivery_send(delivery_id=delivery.id, now=now) == "retry"
    delivery.refresh_from_db()
    assert delivery.state == State.RETRY and delivery.last_status_code == 503
    assert delivery.last_error == "HTTP 503" and delivery.response_excerpt.startswith("server")
    assert delivery.next_attempt_at == now + timedelta(seconds=30)
    # Not due yet: neither the job nor the sweep sends it.
    assert webhook_delivery_send(delivery_id=delivery.id, now=now) == "skipped"
    assert webhooks_sweep(now=now + timedelta(seconds=29))["due"] == 0
    with time_machine.travel(now + timedelta(seconds=31), tick=False):
        assert webhooks_sweep(now=timezone.now())["due"] == 1
    delivery.refresh_from_db()
    assert delivery.state == State.DELIVERED and delivery.attempts == 2
    assert [r.webhook_id for r in receiver.received] == [delivery.event_id] * 2
    assert all(r.verified for r in receiver.received)


def test_a_receiver_down_for_a_day_ends_failed_and_visible(delivery, receiver, now):
    receiver.statuses = [500] * 100
    assert webhook_delivery_send(delivery_id=delivery.id, now=now) == "retry"
    for _ in range(30):
        delivery.refresh_from_db()
        if delivery.state != State.RETRY:
            break
        with time_machine.travel(delivery.next_attempt_at, tick=False):
            webhooks_sweep(now=timezone.now())
    delivery.refresh_from_db()
    assert delivery.state == State.FAILED and delivery.next_attempt_at is None
    assert delivery.last_error == "HTTP 500"
    assert delivery.attempts == len(receiver.received) >= 8
    assert delivery.claimed_at == delivery.retry_until == now + timedelta(hours=24)


def test_a_lost_job_is_picked_up_by_the_sweep(delivery, receiver, now):
    assert webhooks_sweep(now=now + timedelta(minutes=1))["due"] == 0  # its job may still run
    with time_machine.travel(now + timedelta(minutes=3), tick=False):
        assert webhooks_sweep(now=timezone.now()) == {"due": 1, "revived": 0}
    assert WebhookDelivery.objects.get().state == State.DELIVERED


def test_a_send_killed_midway_is_sent_again_after_the_stale_time(delivery, receiver, now, settings):
    settings.AIMP_SENDING_STALE_SECONDS = 600
    WebhookDelivery.objects.filter(id=delivery.id).update(state=State.SENDING, claimed_at=now)
    assert webhook_delivery_send(delivery_id=delivery.id, now=now) == "skipped"
    assert webhooks_sweep(now=now + timedelta(seconds=599))["revived"] == 0
    with time_machine.travel(now + timedelta(seconds=601), tick=False):
        assert webhooks_sweep(now=timezone.now()) == {"due": 1, "revived": 1}
    delivery.refresh_from_db()
    assert delivery.state == State.DELIVERED and len(receiver.received) == 1


def test_an_inactive_subscription_sends_nothing(delivery, subscription, receiver, now):
    type(subscription).objects.filter(pk=subscription.pk).update(active=False)
    assert webhooks_sweep(now=now + timedelta(hours=1))["due"] == 0
    assert webhook_delivery_send(delivery_id=delivery.id, now=now) == "failed"
    delivery.refresh_from_db()
    assert delivery.state == State.FAILED and delivery.last_error == "subscription off"
    assert receiver.received == []


def test_an_unreadable_secret_is_an_error_on_the_row_not_a_crash(
    delivery, subscription, receiver, now
):
    # A value no configured key opens (a key rotated away), written as stored text.
    type(subscription).objects.filter(pk=subscription.pk).update(
        secret=Value("fernet:gone", output_field=TextField())
    )
    assert webhook_delivery_send(delivery_id=delivery.id, now=now) == "retry"
    delivery.refresh_from_db()
    assert "cannot be decrypted" in delivery.last_error and delivery.last_status_code is None
    assert receiver.received == []


def test_a_loopback_url_is_refused_at_send_time_when_not_allowed(delivery, receiver, now, settings):
    settings.AIMP_ALLOW_PRIVATE_HOSTS = False
    assert webhook_delivery_send(delivery_id=delivery.id, now=now) == "retry"
    delivery.refresh_from_db()
    assert "loopback" in delivery.last_error
    assert receiver.received == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="races need PostgreSQL's threads")
def test_two_workers_racing_post_each_row_once(hub, meeting, receiver):
    # Committed rows and two threads, each with its own connection, sending them all.
    webhook_subscription_create(hub=hub, url=receiver.url, event_types=["meeting.confirmed"])
    for _ in range(8):
        event_write(meeting=meeting, kind=Event.Kind.CONFIRMED, actor="hub", now=timezone.now())
    # Autocommit ran each row's own job already: put them back as if it had been lost.
    WebhookDelivery.objects.update(
        state=State.PENDING, delivered_at=None, next_attempt_at=timezone.now()
    )
    receiver.received.clear()
    ids = list(WebhookDelivery.objects.values_list("id", flat=True))
    outcomes: list[str] = []

    start = threading.Barrier(2)

    def worker() -> None:
        try:
            start.wait(timeout=30)
            outcomes.extend(webhook_deliveries_send(delivery_ids=ids))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["delivered"] * 8 + ["skipped"] * 8
    assert Counter(r.webhook_id for r in receiver.received) == Counter(
        WebhookDelivery.objects.values_list("event_id", flat=True)
    )
    assert set(Counter(r.webhook_id for r in receiver.received).values()) == {1}
