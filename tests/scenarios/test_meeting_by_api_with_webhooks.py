"""An integration creates a meeting by API and hears, by signed webhook, how it ends.

The subscription is made by API too; the receiver (a real HTTP server on 127.0.0.1)
fails twice first. People answer by mail.
"""

from collections import Counter
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from hubs.api.testing import _fresh_api_throttle, api_client, api_key_make  # noqa: F401
from negotiation.models import Meeting, WebhookSubscription
from negotiation.tests.webhooks.receiver import Receiver
from negotiation.webhooks import tasks

from .meeting_kit import recipients, to
from .test_meeting_by_api import _morning

PEOPLE = ["alice@example.com", "bob@example.com"]


@pytest.fixture
def crm():
    receiver = Receiver(statuses=[500, 500]).start()
    yield receiver
    receiver.stop()


def test_created_by_api_answered_by_mail_and_heard_of_once_per_event(team, chat, crm):
    client = api_client(api_key_make(hub=team.hub, name="crm"))
    subscribed = client.post(
        "/api/v1/webhooks/",
        {
            "url": crm.url,
            "event_types": ["meeting.created", "meeting.answered", "meeting.confirmed"],
        },
        format="json",
    )
    assert subscribed.status_code == 201, subscribed.content
    crm.secret = WebhookSubscription.objects.get(hub=team.hub).secret

    body = {
        "topic": "Budget review",
        "organiser": team.alice.pk,
        "participants": [{"member": team.bob.pk}],
        "options": [_morning(3), _morning(4)],
        "places": ["Zoom"],
    }
    with chat.flow.capture(execute=True):
        created = client.post("/api/v1/meetings/", body, format="json")
    assert created.status_code == 201, created.content
    invitations = chat._collect()
    assert recipients(invitations) == PEOPLE

    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "A")
    done = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A")
    assert recipients(done) == PEOPLE
    assert Meeting.objects.get(pk=created.json()["id"]).status == Meeting.Status.CONFIRMED

    with time_machine.travel(timezone.now() + timedelta(minutes=1), tick=False):
        tasks.sweep()
        tasks.sweep()
    accepted = crm.by_id()
    assert all(r.verified for r in crm.received)
    assert [r.answered for r in crm.received].count(500) == 2
    assert Counter(r.payload["type"] for r in accepted.values()) == {
        "meeting.created": 1,
        "meeting.answered": 2,
        "meeting.confirmed": 1,
    }
