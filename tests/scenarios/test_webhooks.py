"""A hub tells a CRM about its meetings: signed webhooks to a real receiver, retried until taken.

The receiver is an HTTP server on 127.0.0.1 that answers 500 twice and then 200. Its
clock is the test's: the retries happen when the sweep runs with the clock moved on,
not after a sleep.
"""

from collections import Counter
from datetime import datetime, timedelta

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.utils import timezone

from hubs.models import InviteCode
from mailbridge.testing import build_email
from negotiation.models import WebhookDelivery, WebhookSubscription
from negotiation.tests.webhooks.receiver import Receiver
from negotiation.webhooks import tasks
from negotiation.webhooks.services import webhook_subscription_create

from .meeting_kit import HUB, meeting_of, recipients, to

REQUEST = (
    "Hi, please set up a meeting with Bob and Carol next week, Tuesday or Wednesday "
    "afternoon, at the office or on Zoom."
)
PEOPLE = ["alice@example.com", "bob@example.com", "carol@example.com"]


@pytest.fixture
def crm():
    """The CRM's webhook endpoint: down for two requests, then fine."""
    receiver = Receiver(statuses=[500, 500]).start()
    yield receiver
    receiver.stop()


def test_the_crm_hears_of_the_meeting_once_per_event_despite_two_failures(team, chat, crm):
    subscription = webhook_subscription_create(
        hub=team.hub,
        url=crm.url,
        event_types=["meeting.created", "meeting.answered", "meeting.confirmed"],
        description="CRM",
    )
    crm.secret = subscription.secret

    # Alice asks; the invitations go out, and the CRM's first answer is a 500.
    invitations = chat.write("Alice <alice@example.com>", REQUEST, subject="Budget review")
    assert recipients(invitations) == PEOPLE
    meeting = meeting_of(invitations[0])
    assert [r.answered for r in crm.received] == [500]

    # Bob answers (the CRM fails once more), then Carol and Alice: it is confirmed.
    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "A and 1")
    chat.reply(to(invitations, "carol@example.com"), "carol@example.com", "A 1")
    confirmations = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A, 1")
    assert recipients(confirmations) == PEOPLE
    assert [r.answered for r in crm.received] == [500, 500, 200, 200, 200]
    waiting = WebhookDelivery.objects.filter(state=WebhookDelivery.State.RETRY)
    assert sorted(waiting.values_list("event_type", flat=True)) == [
        "meeting.answered",
        "meeting.created",
    ]

    # Half a minute on, the periodic sweep sends both again under their own ids.
    with time_machine.travel(timezone.now() + timedelta(minutes=1), tick=False):
        assert tasks.sweep() == {"due": 2, "revived": 0}
        assert tasks.sweep() == {"due": 0, "revived": 0}  # nothing twice

    accepted = crm.by_id()
    assert all(r.verified for r in crm.received)
    assert Counter(r.payload["type"] for r in accepted.values()) == {
        "meeting.created": 1,
        "meeting.answered": 3,
        "meeting.confirmed": 1,
    }
    answers = [
        r.payload["data"] for r in accepted.values() if r.payload["type"] == "meeting.answered"
    ]
    assert sorted(a["answered_by"]["email"] for a in answers) == PEOPLE  # each answer once
    # Every delivery is accounted for: taken once, the two failed ones on their second try.
    rows = WebhookDelivery.objects.filter(subscription=subscription)
    assert set(accepted) == set(rows.values_list("event_id", flat=True))
    assert {r.state for r in rows} == {WebhookDelivery.State.DELIVERED}
    assert sorted(r.attempts for r in rows) == [1, 1, 1, 2, 2]
    assert all(r.last_status_code == 200 for r in rows)

    confirmed = next(
        r.payload for r in accepted.values() if r.payload["type"] == "meeting.confirmed"
    )
    meeting.refresh_from_db()
    assert confirmed["data"]["hub"] == team.hub.slug
    assert confirmed["data"]["meeting"]["session_id"] == meeting.session_id
    assert confirmed["data"]["meeting"]["topic"] == "Budget review"
    assert confirmed["data"]["meeting"]["state"] == "confirmed"
    slot = confirmed["data"]["meeting"]["confirmed_slot"]
    assert slot["place"] == "the office" and slot["time_zone"] == "Europe/Berlin"
    assert slot["start"][-6:] in ("+01:00", "+02:00")  # Berlin's offset, stated
    assert datetime.fromisoformat(slot["start"]) == meeting.chosen_time.start
    assert subscription.secret not in str([r.body for r in crm.received])


def test_a_newcomer_joining_by_email_is_announced(team, mailflow, crm):
    crm.statuses = []
    subscription = webhook_subscription_create(
        hub=team.hub, url=crm.url, event_types=["member.joined"]
    )
    crm.secret = subscription.secret
    InviteCode.objects.create(hub=team.hub, code="welcome-2026", max_uses=2)

    mailflow.deliver(
        build_email(
            from_="Erin <erin@example.com>",
            to=HUB,
            subject="Join [AIMP-INVITE:welcome-2026]",
            body="Name: Erin Example",
        ),
        to=HUB,
    )

    [seen] = crm.received
    assert seen.verified and seen.payload["type"] == "member.joined"
    assert seen.payload["data"]["hub"] == team.hub.slug
    assert seen.payload["data"]["member"]["email"] == "erin@example.com"
    assert seen.payload["data"]["member"]["name"] == "Erin Example"


def test_a_private_url_is_refused_when_the_operator_has_not_allowed_it(team, settings, crm):
    settings.AIMP_ALLOW_PRIVATE_HOSTS = False
    with pytest.raises(ValidationError, match="loopback"):
        webhook_subscription_create(hub=team.hub, url=crm.url, event_types=["meeting.created"])
    assert not WebhookSubscription.objects.exists()
