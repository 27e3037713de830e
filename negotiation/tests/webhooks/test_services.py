"""Subscribing, changing, rotating, sending again: what the admin and the API call."""

from datetime import timedelta

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.db.models import TextField
from django.db.models.expressions import ExpressionWrapper, F

from negotiation.models import Event, WebhookDelivery, WebhookSubscription
from negotiation.services.events_log import event_write
from negotiation.webhooks.services import (
    webhook_delivery_resend,
    webhook_subscription_create,
    webhook_subscription_delete,
    webhook_subscription_secret_rotate,
    webhook_subscription_update,
)
from negotiation.webhooks.signing import is_signing_secret

State = WebhookDelivery.State


def _create(hub, url="https://hooks.example.com/in", types=("meeting.confirmed",)):
    return webhook_subscription_create(hub=hub, url=url, event_types=types)


def _stored_secret(sub) -> str:
    raw = ExpressionWrapper(F("secret"), output_field=TextField())
    return (
        WebhookSubscription.objects.annotate(raw=raw).values_list("raw", flat=True).get(pk=sub.pk)
    )


def test_a_subscription_gets_its_own_secret_stored_encrypted(hub):
    one, two = _create(hub), _create(hub)
    assert is_signing_secret(one.secret) and one.secret != two.secret
    stored = _stored_secret(one)
    assert stored.startswith("fernet:") and one.secret not in stored
    assert WebhookSubscription.objects.get(pk=one.pk).secret == one.secret


def test_event_types_are_checked_and_put_in_order(hub):
    sub = _create(hub, types=["member.joined", "meeting.created", "member.joined"])
    assert sub.event_types == ["meeting.created", "member.joined"]
    with pytest.raises(ValidationError) as caught:
        _create(hub, types=["meeting.exploded"])
    assert caught.value.message_dict == {"event_types": ["unknown event types: meeting.exploded"]}
    with pytest.raises(ValidationError, match="at least one"):
        _create(hub, types=[])


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://127.0.0.1:8080/hook", "loopback"),
        ("http://localhost/hook", "loopback"),
        ("https://10.1.2.3/hook", "private"),
        ("http://[::ffff:192.168.0.1]/hook", "private"),
        ("http://169.254.169.254/latest", "metadata"),
        ("http://2130706433/hook", "loopback"),
    ],
)
def test_a_private_or_loopback_url_is_refused_unless_the_operator_allows_it(
    hub, settings, url, reason
):
    settings.AIMP_ALLOW_PRIVATE_HOSTS = False
    with pytest.raises(ValidationError) as caught:
        _create(hub, url=url)
    assert reason in caught.value.message_dict["url"][0]
    assert not WebhookSubscription.objects.exists()


def test_the_operator_may_allow_a_private_network(hub, settings):
    settings.AIMP_ALLOW_PRIVATE_HOSTS = False
    settings.AIMP_ALLOWED_HOSTS_FOR_TENANTS = ["10.1.0.0/16"]
    assert _create(hub, url="https://10.1.2.3/hook").url == "https://10.1.2.3/hook"
    settings.AIMP_ALLOW_PRIVATE_HOSTS = True
    assert _create(hub, url="http://127.0.0.1:9/hook")
    with pytest.raises(ValidationError, match="metadata"):
        _create(hub, url="http://169.254.169.254/")


@pytest.mark.parametrize(
    "url", ["ftp://hooks.example.com/x", "https://user:pw@hooks.example.com/x", "", "x" * 2001]
)
def test_odd_urls_are_refused(hub, url):
    with pytest.raises(ValidationError):
        _create(hub, url=url)


def test_changing_the_url_checks_it_again(hub, settings):
    sub = _create(hub)
    settings.AIMP_ALLOW_PRIVATE_HOSTS = False
    with pytest.raises(ValidationError, match="private"):
        webhook_subscription_update(subscription=sub, url="https://192.168.1.1/")
    assert WebhookSubscription.objects.get(pk=sub.pk).url == "https://hooks.example.com/in"


def test_turning_a_subscription_off_ends_its_unsent_deliveries(hub, meeting, now):
    sub = _create(hub)
    event_write(meeting=meeting, kind=Event.Kind.CONFIRMED, actor="hub", now=now)
    webhook_subscription_update(subscription=sub, active=False, description="paused")
    delivery = WebhookDelivery.objects.get()
    assert delivery.state == State.FAILED and delivery.last_error == "subscription off"
    sub.refresh_from_db()
    assert (sub.active, sub.description) == (False, "paused")


def test_rotating_the_secret(hub):
    sub = _create(hub)
    old = sub.secret
    new = webhook_subscription_secret_rotate(subscription=sub)
    assert new != old and WebhookSubscription.objects.get(pk=sub.pk).secret == new


def test_deleting_a_subscription_takes_its_deliveries(hub, meeting, now):
    sub = _create(hub)
    event_write(meeting=meeting, kind=Event.Kind.CONFIRMED, actor="hub", now=now)
    webhook_subscription_delete(subscription=sub)
    assert not WebhookDelivery.objects.exists()
    event_write(meeting=meeting, kind=Event.Kind.CONFIRMED, actor="hub", now=now)
    assert not WebhookDelivery.objects.exists()


def test_send_again_keeps_the_id_and_opens_a_new_window(
    hub, meeting, now, receiver, django_capture_on_commit_callbacks
):
    sub = webhook_subscription_create(hub=hub, url=receiver.url, event_types=["meeting.confirmed"])
    event_write(meeting=meeting, kind=Event.Kind.CONFIRMED, actor="hub", now=now)
    delivery = WebhookDelivery.objects.get()
    assert webhook_delivery_resend(delivery=delivery, now=now) is False  # still on its way
    WebhookDelivery.objects.filter(pk=delivery.pk).update(state=State.FAILED, attempts=9)
    later = now + timedelta(days=2)
    with (
        time_machine.travel(later, tick=False),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert webhook_delivery_resend(delivery=delivery, now=later) is True
    delivery.refresh_from_db()
    assert delivery.state == State.DELIVERED and delivery.attempts == 10
    assert delivery.retry_until == later + timedelta(hours=24)
    assert [r.webhook_id for r in receiver.received] == [delivery.event_id]
    assert sub.deliveries.count() == 1
