"""Webhooks in the admin: each hub admin subscribes and sees deliveries of their hub only."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from hubs.models import Hub, Member
from negotiation.models import Event, Meeting, WebhookDelivery, WebhookSubscription
from negotiation.services.events_log import event_write
from negotiation.webhooks.services import webhook_subscription_create

ADD = "admin:negotiation_webhooksubscription_add"


@pytest.fixture
def world(db):
    User = get_user_model()
    rows = {}
    for slug in ("red", "blue"):
        hub = Hub.objects.create(name=slug.title(), slug=slug, email=f"{slug}@hub.example.com")
        user = User.objects.create_user(f"{slug}-admin", is_staff=True)
        admin = Member.objects.create(
            hub=hub, email=f"admin@{slug}.example", role=Member.Role.ADMIN, user=user
        )
        meeting = Meeting.objects.create(hub=hub, initiator=admin, topic=f"{slug} plan")
        sub = webhook_subscription_create(
            hub=hub, url=f"https://{slug}.example.com/hook", event_types=["meeting.cancelled"]
        )
        event_write(meeting=meeting, kind=Event.Kind.CANCELLED, actor="hub", now=timezone.now())
        rows[slug] = (hub, user, sub)
    rows["operator"] = User.objects.create_superuser("root", "root@example.com", "x")
    return rows


def _form(hub, url="https://hooks.example.com/new", types=("meeting.created",)):
    return {
        "hub": hub.pk,
        "url": url,
        "event_types": list(types),
        "description": "CRM",
        "active": "on",
    }


@pytest.mark.parametrize("model", ["webhooksubscription", "webhookdelivery"])
def test_changelists_open_for_the_operator(client, world, model):
    client.force_login(world["operator"])
    assert client.get(reverse(f"admin:negotiation_{model}_changelist")).status_code == 200


def test_a_hub_admin_sees_their_hubs_rows_only(client, world):
    red, red_user, red_sub = world["red"]
    _, _, blue_sub = world["blue"]
    client.force_login(red_user)
    subs = client.get(reverse("admin:negotiation_webhooksubscription_changelist")).content
    assert b"red.example.com" in subs and b"blue.example.com" not in subs
    deliveries = client.get(reverse("admin:negotiation_webhookdelivery_changelist")).content
    red_id = WebhookDelivery.objects.get(hub=red).event_id
    assert red_id.encode() in deliveries
    assert WebhookDelivery.objects.get(subscription=blue_sub).event_id.encode() not in deliveries
    page = client.get(reverse("admin:negotiation_webhooksubscription_change", args=[red_sub.pk]))
    assert page.status_code == 200 and red_sub.secret.encode() in page.content
    other = client.get(reverse("admin:negotiation_webhooksubscription_change", args=[blue_sub.pk]))
    assert other.status_code in (302, 404)


def test_a_hub_admin_subscribes_and_finds_the_secret_on_its_page(client, world):
    red, red_user, _ = world["red"]
    client.force_login(red_user)
    response = client.post(reverse(ADD), _form(red), follow=True)
    assert response.status_code == 200
    sub = WebhookSubscription.objects.get(url="https://hooks.example.com/new")
    assert sub.hub == red and sub.event_types == ["meeting.created"] and sub.active
    assert sub.secret.startswith("whsec_")
    assert sub.secret not in response.content.decode()  # only on its own page
    page = client.get(reverse("admin:negotiation_webhooksubscription_change", args=[sub.pk]))
    assert sub.secret in page.content.decode()


def test_a_hub_admin_cannot_subscribe_for_another_hub(client, world):
    _, red_user, _ = world["red"]
    blue, _, _ = world["blue"]
    client.force_login(red_user)
    response = client.post(reverse(ADD), _form(blue))
    assert response.status_code == 200  # the form again: blue is not a choice
    assert not WebhookSubscription.objects.filter(url="https://hooks.example.com/new").exists()


def test_a_private_url_is_refused_in_the_form(client, world, settings):
    settings.AIMP_ALLOW_PRIVATE_HOSTS = False
    red, red_user, _ = world["red"]
    client.force_login(red_user)
    response = client.post(reverse(ADD), _form(red, url="http://192.168.1.10/hook"))
    assert "192.168.1.10 is a private address" in response.content.decode()
    assert not WebhookSubscription.objects.filter(url__contains="192.168").exists()


def test_turning_off_in_the_admin_goes_through_the_service(client, world):
    red, red_user, red_sub = world["red"]
    client.force_login(red_user)
    url = reverse("admin:negotiation_webhooksubscription_change", args=[red_sub.pk])
    form = _form(red, url=red_sub.url, types=["meeting.cancelled"])
    del form["active"], form["hub"]
    client.post(url, form)
    red_sub.refresh_from_db()
    assert not red_sub.active
    assert WebhookDelivery.objects.get(hub=red).last_error == "subscription off"


def test_deliveries_are_read_only_and_can_be_sent_again(client, world):
    red, red_user, red_sub = world["red"]
    delivery = WebhookDelivery.objects.get(hub=red)
    WebhookDelivery.objects.filter(pk=delivery.pk).update(state=WebhookDelivery.State.FAILED)
    client.force_login(red_user)
    page = client.get(reverse("admin:negotiation_webhookdelivery_change", args=[delivery.pk]))
    assert page.status_code == 200 and b"Save" not in page.content
    response = client.post(
        reverse("admin:negotiation_webhookdelivery_changelist"),
        {"action": "send_again", "_selected_action": [delivery.pk]},
        follow=True,
    )
    assert "1 queued again" in response.content.decode()
    delivery.refresh_from_db()
    assert delivery.state == WebhookDelivery.State.PENDING
